import { describe, expect, it } from 'vitest';
import { createSandbox } from '@oja/core/sandbox';
import type { SandboxPayment } from '@oja/core/sandbox';
import plugin, { SANDBOX_VALIDITY_MINS, TRANSFER_FAILED_CODE, sandbox, transferStatus } from './sandbox';

function payment(): SandboxPayment {
  return { paymentId: '77', merchantCode: 'MX', txnRef: 'T1', createdAt: 0, seenAt: 0, props: { checkoutAmount: 1500, merchantName: 'Shop' }, outcome: null, cancellation: null, channels: {}, calls: [] };
}

function harness(now: { t: number }) {
  const sb = createSandbox([{ id: 'transfer', part: sandbox }], undefined, () => now.t);
  const p = payment();
  sb.payments.set(p.paymentId, p);
  const route = (method: string, path: string) => sandbox.routes.find((r) => r.method === method && r.path === path)!;
  const generate = () => route('POST', '/api/v1/virtualaccount/generate').handler({ method: 'POST', path: '', params: {}, query: new URLSearchParams(), body: { paymentId: '77' }, headers: {} }, sb.context);
  return { sb, p, generate };
}

describe('transfer sandbox', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('transfer');
  });

  it('generates one account per payment, stays pending until settled, and maps outcomes to codes', async () => {
    const now = { t: 1_000 };
    const { p, generate, sb } = harness(now);
    const first = (await generate()).body as Record<string, unknown>;
    expect(first).toMatchObject({ responseCode: '00', bankName: 'Oja Sandbox Bank', validityPeriodMins: SANDBOX_VALIDITY_MINS });
    expect(String(first.accountNumber)).toMatch(/^\d{10}$/);
    expect(((await generate()).body as Record<string, unknown>).accountNumber).toBe(first.accountNumber);
    expect(transferStatus(p, sb.context).responseCode).toBe('09');
    p.outcome = { value: 'success', at: now.t };
    expect(transferStatus(p, sb.context)).toMatchObject({ responseCode: '00', amount: 1500 });
    p.outcome = { value: 'failed', at: now.t };
    expect(transferStatus(p, sb.context).responseCode).toBe(TRANSFER_FAILED_CODE);
    p.outcome = { value: 'expired', at: now.t };
    expect(transferStatus(p, sb.context).responseCode).toBe('XS1');
  });

  it('gives a new account after a settled transfer, and expires on its own after the validity', async () => {
    const now = { t: 1_000 };
    const { p, generate, sb } = harness(now);
    const first = ((await generate()).body as Record<string, unknown>).accountNumber;
    p.outcome = { value: 'failed', at: now.t };
    const second = ((await generate()).body as Record<string, unknown>).accountNumber;
    expect(second).not.toBe(first);
    expect(p.outcome).toBeNull();
    now.t += SANDBOX_VALIDITY_MINS * 60_000 + 1;
    expect(transferStatus(p, sb.context).responseCode).toBe('XS1');
  });

  it('refuses a new account for a paid payment (409, 94): the payment stays paid, its account unchanged', async () => {
    const now = { t: 1_000 };
    const { p, generate, sb } = harness(now);
    await generate();
    const before = JSON.stringify(p.channels);
    p.outcome = { value: 'success', at: now.t };
    const again = await generate();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ responseCode: '94' });
    expect(JSON.stringify(p.channels)).toBe(before);
    expect(transferStatus(p, sb.context).responseCode).toBe('00');
  });
});
