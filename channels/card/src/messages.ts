/** Strings needed before the screen loads: the method-list row. */
const en = {
  card: {
    // One text per set of accepted brands (acceptedBrands.ts): the row names what the acquirer's form takes.
    row: {
      title: 'Pay with Card',
      description: { all: 'Verve, Visa, Mastercard, Discover, Amex', MUL: 'Visa, Mastercard', ZIB: 'Verve, Visa, Mastercard' },
    },
  },
};

const fr: typeof en = {
  card: {
    row: {
      title: 'Payer par carte',
      description: { all: 'Verve, Visa, Mastercard, Discover, Amex', MUL: 'Visa, Mastercard', ZIB: 'Verve, Visa, Mastercard' },
    },
  },
};

export const messages = { en, fr };
