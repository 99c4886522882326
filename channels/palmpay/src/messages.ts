/** Strings needed before the screen loads: none but the namespace (PalmPay has no row; the list shows the provider's name). */
const en = { palmpay: {} };

const fr: typeof en = { palmpay: {} };

export const messages = { en, fr };
