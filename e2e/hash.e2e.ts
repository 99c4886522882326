// Interswitch's request hash (issue 31): a merchant's own form carries `hash`, SHA-512 over WebPAY's fields with its
// MAC key, which the collections API (here the sandbox, which knows MX_DEMO's test key) checks. The right hash pays;
// the amount changed in the browser after hashing is refused: Incorrect Transaction, the reason for the merchant in
// x-oja-refused-reason, and no payment created.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HASH_MISMATCH_CODE, HASH_MISMATCH_DESCRIPTION, SANDBOX_MAC_KEYS, webpayHash } from '@oja/sandbox';
import {
  card,
  checkoutBase,
  expectDeliveredOnce,
  MERCHANT_CODE,
  payFields,
  sandboxPayment,
  storeBase,
  TEST_CARDS,
  txnRef,
  useBrowser,
} from './helpers';

const b = useBrowser();

/** The merchant's form, hashed on its server with its MAC key. */
function hashedFields(ref: string): Record<string, string> {
  const f = payFields(ref, { channels: 'CARD' });
  const { txn_ref, merchant_code, pay_item_id, amount, site_redirect_url } = f;
  return { ...f, hash: webpayHash({ txn_ref, merchant_code, pay_item_id, amount, site_redirect_url }, SANDBOX_MAC_KEYS[MERCHANT_CODE]) };
}

/**
 * Puts the merchant's form on its own page (the store's origin), lets `tamper` change it in the browser, posts it to
 * /pay; answers the checkout's response.
 */
async function postMerchantForm(page: Page, fields: Record<string, string>, tamper?: (page: Page) => Promise<void>) {
  await page.goto(`${storeBase()}/`);
  await page.evaluate(
    ({ action, fields }) => {
      const form = Object.assign(document.createElement('form'), { method: 'POST', action, id: 'merchant-form' });
      for (const [name, value] of Object.entries(fields))
        form.append(Object.assign(document.createElement('input'), { type: 'hidden', name, value }));
      document.body.append(form);
    },
    { action: `${checkoutBase()}/pay`, fields },
  );
  await tamper?.(page);
  const [response] = await Promise.all([
    page.waitForResponse((r) => new URL(r.url()).pathname === '/pay' && r.request().method() === 'POST'),
    page.evaluate(() => (document.getElementById('merchant-form') as HTMLFormElement).submit()),
  ]);
  await page.waitForURL(`${checkoutBase()}/pay`);
  return response;
}

describe("a merchant's form with Interswitch's request hash", () => {
  it('the right hash: the payer pays by card, and 00 is posted back to the return URL', async () => {
    const page = await b.newPage();
    const ref = txnRef('hash-ok');
    const response = await postMerchantForm(page, hashedFields(ref));
    expect(response.status()).toBe(200);
    expect(response.headers()['x-oja-refused-field']).toBeUndefined();
    await card.choose(page);
    await card.enter(page, TEST_CARDS.pin);
    await card.pin(page);
    const result = await expectDeliveredOnce(page, ref, '00');
    expect(result.fields).toMatchObject({ txnref: ref, resp: '00', amount: '150000' });
  });

  it('the amount changed in the browser after hashing: Incorrect Transaction, the reason in the header, no payment', async () => {
    const page = await b.newPage();
    const ref = txnRef('hash-changed');
    const response = await postMerchantForm(page, hashedFields(ref), (p) =>
      p.evaluate(() => {
        (document.querySelector('#merchant-form input[name="amount"]') as HTMLInputElement).value = '100';
      }),
    );
    expect(response.status()).toBe(400);
    expect(response.headers()['x-oja-refused-field']).toBe('unknown');
    expect(response.headers()['x-oja-refused-reason']).toBe(`collections API code ${HASH_MISMATCH_CODE}: ${HASH_MISMATCH_DESCRIPTION}`);
    await page.getByRole('heading', { name: 'Incorrect Transaction' }).waitFor();
    expect((await sandboxPayment(ref)).status).toBe(404);
  });
});
