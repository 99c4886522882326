// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CODE_ALREADY_PAID } from '@oja/core';
import type { SandboxContext, SandboxPayment } from '@oja/core';
import { sandboxRecord } from '@oja/core';
import { attemptRoute, currentAttempt, statusRoute } from './channelParts';
import { UNKNOWN_PAYMENT } from './sandbox';
import type { AttemptRecord } from './channelParts';

interface CodeRecord extends AttemptRecord {
  code: string;
}
const records = sandboxRecord<CodeRecord>('code');

function payment(): SandboxPayment {
  return {
    paymentId: '77',
    merchantCode: 'MX',
    txnRef: 'T1',
    createdAt: 0,
    seenAt: 0,
    props: {},
    outcome: null,
    cancellation: null,
    channels: {},
    calls: [],
  };
}

/** A request's context holding the one payment `finds` names (the sandbox's own is tested with it). */
function contextWith(p: SandboxPayment, finds: (ref: { paymentId?: unknown; merchantCode?: unknown; txnRef?: unknown }) => boolean): SandboxContext {
  return {
    now: () => 0,
    outsideUrl: (path) => path,
    isIssuedToken: async () => false,
    isBearerToken: async () => false,
    shared: () => ({ get: async () => undefined, set: async () => undefined }),
    payment: async (ref) => (finds(ref) ? p : undefined),
  };
}

describe("a channel's sandbox attempts", () => {
  it('keeps the attempt in progress, and starts the next generation after a failed or expired outcome', () => {
    const p = payment();
    const fresh = (generation: number) => ({ code: `C${generation}`, generation });
    expect(currentAttempt(records, p, fresh)).toEqual({ code: 'C1', generation: 1 });
    expect(currentAttempt(records, p, fresh)).toBe(records.get(p));
    expect(records.get(p)?.code).toBe('C1');
    for (const value of ['failed', 'expired'] as const) {
      p.outcome = { value, at: 0 };
      const next = currentAttempt(records, p, fresh);
      expect(p.outcome).toBeNull();
      expect(records.get(p)).toBe(next);
    }
    expect(records.get(p)).toEqual({ code: 'C3', generation: 3 });
  });

  it('starts an attempt for a known payment that is not paid: a paid one is refused (409, 94), nothing started', async () => {
    const p = payment();
    const ctx = contextWith(p, (ref) => ref.paymentId === '77');
    const started: string[] = [];
    const route = attemptRoute('/api/v1/code/generate', (found, req) => {
      started.push(`${found.paymentId}:${String(req.body.bank)}`);
      return { body: { responseCode: '00' } };
    });
    expect(route).toMatchObject({ method: 'POST', path: '/api/v1/code/generate' });
    const ask = (paymentId: string) =>
      route.handler(
        { method: 'POST', path: route.path, params: {}, query: new URLSearchParams(), body: { paymentId, bank: '058' }, headers: {} },
        ctx,
      );
    expect(await ask('77')).toEqual({ body: { responseCode: '00' } });
    expect(await ask('78')).toBe(UNKNOWN_PAYMENT);
    p.outcome = { value: 'success', at: 0 };
    expect(await ask('77')).toMatchObject({ status: 409, body: { responseCode: CODE_ALREADY_PAID } });
    expect(started).toEqual(['77:058']);
  });

  it('answers the status of the payment named by merchant code and transaction reference, 404 with a code for another', async () => {
    const p = payment();
    const ctx = contextWith(p, (ref) => ref.merchantCode === 'MX' && ref.txnRef === 'T1');
    const route = statusRoute('/api/v1/code/status', (found) => ({ responseCode: '09', paymentId: found.paymentId }));
    expect(route).toMatchObject({ method: 'GET', path: '/api/v1/code/status' });
    const ask = (merchantCode: string, transactionReference: string) =>
      route.handler(
        { method: 'GET', path: route.path, params: {}, query: new URLSearchParams({ merchantCode, transactionReference }), body: {}, headers: {} },
        ctx,
      );
    expect(await ask('MX', 'T1')).toEqual({ body: { responseCode: '09', paymentId: '77' } });
    expect(await ask('MX', 'T2')).toBe(UNKNOWN_PAYMENT);
    expect(UNKNOWN_PAYMENT).toEqual({ status: 404, body: { responseCode: '25', responseDescription: 'Unknown payment' } });
  });

  it('names the payment of an attempt by merchant code and transaction reference when the body has no payment id', async () => {
    const p = payment();
    const ctx = contextWith(p, (ref) => (ref.paymentId ?? '') === '' && ref.merchantCode === 'MX' && ref.txnRef === 'T1');
    const route = attemptRoute('/api/v2/notify', (found) => ({ body: { responseCode: '09', paymentId: found.paymentId } }));
    const ask = (body: Record<string, unknown>) =>
      route.handler({ method: 'POST', path: route.path, params: {}, query: new URLSearchParams(), body, headers: {} }, ctx);
    expect(await ask({ merchantCode: 'MX', transactionReference: 'T1' })).toEqual({ body: { responseCode: '09', paymentId: '77' } });
    expect(await ask({ merchantCode: 'MX', transactionReference: 'T2' })).toBe(UNKNOWN_PAYMENT);
  });

  it('answers a POSTed status from the names in its body, never from the query', async () => {
    const p = payment();
    const ctx = contextWith(p, (ref) => ref.merchantCode === 'MX' && ref.txnRef === 'T1');
    const route = statusRoute('/api/v1/code/status', (found) => ({ responseCode: '09', paymentId: found.paymentId }), 'POST');
    expect(route).toMatchObject({ method: 'POST', path: '/api/v1/code/status' });
    const ask = (body: Record<string, unknown>, query = new URLSearchParams()) =>
      route.handler({ method: 'POST', path: route.path, params: {}, query, body, headers: {} }, ctx);
    expect(await ask({ merchantCode: 'MX', transactionReference: 'T1' })).toEqual({ body: { responseCode: '09', paymentId: '77' } });
    expect(await ask({}, new URLSearchParams({ merchantCode: 'MX', transactionReference: 'T1' }))).toBe(UNKNOWN_PAYMENT);
  });
});
