// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { defineChannel } from '@oja/core';
import { cardFixture, plainBranding, transferFixture } from '@oja/testing';
import { embeddedSandbox, forcedByAcquirer, sandboxSettings, sandboxSources } from './embedded';

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

  it("configures the options an acquirer forces on for its merchants: a forced channel's option comes with its information", async () => {
    const wallet = defineChannel({
      ...transferFixture,
      id: 'e-wallet',
      code: 'E_WALLET',
      sandbox: { routes: [], optionInformation: { E_WALLET: (f) => ({ merchant: f.merchant_code }) } },
    });
    const acme = { ...plainBranding, acquirer: 'ACME', channels: { force: ['E_WALLET', 'TRANSFER'] } };
    expect(forcedByAcquirer([plainBranding, acme])('ACME')).toEqual(['E_WALLET', 'TRANSFER']);
    expect(forcedByAcquirer([plainBranding, acme])('OTHER')).toEqual([]);
    const embedded = embeddedSandbox({ channels: [card, transferFixture, wallet], brandings: [plainBranding, acme] });
    const open = async (acquirer: string, channels: string) => {
      const fields = {
        merchant_code: 'MX_DEMO',
        pay_item_id: 'P',
        txn_ref: `T-${Math.random().toString(36).slice(2)}`,
        amount: '1000',
        currency: '566',
        site_redirect_url: 'https://shop.test/r',
        acquirer,
        channels,
      };
      const reply = await embedded.handle({ method: 'POST', url: '/api/v1/pay-page', headers: {}, body: fields });
      return JSON.parse(reply && 'body' in reply ? reply.body : '{}').nonCardOptions as Array<{
        providerCode: string;
        additionalInformation?: unknown;
      }>;
    };
    // ACME's merchant: the forced wallet's option with its information; a forced channel with none to carry is left to the policy.
    expect(await open('ACME', 'CARD')).toEqual([
      expect.objectContaining({ providerCode: 'E_WALLET', enabled: true, additionalInformation: { merchant: 'MX_DEMO' } }),
    ]);
    // Named by the merchant already: once.
    expect((await open('ACME', 'CARD,E_WALLET')).map((o) => o.providerCode)).toEqual(['E_WALLET']);
    // Another acquirer's merchant: only what it asked for.
    expect(await open('', 'CARD')).toEqual([]);
  });
});
