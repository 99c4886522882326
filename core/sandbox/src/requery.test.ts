// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttp } from '@oja/core';
import { createSandbox, listenSandbox, NO_FAULTS } from '.';
import { isAlreadyPaid, REQUERY_TIMEOUT_MS } from '@oja/core';

let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ base, close } = await listenSandbox(createSandbox([], { faults: NO_FAULTS })));
});
afterAll(() => close());

const post = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('isAlreadyPaid', () => {
  it('is true only once the reference is settled 00', async () => {
    const r = { merchant_code: 'MX_DEMO', txn_ref: 'RQ-1', amount: 5000 };
    const http = createHttp(base);
    expect(await isAlreadyPaid(http, r)).toBe(false);
    await post('/api/v1/pay-page', { ...r, pay_item_id: 'P', currency: '566', site_redirect_url: 'https://shop.test/r' });
    expect(await isAlreadyPaid(http, r)).toBe(false);
    await post('/sandbox/simulate', { merchant_code: r.merchant_code, txn_ref: r.txn_ref, outcome: 'success' });
    expect(await isAlreadyPaid(http, r)).toBe(true);
  });

  it('counts a failed or slow requery as not paid (the payment opens as usual)', async () => {
    const r = { merchant_code: 'MX_DEMO', txn_ref: 'RQ-2', amount: 1 };
    expect(await isAlreadyPaid(createHttp('http://127.0.0.1:9'), r)).toBe(false);
    vi.useFakeTimers();
    try {
      // An API that never answers: aborted at the timeout.
      const never = createHttp(
        'http://x.test',
        (_url, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      );
      let settled: boolean | undefined;
      void isAlreadyPaid(never, r).then((v) => (settled = v));
      await vi.advanceTimersByTimeAsync(REQUERY_TIMEOUT_MS - 1);
      expect(settled).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
