import { subscribeKey } from 'valtio/utils';
import type { Checkout } from '../state/checkout';
import { availableFor, ownSuccessView, withSession } from '../state/checkout';
import { buildResult, completionStep, embedder, markOnce, postToMerchant, submitResultForm } from '../state/completion';
import { go, RESULT_PATH } from '../state/actions';

/*
 * What the shell does once a payment has a result (spec core §4), and the access-token sign-in (spec core §2): a
 * lazy part of core, fetched as the shell hydrates (PageEffects), off the initial route. No result can come
 * before it is needed: a result the page starts with is delivered once it has loaded, after a wait of its own.
 */

/** The result beacon (RESULT_PATH): sent before the form POST leaves the page, which a beacon outlives. */
function tellServer(c: Checkout, code: string): void {
  const { session } = c.state.env;
  if (!session || typeof navigator === 'undefined') return;
  navigator.sendBeacon?.(`${RESULT_PATH}?${new URLSearchParams({ p: session, channel: c.state.channel ?? '', code })}`);
}

/** Sends the result to the merchant exactly once per payment. */
export function deliver(c: Checkout): void {
  const { props, result } = c.state;
  if (!result || c.state.delivered) return;
  c.state.delivered = true;
  if (!markOnce('completed', props.paymentId)) return;
  const fields = buildResult(props, result);
  tellServer(c, result.responseCode);
  if (props.displayMode === 'REDIRECT') submitResultForm(document, props.siteRedirectUrl, fields);
  else postToMerchant(embedder(), props.siteOrigin, 'COMPLETED', fields);
}

/** Goes to a page of the checkout outside the app (a page plugin's completion path). */
export function openPage(url: string): void {
  location.assign(url);
}

/**
 * Follows the payment's result: each new one takes its completion step (deliver after its wait, or go to a page
 * of the checkout), the one the page starts with too. Answers the function that stops following it.
 */
export function followResult(c: Checkout): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResult = () => {
    const { result, props } = c.state;
    clearTimeout(timer);
    if (!result) return;
    const own = ownSuccessView(c)?.deliverAfterMs;
    const step = completionStep(props, result.responseCode, { registry: c.registry, checkoutOrigin: location.origin }, own);
    if (step.kind === 'none') return;
    // The page is served by the checkout server, not a route of this app: a whole new page, with the session.
    if (step.kind === 'page') return openPage(withSession(c.state.env, step.path, c.state.locale));
    timer = setTimeout(() => deliver(c), step.waitMs);
  };
  onResult();
  const unsubscribe = subscribeKey(c.state, 'result', onResult);
  return () => {
    unsubscribe();
    clearTimeout(timer);
  };
}

/** Where the merchant's access token is authenticated. */
export const TOKEN_SIGN_IN_PATH = '/api/v1/pay-page/token-authentication';

/**
 * The merchant's access-token sign-in (spec core §2): the token is authenticated, then the channel that
 * accepts tokens (the wallet) opens with the signed-in user. A refused token leaves the payer on the list. Only a
 * channel this payment can use takes the token: one a market keeps out (a UGX payment's) is never opened by it.
 */
export async function signInByToken(c: Checkout): Promise<void> {
  const { props } = c.state;
  const channel = props.accessToken && props.accessTokenType ? availableFor(c).find((p) => p.acceptsAccessToken) : undefined;
  if (!channel) return;
  try {
    c.state.tokenSignIn = await c.http.post(TOKEN_SIGN_IN_PATH, {
      merchantCode: props.merchantCode,
      payableCode: props.payableCode,
      accessToken: props.accessToken,
      accessTokenType: props.accessTokenType,
    });
  } catch {
    return;
  }
  c.state.channel = channel.id;
  go(c, channel.path, true);
}
