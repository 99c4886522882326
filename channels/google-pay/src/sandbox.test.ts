// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSandbox } from '@oja/sandbox';
import type { SandboxReply } from '@oja/sandbox';
import { sri } from '@oja/server';
import { TOKEN_CARDS } from '@oja/card/sandbox';
import plugin, { DEFAULT_NETWORKS, SANDBOX_GATEWAY, STAND_IN, STAND_IN_CARDS, sandbox } from './sandbox';
import { GOOGLE_PAY_SCRIPT_PATH, GOOGLE_PAY_SOURCE, SCRIPT_INTEGRITY_SETTING } from './sourceKeys';
import { googlePayConfig } from './request';

const bodyOf = (reply: SandboxReply | undefined) => JSON.parse(reply && 'body' in reply ? reply.body : '{}') as Record<string, unknown>;

/** A pay-page answer; `forced` stands for the acquirers' brandings (HALO forces Google Pay on). */
async function payPage(extra: Record<string, string> = {}, forced: Record<string, string[]> = {}) {
  const sb = createSandbox([{ id: 'google-pay', part: sandbox }], { forcedBy: (acquirer) => forced[acquirer] ?? [] });
  const fields = {
    merchant_code: 'MX_DEMO',
    pay_item_id: 'P',
    txn_ref: `T-${Math.random()}`,
    amount: '150000',
    currency: '566',
    site_redirect_url: 'https://shop.test/r',
    channels: 'CARD,GOOGLE_PAY',
    ...extra,
  };
  return { sb, opened: bodyOf(await sb.handle({ method: 'POST', url: '/api/v1/pay-page', headers: {}, body: fields })) };
}

describe('Google Pay sandbox', () => {
  it("is carried by the server build, with Google's script, frames, calls and images as its outside source", () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.continuesInto).toEqual(['card']);
    expect(plugin.sources).toEqual([expect.objectContaining({ key: GOOGLE_PAY_SOURCE, directives: ['script', 'frame', 'connect', 'img'] })]);
  });

  it("gives the pay-page's GOOGLE_PAY option its gateway data, the page reads it, and card_networks narrows the networks", async () => {
    const { opened } = await payPage();
    const options = opened.nonCardOptions as Array<{ providerCode: string; additionalInformation: Record<string, unknown> }>;
    const option = options.find((o) => o.providerCode === 'GOOGLE_PAY')!;
    expect(option.additionalInformation).toEqual({
      gateway: SANDBOX_GATEWAY,
      gatewayMerchantId: 'MX_DEMO',
      allowedCardNetworks: DEFAULT_NETWORKS,
      environment: 'TEST',
    });
    expect(googlePayConfig({ nonCardOptions: [{ ...option, enabled: true }] })).toMatchObject({ allowedCardNetworks: ['MASTERCARD', 'VISA'] });
    const amex = (await payPage({ card_networks: 'amex' })).opened.nonCardOptions as typeof options;
    expect(amex.find((o) => o.providerCode === 'GOOGLE_PAY')?.additionalInformation.allowedCardNetworks).toEqual(['AMEX']);
  });

  it('gives a merchant of an acquirer forcing Google Pay on (HALO) the gateway data, though its request names no GOOGLE_PAY', async () => {
    const halo = { HALO: ['CARD', 'TRANSFER', 'WALLET', 'QR', 'USSD', 'CREDIT', 'GOOGLE_PAY'] };
    const { opened } = await payPage({ channels: 'CARD,TRANSFER', acquirer: 'HALO' }, halo);
    const options = opened.nonCardOptions as Array<{ providerCode: string; enabled: boolean; additionalInformation?: Record<string, unknown> }>;
    expect(options.map((o) => o.providerCode)).toEqual(['TRANSFER', 'GOOGLE_PAY']);
    expect(googlePayConfig({ nonCardOptions: options })).toMatchObject({ allowedCardNetworks: DEFAULT_NETWORKS });
    // Another acquirer's merchant gets only what it asked for.
    const other = (await payPage({ channels: 'CARD,TRANSFER' }, halo)).opened.nonCardOptions as typeof options;
    expect(other.map((o) => o.providerCode)).toEqual(['TRANSFER']);
  });

  it("serves the stand-in of Google's script on the second origin, as JavaScript, with the integrity the page checks", async () => {
    const { sb } = await payPage();
    const reply = await sb.handleOutside({ method: 'GET', url: GOOGLE_PAY_SCRIPT_PATH, headers: {}, body: {} });
    expect(reply && 'body' in reply ? reply.body : '').toBe(STAND_IN);
    expect(JSON.stringify(reply)).toContain('javascript');
    expect(sandbox.settings?.[SCRIPT_INTEGRITY_SETTING]).toBe(sri(STAND_IN));
    expect(sandbox.outsideRoutes?.[0].script?.text).toBe(STAND_IN);
    // Not the API's: the checkout's own origin does not answer it.
    expect(await sb.handle({ method: 'GET', url: GOOGLE_PAY_SCRIPT_PATH, headers: {}, body: {} })).toBeUndefined();
  });

  it("offers the card package's three Google Pay cards, labelled with what they do (CONTRACT §5)", () => {
    expect(STAND_IN_CARDS.map((c) => `${c.network} ${c.last4}: ${c.label}`)).toEqual([
      'VISA 1111: pays at once',
      'VISA 2503: 3-D Secure (code 123456)',
      'MASTERCARD 0008: PIN (1111)',
    ]);
    expect(STAND_IN_CARDS.map((c) => c.tokenId)).toEqual(TOKEN_CARDS.map((c) => c.tokenId));
    // The sheet knows tokens, never a card number.
    for (const c of TOKEN_CARDS) expect(STAND_IN).not.toContain(c.backedBy);
  });
});
