import type { PageEnv } from '@oja/core';
// Its own entry: the primitives' index would bring every primitive into the chunk.
import { loadOutsideScript } from '@oja/core/outside-script';
import type { AuthorizationResult } from './request';
import { GOOGLE_PAY_SCRIPT_PATH, GOOGLE_PAY_SOURCE, SCRIPT_INTEGRITY_SETTING } from './sourceKeys';

/** What the channel calls of Google's client (google.payments.api), and nothing more. */
export interface GooglePaymentsClient {
  isReadyToPay(request: unknown): Promise<{ result: boolean }>;
  createButton(options: {
    onClick: () => void;
    buttonType?: string;
    buttonColor?: string;
    buttonSizeMode?: string;
    buttonLocale?: string;
  }): HTMLElement;
  loadPaymentData(request: unknown): Promise<unknown>;
}

export interface GooglePayApi {
  PaymentsClient: new (options: {
    environment: 'TEST' | 'PRODUCTION';
    paymentDataCallbacks?: { onPaymentAuthorized(data: unknown): Promise<AuthorizationResult> | AuthorizationResult };
  }) => GooglePaymentsClient;
}

/** Where Google's script puts its API. */
interface GoogleGlobal {
  google?: { payments?: { api?: GooglePayApi } };
}

/** Google's script for this page: on the origin the page was given for the source, with its integrity if any. */
export function googlePayScript(env: PageEnv): { src: string; integrity?: string } | null {
  const origin = env.sources?.[GOOGLE_PAY_SOURCE]?.find((s) => /^https?:\/\//.test(s));
  if (!origin) return null;
  return {
    src: new URL(GOOGLE_PAY_SCRIPT_PATH, origin).href,
    integrity: env.channelSettings?.['google-pay']?.[SCRIPT_INTEGRITY_SETTING] || undefined,
  };
}

/**
 * Google's client API: loaded once per page when the Google Pay screen first opens (never with the initial
 * route). Rejects when the page has no origin for it, or the script cannot load or does not define it.
 */
export async function loadGooglePay(env: PageEnv, win: Window = window): Promise<GooglePayApi> {
  const present = (win as unknown as GoogleGlobal).google?.payments?.api;
  if (present) return present;
  const script = googlePayScript(env);
  if (!script) throw new Error('No origin for the Google Pay script');
  await loadOutsideScript(script.src, { integrity: script.integrity, doc: win.document });
  const api = (win as unknown as GoogleGlobal).google?.payments?.api;
  if (!api) throw new Error('The Google Pay script defined no API');
  return api;
}

/** How Google ends loadPaymentData when the payer closes its sheet (its PaymentsError.statusCode). */
export function isCancelled(e: unknown): boolean {
  return (e as { statusCode?: unknown } | null)?.statusCode === 'CANCELED';
}
