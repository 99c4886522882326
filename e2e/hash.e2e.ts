// Interswitch's request hash (issue 31): a merchant's own form carries `hash`, SHA-512 over WebPAY's fields with its
// MAC key, which the collections API (here the sandbox, which knows MX_DEMO's test key) checks. The right hash pays;
// the amount changed in the browser after hashing is refused: Incorrect Transaction, the reason for the merchant in
// x-oja-refused-reason, and no payment created.
import { describe, expect, it } from 'vitest';
import { HASH_MISMATCH_CODE, HASH_MISMATCH_DESCRIPTION, SANDBOX_MAC_KEYS, webpayHash } from '@oja/sandbox';
import { MERCHANT_CODE, payFields, payPostedFormByPinCard, postFromMerchantPage, sandboxPayment, txnRef, useBrowser } from './helpers';

const b = useBrowser();

/** The merchant's form, hashed on its server with its MAC key. */
function hashedFields(ref: string): Record<string, string> {
  const f = payFields(ref, { channels: 'CARD' });
  const { txn_ref, merchant_code, pay_item_id, amount, site_redirect_url } = f;
  return { ...f, hash: webpayHash({ txn_ref, merchant_code, pay_item_id, amount, site_redirect_url }, SANDBOX_MAC_KEYS[MERCHANT_CODE]) };
}

describe("a merchant's form with Interswitch's request hash", () => {
  it('the right hash: the payer pays by card, and 00 is posted back to the return URL', async () => {
    const page = await b.newPage();
    await payPostedFormByPinCard(page, '/pay', hashedFields(txnRef('hash-ok')));
  });

  it('the amount changed in the browser after hashing: Incorrect Transaction, the reason in the header, no payment', async () => {
    const page = await b.newPage();
    const ref = txnRef('hash-changed');
    // The form as the browser holds it once a payer has edited the amount its server hashed.
    const response = await postFromMerchantPage(page, '/pay', { ...hashedFields(ref), amount: '100' });
    expect(response.status()).toBe(400);
    expect(response.headers()['x-oja-refused-field']).toBe('unknown');
    expect(response.headers()['x-oja-refused-reason']).toBe(`collections API code ${HASH_MISMATCH_CODE}: ${HASH_MISMATCH_DESCRIPTION}`);
    await page.getByRole('heading', { name: 'Incorrect Transaction' }).waitFor();
    expect((await sandboxPayment(ref)).status).toBe(404);
  });
});
