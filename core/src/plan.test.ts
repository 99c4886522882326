import { describe, expect, it } from 'vitest';
import { createRegistry, defineBranding } from './index';
import { channelsOf, pendingGateOf, planPayment } from './plan';
import { cardFixture, fixtureGates, gatedProps, plainBranding, sampleProps, transferFixture } from '@oja/testing';

const registry = createRegistry([cardFixture, transferFixture], [plainBranding], { gates: fixtureGates });
/** A payment offering the transfer alone: no card channel installed. */
const transferOnly = createRegistry([transferFixture], [plainBranding], { gates: fixtureGates });

describe('planPayment', () => {
  it('lists the channels a payment offers and routes, in order, and opens on the method list with a choice', () => {
    const plan = planPayment(registry, sampleProps());
    expect(plan).toEqual({
      available: ['card', 'transfer'],
      routed: ['card', 'transfer'],
      autoOpen: null,
      gates: [],
      route: { path: '/payment-methods', channel: null },
    });
  });

  it("opens on a lone non-card option's screen (spec core §2)", () => {
    const plan = planPayment(transferOnly, sampleProps({ paymentChannels: ['TRANSFER'] }));
    expect(plan.autoOpen).toBe('transfer');
    expect(plan.route).toEqual({ path: '/payment/transfer', channel: 'transfer' });
  });

  it('applies the branding: an acquirer that allows only the transfer leaves the card out', () => {
    const only = defineBranding({ ...plainBranding, acquirer: 'TRF', channels: { only: ['TRANSFER'] } });
    const plan = planPayment(createRegistry([cardFixture, transferFixture], [plainBranding, only]), sampleProps({ acquiredBy: 'TRF' }));
    expect(plan.available).toEqual(['transfer']);
  });

  it('routes the steps an available channel continues into', () => {
    const lender = { ...transferFixture, continuesInto: ['card'] };
    const noCard = { ...cardFixture, isAvailable: () => false };
    const plan = planPayment(createRegistry([noCard, lender], [plainBranding]), sampleProps());
    expect(plan.available).toEqual(['transfer']);
    expect(plan.routed).toEqual(['transfer', 'card']);
  });

  it("a path asked for: a routed channel's (or under it), else the method list", () => {
    const props = sampleProps();
    expect(planPayment(registry, props, { path: '/payment/card/pin' }).route).toEqual({ path: '/payment/card/pin', channel: 'card' });
    expect(planPayment(registry, props, { path: '/payment/nope' }).route).toEqual({ path: '/payment-methods', channel: null });
    const cardless = sampleProps({ paymentChannels: ['CARD'], nonCardOptions: [] });
    expect(planPayment(registry, cardless, { path: '/payment/transfer' }).route.channel).toBeNull();
  });

  it('a gate the payment meets and the session has not passed comes first: no channel in use behind it', () => {
    const props = sampleProps({ ...gatedProps, paymentChannels: ['TRANSFER'] });
    const pending = planPayment(transferOnly, props);
    expect(pending.gates).toEqual(['offer', 'terms']);
    expect(pending.route).toEqual({ path: '/payment/transfer', channel: null });
    expect(pendingGateOf(transferOnly, pending, {})?.id).toBe('offer');
    expect(pendingGateOf(transferOnly, pending, { offer: 'skipped' })?.id).toBe('terms');
    const passed = planPayment(transferOnly, props, { passed: { offer: 'skipped', terms: 'accepted' } });
    expect(passed.route.channel).toBe('transfer');
    expect(pendingGateOf(transferOnly, passed, { offer: 'skipped', terms: 'accepted' })).toBeUndefined();
  });

  it('meets no gate on a payment the checkout refused', () => {
    expect(planPayment(registry, sampleProps({ ...gatedProps, responseCode: 'Z5' })).gates).toEqual([]);
  });
});

describe('channelsOf', () => {
  it('answers the plugins a plan names, in its order, skipping ids the registry does not know', () => {
    expect(channelsOf(registry, ['transfer', 'gone', 'card']).map((c) => c.id)).toEqual(['transfer', 'card']);
  });
});
