import { useEffect } from 'react';
import { useCheckout } from '@oja/core';
import type { PageEnv, PaymentProps } from '@oja/core';
// Its own entry: the primitives' index would bring every primitive into the card's chunk.
import { loadOutsideScript } from '@oja/core/outside-script';
import { FINGERPRINT_INTEGRITY_SETTING, FINGERPRINT_PATH, FINGERPRINT_SOURCE } from './sourceKeys';

/**
 * The device-fingerprint script of a card payment (companion §7): keyed by the merchant's Cybersource org id, and
 * by its merchant id followed by the payment id as the session. None without both ids, or without the origin.
 */
export function fingerprintScript(props: PaymentProps, env: PageEnv): { src: string; integrity?: string } | null {
  const { cybersourceOrgId: org, cybersourceMerchantId: merchant, paymentId } = props;
  if (!org || !merchant || !paymentId) return null;
  const origin = env.sources?.[FINGERPRINT_SOURCE]?.find((s) => /^https?:\/\//.test(s));
  if (!origin) return null;
  const url = new URL(FINGERPRINT_PATH, origin);
  url.searchParams.set('org_id', org);
  url.searchParams.set('session_id', `${merchant}${paymentId}`);
  return { src: url.href, integrity: env.channelSettings?.card?.[FINGERPRINT_INTEGRITY_SETTING] || undefined };
}

/** Loads the device-fingerprint script once the card screen shows (never with the initial route). */
export function useDeviceFingerprint(): void {
  const c = useCheckout();
  useEffect(() => {
    const script = fingerprintScript(c.state.props, c.state.env);
    // Fraud screening is the acquirer's concern: a script that cannot load stops nothing of the payer's.
    if (script) void loadOutsideScript(script.src, { integrity: script.integrity }).catch(() => undefined);
  }, [c]);
}
