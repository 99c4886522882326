/** Strings needed before the screen loads: none but the namespace (eNaira has no row; the list shows the provider's name). */
const en = { enaira: {} };

const fr: typeof en = { enaira: {} };

export const messages = { en, fr };
