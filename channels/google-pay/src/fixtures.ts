/**
 * What tests and stories give the Google Pay screen: a payment offering Google Pay, Google's answers, and a fake of
 * Google's client on `window` that records what the page asks of it (no script, no network).
 */
import type { PaymentProps } from '@oja/core';
import type { GooglePayApi } from './client';

/** The merchant's GOOGLE_PAY option, with its gateway data (companion §3). */
export const GOOGLE_PAY_INFO = {
  gateway: 'ojasandbox',
  gatewayMerchantId: 'MX_DEMO',
  allowedCardNetworks: ['MASTERCARD', 'VISA'],
  environment: 'TEST',
};
export const GOOGLE_PAY_OFFERED: Partial<PaymentProps> = {
  paymentChannels: ['GOOGLE_PAY'],
  nonCardOptions: [{ providerCode: 'GOOGLE_PAY', enabled: true, additionalInformation: GOOGLE_PAY_INFO }],
};
/** A payment token as Google hands it over for gateway tokenization. */
export const GOOGLE_PAY_TOKEN = '{"protocolVersion":"ECv2","signature":"sandbox","signedMessage":"{}"}';

/** Google's answer for a card (its PaymentData). */
export const cardData = (last4 = '1111', network = 'VISA', token = GOOGLE_PAY_TOKEN) => ({
  apiVersion: 2,
  apiVersionMinor: 0,
  paymentMethodData: {
    type: 'CARD',
    description: `${network} •••• ${last4}`,
    info: { cardNetwork: network, cardDetails: last4 },
    tokenizationData: { type: 'PAYMENT_GATEWAY', token },
  },
});

export interface FakeGoogle {
  /** Google's answer to "can this payer pay": yes (default), no, a refusal, or none yet. */
  ready?: boolean | 'reject' | 'never';
  /** What the sheet answers: a card's data (default Visa 1111), or a failure (Google's `{ statusCode }`). */
  sheet?: () => Promise<unknown>;
}

/** What the page asked of the fake. */
export interface GoogleSeen {
  environments: string[];
  readyRequests: unknown[];
  dataRequests: unknown[];
  /** The page's refusals of an answer (its authorization callback's ERROR results). */
  refusals: unknown[];
  buttons: Array<{ buttonLocale?: string }>;
}

/** A fake of google.payments.api: a refused answer closes the sheet as the payer would (CANCELED). */
export function fakeGoogleApi(o: FakeGoogle = {}, seen: GoogleSeen = newSeen()): GooglePayApi {
  class PaymentsClient {
    private readonly authorize?: (d: unknown) => unknown;
    constructor(options: { environment: string; paymentDataCallbacks?: { onPaymentAuthorized(d: unknown): unknown } }) {
      seen.environments.push(options.environment);
      this.authorize = options.paymentDataCallbacks?.onPaymentAuthorized;
    }
    isReadyToPay(request: unknown) {
      seen.readyRequests.push(request);
      if (o.ready === 'never') return new Promise<{ result: boolean }>(() => {});
      return o.ready === 'reject' ? Promise.reject({ statusCode: 'DEVELOPER_ERROR' }) : Promise.resolve({ result: o.ready ?? true });
    }
    createButton(options: { onClick(): void; buttonLocale?: string }) {
      seen.buttons.push(options);
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = 'Google Pay';
      b.addEventListener('click', () => options.onClick());
      return b;
    }
    async loadPaymentData(request: unknown) {
      seen.dataRequests.push(request);
      const data = await (o.sheet ?? (() => Promise.resolve(cardData())))();
      const result = (await this.authorize?.(data)) as { transactionState: string } | undefined;
      if (result?.transactionState === 'ERROR') {
        seen.refusals.push(result);
        throw { statusCode: 'CANCELED' };
      }
      return data;
    }
  }
  return { PaymentsClient } as unknown as GooglePayApi;
}

function newSeen(): GoogleSeen {
  return { environments: [], readyRequests: [], dataRequests: [], refusals: [], buttons: [] };
}

/** Puts the fake where Google's script puts its API; `removeFakeGoogle` takes it away (a script that never loaded). */
export function installFakeGoogle(o: FakeGoogle = {}): GoogleSeen {
  const seen = newSeen();
  (window as unknown as { google: unknown }).google = { payments: { api: fakeGoogleApi(o, seen) } };
  return seen;
}

export function removeFakeGoogle(): void {
  delete (window as unknown as { google?: unknown }).google;
}
