import type { MarketRule } from '@oja/core';
import { specMarkets } from './fixtureMarkets';
import { useState } from 'react';
import { memoryLocation } from 'wouter/memory-location';
import type { BrandingPlugin, ChannelPlugin, GatePlugin, PagePlugin } from '@oja/core';
import type { PageEnv, PaymentProps } from '@oja/core';
import { createRegistry } from '@oja/core';
import { createCheckout, planPayment } from '@oja/core';
import type { Checkout, TransactionResponse } from '@oja/core';
import type { Http, RequestOptions } from '@oja/core';
import { HttpError } from '@oja/core';
import { App } from '@oja/core';
import { defineBranding } from '@oja/core';
import { Visits } from '@oja/core';
import type { CallContext } from '@oja/core';

/*
 * Fixtures that run anywhere, stories included (`@oja/testing/fixtures`). Nothing here, nor anything it
 * imports, may import a test runner: Storybook's dev server pre-bundles what stories import, and vitest in the
 * browser breaks every story. The vitest-bound helpers are in ./index.tsx (`@oja/testing`).
 */

/** Payment properties of a plain NGN payment, for tests and stories. */
export function sampleProps(overrides: Partial<PaymentProps> = {}): PaymentProps {
  return {
    merchantCode: 'MX_DEMO',
    paymentId: '4242001',
    payableCode: 'Default_Payable_MX_DEMO',
    merchantTransactionReference: 'TXN-0001',
    transactionType: 'REGULAR',
    amount: 150000,
    checkoutAmount: 150000,
    surcharge: 0,
    currencyCode: '566',
    countryCode: 'NG',
    passFeeToCustomer: false,
    merchantName: 'Oja Demo Store',
    customerName: 'Ada Obi',
    siteRedirectUrl: 'http://127.0.0.1:4401/return',
    siteOrigin: 'http://127.0.0.1:4401',
    displayMode: 'REDIRECT',
    responseCode: '00',
    acquiredBy: '',
    paymentChannels: ['CARD', 'TRANSFER'],
    nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }],
    ...overrides,
  };
}

export function sampleEnv(overrides: Partial<PageEnv> = {}): PageEnv {
  return { session: 'test-session', locale: 'en', sandbox: false, apiBase: '', screenCss: {}, ...overrides };
}

/** A branding with no looks, for tests that need one. */
export const plainBranding: BrandingPlugin = defineBranding({
  acquirer: '',
  className: 'oja-plain',
  Logo: () => null,
  messages: { en: {}, fr: {} },
});

export type FakeRoute = (body: unknown, opts: RequestOptions | undefined) => unknown;

/**
 * An Http whose answers are functions by "METHOD /path"; a route that throws an HttpError fails the call.
 * Records every call. Like core's client, a call whose signal aborts fails at once with code 'aborted'.
 */
export function fakeHttp(routes: Record<string, FakeRoute>): Http & { calls: Array<{ key: string; body: unknown; opts?: RequestOptions }> } {
  const calls: Array<{ key: string; body: unknown; opts?: RequestOptions }> = [];
  const call = async (key: string, body: unknown, opts?: RequestOptions) => {
    calls.push({ key, body, opts });
    const route = routes[key];
    if (!route) throw new HttpError(`No fake route for ${key}`, 'http', 404);
    const signal = opts?.signal;
    const aborted = () => new HttpError('Request aborted', 'aborted');
    if (signal?.aborted) throw aborted();
    const answer = Promise.resolve(route(body, opts));
    if (!signal) return (await answer) as never;
    return (await new Promise<unknown>((resolve, reject) => {
      signal.addEventListener('abort', () => reject(aborted()), { once: true });
      answer.then(resolve, reject);
    })) as never;
  };
  return {
    calls,
    get: (path, opts) => call(`GET ${path}`, undefined, opts),
    post: (path, body, opts) => call(`POST ${path}`, body, opts),
  };
}

export interface TestCheckoutOptions {
  props?: Partial<PaymentProps>;
  env?: Partial<PageEnv>;
  channels?: ChannelPlugin[];
  brandings?: BrandingPlugin[];
  /** Pages outside a payment in the registry (one may claim the payment's success: PagePlugin.completionPath). */
  pages?: PagePlugin[];
  gates?: GatePlugin[];
  /** The markets (default the spec's, as this repository's oja.config.json gives them). */
  markets?: readonly MarketRule[];
  http?: Http;
  /** The checkout server's own paths (a gate's acceptance); default `http`, so one fake answers both. */
  server?: Http;
  /** Start with this result (shows the result screen). */
  result?: TransactionResponse;
  channel?: string | null;
}

export function testCheckout(o: TestCheckoutOptions = {}): Checkout {
  const registry = createRegistry(o.channels ?? [], o.brandings ?? [plainBranding], {
    pages: o.pages,
    gates: o.gates,
    markets: o.markets ?? specMarkets,
  });
  const props = sampleProps(o.props);
  const http = o.http ?? fakeHttp({});
  const c = createCheckout(props, sampleEnv(o.env), registry, planPayment(registry, props), http, o.server ?? http);
  if (o.result) c.state.result = o.result;
  if (o.channel !== undefined) c.state.channel = o.channel;
  return c;
}

/** The whole checkout at a path, on an in-memory location: for component tests and stories. */
export function CheckoutHarness({ checkout, path = '/payment-methods' }: { checkout: Checkout; path?: string }) {
  const [{ hook, searchHook }] = useState(() => memoryLocation({ path: `${path}?p=${checkout.state.env.session}` }));
  return <App checkout={checkout} locationHook={hook} searchHook={searchHook} />;
}

/** A channel call's context (a status check, a prefetch) outside any page: no visit is open. */
export function callContext(props: PaymentProps, http: Http, signal: AbortSignal = new AbortController().signal): CallContext {
  return { props, http, signal, visits: new Visits() };
}

export * from './fixtureChannels';
export * from './fixtureMarkets';
export * from './fixtureGates';
