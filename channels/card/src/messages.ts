/** Strings needed before the screen loads: the method-list row. */
const en = {
  card: {
    row: { title: 'Pay with Card', description: 'Verve, Visa, Mastercard, Discover, Amex' },
  },
};

const fr: typeof en = {
  card: {
    row: { title: 'Payer par carte', description: 'Verve, Visa, Mastercard, Discover, Amex' },
  },
};

export const messages = { en, fr };
