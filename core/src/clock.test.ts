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

  it('estimates the offset from a Date header, the middle of its second, at the middle of the request', () => {
    const sentAt = Date.UTC(2030, 0, 1, 0, 0, 0);
    const receivedAt = sentAt + 400;
    observeServerDate(new Date(sentAt + 60_000).toUTCString(), sentAt, receivedAt);
    // server + 500 - (sent + received) / 2 = 60_000 + 500 - 200
    expect(Math.abs(offset() - 60_300)).toBeLessThanOrEqual(1);
  });

  it('keeps its offset for skews within 1.5 s of it', () => {
    const at = Date.UTC(2030, 0, 1, 0, 0, 0);
    setServerOffset(10_000);
    observeServerDate(new Date(at + 11_000).toUTCString(), at, at);
    expect(Math.abs(offset() - 10_000)).toBeLessThanOrEqual(1);
    observeServerDate(new Date(at + 12_000).toUTCString(), at, at);
    expect(Math.abs(offset() - 12_500)).toBeLessThanOrEqual(1);
  });

  it('ignores a missing or unreadable header', () => {
    setServerOffset(5_000);
    for (const header of [null, undefined, '', 'yesterday-ish']) observeServerDate(header, 0, 0);
    expect(Math.abs(offset() - 5_000)).toBeLessThanOrEqual(1);
  });
});
