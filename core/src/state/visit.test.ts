import { describe, expect, it, vi } from 'vitest';
import { createAsyncSlot } from '../primitives/asyncSlot';
import { createRegistry } from '../validation';
import { createCheckout } from './checkout';
import { planPayment } from '../plan';
import { changeMethod, selectChannel } from './actions';
import { retry } from './attemptActions';
import { defineVisit, Visits } from './visit';
import type { CallContext } from './visit';
import { plainBranding, sampleEnv, sampleProps } from '@oja/testing/fixtures';
import { transferFixture } from '@oja/testing';
import { visitOf } from './runningVisit';

const counterVisit = defineVisit({
  channel: 'transfer',
  create: ({ prefetched }) => ({ count: 0, seed: (prefetched as string | undefined) ?? null }),
  secret: () => ({ pan: '' }),
});

/** A call that waits until aborted, reporting the abort. */
const hanging = (ctx: CallContext) =>
  new Promise<string>((_resolve, reject) => {
    if (ctx.signal.aborted) reject(new Error('aborted'));
    ctx.signal.addEventListener('abort', () => reject(new Error('aborted')));
  });

function checkout() {
  const plugin = transferFixture;
  const registry = createRegistry([plugin], [plainBranding]);
  const c = createCheckout(sampleProps(), sampleEnv(), registry, planPayment(registry, sampleProps()));
  return { c, plugin };
}

describe('visits', () => {
  it('starts one visit per kind, typed state in a proxy and a secret beside it', () => {
    const { c } = checkout();
    const v = visitOf(c.visits, counterVisit);
    v.state.count += 1;
    v.secret.pan = '5060';
    expect(visitOf(c.visits, counterVisit)).toBe(v);
    expect(c.visits.peek(counterVisit)?.state.count).toBe(1);
    expect(JSON.stringify(v.state)).not.toContain('5060');
  });

  it("seeds the first visit with the server's prefetched data, once", async () => {
    const { c } = checkout();
    c.state.prefetched = { transfer: 'from-server' };
    expect(visitOf(c.visits, counterVisit).state.seed).toBe('from-server');
    await Promise.resolve();
    c.visits.endAll();
    expect(visitOf(c.visits, counterVisit).state.seed).toBeNull();
  });

  it('ends on Retry, on a method picked and on Change payment method, aborting its calls and calling end', async () => {
    const end = vi.fn();
    const kind = defineVisit({ channel: 'transfer', create: () => ({ n: 0 }), end });
    const { c, plugin } = checkout();
    for (const move of [() => retry(c), () => selectChannel(c, plugin), () => changeMethod(c)]) {
      const v = visitOf(c.visits, kind);
      const slot = createAsyncSlot<string>();
      const running = v.run(slot, hanging);
      const outside = v.call(hanging);
      move();
      expect(v.ended).toBe(true);
      expect(c.visits.peek(kind)).toBeUndefined();
      await expect(running).resolves.toBeUndefined();
      expect(slot.status).toBe('error');
      await expect(outside).rejects.toThrow('aborted');
      expect(visitOf(c.visits, kind)).not.toBe(v);
    }
    expect(end).toHaveBeenCalledTimes(3);
  });

  it('keeps one call in flight per slot: a new run aborts the one before, whose answer is dropped', async () => {
    const { c } = checkout();
    const v = visitOf(c.visits, counterVisit);
    const slot = createAsyncSlot<string>();
    const signals: AbortSignal[] = [];
    const first = v.run(slot, (ctx) => {
      signals.push(ctx.signal);
      return hanging(ctx);
    });
    const second = v.run(slot, async (ctx) => {
      signals.push(ctx.signal);
      return 'second';
    });
    expect(signals[0].aborted).toBe(true);
    await expect(first).resolves.toBeUndefined();
    await expect(second).resolves.toBe('second');
    expect(slot).toMatchObject({ status: 'success', response: 'second' });
  });

  it('aborts one slot without touching the others', async () => {
    const { c } = checkout();
    const v = visitOf(c.visits, counterVisit);
    const a = createAsyncSlot<string>();
    const b = createAsyncSlot<string>();
    let bSignal: AbortSignal | undefined;
    void v.run(a, hanging);
    void v.run(b, (ctx) => {
      bSignal = ctx.signal;
      return hanging(ctx);
    });
    v.abort(a);
    await Promise.resolve();
    expect(bSignal?.aborted).toBe(false);
    v.abort();
    expect(bSignal?.aborted).toBe(true);
  });

  it("gives each call the payment, the checkout's client and the visits (a status check finds the screen's state)", async () => {
    const { c } = checkout();
    const v = visitOf(c.visits, counterVisit);
    v.state.count = 7;
    const seen = await v.call(async (ctx) => ({
      txn: ctx.props.merchantTransactionReference,
      http: ctx.http,
      count: ctx.visits.peek(counterVisit)?.state.count,
    }));
    expect(seen).toEqual({ txn: c.state.props.merchantTransactionReference, http: c.http, count: 7 });
  });

  it('a call started on an ended visit is aborted at once', async () => {
    const { c } = checkout();
    const v = visitOf(c.visits, counterVisit);
    c.visits.endAll();
    await expect(v.call(hanging)).rejects.toThrow('aborted');
  });

  it('without a host (the server prefetch) visits can be looked up but not started', () => {
    const visits = new Visits();
    expect(visits.peek(counterVisit)).toBeUndefined();
    expect(() => visitOf(visits, counterVisit)).toThrow(/No visit of transfer/);
  });
});
