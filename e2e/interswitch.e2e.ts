// A merchant coming from Interswitch's Web Checkout changes one URL (CONTRACT §6): its own page posts the form it
// always posted (display_mode=PAGE, fields the checkout does not know) to /collections/w/pay, the payer pays by card,
// and the result is posted back to its return URL. A bad request answers Incorrect Transaction, naming the field
// for the merchant (the x-oja-refused-field header) and keeping the spec's wording for the payer.
import { describe, expect, it } from 'vitest';
import { payFields, payPostedFormByPinCard, postFromMerchantPage, sandboxPayment, txnRef, useBrowser } from './helpers';

const b = useBrowser();

/** Where Interswitch's Web Checkout merchants post, on the checkout. */
const INTERSWITCH_PAY = '/collections/w/pay';

/**
 * The fields of an Interswitch web redirect form beyond CONTRACT §2: ignored, never refused. No `hash`: MX_DEMO has a
 * test MAC key, so the sandbox checks it (e2e/hash.e2e.ts).
 */
const INTERSWITCH_EXTRAS = { display_mode: 'PAGE', display_merchant_name: 'Oja Demo Store', mode: 'TEST' };

const INCORRECT_BODY =
  'Some of the payment details entered appear to be incorrect. Please review the information provided and try again. If you require assistance, kindly contact your merchant.';

describe("Interswitch's Web Checkout form, posted to /collections/w/pay", () => {
  it('display_mode=PAGE and unknown fields: the payer pays by card, and 00 is posted back to the return URL', async () => {
    const page = await b.newPage();
    // PAGE is REDIRECT: the result comes back as a form POST to site_redirect_url, once.
    await payPostedFormByPinCard(page, INTERSWITCH_PAY, payFields(txnRef('isw-page'), { channels: 'CARD', ...INTERSWITCH_EXTRAS }));
  });

  it('a request without amount: Incorrect Transaction, the field named in x-oja-refused-field, nothing created', async () => {
    const page = await b.newPage();
    const ref = txnRef('isw-bad');
    const { amount: _, ...fields } = payFields(ref, { channels: 'CARD', ...INTERSWITCH_EXTRAS });
    const response = await postFromMerchantPage(page, INTERSWITCH_PAY, fields);
    expect(response.status()).toBe(400);
    expect(response.headers()['x-oja-refused-field']).toBe('amount');
    expect(response.headers()['x-oja-refused-reason']).toBe('amount is required');
    await page.getByRole('heading', { name: 'Incorrect Transaction' }).waitFor();
    await page.getByText(INCORRECT_BODY, { exact: true }).waitFor();
    // For the developer reading the page's source, never on the payer's screen.
    expect(await response.text()).toContain('<!-- x-oja-refused-field: amount;');
    expect(await page.locator('body').innerText()).not.toContain('amount is required');
    expect((await sandboxPayment(ref)).status).toBe(404);
  });
});
