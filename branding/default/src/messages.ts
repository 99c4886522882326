import type { Messages } from '@oja/core';

const en = {
  brandingDefault: { name: 'Oja' },
};

const fr: typeof en = {
  brandingDefault: { name: 'Oja' },
};

export const messages: { en: Messages; fr: Messages } = { en, fr };
