import type { CheckoutResult } from './payRules';

/** A paid result as the checkout posts it (CONTRACT §3): every field, for the SDK's tests. Not part of any entry. */
export const SAMPLE_RESULT: CheckoutResult = {
  payRef: 'PR-1',
  txnref: 'ORDER-1',
  amount: '150000',
  apprAmt: '150000',
  resp: '00',
  desc: 'Approved',
  retRef: '',
  cardNum: '',
  mac: '',
  bpResp: '',
  bpTrxnRef: '',
  rechPin: '',
};
