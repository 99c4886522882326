import type { Messages } from '@oja/core';

const en = {
  mul: { name: 'MUL' },
};

const fr: typeof en = {
  mul: { name: 'MUL' },
};

export const messages: { en: Messages; fr: Messages } = { en, fr };
