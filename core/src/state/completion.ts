import { isHttpUrl } from '@oja/sdk/url';
import type { CheckoutResult } from '@oja/sdk/schema';
import type { PaymentProps } from '../props';
import type { TransactionResponse } from './checkout';
import type { Registry } from '../registry';
import { classify, CODE_SUCCESS } from '../codes';
import { SUCCESS_SHOWN_MS } from '@oja/sdk';

/** Expired and cancelled results wait this long before returning to the merchant, ms (spec core §4). */
export const EXPIRED_CANCELLED_WAIT_MS = 2_000;
// The messages to the embedding page, which the initial route sends too (INITIALIZED): their own module.
export { MESSAGE_KEY, embedder, markOnce, postToMerchant } from './messaging';
export type { MessageTarget } from './messaging';

/** The fields the merchant receives (CONTRACT §3), as the result's schema states them. */
export type MerchantResult = CheckoutResult;

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export function buildResult(props: PaymentProps, response: TransactionResponse): MerchantResult {
  const code = response.responseCode;
  const approved = code === CODE_SUCCESS ? str(response.amount ?? props.checkoutAmount) : '0';
  return {
    payRef: str(response.paymentReference),
    txnref: props.merchantTransactionReference,
    amount: approved,
    apprAmt: approved,
    resp: code,
    desc: str(response.responseDescription),
    retRef: str(response.retrievalReferenceNumber),
    cardNum: '',
    mac: '',
    bpResp: str(response.bpResp),
    bpTrxnRef: str(response.bpTrxnRef),
    rechPin: str(response.rechPin),
  };
}

export type CompletionStep =
  | { kind: 'none' }
  /** A page of the checkout opened this payment and takes its success back (PagePlugin.completionPath). */
  | { kind: 'page'; path: string }
  | { kind: 'deliver'; waitMs: number };

/**
 * What the shell does once a result is in (spec core §4 "Completion handling", companion §4 "Shell on
 * completion"). A success goes to a page of this checkout when one claims the payment's redirect URL on
 * `checkoutOrigin` (the registry knows); every other result goes to the merchant as usual. A success waits
 * `successWaitMs` first when the ongoing channel shows it itself (ChannelPlugin.successView: its own timing). Core's
 * success screen in REDIRECT waits SUCCESS_SHOWN_MS, for the payer to read it (the form POST takes the page away);
 * in INLINE and POPUP it is sent at once and the SDK keeps it on screen.
 */
export function completionStep(
  props: Pick<PaymentProps, 'siteRedirectUrl'> & Partial<Pick<PaymentProps, 'displayMode'>>,
  code: string,
  pages?: { registry: Pick<Registry, 'completionPath'>; checkoutOrigin: string },
  successWaitMs?: number,
): CompletionStep {
  const outcome = classify(code);
  if (outcome === 'expired' || outcome === 'cancelled') return { kind: 'deliver', waitMs: EXPIRED_CANCELLED_WAIT_MS };
  if (code !== CODE_SUCCESS) return { kind: 'none' };
  const path = pages?.registry.completionPath(props.siteRedirectUrl, pages.checkoutOrigin);
  if (path) return { kind: 'page', path };
  return { kind: 'deliver', waitMs: successWaitMs ?? (props.displayMode === 'REDIRECT' ? SUCCESS_SHOWN_MS : 0) };
}

/** REDIRECT mode: an auto-submitted hidden form POSTs the result to the merchant. */
export function submitResultForm(doc: Document, url: string, result: MerchantResult): boolean {
  // Only http: and https: URLs may receive the form POST (the SDK's rule for site_redirect_url).
  if (!isHttpUrl(url)) return false;
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = url;
  form.hidden = true;
  for (const [name, value] of Object.entries(result)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  doc.body.appendChild(form);
  form.submit();
  return true;
}
