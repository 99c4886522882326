import { createContext, useContext } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { BrandingPlugin, ChannelPlugin } from '../plugin';
import type { PageEnv, PaymentProps } from '../props';
import type { Registry } from '../registry';
import type { Http } from '../http';
import { createHttp } from '../http';
import type { Locale } from '../i18n';
import { coreMessages } from '../messages';
import { channelsOf } from '../plan';
import type { PagePlan } from '../plan';
import { CODE_SUCCESS } from '../codes';
import { Visits } from './visit';
import type { GateDecision } from '../gates';

export interface TransactionResponse {
  responseCode: string;
  [field: string]: unknown;
}

export type NotificationKind = 'INFO' | 'ERROR' | 'WARNING';

export interface Notification {
  kind: NotificationKind;
  /** Already translated text; empty means the default message. */
  message: string;
  /** Auto-hide after this many ms; null keeps it until closed. */
  durationMs: number | null;
  id: number;
}

export interface CheckoutState {
  props: PaymentProps;
  env: PageEnv;
  locale: Locale;
  /** Id of the channel the payer is using. */
  channel: string | null;
  /** The completed transaction's response; shows the result screen. */
  result: TransactionResponse | null;
  /** When this page saw the result, on the server's clock, ms (the receipt's date when the API gives none). */
  resultAt: number | null;
  notification: Notification | null;
  cancelDialogOpen: boolean;
  /** A confirmed cancel is under way (its call, then the pause): further confirms do nothing. */
  cancelling: boolean;
  /** The result reached the merchant (form POST or COMPLETED message), or is on its way. */
  delivered: boolean;
  /** Another page of this payment (a tab, an earlier page) sent the result: this one does not. */
  deliveredElsewhere: boolean;
  /** Bumped on retry so a channel's screen starts afresh. */
  attempt: number;
  /** The answer to the merchant's access-token sign-in, for the channel that accepts tokens. */
  tokenSignIn: Record<string, unknown> | null;
  /** What the server fetched for a channel's first screen, by channel id (ChannelPlugin.prefetch). */
  prefetched: Record<string, unknown>;
  /** The gates passed on this page's session, by gate id (kept by the server across reloads). */
  gates: Record<string, GateDecision>;
}

/** What an on-demand status check came to: settled (final code), still pending, failed, or no check is running. */
export type StatusCheckOutcome = 'final' | 'pending' | 'error' | 'none';

/** Everything a screen needs, provided once per page (or per server render). */
export interface Checkout {
  state: CheckoutState;
  registry: Registry;
  /** What this payment's page may show, as the server planned it (PagePlan): read here, never worked out again. */
  plan: PagePlan;
  http: Http;
  /** The checkout server's own paths, on the page's origin (a gate's acceptance); `http` is the collections API's. */
  server: Http;
  /** Set by the router; a no-op during server rendering. */
  navigate(path: string, opts?: { replace?: boolean }): void;
  /**
   * Asks the status of the payment now, through the status polling of the screen shown (useStatusPolling sets it
   * while it polls, clears it when it stops). Not state: a function, so kept off the proxy.
   */
  checkStatusNow?: () => Promise<StatusCheckOutcome>;
  /** The channels' visits: the state of the current attempt at each channel the payer is using (visit.ts). */
  visits: Visits;
  /**
   * Status requests this page made, by channel id: told to the server with the result (its metrics). Not state:
   * nothing renders it, so it stays off the proxy.
   */
  statusPolls: Record<string, number>;
}

export const CheckoutContext = createContext<Checkout | null>(null);
export const ChannelContext = createContext<ChannelPlugin | null>(null);

/** The channel whose screen this is. */
export function useChannel(): ChannelPlugin {
  const p = useContext(ChannelContext);
  if (!p) throw new Error('useChannel outside a channel route');
  return p;
}

export function useCheckout(): Checkout {
  const c = useContext(CheckoutContext);
  if (!c) throw new Error('useCheckout outside <CheckoutProvider>');
  return c;
}

