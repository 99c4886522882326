// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createSandbox } from '@oja/sandbox';
import type { SandboxReply } from '@oja/sandbox';
import plugin, { sandbox } from './sandbox';
import { CONFIRM_PATH, ENAIRA_PAGE_SOURCE, INIT_PATH, STATUS_PATH } from './constants';

/** The HTTP status a reply set (none: 200). */
const statusOf = (reply: SandboxReply | undefined) => (reply && 'status' in reply ? reply.status : undefined);
const bodyOf = (reply: SandboxReply | undefined) => JSON.parse(reply && 'body' in reply ? reply.body : '{}') as Record<string, unknown>;

async function harness(now: { t: number }) {
  const sb = createSandbox([{ id: 'enaira', part: sandbox }], { now: () => now.t });
  sb.origins.outside = 'http://127.0.0.1:4402';
  const fields = { merchant_code: 'MX', pay_item_id: 'P', txn_ref: 'T1', amount: '1500', currency: '566', site_redirect_url: 'https://shop.test/r' };
  const paymentId = String(bodyOf(await sb.handle({ method: 'POST', url: '/api/v1/pay-page', headers: {}, body: fields })).paymentId);
  const init = (headers: Record<string, string> = {}) =>
    sb.handle({
      method: 'POST',
      url: INIT_PATH,
      headers,
      body: { merchantCode: 'MX', payableCode: 'P', transactionReference: 'T1', paymentId, currencyCode: '566' },
    });
  const confirm = (guid: string) => sb.handle({ method: 'POST', url: CONFIRM_PATH, headers: {}, body: { guid } });
  const status = (guid: string) => sb.handle({ method: 'GET', url: `${STATUS_PATH}?guid=${guid}`, headers: {}, body: {} });
  const decide = (ref: string, decision: string) => sb.handleOutside({ method: 'POST', url: '/enaira/pay', headers: {}, body: { ref, decision } });
  return { init, confirm, status, decide };
}

describe('eNaira sandbox', () => {
  it('is carried by the server build, with the eNaira page as a frame source', () => {
    expect(plugin.sandbox).toBe(sandbox);
    expect(plugin.sources).toEqual([expect.objectContaining({ key: ENAIRA_PAGE_SOURCE, directives: ['frame'] })]);
  });

  it('issues a page and an invoice; status by guid needs the confirmation, then 09 until Approve gives 00', async () => {
    const { init, confirm, status, decide } = await harness({ t: 1_000 });
    const invoice = bodyOf(await init());
    expect(invoice.url).toMatch(/^http:\/\/127\.0\.0\.1:4402\/enaira\/pay\?ref=\d+\.1$/);
    const guid = String(invoice.invoiceId);
    expect(statusOf(await status(guid))).toBe(400);
    expect(bodyOf(await confirm(guid)).responseCode).toBe('00');
    expect(bodyOf(await status(guid)).responseCode).toBe('09');
    await decide(new URL(String(invoice.url)).searchParams.get('ref')!, 'approve');
    expect(bodyOf(await status(guid)).responseCode).toBe('00');
    expect(statusOf(await status('ENR-1-9'))).not.toBe(200);
  });

  it('answers 01 after the validity runs out, and takes fault injection on init', async () => {
    const now = { t: 1_000 };
    const { init, confirm, status } = await harness(now);
    expect(statusOf(await init({ 'x-sandbox-error-rate': '1' }))).toBe(500);
    const guid = String(bodyOf(await init()).invoiceId);
    await confirm(guid);
    now.t += 30 * 60_000 + 1;
    expect(bodyOf(await status(guid)).responseCode).toBe('01');
  });
});
