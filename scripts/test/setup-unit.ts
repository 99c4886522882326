import { afterEach, beforeEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// happy-dom's sendBeacon really sends (to its own origin, where nothing listens): the page's beacons (opened, leave,
// gate) go nowhere unless a test stubs them to look at them.
const sent = () => true;
beforeEach(() => {
  if (globalThis.navigator && 'sendBeacon' in globalThis.navigator && !vi.isMockFunction(navigator.sendBeacon)) {
    Object.defineProperty(navigator, 'sendBeacon', { value: sent, configurable: true, writable: true });
  }
});

// Every test starts from an empty document, the real clock, no spies and an empty session store (where the
// environment has one: node-environment tests have none).
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  globalThis.sessionStorage?.clear();
});

// A beacon (leave, gate, result) never reaches the network in a unit test: happy-dom's would be sent to its own
// origin, where nothing listens. Tests that look at beacons put their own on the navigator, over this one.
if (typeof navigator !== 'undefined' && 'sendBeacon' in navigator)
  Object.defineProperty(Object.getPrototypeOf(navigator), 'sendBeacon', { value: () => true, configurable: true, writable: true });
