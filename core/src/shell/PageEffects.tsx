import { useEffect, useRef } from 'react';
import { markHydrated } from './hydration';
import { subscribeKey } from 'valtio/utils';
import { useCheckout } from '../state/checkout';
import type { Checkout } from '../state/checkout';
import { isComplete } from '../codes';
import { buildResult, completionStep, embedder, markOnce, postToMerchant, submitResultForm } from '../state/completion';
import { go, LEAVE_PATH } from '../state/actions';
import { availableFor, ownSuccessView, withSession } from '../state/checkout';

/** Sends the result to the merchant exactly once per payment. */
export function deliver(c: Checkout): void {
  const { props, result } = c.state;
  if (!result || c.state.delivered) return;
  c.state.delivered = true;
  if (!markOnce('completed', props.paymentId)) return;
  const fields = buildResult(props, result);
  if (props.displayMode === 'REDIRECT') submitResultForm(document, props.siteRedirectUrl, fields);
  else postToMerchant(embedder(), props.siteOrigin, 'COMPLETED', fields);
}

/** Goes to a page of the checkout outside the app (a page plugin's completion path). */
export function openPage(url: string): void {
  location.assign(url);
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

/**
 * The shell's side effects: INITIALIZED on load, completion handling (spec core §4), the leave-page cancel,
 * the document language and the access-token sign-in.
 */
export function PageEffects() {
  const c = useCheckout();
  const started = useRef(false);

  useEffect(() => {
    const { props, env } = c.state;
    if (started.current) return;
    started.current = true;
    markHydrated('shell');
    // Once per opening of the checkout (its server session): a reload says nothing more, but the merchant's
    // page that opens the same payment again (the payer closed the overlay, then paid) waits for it.
    if (props.displayMode !== 'REDIRECT' && (!env.session || markOnce('initialized', env.session))) {
      postToMerchant(embedder(), props.siteOrigin, 'INITIALIZED');
    }
    if (props.responseCode === '00') void signInByToken(c);
  }, [c]);

  useEffect(() => {
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
  }, [c]);

  useEffect(() => {
    const onLeave = () => {
      const { result, delivered, env, props } = c.state;
      if (delivered || isComplete(result?.responseCode) || props.responseCode !== '00') return;
      const q = new URLSearchParams({ p: env.session });
      if (env.pageId) q.set('page', env.pageId);
      navigator.sendBeacon?.(`${LEAVE_PATH}?${q}`);
    };
    addEventListener('pagehide', onLeave);
    return () => removeEventListener('pagehide', onLeave);
  }, [c]);

  useEffect(
    () =>
      subscribeKey(c.state, 'locale', (locale) => {
        document.documentElement.lang = locale;
      }),
    [c],
  );

  return null;
}
