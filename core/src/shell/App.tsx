import { Suspense, useEffect, useMemo, useRef, useState } from 'react';
import type { ComponentType } from 'react';
import { Route, Router, Switch, useLocation } from 'wouter';
import type { BaseLocationHook, BaseSearchHook } from 'wouter';
import { useSnapshot } from 'valtio';
import type { BrandingPlugin, ChannelPlugin, GatePlugin, ScreenLoader } from '../plugin';
import type { PageEnv } from '../props';
import { createI18n, I18nContext, useT } from '../i18n';
import type { I18n } from '../i18n';
import {
  ChannelContext,
  CheckoutContext,
  allMessages,
  availableFor,
  brandingOf,
  routedFor,
  ownSuccessView,
  useCheckout,
  useCheckoutState,
} from '../state/checkout';
import type { Checkout } from '../state/checkout';
import { CHANNEL_STARTED_PATH, METHODS_PATH } from '../state/actions';
import { GateContext } from '../state/gates';
import { pendingGateOf } from '../plan';
import { CODE_ALREADY_PAID, CODE_CANCELLED, CODE_SUCCESS, isComplete } from '../codes';
import { Header } from '../ui/Header';
import { Footer } from '../ui/Footer';
import { MethodList } from '../ui/MethodList';
import { Toast } from '../ui/Toast';
import { ErrorBoundary } from '../ui/ErrorBoundary';
import { body, cancelArea, card, demoArea, muted, page, quietButton } from '../ui/styles';
import { preloadScreen, useLazyScreen } from './lazyScreen';
import { PageEffects } from './PageEffects';
import { preloadStatusCheck } from '../lazyCall';
import { ScreenHydrated } from './hydration';
import { loadOnce, whenLoaded } from '../primitives/loadOnce';
import { ROOT_ID } from '../pageData';

export interface AppProps {
  checkout: Checkout;
  /** Server render: the requested path and query. */
  ssrPath?: string;
  ssrSearch?: string;
  /** http(s) page the payer came from, for Incorrect Transaction's Go Back. */
  referrer?: string;
  /** wouter location hook (memoryLocation in tests and stories); default the browser's. */
  locationHook?: BaseLocationHook;
  searchHook?: BaseSearchHook;
  /**
   * Server render: every installed owner's strings, made once per registry and language and shared by its renders
   * (its own otherwise). Taken only in the checkout's language.
   */
  i18n?: I18n;
}

/** Needed only after the payer acts, so fetched then (with their stylesheets) rather than on the initial route. */
const loadResultScreen = () => import('../ui/ResultScreen').then((m) => ({ default: m.ResultScreen }));
/**
 * The screens of a request the checkout will not take (already paid, incorrect): rare, so lazy parts, off the
 * initial route; the server renders them and the page preloads their module like any first screen.
 */
const loadAlreadyPaid = () => import('../ui/AlreadyPaid').then((m) => ({ default: m.AlreadyPaid as ComponentType }));
const loadIncorrectTransaction = () => import('../ui/IncorrectTransaction').then((m) => ({ default: m.IncorrectTransaction as ComponentType }));
const loadCancelDialog = () => import('../ui/CancelDialog').then((m) => ({ default: m.CancelDialog }));
const LATER_PARTS: Array<[string, ScreenLoader]> = [
  ['core-ResultScreen', loadResultScreen],
  ['core-CancelDialog', loadCancelDialog],
];
/** Sandbox only, so never on the initial route of a real payment. */
const loadDemoPanel = () => import('../ui/DemoPanel').then((m) => ({ default: m.DemoPanel }));

/** The focus after a step within one route (focusAfterStep.ts): a lazy part, needed only once the payer acts. */
const loadFocusAfterStep = loadOnce(() => import('./focusAfterStep'));
/** How long before fetching that part again when the network failed it, ms. */
const FOCUS_PART_RETRY_MS = 2_000;

