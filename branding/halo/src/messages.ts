import type { Messages } from '@oja/core';

const en = {
  halo: { name: 'HALO' },
};

const fr: typeof en = {
  halo: { name: 'HALO' },
};

export const messages: { en: Messages; fr: Messages } = { en, fr };
