import { subscribeKey } from 'valtio/utils';
import type { Checkout } from '../state/checkout';
import { availableFor, ownSuccessView, withSession } from '../state/checkout';
import { buildResult, completionStep, embedder, markOnce, postToMerchant, submitResultForm } from '../state/completion';
import { DELIVERY_PATH, go } from '../state/actions';

/*
 * What the shell does once a payment has a result (spec core §4), and the access-token sign-in (spec core §2): a
 * lazy part of core, fetched as the shell hydrates (PageEffects), off the initial route. No result can come
 * before it is needed: a result the page starts with is delivered once it has loaded, after a wait of its own.
 */

/** Tries of the delivery question before the page sends the result anyway. */
export const DELIVERY_CLAIM_ATTEMPTS = 3;
/** Longest one try may take, ms. */
export const DELIVERY_CLAIM_TIMEOUT_MS = 4_000;
/** The first pause after a failed try, ms; doubled each time, with jitter. */
export const DELIVERY_CLAIM_BACKOFF_MS = 500;

/**
 * Is this page the one to send the result (DELIVERY_PATH)? The server says yes once per session, whichever tab or
 * instance asks first. A page without a session (a story, a test) is. When the server cannot be asked after
 * DELIVERY_CLAIM_ATTEMPTS tries the answer is yes: a result sent twice is verified twice by the merchant, one never
 * sent is a paid order the merchant does not hear of.
 */
export async function claimDelivery(c: Checkout, code: string): Promise<boolean> {
  const { session, pageId } = c.state.env;
  if (!session || !pageId || typeof fetch !== 'function') return true;
  const channel = c.state.channel ?? '';
  const q = new URLSearchParams({ p: session, page: pageId, code, channel, polls: String(c.statusPolls[channel] ?? 0) });
  for (let attempt = 1; ; attempt++) {
    try {
      const res = await fetch(`${DELIVERY_PATH}?${q}`, { method: 'POST', signal: AbortSignal.timeout(DELIVERY_CLAIM_TIMEOUT_MS) });
      if (res.ok) return (await res.json()).deliver !== false;
      if (res.status < 500) return true;
    } catch {
      // the network or the server: try again
    }
    if (attempt >= DELIVERY_CLAIM_ATTEMPTS) return true;
    await new Promise((r) => setTimeout(r, DELIVERY_CLAIM_BACKOFF_MS * 2 ** (attempt - 1) * (0.5 + Math.random())));
  }
}

/**
 * Sends the result to the merchant exactly once per payment: once per page (`delivered`), per tab (markOnce), and
 * per session across tabs and instances (claimDelivery). A page another one beat to it says so (`deliveredElsewhere`).
 */
export async function deliver(c: Checkout): Promise<void> {
  const { props, result } = c.state;
  if (!result || c.state.delivered) return;
  c.state.delivered = true;
  if (!(await claimDelivery(c, result.responseCode))) {
    c.state.deliveredElsewhere = true;
    return;
  }
  if (!markOnce('completed', props.paymentId)) return;
  const fields = buildResult(props, result);
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
    timer = setTimeout(() => void deliver(c), step.waitMs);
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
