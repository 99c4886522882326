import { createHash } from 'node:crypto';

/**
 * The sandbox's test MAC keys, by merchant code: the collections API knows a merchant's key, the checkout never does.
 * MX6072 has the demo key Interswitch publishes for WebPAY (so an integration tested against Interswitch's QA checks
 * here unchanged); MX_DEMO has the sandbox's own. Any other merchant has none: its hash is ignored.
 */
export const SANDBOX_MAC_KEYS: Readonly<Record<string, string>> = {
  MX_DEMO: '42081CCE232577E1757ECB6F00D2D9C693ED57A38500BA5DDC0A5941430A892B06691A267647B6BD95B30339F63F4AED4CA3159D2E0B699C2F52D2800D80D3B1',
  MX6072: 'D3D1D05AFE42AD50818167EAC73C109168A0F108F32645C8B59E897FA930DA44F9230910DAC9E20641823799A107A02068F7BC0F4CC41D2952E249552255710F',
};

/**
 * The code the pay-page answers a hash that does not match. Interswitch documents none for it that we found; Z1 is its
 * "Transaction Error", the code the sandbox already gives a refused merchant (docs/decisions.md).
 */
export const HASH_MISMATCH_CODE = 'Z1';
export const HASH_MISMATCH_DESCRIPTION = 'hash does not match the request (txn_ref, merchant_code, pay_item_id, amount, site_redirect_url)';

/** The fields the request hash covers, in WebPAY's documented order. */
export interface HashedFields {
  txn_ref: string;
  merchant_code: string;
  pay_item_id: string;
  amount: string;
  site_redirect_url: string;
}

/**
 * WebPAY's request hash: SHA-512, upper-case hex, of txn_ref + product_id + pay_item_id + amount + site_redirect_url +
 * MAC key, plain concatenation in that order (Interswitch, "WebPAY > Transaction Payment Leg > Request Hash
 * Calculation", https://sandbox.interswitchng.com/docbase/docs/webpay/payment-transaction-leg/request-hash-calculation/).
 * Web Checkout names the merchant by merchant_code where WebPAY had product_id, and merchants' Web Checkout
 * integrations hash it in product_id's place: so do we.
 */
export function webpayHash(f: HashedFields, macKey: string): string {
  return createHash('sha512')
    .update(f.txn_ref + f.merchant_code + f.pay_item_id + f.amount + f.site_redirect_url + macKey, 'utf8')
    .digest('hex')
    .toUpperCase();
}

/**
 * Why a pay request's hash refuses it, or undefined: a request without a hash, or for a merchant without a key, is
 * not checked (as before hashes); one with a key and a hash must match, compared without regard to case.
 */
export function hashRefusal(f: HashedFields & { hash?: string }, keys: Readonly<Record<string, string>> = SANDBOX_MAC_KEYS): string | undefined {
  const key = Object.hasOwn(keys, f.merchant_code) ? keys[f.merchant_code] : undefined;
  if (!key || !f.hash) return undefined;
  return f.hash.toUpperCase() === webpayHash(f, key) ? undefined : HASH_MISMATCH_DESCRIPTION;
}
