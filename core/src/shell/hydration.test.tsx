import { afterEach, describe, expect, it, vi } from 'vitest';

const fresh = async () => {
  vi.resetModules();
  return import('./hydration');
};

describe('the hydrated mark', () => {
  afterEach(() => {
    delete document.documentElement.dataset.hydrated;
  });

  it('waits for the screen boundary as well as the shell', async () => {
    const { markHydrated } = await fresh();
    markHydrated('shell');
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    markHydrated('screen');
    expect(document.documentElement.dataset.hydrated).toBe('true');
  });

  it('does not care which comes first', async () => {
    const { markHydrated } = await fresh();
    markHydrated('screen');
    expect(document.documentElement.dataset.hydrated).toBeUndefined();
    markHydrated('shell');
    expect(document.documentElement.dataset.hydrated).toBe('true');
  });
});