/**
 * Moves the focus to the screen's heading, unless a control on the page still has it. Answers false while there is no
 * heading yet (a lazy screen still loading).
 */
function focusHeading(scope: ParentNode = document): boolean {
  const active = document.activeElement;
  if (active && active !== document.body && active.isConnected) return true;
  const heading = scope.querySelector<HTMLElement>('[data-oja-screen] h1');
  if (!heading) return false;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return true;
}

/**
 * When a screen change takes the focus away with the element that had it (Pay, a method row), the focus moves to
 * the new screen's heading, so keyboard and screen reader users carry on from there, not from the top. A step
 * within one route ("I have transferred", USSD's Continue) changes no location: there the sign is the control the
 * payer used leaving the page.
 */
function FocusAfterNavigation() {
  const [location] = useLocation();
  // A gate passed changes the screen without a navigation.
  const { result, gates } = useCheckoutState();
  const first = useRef(true);
  useEffect(() => {
    // This shell's own page: once its root is out of the document (a test's next page), its headings are not ours.
    const root = document.getElementById(ROOT_ID) ?? document.body;
    return whenLoaded(loadFocusAfterStep, (m) => m.watchFocusAfterStep(() => root.isConnected && focusHeading(root)), FOCUS_PART_RETRY_MS);
  }, []);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let tries = 0;
    let timer: ReturnType<typeof setTimeout>;
    const move = () => {
      if (!focusHeading() && ++tries < 40) timer = setTimeout(move, 50); // a lazy screen still loading
    };
    timer = setTimeout(move, 0);
    return () => clearTimeout(timer);
  }, [location, result, gates]);
  return null;
}

/** Gives actions the router's navigate. */
function NavigationBridge() {
  const c = useCheckout();
  const [, navigate] = useLocation();
  c.navigate = (to, opts) => navigate(to, opts);
  return null;
}

function Loading() {
  const t = useT();
  return (
    <p className={muted} role="status">
      {t('core.pending.loading')}
    </p>
  );
}

/** A channel's lazily loaded screen, remounted on every attempt. */
function ChannelRoute({ plugin }: { plugin: ChannelPlugin }) {
  const c = useCheckout();
  const { attempt } = useCheckoutState();
  useEffect(() => {
    // A direct visit (link before hydration, reload, back button) makes this the ongoing channel, unless the
    // ongoing one continues into these steps (Google Pay into the card's PIN): its Retry returns to it.
    const ongoing = c.state.channel ? c.registry.channel(c.state.channel) : undefined;
    if (c.state.channel !== plugin.id && !ongoing?.continuesInto?.includes(plugin.id)) c.state.channel = plugin.id;
    // The operators' count of payments started by channel (the server counts a session's channel once).
    const { session } = c.state.env;
    if (session) navigator.sendBeacon?.(`${CHANNEL_STARTED_PATH}?${new URLSearchParams({ p: session, channel: plugin.id })}`);
    // The status calls load with the screen, not at the first status request: that request then leaves on time.
    preloadStatusCheck(plugin.status?.check);
  }, [c, plugin]);
  const Screen = useLazyScreen(plugin.id, plugin.screen!);
  return (
    <ChannelContext.Provider value={plugin}>
      <Suspense fallback={<Loading />}>
        <Screen key={attempt} />
        <ScreenHydrated />
      </Suspense>
    </ChannelContext.Provider>
  );
}

/** The gate the payer meets now, if any (re-rendered when one is passed). */
function usePendingGate(): GatePlugin | undefined {
  const c = useCheckout();
  const { gates } = useCheckoutState();
  return pendingGateOf(c.registry, c.plan, gates);
}

/** A gate's lazily loaded screen, shown before method choice whatever the route (spec companion §2). */
function GateRoute({ gate }: { gate: GatePlugin }) {
  const Screen = useLazyScreen(`gate-${gate.id}`, gate.screen);
  return (
    <GateContext.Provider value={gate}>
      <Suspense fallback={<Loading />}>
        <Screen key={gate.id} />
        <ScreenHydrated />
      </Suspense>
    </GateContext.Provider>
  );
}

