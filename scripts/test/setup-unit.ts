import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Every test starts from an empty document, the real clock, no spies and an empty session store (where the
// environment has one: node-environment tests have none).
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  globalThis.sessionStorage?.clear();
});
