// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HASH_MISMATCH_CODE, HASH_MISMATCH_DESCRIPTION, hashRefusal, SANDBOX_MAC_KEYS, webpayHash } from './legacyHash';
import { createSandbox } from './sandbox';

/** Interswitch's documented demo MAC key and example (WebPAY, Request Hash Calculation). */
const DOC_KEY = 'D3D1D05AFE42AD50818167EAC73C109168A0F108F32645C8B59E897FA930DA44F9230910DAC9E20641823799A107A02068F7BC0F4CC41D2952E249552255710F';
const DOC_EXAMPLE = {
  txn_ref: 'MYC_060616_31',
  merchant_code: '6205',
  pay_item_id: '101',
  amount: '125000',
  site_redirect_url: 'http://www.mycompany.com/response/',
};
/** The hash Interswitch's page gives for its example. */
const DOC_HASH = '79D9AC677F21A44D37D5993FD0E0BCB0FF633F18F82B6472CFD1B21EF26B00C79B4D5B4B7C8C7FD2794B11A77581EA3326B80A94307B9EB6548DE2BA77662088';

const fields = (overrides: Record<string, string> = {}) => ({
  merchant_code: 'MX_DEMO',
  pay_item_id: 'Default_Payable_MX_DEMO',
  txn_ref: 'HASH-1',
  amount: '150000',
  currency: '566',
  site_redirect_url: 'http://127.0.0.1:4401/return',
  ...overrides,
});
const signed = (f: ReturnType<typeof fields>) => ({ ...f, hash: webpayHash(f, SANDBOX_MAC_KEYS[f.merchant_code]) });

describe('webpayHash', () => {
  it("is Interswitch's documented example: SHA-512 of txn_ref + product_id + pay_item_id + amount + site_redirect_url + MAC key", () => {
    // By hand: the values one after the other, nothing between them.
    const concatenated = ['MYC_060616_31', '6205', '101', '125000', 'http://www.mycompany.com/response/', DOC_KEY].join('');
    expect(createHash('sha512').update(concatenated).digest('hex').toUpperCase()).toBe(DOC_HASH);
    expect(webpayHash(DOC_EXAMPLE, DOC_KEY)).toBe(DOC_HASH);
  });

  it('gives MX6072 the documented demo key, and every test key is 128 hex characters', () => {
    expect(SANDBOX_MAC_KEYS.MX6072).toBe(DOC_KEY);
    for (const key of Object.values(SANDBOX_MAC_KEYS)) expect(key).toMatch(/^[0-9A-F]{128}$/);
  });
});

describe('hashRefusal', () => {
  it('accepts the right hash, in either case', () => {
    const f = signed(fields());
    expect(hashRefusal(f)).toBeUndefined();
    expect(hashRefusal({ ...f, hash: f.hash.toLowerCase() })).toBeUndefined();
  });

  it('refuses a wrong hash with a reason that says so', () => {
    expect(hashRefusal({ ...fields(), hash: 'ABC123' })).toBe(HASH_MISMATCH_DESCRIPTION);
    expect(HASH_MISMATCH_DESCRIPTION).toMatch(/hash does not match/);
  });

  it('refuses the amount changed after hashing', () => {
    const f = signed(fields());
    expect(hashRefusal({ ...f, amount: '100' })).toBe(HASH_MISMATCH_DESCRIPTION);
  });

  it('checks nothing without a hash', () => {
    expect(hashRefusal(fields())).toBeUndefined();
  });

  it('ignores a hash for a merchant without a key', () => {
    expect(hashRefusal({ ...fields({ merchant_code: 'MX_NOKEY' }), hash: 'anything' })).toBeUndefined();
    expect(hashRefusal({ ...fields({ merchant_code: 'toString' }), hash: 'anything' })).toBeUndefined();
  });
});

describe('the pay-page with a hash', () => {
  const payPage = async (body: Record<string, string>) => {
    const sb = createSandbox([]);
    const reply = await sb.handle({ method: 'POST', url: '/api/v1/pay-page', headers: {}, body });
    if (!reply || 'drop' in reply) throw new Error('no reply');
    return { sb, json: JSON.parse(reply.body) as Record<string, unknown> };
  };

  it('opens the payment with the right hash', async () => {
    const { sb, json } = await payPage(signed(fields({ txn_ref: 'HASH-OK' })));
    expect(json.responseCode).toBe('00');
    expect(await sb.readPayment({ merchantCode: 'MX_DEMO', txnRef: 'HASH-OK' })).toBeDefined();
  });

  it('refuses the amount changed after hashing, with the code and reason, and creates nothing', async () => {
    const body = { ...signed(fields({ txn_ref: 'HASH-CHANGED' })), amount: '100' };
    const { sb, json } = await payPage(body);
    expect(json).toEqual({ responseCode: HASH_MISMATCH_CODE, responseDescription: HASH_MISMATCH_DESCRIPTION });
    expect(await sb.readPayment({ merchantCode: 'MX_DEMO', txnRef: 'HASH-CHANGED' })).toBeUndefined();
  });

  it('opens the payment without a hash, and for a merchant without a key whatever its hash', async () => {
    expect((await payPage(fields({ txn_ref: 'HASH-NONE' }))).json.responseCode).toBe('00');
    expect((await payPage({ ...fields({ merchant_code: 'MX_NOKEY' }), hash: 'wrong' })).json.responseCode).toBe('00');
  });
});