function Routes({ referrer }: { referrer?: string }) {
  const c = useCheckout();
  const { props, result } = useCheckoutState();
  if (props.responseCode === CODE_ALREADY_PAID) return <RefusedRequest name="core-AlreadyPaid" loader={loadAlreadyPaid} referrer={referrer} />;
  if (props.responseCode !== CODE_SUCCESS) {
    return <RefusedRequest name="core-IncorrectTransaction" loader={loadIncorrectTransaction} referrer={referrer} />;
  }
  // A channel that shows its own success (MoMo's "Payment Successful!") keeps its screen for it.
  if (result && !ownSuccessView(c)) return <Result />;
  return <RouteSwitch />;
}

function RefusedRequest({ name, loader, referrer }: { name: string; loader: ScreenLoader; referrer?: string }) {
  const Screen = useLazyScreen(name, loader) as ComponentType<{ referrer?: string }>;
  return (
    <Suspense fallback={<Loading />}>
      <Screen referrer={referrer} />
      <ScreenHydrated />
    </Suspense>
  );
}

function Result() {
  const ResultScreen = useLazyScreen('core-ResultScreen', loadResultScreen);
  return (
    <Suspense fallback={<Loading />}>
      <ResultScreen />
      <ScreenHydrated />
    </Suspense>
  );
}

/** A branding's own page (ZIB's terms of use). */
function BrandingRoute({ branding, screen }: { branding: BrandingPlugin; screen: ScreenLoader }) {
  const Screen = useLazyScreen(`branding-${(branding.acquirer || 'default').toLowerCase()}`, screen);
  return (
    <Suspense fallback={<Loading />}>
      <Screen />
      <ScreenHydrated />
    </Suspense>
  );
}

/** The method list is shown again (the back button): the channels' visits end, as with "Change payment method". */
function EndVisits() {
  const c = useCheckout();
  useEffect(() => c.visits.endAll(), [c]);
  return null;
}

function RouteSwitch() {
  const c = useCheckout();
  const available = availableFor(c);
  const branding = brandingOf(c);
  const gate = usePendingGate();
  // A branding's own page (terms of use) stays reachable, gate or not.
  const brandingRoutes = branding.routes?.map((r) => (
    <Route key={r.path} path={r.path}>
      <BrandingRoute branding={branding} screen={r.screen} />
    </Route>
  ));
  if (gate) {
    // Before the method list and any channel (an auto-opened one included): the URL stays, and its screen shows
    // once the gates are passed.
    return (
      <Switch>
        {brandingRoutes}
        <Route>
          <GateRoute gate={gate} />
        </Route>
      </Switch>
    );
  }
  const methods = (
    <>
      <MethodList channels={available} />
      <EndVisits />
      <ScreenHydrated />
    </>
  );
  return (
    <Switch>
      <Route path={METHODS_PATH}>{methods}</Route>
      {routedFor(c)
        .filter((p) => p.screen)
        .map((p) => (
          <Route key={p.id} path={p.path} nest>
            <ChannelRoute plugin={p} />
          </Route>
        ))}
      {brandingRoutes}
      <Route>{methods}</Route>
    </Switch>
  );
}

function CancelButton() {
  const t = useT();
  const c = useCheckout();
  const { props, result, delivered } = useCheckoutState();
  // Hidden once complete (paid, in progress or expired: spec core §4) and once cancelled: nothing is left to cancel.
  const done = result && (isComplete(result.responseCode) || result.responseCode === CODE_CANCELLED);
  if (props.responseCode !== CODE_SUCCESS || done || delivered) return null;
  return (
    <button
      type="button"
      className={quietButton}
      data-testid="cancel-payment"
      onClick={() => {
        c.state.cancelDialogOpen = true;
      }}
    >
      {props.isBulkPayment ? t('core.cancel.buttonBulk') : t('core.cancel.button', { merchant: props.merchantName })}
    </button>
  );
}

