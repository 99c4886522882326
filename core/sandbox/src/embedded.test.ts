// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defineChannel } from '@oja/core';
import { cardFixture, transferFixture } from '@oja/testing';
import { embeddedSandbox, sandboxSettings, sandboxSources } from './embedded';

const card = defineChannel({
  ...cardFixture,
  sources: [
    { key: '3ds-issuer', directives: ['frame'], why: 'issuer' },
    { key: 'device-fingerprint', directives: ['script'], why: 'fingerprint' },
  ],
  sandbox: {
    routes: [],
    settings: { merchantId: 'sandbox-merchant' },
    requestFields: ['card_hint'],
    testCards: [{ number: '5060990580000217499', brand: 'Verve', pin: '1111', result: '00' }],
  },
});

describe('the sandbox as an embedded collections API', () => {
  it('puts every declared source key on its second origin, and none before it has one', () => {
    expect(sandboxSources([card, transferFixture], 'http://127.0.0.1:4402/')).toEqual({
      '3ds-issuer': ['http://127.0.0.1:4402'],
      'device-fingerprint': ['http://127.0.0.1:4402'],
    });
    expect(sandboxSources([card], '')).toEqual({});
  });

  it("gives each channel its part's settings", () => {
    expect(sandboxSettings([card, transferFixture])).toEqual({ card: { merchantId: 'sandbox-merchant' } });
  });

  it("offers the parts' fields, test cards and the sandbox's paths; is told the checkout's base", async () => {
    const embedded = embeddedSandbox({ channels: [card, transferFixture] }, { outsideBase: 'http://127.0.0.1:4402' });
    expect(embedded.requestFields).toContain('card_hint');
    expect(embedded.requestFields).toContain('logo_url');
    expect(embedded.testCards.map((c) => c.number)).toEqual(['5060990580000217499']);
    expect(embedded.prefixes).toContain('/api/');
    embedded.listening('http://127.0.0.1:4400');
    expect(embedded.sandbox.origins).toEqual({ checkout: 'http://127.0.0.1:4400', outside: 'http://127.0.0.1:4402' });
    const reply = await embedded.handle({ method: 'GET', url: '/nowhere', headers: {}, body: {} });
    expect(reply).toBeUndefined();
  });
});