/** A render-safe snapshot of the checkout state. */
export function useCheckoutState() {
  return useSnapshot(useCheckout().state);
}

/**
 * A payment page's checkout, over the plan of its page: the server's (the page data's). The browser never plans a
 * page itself, so planPayment stays off the initial route; tests and stories plan it with the registry they make.
 */
export function createCheckout(props: PaymentProps, env: PageEnv, registry: Registry, plan: PagePlan, http?: Http, server?: Http): Checkout {
  const state = proxy<CheckoutState>({
    props,
    env,
    locale: env.locale,
    channel: null,
    result: null,
    resultAt: null,
    notification: null,
    cancelDialogOpen: false,
    cancelling: false,
    delivered: false,
    deliveredElsewhere: false,
    attempt: 0,
    tokenSignIn: null,
    prefetched: {},
    gates: {},
  });
  const client = http ?? createHttp(env.apiBase);
  return {
    state,
    registry,
    plan,
    http: client,
    server: server ?? createHttp(''),
    navigate: () => {},
    statusPolls: {},
    visits: new Visits({
      props: () => state.props,
      env: () => state.env,
      http: client,
      // Once: a retry fetches afresh. Dropped a turn later, so that a hydrating render and a re-render agree.
      takePrefetched: (channel) => {
        const data = state.prefetched[channel];
        if (data !== undefined) queueMicrotask(() => delete state.prefetched[channel]);
        return data;
      },
    }),
  };
}

/**
 * The strings of every installed owner. With a payment's plan, only those its pages can show: the channels it
 * routes, the branding it shows, and the gates it still has to pass (met, not passed in this session). That is what
 * the server puts in a page's data: a channel or gate the payment never meets costs its pages nothing, however many
 * are installed.
 */
export function allMessages(
  registry: Registry,
  page?: { plan: Pick<PagePlan, 'routed' | 'gates'>; acquiredBy: string; passed?: Readonly<Record<string, GateDecision>> },
) {
  if (!page)
    return [
      coreMessages,
      ...registry.channels.map((c) => c.messages),
      ...registry.brandings.map((b) => b.messages),
      ...registry.gates.map((g) => g.messages),
    ];
  const passed = page.passed ?? {};
  return [
    coreMessages,
    ...channelsOf(registry, page.plan.routed).map((c) => c.messages),
    registry.branding(page.acquiredBy).messages,
    ...page.plan.gates.filter((id) => !passed[id]).flatMap((id) => registry.gate(id)?.messages ?? []),
  ];
}

export function brandingOf(c: Checkout): BrandingPlugin {
  return c.registry.branding(c.state.props.acquiredBy);
}

/**
 * The ongoing channel's own success view (ChannelPlugin.successView) when the result is its success: the shell
 * keeps that channel's screen and delays the return to the merchant by its `deliverAfterMs`.
 */
export function ownSuccessView(c: Checkout): { deliverAfterMs: number } | undefined {
  const { result, channel } = c.state;
  if (result?.responseCode !== CODE_SUCCESS || !channel) return undefined;
  return c.registry.channel(channel)?.successView;
}

/** The channels this payment offers, in the method list's order (the plan's). */
export function availableFor(c: Checkout): ChannelPlugin[] {
  return channelsOf(c.registry, c.plan.available);
}

/** The channels this payment's page routes: the available ones and the steps they continue into (the plan's). */
export function routedFor(c: Checkout): ChannelPlugin[] {
  return channelsOf(c.registry, c.plan.routed);
}

/**
 * Keeps the payment session token (and the chosen language) on every URL the checkout makes. A URL without
 * `lang` speaks the browser's language, so only another one is named.
 */
export function withSession(env: Pick<PageEnv, 'session' | 'browserLocale'>, path: string, locale?: Locale): string {
  const q = new URLSearchParams({ p: env.session });
  if (locale && locale !== (env.browserLocale ?? 'en')) q.set('lang', locale);
  return `${path}?${q}`;
}
