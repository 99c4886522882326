// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSandbox, TEST_PAGE_BANNER } from '@oja/sandbox';
import type { SandboxReply } from '@oja/sandbox';
import customerWallet from '@oja/customer-wallet/sandbox';
import plugin, { sandbox } from './sandbox';
import { INITIALIZE_PATH, OPAY_PAGE_SOURCE, STATUS_PATH } from './constants';

/** The HTTP status a reply set (none: 200). */
const statusOf = (reply: SandboxReply | undefined) => (reply && 'status' in reply ? reply.status : undefined);
const bodyOf = (reply: SandboxReply | undefined) => JSON.parse(reply && 'body' in reply ? reply.body : '{}') as Record<string, unknown>;
const htmlOf = (reply: SandboxReply | undefined) => (reply && 'body' in reply ? reply.body : '');
const VALIDITY_MS = 30 * 60_000;

/** A sandbox with the wallet list's and OPay's parts and one payment offering customer wallets, driven over its HTTP entry. */
async function harness(now: { t: number }) {
  const sb = createSandbox(
    [
      { id: 'customer-wallet', part: customerWallet.sandbox },
      { id: 'opay', part: sandbox },
    ],
    { now: () => now.t },
  );
  sb.origins.outside = 'http://127.0.0.1:4402';
  const fields = {
    merchant_code: 'MX',
    pay_item_id: 'P',
    txn_ref: 'T1',
    amount: '1500',
    currency: '566',
    site_redirect_url: 'https://shop.test/r',
    channels: 'CUSTOMER_WALLET',
  };
  const opened = bodyOf(await sb.handle({ method: 'POST', url: '/api/v1/pay-page', headers: {}, body: fields }));
  const paymentId = String(opened.paymentId);
  const initBody = { merchantCode: 'MX', payableCode: 'P', transactionReference: 'T1', paymentId, currencyCode: '566' };
  const initialize = (headers: Record<string, string> = {}) => sb.handle({ method: 'POST', url: INITIALIZE_PATH, headers, body: initBody });
  const status = async () =>
    bodyOf(await sb.handle({ method: 'POST', url: STATUS_PATH, headers: {}, body: { merchantCode: 'MX', reference: 'T1' } })).responseCode;
  const page = (url: string) => sb.handleOutside({ method: 'GET', url: url.replace('http://127.0.0.1:4402', ''), headers: {}, body: {} });
  const decide = (ref: string, decision: string) => sb.handleOutside({ method: 'POST', url: '/opay/pay', headers: {}, body: { ref, decision } });
  return { opened, initialize, status, page, decide };
}

describe('OPay sandbox', () => {
  it('is carried by the server build, with OPay’s page as a frame source', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.sources).toEqual([expect.objectContaining({ key: OPAY_PAGE_SOURCE, directives: ['frame'] })]);
  });

  it("gives the pay-page's CUSTOMER_WALLET option its providers", async () => {
    const { opened } = await harness({ t: 1_000 });
    const [option] = opened.nonCardOptions as Array<{ providerCode: string; additionalInformation: { providers: Array<{ code: string }> } }>;
    expect(option.providerCode).toBe('CUSTOMER_WALLET');
    expect(option.additionalInformation.providers.map((p) => p.code)).toEqual(['OPAY', 'ENAIRA', 'MOMO', 'POCKET', 'PALMPAY']);
  });

  it('initialises a page on the second origin; Approve settles 00, and the page then says so', async () => {
    const { initialize, status, page, decide } = await harness({ t: 1_000 });
    const init = bodyOf(await initialize());
    expect(init.responseCode).toBe('00');
    const url = String(init.redirectUrl);
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:4402\/opay\/pay\?ref=\d+\.1$/);
    expect(await status()).toBe('09');
    const shown = htmlOf(await page(url));
    expect(shown).toContain('>Approve</button>');
    expect(shown).toContain('>Decline</button>');
    // In the sandbox's test look: the banner, OPay's bar, the amount as the checkout formats it.
    expect(shown).toContain(TEST_PAGE_BANNER);
    expect(shown).toContain('<span>OPay</span>');
    expect(shown).toContain('<strong class="amount">NGN 15.00</strong>');
    const ref = new URL(url).searchParams.get('ref')!;
    expect(htmlOf(await decide(ref, 'approve'))).toContain('Payment approved.');
    expect(await status()).toBe('00');
    // A paid payment stays paid: a later Decline changes nothing, a new initialise is refused.
    await decide(ref, 'decline');
    expect(await status()).toBe('00');
    expect(statusOf(await initialize())).toBe(409);
  });

  it('answers 01 after a Decline, and after the validity runs out; an unknown page is refused', async () => {
    const now = { t: 1_000 };
    const first = await harness(now);
    const ref = new URL(String(bodyOf(await first.initialize()).redirectUrl)).searchParams.get('ref')!;
    await first.decide(ref, 'decline');
    expect(await first.status()).toBe('01');
    expect(statusOf(await first.page('/opay/pay?ref=99.1'))).toBe(404);
    const second = await harness(now);
    await second.initialize();
    now.t += VALIDITY_MS + 1;
    expect(await second.status()).toBe('01');
  });

  it('takes fault injection on initialise', async () => {
    const { initialize } = await harness({ t: 1_000 });
    expect(statusOf(await initialize({ 'x-sandbox-error-rate': '1' }))).toBe(500);
  });
});
