import { describe, expect, it } from 'vitest';
import { validateRequest } from './request';
import type { Validation } from './request';
import type { CheckoutBases } from './types';

const PAGE = 'https://shop.example';
const CHECKOUT = 'https://checkout.example';
const BASES: CheckoutBases = { TEST: CHECKOUT };

const request = (extra: Record<string, unknown> = {}) => ({
  merchant_code: 'MX_DEMO',
  pay_item_id: 'Default_Payable_MX_DEMO',
  txn_ref: 'ORDER-1',
  amount: 150000,
  currency: '566',
  site_redirect_url: `${PAGE}/return`,
  mode: 'TEST',
  ...extra,
});

function refused(v: Validation) {
  expect(v.ok).toBe(false);
  if (v.ok) throw new Error('accepted');
  expect(v.error).toBeInstanceOf(Error);
  expect(v.error.code).toBe('INVALID_REQUEST');
  return v.error;
}

const fieldOf = (extra: Record<string, unknown>, bases = BASES) => {
  const error = refused(validateRequest(request(extra), PAGE, bases));
  // The message names the field, so a merchant reading only the message knows what to fix.
  expect(error.message).toContain(error.field);
  return error.field;
};

describe('validateRequest', () => {
  it('accepts the pay fields of CONTRACT §2 and posts them as text, without the SDK’s own keys', () => {
    const v = validateRequest(
      request({
        cust_name: '  Ada Obi ',
        cust_email: '',
        channels: 'TRANSFER',
        pass_fee: false,
        onComplete: () => {},
        onError: undefined,
        checkoutBase: undefined,
      }),
      PAGE,
      BASES,
    );
    expect(v).toEqual({
      ok: true,
      request: {
        base: CHECKOUT,
        displayMode: 'INLINE',
        fields: {
          merchant_code: 'MX_DEMO',
          pay_item_id: 'Default_Payable_MX_DEMO',
          txn_ref: 'ORDER-1',
          amount: '150000',
          currency: '566',
          site_redirect_url: `${PAGE}/return`,
          cust_name: 'Ada Obi',
          channels: 'TRANSFER',
          pass_fee: 'false',
          display_mode: 'INLINE',
          opener_origin: PAGE,
        },
      },
    });
  });

  it.each(['merchant_code', 'pay_item_id', 'txn_ref', 'amount', 'currency'])('names a missing %s', (name) => {
    expect(fieldOf({ [name]: undefined })).toBe(name);
    expect(fieldOf({ [name]: '  ' })).toBe(name);
  });

  it('REDIRECT needs site_redirect_url, and says so', () => {
    for (const display_mode of ['REDIRECT', 'page']) {
      const error = refused(validateRequest(request({ site_redirect_url: undefined, display_mode }), PAGE, BASES));
      expect(error.field).toBe('site_redirect_url');
      expect(error.message).toMatch(/site_redirect_url is required.*required for REDIRECT/);
    }
  });

  it('INLINE and POPUP need no site_redirect_url, or one on any origin: the results go to the opener, named by the SDK', () => {
    for (const display_mode of ['INLINE', 'POPUP']) {
      for (const site_redirect_url of [undefined, '  ', 'https://elsewhere.example/return', 'https://shop.example:8443/return']) {
        const v = validateRequest(request({ site_redirect_url, display_mode }), PAGE, BASES);
        expect(v.ok, `${display_mode} ${site_redirect_url}`).toBe(true);
        expect(v.ok && v.request.fields.opener_origin).toBe(PAGE);
      }
    }
  });

  it('posts the page’s own origin as opener_origin, whatever the request says', () => {
    for (const display_mode of ['INLINE', 'POPUP']) {
      const v = validateRequest(request({ opener_origin: 'https://evil.example', display_mode }), PAGE, BASES);
      expect(v.ok && v.request.fields.opener_origin).toBe(PAGE);
    }
  });

  it('refuses INLINE and POPUP on a page without an http(s) origin (a file, a sandboxed frame)', () => {
    const error = refused(validateRequest(request({ display_mode: 'POPUP' }), 'null', BASES));
    expect(error.field).toBe('opener_origin');
    expect(validateRequest(request({ display_mode: 'REDIRECT' }), 'null', BASES).ok).toBe(true);
  });

  it.each([['12a'], ['12.5'], [12.5], ['0'], [0], [-5], ['1e3'], [1e21], ['ten'], [Number.NaN]])(
    'names a non-numeric or non-positive amount: %s',
    (amount) => {
      expect(fieldOf({ amount })).toBe('amount');
    },
  );

  it('names a currency that is not a 3-digit code', () => {
    expect(fieldOf({ currency: 'NGN' })).toBe('currency');
    expect(fieldOf({ currency: 56 })).toBe('currency');
    expect(validateRequest(request({ currency: 840 }), PAGE, BASES).ok).toBe(true);
  });

  it('names codes the checkout would refuse', () => {
    expect(fieldOf({ txn_ref: 'has space' })).toBe('txn_ref');
    expect(fieldOf({ merchant_code: 'x'.repeat(65) })).toBe('merchant_code');
    expect(fieldOf({ cust_email: 'not-an-email' })).toBe('cust_email');
    expect(fieldOf({ cust_name: 'x'.repeat(201) })).toBe('cust_name');
  });

  it('wants an http(s) redirect URL when one is given, on any origin', () => {
    expect(fieldOf({ site_redirect_url: 'javascript:alert(1)' })).toBe('site_redirect_url');
    expect(fieldOf({ site_redirect_url: '/return' })).toBe('site_redirect_url');
    const redirect = validateRequest(request({ site_redirect_url: 'https://elsewhere.example/return', display_mode: 'redirect' }), PAGE, BASES);
    expect(redirect.ok && redirect.request.displayMode).toBe('REDIRECT');
  });

  it("reads Interswitch's display_mode PAGE as REDIRECT", () => {
    const page = validateRequest(request({ site_redirect_url: 'https://elsewhere.example/return', display_mode: 'page' }), PAGE, BASES);
    expect(page.ok && page.request.displayMode).toBe('REDIRECT');
    expect(page.ok && page.request.fields.display_mode).toBe('REDIRECT');
  });

  it('names an unknown display_mode or mode', () => {
    expect(fieldOf({ display_mode: 'MODAL' })).toBe('display_mode');
    expect(fieldOf({ mode: undefined })).toBe('mode');
    expect(fieldOf({ mode: 'PROD' })).toBe('mode');
    expect(validateRequest(request({ mode: 'test' }), PAGE, BASES).ok).toBe(true);
  });

  it('finds the base: checkoutBase first, then the base known for the mode', () => {
    const own = validateRequest(request({ checkoutBase: 'http://127.0.0.1:4400/some/path' }), PAGE, BASES);
    expect(own.ok && own.request.base).toBe('http://127.0.0.1:4400');
    expect(fieldOf({ checkoutBase: 'ftp://checkout.example' })).toBe('checkoutBase');
    // This script serves TEST only: a LIVE request must not land on the sandbox.
    const live = refused(validateRequest(request({ mode: 'LIVE' }), PAGE, BASES));
    expect(live.field).toBe('mode');
    expect(live.message).toContain('LIVE');
    expect(validateRequest(request({ mode: 'LIVE' }), PAGE, { TEST: CHECKOUT, LIVE: 'https://live.example' })).toMatchObject({
      ok: true,
      request: { base: 'https://live.example' },
    });
    // The ES module knows no base of its own.
    expect(fieldOf({}, {})).toBe('checkoutBase');
  });

  it('names a callback that is not a function, and a field that is not text', () => {
    expect(fieldOf({ onComplete: 'done' })).toBe('onComplete');
    expect(fieldOf({ cust_name: { first: 'Ada' } })).toBe('cust_name');
    expect(refused(validateRequest(null, PAGE, BASES)).field).toBe('request');
    expect(refused(validateRequest('pay', PAGE, BASES)).field).toBe('request');
  });
});
