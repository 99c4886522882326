import { afterEach, describe, expect, it } from 'vitest';
import { observeServerDate, serverNow, setServerOffset } from './clock';

afterEach(() => setServerOffset(0));

const offset = () => serverNow() - Date.now();

describe('server clock', () => {
  it('starts as this device', () => {
    expect(Math.abs(offset())).toBeLessThanOrEqual(1);
  });

  it('takes an offset set at boot', () => {
    setServerOffset(-90_000);
    expect(Math.abs(offset() + 90_000)).toBeLessThanOrEqual(1);
  });

  it('corrects a device clock that is off, to the nearest offset the Date header allows', () => {
    const sentAt = Date.UTC(2030, 0, 1, 0, 0, 0);
    const receivedAt = sentAt + 400;
    // The server is a minute ahead: it wrote 00:01:00 between sentAt and receivedAt on this device's clock.
    observeServerDate(new Date(sentAt + 60_000).toUTCString(), sentAt, receivedAt);
    // At least header - received (60_000 - 400), at most header + 1 s - sent (61_000).
    expect(Math.abs(offset() - 59_600)).toBeLessThanOrEqual(1);
    setServerOffset(90_000);
    observeServerDate(new Date(sentAt + 60_000).toUTCString(), sentAt, receivedAt);
    expect(Math.abs(offset() - 61_000)).toBeLessThanOrEqual(1);
  });

  it('narrows the offset down as answers come', () => {
    const at = Date.UTC(2030, 0, 1, 0, 0, 0);
    // True offset 60_700: the first answer, sent at `at`, was stamped at once (00:01:00.700 on the server).
    observeServerDate(new Date(at + 60_000).toUTCString(), at, at + 200);
    expect(Math.abs(offset() - 59_800)).toBeLessThanOrEqual(1);
    // The next, sent 20 s later, was stamped at 00:01:20.800 after 100 ms: the header says 00:01:20.
    observeServerDate(new Date(at + 80_000).toUTCString(), at + 20_000, at + 20_200);
    expect(Math.abs(offset() - 59_800)).toBeLessThanOrEqual(1);
    // Then one stamped at 00:01:41.000 (40_300 on the device): the offset is at least 60_500.
    observeServerDate(new Date(at + 101_000).toUTCString(), at + 40_200, at + 40_500);
    expect(Math.abs(offset() - 60_500)).toBeLessThanOrEqual(1);
  });

  it('keeps its offset while the answers allow it, to the millisecond', () => {
    const at = Date.UTC(2030, 0, 1, 0, 0, 0);
    setServerOffset(10_300);
    for (const header of [at + 10_000, at + 11_000 - 1]) observeServerDate(new Date(header).toUTCString(), at, at + 50);
    observeServerDate(new Date(at + 10_000).toUTCString(), at, at);
    expect(Math.abs(offset() - 10_300)).toBeLessThanOrEqual(1);
  });

  it('does not jump for a slow answer: one that took 10 s allows any offset of those 10 s', () => {
    const at = Date.UTC(2030, 0, 1, 0, 0, 0);
    setServerOffset(0);
    // Stamped as the request arrived, answered 10 s later (a mobile network): the middle of the request is
    // 5 s off the stamp, yet nothing says the clocks differ.
    observeServerDate(new Date(at).toUTCString(), at, at + 10_000);
    expect(Math.abs(offset())).toBeLessThanOrEqual(1);
    observeServerDate(new Date(at + 10_000).toUTCString(), at, at + 10_000);
    expect(Math.abs(offset())).toBeLessThanOrEqual(1);
  });

  it('learns nothing from an answer received before it was sent (the device clock went back)', () => {
    const at = Date.UTC(2030, 0, 1, 0, 0, 0);
    setServerOffset(0);
    observeServerDate(new Date(at + 60_000).toUTCString(), at + 5_000, at);
    expect(Math.abs(offset())).toBeLessThanOrEqual(1);
  });

  it('ignores a missing or unreadable header', () => {
    setServerOffset(5_000);
    for (const header of [null, undefined, '', 'yesterday-ish']) observeServerDate(header, 0, 0);
    expect(Math.abs(offset() - 5_000)).toBeLessThanOrEqual(1);
  });
});