/** A lazily loaded part, fetched only once it is rendered; clientOnly parts wait for hydration. */
function LazyPart({ name, loader, clientOnly = false }: { name: string; loader: ScreenLoader; clientOnly?: boolean }) {
  const [mounted, setMounted] = useState(!clientOnly);
  useEffect(() => setMounted(true), []);
  return mounted ? <LazyPartNow name={name} loader={loader} /> : null;
}

function LazyPartNow({ name, loader }: { name: string; loader: ScreenLoader }) {
  const Part = useLazyScreen(name, loader);
  return (
    <Suspense fallback={null}>
      <Part />
    </Suspense>
  );
}

/**
 * Once the page is idle after hydration, fetches the parts a payer's tap or a completion will need: a result or
 * the cancel dialog must never wait on the network (it may be gone by then), nor shorten the 2 s a result shows.
 */
function usePrefetchLaterParts(env: PageEnv) {
  useEffect(() => {
    const whenIdle = window.requestIdleCallback ?? ((run: () => void) => setTimeout(run, 1));
    whenIdle(() => {
      for (const [key, loader] of LATER_PARTS) void preloadScreen(key, loader, env).catch(() => undefined);
    });
  }, [env]);
}

function Shell({ referrer }: { referrer?: string }) {
  const c = useCheckout();
  const { env, props, cancelDialogOpen, result } = useCheckoutState();
  const branding = brandingOf(c);
  const gate = usePendingGate();
  usePrefetchLaterParts(c.state.env);
  // INLINE: the page is the merchant's dialog (styles.page): the demo settings go inside the card, at its foot, never
  // on the merchant's scrim around it.
  const embedded = props.displayMode === 'INLINE';
  const demo = env.sandbox && (
    /* In the page's flow, its height kept from the server render so that the button's arrival moves nothing. */
    <div className={demoArea}>
      <LazyPart name="core-DemoPanel" loader={loadDemoPanel} clientOnly />
    </div>
  );
  return (
    <div className={`${page} ${branding.className}${embedded ? ' oja-embedded' : ''}`} data-sandbox={env.sandbox}>
      {!embedded && demo}
      <main className={card}>
        {!(gate?.hidesHeader && !result) && <Header />}
        <div className={body} data-oja-screen="">
          <ErrorBoundary>
            <Routes referrer={referrer} />
          </ErrorBoundary>
          <div className={cancelArea}>
            <CancelButton />
          </div>
        </div>
        <Footer />
        {embedded && demo}
      </main>
      <Toast />
      {cancelDialogOpen && <LazyPart name="core-CancelDialog" loader={loadCancelDialog} />}
      <PageEffects />
    </div>
  );
}

/** The whole checkout page: providers, router and shell. Rendered on the server and hydrated in the browser. */
export function App({ checkout, ssrPath, ssrSearch, referrer, locationHook, searchHook, i18n: shared }: AppProps) {
  const { locale } = useSnapshot(checkout.state);
  const i18n = useMemo(() => (shared?.locale === locale ? shared : createI18n(locale, allMessages(checkout.registry))), [checkout, locale, shared]);
  // The page goes (or a test unmounts it): every visit's calls stop.
  useEffect(() => () => checkout.visits.endAll(), [checkout]);
  useEffect(() => {
    document.title = i18n.t('core.title');
  }, [i18n]);
  return (
    <CheckoutContext.Provider value={checkout}>
      <I18nContext.Provider value={i18n}>
        <Router ssrPath={ssrPath} ssrSearch={ssrSearch} hook={locationHook} searchHook={searchHook}>
          <NavigationBridge />
          <FocusAfterNavigation />
          <ErrorBoundary>
            <Shell referrer={referrer} />
          </ErrorBoundary>
        </Router>
      </I18nContext.Provider>
    </CheckoutContext.Provider>
  );
}
