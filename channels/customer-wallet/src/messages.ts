/** Strings needed before the screen loads: the method-list row (companion §2, spec core §2 "Pay with Wallet"). */
const en = {
  'customer-wallet': {
    row: { title: 'Pay with Wallet', description: 'OPay, eNaira, PalmPay and other wallets' },
  },
};

const fr: typeof en = {
  'customer-wallet': {
    row: { title: 'Payer avec un portefeuille', description: 'OPay, eNaira, PalmPay et d’autres portefeuilles' },
  },
};

export const messages = { en, fr };
