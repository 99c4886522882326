// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSandbox } from '@oja/sandbox';
import type { SandboxReply, SimulatedOutcome } from '@oja/sandbox';
import plugin, { SANDBOX_VALIDITY_MINS, TRANSFER_FAILED_CODE, sandbox, transferStatus } from './sandbox';

const bodyOf = (reply: SandboxReply | undefined) => JSON.parse(reply && 'body' in reply ? reply.body : '{}') as Record<string, unknown>;

/** A sandbox with the transfer's part and one payment, driven through the route's handler as a request runs it. */
async function harness(now: { t: number }) {
  const sb = createSandbox([{ id: 'transfer', part: sandbox }], { now: () => now.t });
  const opened = await sb.handle({
    method: 'POST',
    url: '/api/v1/pay-page',
    headers: {},
    body: { merchant_code: 'MX', pay_item_id: 'P', txn_ref: 'T1', amount: '1500', currency: '566', site_redirect_url: 'https://shop.test/r' },
  });
  const paymentId = bodyOf(opened).paymentId;
  const route = (method: string, path: string) => sandbox.routes.find((r) => r.method === method && r.path === path)!;
  const generate = () =>
    sb.run(async (ctx) =>
      route('POST', '/api/v1/virtualaccount/generate').handler(
        { method: 'POST', path: '', params: {}, query: new URLSearchParams(), body: { paymentId }, headers: {} },
        ctx,
      ),
    );
  const settle = (value: SimulatedOutcome) =>
    sb.run(async (ctx) => {
      (await ctx.payment({ paymentId }))!.outcome = { value, at: now.t };
    });
  const status = () => sb.run(async (ctx) => transferStatus((await ctx.payment({ paymentId }))!, ctx));
  const kept = async () => (await sb.readPayment({ paymentId }))!;
  return { generate, settle, status, kept };
}

describe('transfer sandbox', () => {
  it('is carried by the server build of the plugin', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.id).toBe('transfer');
  });

  it('generates one account per payment, stays pending until settled, and maps outcomes to codes', async () => {
    const now = { t: 1_000 };
    const { generate, settle, status } = await harness(now);
    const first = (await generate()).body as Record<string, unknown>;
    expect(first).toMatchObject({ responseCode: '00', bankName: 'Oja Sandbox Bank', validityPeriodMins: SANDBOX_VALIDITY_MINS });
    expect(String(first.accountNumber)).toMatch(/^\d{10}$/);
    expect(((await generate()).body as Record<string, unknown>).accountNumber).toBe(first.accountNumber);
    expect((await status()).responseCode).toBe('09');
    await settle('failed');
    expect((await status()).responseCode).toBe(TRANSFER_FAILED_CODE);
    await settle('expired');
    expect((await status()).responseCode).toBe('XS1');
    await settle('success');
    expect(await status()).toMatchObject({ responseCode: '00', amount: 1500 });
  });

  it('gives a new account after a settled transfer, and expires on its own after the validity', async () => {
    const now = { t: 1_000 };
    const { generate, settle, status, kept } = await harness(now);
    const first = ((await generate()).body as Record<string, unknown>).accountNumber;
    await settle('failed');
    const second = ((await generate()).body as Record<string, unknown>).accountNumber;
    expect(second).not.toBe(first);
    expect((await kept()).outcome).toBeNull();
    now.t += SANDBOX_VALIDITY_MINS * 60_000 + 1;
    expect((await status()).responseCode).toBe('XS1');
  });

  it('refuses a new account for a paid payment (409, 94): the payment stays paid, its account unchanged', async () => {
    const now = { t: 1_000 };
    const { generate, settle, status, kept } = await harness(now);
    await generate();
    const before = JSON.stringify((await kept()).channels);
    await settle('success');
    const again = await generate();
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ responseCode: '94' });
    expect(JSON.stringify((await kept()).channels)).toBe(before);
    expect((await status()).responseCode).toBe('00');
  });
});
