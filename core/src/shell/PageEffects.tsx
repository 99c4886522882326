import { useEffect, useRef } from 'react';
import { markHydrated } from './hydration';
import { subscribeKey } from 'valtio/utils';
import { useCheckout } from '../state/checkout';
import { isComplete } from '../codes';
import { embedder, markOnce, postToMerchant } from '../state/messaging';
import { LEAVE_PATH, SESSION_OPENED_PATH } from '../state/actions';
import { loadOnce, whenLoaded } from '../primitives/loadOnce';

/** What happens once there is a result, and the token sign-in (delivery.ts): a lazy part fetched as the shell hydrates. */
const loadDelivery = loadOnce(() => import('./delivery'));
/** How long before fetching that part again when the network failed it, ms. */
const DELIVERY_RETRY_MS = 2_000;

/**
 * The shell's side effects: INITIALIZED on load, completion handling (spec core §4, delivery.ts), the leave-page
 * cancel, the document language and the access-token sign-in.
 */
export function PageEffects() {
  const c = useCheckout();
  const started = useRef(false);

  useEffect(() => {
    const { props, env } = c.state;
    if (started.current) return;
    started.current = true;
    markHydrated('shell');
    // The page opened in a browser: the server keeps its session its full time (a request that never comes back,
    // a short one). A lost beacon costs nothing while the payer moves on: every later page opens it too.
    if (env.session && props.responseCode === '00') navigator.sendBeacon?.(`${SESSION_OPENED_PATH}?${new URLSearchParams({ p: env.session })}`);
    // Once per opening of the checkout (its server session): a reload says nothing more, but the merchant's
    // page that opens the same payment again (the payer closed the overlay, then paid) waits for it.
    if (props.displayMode !== 'REDIRECT' && (!env.session || markOnce('initialized', env.session))) {
      postToMerchant(embedder(), props.siteOrigin, 'INITIALIZED');
    }
  }, [c]);

  useEffect(
    () =>
      whenLoaded(
        loadDelivery,
        (m) => {
          const { props } = c.state;
          if (props.responseCode === '00') void m.signInByToken(c);
          return m.followResult(c);
        },
        DELIVERY_RETRY_MS,
      ),
    [c],
  );

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
