import { describe, expect, it } from 'vitest';
import { MAX_HASH_CHARS, MAX_TEXT_CHARS, MAX_URL_CHARS, parsePayRequest, SANDBOX_FIELDS, sandboxFieldsOf } from './payRequest';
import { CURRENCIES } from './money';

const valid = {
  merchant_code: 'MX_DEMO',
  pay_item_id: 'Default_Payable_MX_DEMO',
  txn_ref: 'TXN-0001',
  amount: '150000',
  currency: '566',
  site_redirect_url: 'https://shop.example/return?order=9',
};

const errorsOf = (fields: Record<string, string | undefined>) => {
  const r = parsePayRequest(fields);
  return r.ok ? [] : r.errors;
};

describe('parsePayRequest (CONTRACT §2)', () => {
  it('accepts a complete request', () => {
    const r = parsePayRequest(valid);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.request).toMatchObject({
      merchant_code: 'MX_DEMO',
      pay_item_id: 'Default_Payable_MX_DEMO',
      txn_ref: 'TXN-0001',
      amount: 150000,
      currency: '566',
      site_redirect_url: 'https://shop.example/return?order=9',
      site_origin: 'https://shop.example',
      display_mode: 'REDIRECT',
      sandbox: {},
    });
  });

  it('trims the fields', () => {
    const r = parsePayRequest({ ...valid, amount: ' 100 ', merchant_code: ' MX_DEMO ' });
    expect(r.ok && [r.request.amount, r.request.merchant_code]).toEqual([100, 'MX_DEMO']);
  });

  it.each(['merchant_code', 'pay_item_id', 'txn_ref', 'amount', 'currency', 'site_redirect_url'])('requires %s', (field) => {
    const r = parsePayRequest({ ...valid, [field]: undefined });
    expect(r.ok).toBe(false);
    expect(errorsOf({ ...valid, [field]: undefined })).toEqual([`${field} is required`]);
    expect(errorsOf({ ...valid, [field]: '   ' })).toEqual([`${field} is required`]);
  });

  it('lists every problem at once', () => {
    expect(errorsOf({})).toHaveLength(6);
  });

  describe('the declared origin: the opener in INLINE and POPUP through the SDK (CONTRACT §6)', () => {
    const opener = 'https://store.example';
    const originOf = (fields: Record<string, string | undefined>) => {
      const r = parsePayRequest(fields);
      return r.ok ? r.request.site_origin : `refused: ${r.errors.join(', ')}`;
    };

    it('INLINE and POPUP with opener_origin: the messages go there, with or without a return URL on any origin', () => {
      for (const display_mode of ['INLINE', 'popup']) {
        expect(originOf({ ...valid, display_mode, opener_origin: opener })).toBe(opener);
        expect(originOf({ ...valid, display_mode, opener_origin: opener, site_redirect_url: undefined })).toBe(opener);
      }
      const r = parsePayRequest({ ...valid, display_mode: 'INLINE', opener_origin: opener, site_redirect_url: '' });
      expect(r.ok && r.request.site_redirect_url).toBe('');
    });

    it('REDIRECT never trusts opener_origin, and still needs site_redirect_url', () => {
      expect(originOf({ ...valid, display_mode: 'REDIRECT', opener_origin: opener })).toBe('https://shop.example');
      expect(originOf({ ...valid, opener_origin: opener })).toBe('https://shop.example');
      expect(errorsOf({ ...valid, display_mode: 'PAGE', opener_origin: opener, site_redirect_url: undefined })).toEqual([
        'site_redirect_url is required',
      ]);
    });

    it('without opener_origin, INLINE keeps site_redirect_url as its declared origin, and needs it', () => {
      expect(originOf({ ...valid, display_mode: 'INLINE' })).toBe('https://shop.example');
      expect(errorsOf({ ...valid, display_mode: 'INLINE', site_redirect_url: undefined })).toEqual(['site_redirect_url is required']);
    });

    it('refuses an opener_origin that is not an http(s) origin', () => {
      for (const bad of ['https://store.example/', 'https://store.example/pay', 'javascript:alert(1)', '*', 'null']) {
        expect(errorsOf({ ...valid, display_mode: 'INLINE', opener_origin: bad }), bad).toEqual(['opener_origin is invalid']);
      }
    });
  });

  it('keeps what it could read of a refused request', () => {
    const r = parsePayRequest({ ...valid, amount: 'abc', display_mode: 'inline' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.partial).toMatchObject({ merchant_code: 'MX_DEMO', site_origin: 'https://shop.example', display_mode: 'INLINE' });
  });

  it.each([
    ['0', 'amount must be positive'],
    ['000', 'amount must be positive'],
    ['-5', 'amount is invalid'],
    ['12.5', 'amount is invalid'],
    ['abc', 'amount is invalid'],
    ['1e5', 'amount is invalid'],
    ['0x10', 'amount is invalid'],
    ['1 000', 'amount is invalid'],
    ['1234567890123456', 'amount is invalid'],
  ])('refuses the amount %j', (amount, error) => {
    expect(errorsOf({ ...valid, amount })).toEqual([error]);
  });

  it('accepts a positive integer amount in minor units', () => {
    for (const amount of ['1', '150000', '999999999999999']) expect(parsePayRequest({ ...valid, amount }).ok, amount).toBe(true);
  });

  it.each(['NGN', '56', '5666', '56a', '-56'])('refuses the currency %j (ISO 4217 numeric only)', (currency) => {
    expect(errorsOf({ ...valid, currency })).toEqual(['currency is invalid']);
  });

  it.each(['999', '000', '123'])('refuses the currency %j the checkout does not know', (currency) => {
    expect(errorsOf({ ...valid, currency })).toEqual(['currency is not supported']);
  });

  it("accepts every currency of core's currency table", () => {
    for (const currency of Object.keys(CURRENCIES)) expect(parsePayRequest({ ...valid, currency }).ok, currency).toBe(true);
  });

  it(`refuses a site_redirect_url over ${MAX_URL_CHARS} characters, and keeps none of it`, () => {
    const base = 'https://shop.example/return?x=';
    const long = base + 'a'.repeat(60 * 1024);
    expect(errorsOf({ ...valid, site_redirect_url: long })).toEqual(['site_redirect_url is too long']);
    const r = parsePayRequest({ ...valid, site_redirect_url: long });
    expect(!r.ok && [r.partial.site_redirect_url, r.partial.site_origin]).toEqual(['', '']);
    expect(parsePayRequest({ ...valid, site_redirect_url: base + 'a'.repeat(MAX_URL_CHARS - base.length) }).ok).toBe(true);
  });

  it('keeps no malformed code for the refusal screen', () => {
    const r = parsePayRequest({ ...valid, txn_ref: 'x'.repeat(60 * 1024) });
    expect(!r.ok && r.partial.txn_ref).toBe('');
  });

  it.each(['javascript:alert(1)', 'ftp://x', 'not a url', '/return', 'data:text/html,x', '//shop.example/return'])(
    'refuses the site_redirect_url %j',
    (url) => {
      expect(errorsOf({ ...valid, site_redirect_url: url })).toEqual(['site_redirect_url must be an absolute http: or https: URL']);
    },
  );

  it('takes the declared origin from site_redirect_url', () => {
    const r = parsePayRequest({ ...valid, site_redirect_url: 'http://127.0.0.1:4401/return' });
    expect(r.ok && r.request.site_origin).toBe('http://127.0.0.1:4401');
  });

  it.each(['merchant_code', 'pay_item_id', 'txn_ref'])('refuses a malformed %s', (field) => {
    expect(errorsOf({ ...valid, [field]: 'a b' })).toEqual([`${field} is invalid`]);
    expect(errorsOf({ ...valid, [field]: '<script>' })).toEqual([`${field} is invalid`]);
    expect(errorsOf({ ...valid, [field]: 'x'.repeat(65) })).toEqual([`${field} is invalid`]);
  });

  describe('display_mode', () => {
    it('defaults to REDIRECT', () => {
      const r = parsePayRequest(valid);
      expect(r.ok && r.request.display_mode).toBe('REDIRECT');
      const blank = parsePayRequest({ ...valid, display_mode: '' });
      expect(blank.ok && blank.request.display_mode).toBe('REDIRECT');
    });

    it.each([
      ['REDIRECT', 'REDIRECT'],
      ['INLINE', 'INLINE'],
      ['POPUP', 'POPUP'],
      ['inline', 'INLINE'],
      ['Popup', 'POPUP'],
      // Interswitch's Web Checkout spellings (CONTRACT §6): its redirect forms post PAGE.
      ['PAGE', 'REDIRECT'],
      ['page', 'REDIRECT'],
      ['Page', 'REDIRECT'],
      [' PAGE ', 'REDIRECT'],
      ['redirect', 'REDIRECT'],
      ['Inline', 'INLINE'],
      ['popup', 'POPUP'],
    ])('reads %j as %s', (mode, expected) => {
      const r = parsePayRequest({ ...valid, display_mode: mode });
      expect(r.ok && r.request.display_mode).toBe(expected);
    });

    it.each(['FULLSCREEN', 'IFRAME', '1'])('refuses %j', (mode) => {
      expect(errorsOf({ ...valid, display_mode: mode })).toEqual(['display_mode must be REDIRECT, INLINE or POPUP']);
    });
  });

  describe('customer fields', () => {
    it('passes the optional fields through, leaving the empty ones out', () => {
      const r = parsePayRequest({
        ...valid,
        cust_email: 'ada@example.com',
        cust_name: 'Ada Obi',
        cust_id: 'C-1',
        cust_mobile_no: '08012345678',
        pay_item_name: 'Tuition',
        access_token: 'tok',
        access_token_type: 'Bearer',
      });
      expect(r.ok && r.request).toMatchObject({
        cust_email: 'ada@example.com',
        cust_name: 'Ada Obi',
        cust_id: 'C-1',
        cust_mobile_no: '08012345678',
        pay_item_name: 'Tuition',
        access_token: 'tok',
        access_token_type: 'Bearer',
      });
      const bare = parsePayRequest({ ...valid, cust_email: '' });
      expect(bare.ok && bare.request.cust_email).toBeUndefined();
    });

    it.each(['ada', 'ada@', '@example.com', 'ada@example', 'ada @example.com', 'a@b@c'])('refuses the e-mail %j', (email) => {
      expect(errorsOf({ ...valid, cust_email: email })).toEqual(['cust_email is invalid']);
    });

    it('accepts an ordinary e-mail', () => {
      for (const email of ['ada@example.com', 'ada.obi+shop@mail.example.ng'])
        expect(parsePayRequest({ ...valid, cust_email: email }).ok, email).toBe(true);
    });

    it.each(['cust_name', 'cust_id', 'cust_mobile_no', 'pay_item_name'])('refuses an over-long %s, and keeps none of it', (field) => {
      expect(errorsOf({ ...valid, [field]: 'x'.repeat(MAX_TEXT_CHARS + 1) })).toEqual([`${field} is too long`]);
      const r = parsePayRequest({ ...valid, [field]: 'x'.repeat(60 * 1024) });
      expect(!r.ok && (r.partial as Record<string, unknown>)[field]).toBeUndefined();
      expect(parsePayRequest({ ...valid, [field]: 'x'.repeat(MAX_TEXT_CHARS) }).ok).toBe(true);
    });

    it('takes a signed access token of a few hundred characters, not 60 KB', () => {
      expect(parsePayRequest({ ...valid, access_token: 'x'.repeat(1200) }).ok).toBe(true);
      expect(errorsOf({ ...valid, access_token: 'x'.repeat(60 * 1024) })).toEqual(['access_token is too long']);
    });
  });

  describe('sandbox fields', () => {
    // Every sandbox-only field of CONTRACT §2, with a value.
    const contractFields = {
      acquirer: 'ZIB',
      channels: 'CARD,TRANSFER',
      country: 'NG',
      surcharge: '400',
      pass_fee: 'true',
      escrow_fee: '50',
      cancellation_period: '3',
      refund_duration: '7',
      tuc_reward_percentage: '5',
      tuc_reward_description: 'Earn 5% back',
    };

    it('knows every field of CONTRACT §2 and passes them through untouched', () => {
      for (const f of Object.keys(contractFields)) expect(SANDBOX_FIELDS).toContain(f);
      const r = parsePayRequest({ ...valid, ...contractFields });
      expect(r.ok && r.request.sandbox).toEqual(contractFields);
    });

    it(`keeps a logo_url of MAX_URL_CHARS (${MAX_URL_CHARS}) characters whole, and leaves out one longer, never cut`, () => {
      const logo = (chars: number) => `https://cdn.shop.example/${'a'.repeat(chars - 'https://cdn.shop.example/'.length)}`;
      const at = parsePayRequest({ ...valid, logo_url: logo(2048) });
      expect(at.ok && at.request.sandbox.logo_url).toBe(logo(2048));
      const over = parsePayRequest({ ...valid, logo_url: logo(2049) });
      expect(over.ok && over.request.sandbox).toEqual({});
      const reported = parsePayRequest({ ...valid, logo_url: logo(2071) });
      expect(reported.ok && reported.request.sandbox.logo_url).toBeUndefined();
    });

    it('ignores unknown fields', () => {
      const r = parsePayRequest({ ...valid, evil: 'x', surcharge: '' });
      expect(r.ok && r.request.sandbox).toEqual({});
      expect(r.ok && 'evil' in r.request).toBe(false);
    });

    it('names the fields refused, in field order, with their rules', () => {
      const { amount: _, ...noAmount } = valid;
      const r = parsePayRequest({ ...noAmount, display_mode: 'MODAL', currency: '999' });
      expect(!r.ok && r.issues).toEqual([
        { field: 'amount', message: 'amount is required' },
        { field: 'currency', message: 'currency is not supported' },
        { field: 'display_mode', message: 'display_mode must be REDIRECT, INLINE or POPUP' },
      ]);
    });

    it("ignores, never refuses, the fields of Interswitch's forms the checkout does not know (CONTRACT §6)", () => {
      const interswitch = { display_merchant_name: 'Shop', mode: 'TEST', pay_item_name: 'Item A', display_mode: 'PAGE' };
      const r = parsePayRequest({ ...valid, ...interswitch });
      expect(r.ok).toBe(true);
      expect(r.ok && r.request).toMatchObject({ display_mode: 'REDIRECT', pay_item_name: 'Item A' });
      expect(r.ok && Object.keys(r.request)).not.toContain('display_merchant_name');
    });

    it('keeps the request hash as sent, unchecked, for the collections API to check; none without it', () => {
      const r = parsePayRequest({ ...valid, hash: ' abc123 ' });
      expect(r.ok && r.request.hash).toBe('abc123');
      const none = parsePayRequest(valid);
      expect(none.ok && none.request.hash).toBeUndefined();
      const long = parsePayRequest({ ...valid, hash: 'A'.repeat(1000) });
      expect(long.ok && long.request.hash).toHaveLength(MAX_HASH_CHARS);
    });

    it("keeps a plugin's own sandbox fields only when an installed part names them", () => {
      const plugins = [{ sandbox: { requestFields: ['card_networks'] } }, { sandbox: { requestFields: ['wallets', 'country'] } }, {}];
      const fields = sandboxFieldsOf(plugins);
      expect(fields).toEqual([...SANDBOX_FIELDS, 'card_networks', 'wallets']);
      const input = { ...valid, card_networks: 'AMEX', wallets: 'OPAY' };
      expect(parsePayRequest(input, fields)).toMatchObject({ ok: true, request: { sandbox: { card_networks: 'AMEX', wallets: 'OPAY' } } });
      expect(parsePayRequest(input)).toMatchObject({ ok: true, request: { sandbox: {} } });
      expect(parsePayRequest({ ...valid, wallets: 'x'.repeat(MAX_TEXT_CHARS + 5) }, fields)).toMatchObject({
        request: { sandbox: { wallets: 'x'.repeat(MAX_TEXT_CHARS) } },
      });
    });
  });
});
