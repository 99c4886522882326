// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { availableChannels } from '@oja/core';
import { createSandbox } from '@oja/sandbox';
import { paymentSources } from '@oja/server';
import { sampleProps } from '@oja/testing';
import type { SandboxReply } from '@oja/sandbox';
import plugin, { sandbox } from './sandbox';
import { INITIALIZE_PATH, PALMPAY_PAGE_SOURCE, PAY_WINDOW_MS, STATUS_PATH } from './constants';

/** The HTTP status a reply set (none: 200). */
const statusOf = (reply: SandboxReply | undefined) => (reply && 'status' in reply ? reply.status : undefined);
const bodyOf = (reply: SandboxReply | undefined) => JSON.parse(reply && 'body' in reply ? reply.body : '{}') as Record<string, unknown>;

async function harness(now: { t: number }) {
  const sb = createSandbox([{ id: 'palmpay', part: sandbox }], { now: () => now.t });
  sb.origins.outside = 'http://127.0.0.1:4402';
  const fields = { merchant_code: 'MX', pay_item_id: 'P', txn_ref: 'T1', amount: '1500', currency: '566', site_redirect_url: 'https://shop.test/r' };
  const paymentId = String(bodyOf(await sb.handle({ method: 'POST', url: '/api/v1/pay-page', headers: {}, body: fields })).paymentId);
  const initialize = (headers: Record<string, string> = {}) =>
    sb.handle({
      method: 'POST',
      url: INITIALIZE_PATH,
      headers,
      body: { merchantCode: 'MX', payableCode: 'P', transactionReference: 'T1', paymentId, currencyCode: '566' },
    });
  const status = async () =>
    bodyOf(await sb.handle({ method: 'POST', url: STATUS_PATH, headers: {}, body: { reference: 'T1', merchantCode: 'MX' } })).responseCode;
  return { initialize, status };
}

describe('PalmPay sandbox', () => {
  it('is carried by the server build, with PalmPay’s page as a frame source', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.sources).toEqual([expect.objectContaining({ key: PALMPAY_PAGE_SOURCE, directives: ['frame'] })]);
  });

  it('initialises a page and a reference, pending until its 5 minutes run out (then 01); takes fault injection', async () => {
    const now = { t: 1_000 };
    const { initialize, status } = await harness(now);
    expect(statusOf(await initialize({ 'x-sandbox-error-rate': '1' }))).toBe(500);
    const init = bodyOf(await initialize());
    expect(init).toMatchObject({ responseCode: '00', transactionReference: expect.stringMatching(/^PP\d+1$/) });
    expect(init.redirectUrl).toMatch(/^http:\/\/127\.0\.0\.1:4402\/palmpay\/pay\?ref=/);
    now.t += PAY_WINDOW_MS;
    expect(await status()).toBe('09');
    now.t += 1;
    expect(await status()).toBe('01');
  });
});

describe('the provider pages in the page policy', () => {
  it("allows a wallet's page only on payments that can use that wallet", async () => {
    const [{ default: opay }, { default: enaira }] = await Promise.all([import('@oja/opay/sandbox'), import('@oja/enaira/sandbox')]);
    const wallets = [opay, enaira, plugin];
    const origins = Object.fromEntries(wallets.flatMap((w) => w.sources).map((s) => [s.key, ['https://pages.example']]));
    const keysFor = (codes: string[]) => {
      const props = sampleProps({
        nonCardOptions: [
          { providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers: codes.map((code, i) => ({ id: i + 1, code })) } },
        ],
      });
      return Object.keys(paymentSources(availableChannels(wallets, props), origins).page);
    };
    expect(keysFor(['PALMPAY'])).toEqual([PALMPAY_PAGE_SOURCE]);
    expect(keysFor(['OPAY', 'ENAIRA']).sort()).toEqual(['enaira-page', 'opay-page']);
    expect(keysFor([])).toEqual([]);
  });
});
