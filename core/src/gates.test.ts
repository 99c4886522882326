import { describe, expect, it } from 'vitest';
import { allowsDecision, pendingGate } from './gates';
import { createRegistry } from './validation';
import { defineGate } from './plugin';
import { validateGate } from './validation';
import { plainBranding, sampleProps } from '@oja/testing';
import { cardFixture, fixtureGates, gatedProps, offerGateFixture, termsGateFixture } from '@oja/testing/fixtures';

const registry = createRegistry([cardFixture], [plainBranding], { gates: fixtureGates });
const pending = (overrides: Parameters<typeof sampleProps>[0], decisions = {}) => pendingGate(registry, sampleProps(overrides), decisions)?.id;

describe('gates: conditions and order', () => {
  it("a payment without the gates' fields meets none", () => {
    expect(pending({})).toBeUndefined();
  });

  it("each gate's condition decides alone", () => {
    expect(pending({ tucRewardPercentage: 5, tucRewardDescription: '5% back' })).toBe('offer');
    expect(pending({ tucRewardPercentage: 0, tucRewardDescription: '5% back' })).toBeUndefined();
    expect(pending({ escrowFee: 2, cancellationPeriod: 3, refundDuration: 7 })).toBe('terms');
    expect(pending({ escrowFee: 2, cancellationPeriod: 3 })).toBeUndefined();
  });

  it('shows the lowest order first, whatever order they were installed in', () => {
    expect(registry.gates.map((g) => g.id)).toEqual(['offer', 'terms']);
    expect(pending(gatedProps)).toBe('offer');
  });

  it('a gate accepted or skipped is passed: the next one is pending, then none', () => {
    expect(pending(gatedProps, { offer: 'skipped' })).toBe('terms');
    expect(pending(gatedProps, { offer: 'accepted', terms: 'accepted' })).toBeUndefined();
    // A decision for a gate whose condition does not hold changes nothing.
    expect(pending({ escrowFee: 2, cancellationPeriod: 3, refundDuration: 7 }, { offer: 'accepted' })).toBe('terms');
  });

  it('a refused payment (Incorrect Transaction, already paid) meets no gate', () => {
    expect(pending({ ...gatedProps, responseCode: 'Z5' })).toBeUndefined();
    expect(pending({ ...gatedProps, responseCode: '01' })).toBeUndefined();
  });

  it('no gate installed, none pending', () => {
    expect(pendingGate(createRegistry([cardFixture], [plainBranding]), sampleProps(gatedProps), {})).toBeUndefined();
  });
});

describe('validateGate and the registry', () => {
  const good = (o: object = {}) => ({ ...offerGateFixture, ...o });

  it('accepts the fixtures', () => {
    expect(fixtureGates.flatMap(validateGate)).toEqual([]);
  });

  it('needs an id, a condition, a screen and messages in its own namespace', () => {
    expect(validateGate(good({ id: 'Offer' }))).toContain('gate Offer: id must match /^[a-z][a-z0-9-]*$/');
    expect(validateGate(good({ condition: undefined }))).toContain('gate offer: condition must be a function');
    expect(validateGate(good({ screen: undefined }))).toContain('gate offer: screen must be a loader function');
    expect(validateGate(good({ messages: undefined }))).toContain('gate offer: messages need en and fr');
    expect(validateGate(good({ messages: { en: { other: { a: 'a' } }, fr: { other: { a: 'a' } } } }))).toContain(
      'gate offer: messages must be namespaced under "offer" only',
    );
    expect(validateGate(good({ messages: { en: { offer: { a: 'a', b: 'b' } }, fr: { offer: { a: 'a' } } } }))).toContain(
      'gate offer: fr lacks offer.b',
    );
  });

  it("refuses a gate whose id is a channel's or another gate's (the id is the translation namespace)", () => {
    const card = defineGate({ ...termsGateFixture, id: 'card', messages: { en: { card: {} }, fr: { card: {} } } });
    expect(() => createRegistry([cardFixture], [plainBranding], { gates: [card] })).toThrow('gate card: duplicate id card (also card)');
    expect(() => createRegistry([cardFixture], [plainBranding], { gates: [offerGateFixture, offerGateFixture] })).toThrow(
      'gate offer: duplicate id offer (also gate offer)',
    );
  });

  it('finds a gate by id; a registry built without gates has none', () => {
    expect(registry.gate('terms')).toBe(termsGateFixture);
    expect(createRegistry([cardFixture], [plainBranding]).gates).toEqual([]);
  });
});

describe('allowsDecision', () => {
  it('passes a gate that needs the agreement only on accepted; any other gate either way', () => {
    expect(allowsDecision({ needsAgreement: true }, 'accepted')).toBe(true);
    expect(allowsDecision({ needsAgreement: true }, 'skipped')).toBe(false);
    expect(allowsDecision({}, 'skipped')).toBe(true);
    expect(allowsDecision({ needsAgreement: false }, 'accepted')).toBe(true);
  });
});
