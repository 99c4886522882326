/** Strings needed before the screen loads: the method-list row (spec core §2 "Pay With Opay"). */
const en = {
  opay: {
    row: { title: 'Pay With Opay', description: 'Approve the payment in your OPay wallet' },
  },
};

const fr: typeof en = {
  opay: {
    row: { title: 'Payer avec Opay', description: 'Validez le paiement dans votre portefeuille OPay' },
  },
};

export const messages = { en, fr };
