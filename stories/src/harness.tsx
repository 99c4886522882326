import { useState } from 'react';
import type { ComponentType, ReactElement } from 'react';
import type { StoryContext } from '@storybook/react';
import { createI18n, allMessages, coreMessages, defineChannel, I18nContext, registerMessages } from '@oja/core';
import { PageLayout, PageRoot } from '@oja/core/page';
import type {
  BrandingPlugin,
  ChannelPlugin,
  Checkout,
  GatePlugin,
  Locale,
  MessageBundle,
  PageEnv,
  PageView,
  PaymentProps,
  TransactionResponse,
} from '@oja/core';
// The story-safe fixtures: `@oja/testing` brings vitest, which breaks every story in the dev server.
import { CheckoutHarness, fakeHttp, testCheckout } from '@oja/testing/fixtures';
import type { FakeRoute } from '@oja/testing/fixtures';
import transfer from '@oja/transfer';
import brandingDefault from '@oja/branding-default';
import zib from '@oja/branding-zib';
import mul from '@oja/branding-mul';
import halo from '@oja/branding-halo';

/**
 * The one way a story shows the checkout: the real shell (header, footer, cancel button, toast, dialogs) through
 * core's CheckoutHarness, in the language and branding chosen in Storybook's toolbar (globals `locale`,
 * `branding`). A story describes its state with `parameters.checkout` (a CheckoutScenario).
 */

export const STORY_LOCALES: readonly Locale[] = ['en', 'fr'];
/** The acquirers of the installed brandings; '' is the default branding. */
export const STORY_BRANDINGS = ['', 'ZIB', 'MUL', 'HALO'] as const;
export type StoryBranding = (typeof STORY_BRANDINGS)[number];
export const ALL_BRANDINGS: BrandingPlugin[] = [brandingDefault, zib, mul, halo];

/** A state of the checkout, as a story describes it. */
export interface CheckoutScenario {
  /** Route the checkout opens at; default /payment-methods. */
  path?: string;
  /** Payment properties over core's sample ones (acquiredBy comes from the branding global). */
  props?: Partial<PaymentProps>;
  /** Page facts over the sample ones (locale comes from the locale global). */
  env?: Partial<Omit<PageEnv, 'locale'>>;
  /** Start on the result screen with this response. */
  result?: TransactionResponse;
  /** The ongoing channel's id. */
  channel?: string | null;
  /** Installed channels; default the real transfer channel. */
  channels?: ChannelPlugin[];
  /** Installed gates (cashback, escrow): the first pending one shows before the route's screen. Default none. */
  gates?: GatePlugin[];
  /** Answers of the collections API by "METHOD /path", over the harmless defaults (cancel, simulate). */
  http?: Record<string, FakeRoute>;
  /**
   * A component shown inside the shell as the screen of `path` (default /payment/story), for a part of a
   * channel that is reached only after time passes (a wait that ran out), or that a story shows with fixed props
   * (the card PIN pad's digit order, shuffled on the page). `screenChannel` lends it its code, cancel wording and
   * status check, and steps aside for it.
   */
  screen?: ComponentType;
  screenChannel?: ChannelPlugin;
  /** Last touches on the checkout before the first render (open the cancel dialog, show a toast). */
  setup?: (checkout: Checkout, t: (key: string, params?: Record<string, unknown>) => string) => void;
  /** The brandings this state exists under (ZIB's terms page: ZIB only); default all four. */
  brandings?: readonly StoryBranding[];
  /** Text that shows the state has rendered, per language (checked by the story tests). */
  expect?: Partial<Record<Locale, string>>;
  /** The story shows a caught render error on purpose (React logs it). */
  throws?: boolean;
  /**
   * A page outside a payment (core's home, "could not reach the checkout", "briefly unavailable"): HTML the server
   * renders with no script and no payment, so no header, footer or branding. Shown in the pages' frame with these
   * strings, under the default branding only.
   */
  outside?: { content: ComponentType; messages: MessageBundle[] };
  /**
   * A page plugin's hydrated screen (the revenue form, its success page) with the view its server answers: core's
   * PageRoot, as the browser hydrates it; like `outside`, no payment and no branding.
   */
  page?: { screen: ComponentType; view: PageView; messages: MessageBundle[] };
}

/** Identity, for a typed `parameters.checkout`. */
export const scenario = (s: CheckoutScenario): CheckoutScenario => s;

/** The toolbar's branding value to an acquirer ('default' and '' both mean the default branding). */
export function acquirerOf(global: unknown, allowed: readonly StoryBranding[] = STORY_BRANDINGS): StoryBranding {
  const wanted = typeof global === 'string' && global !== 'default' ? global.toUpperCase() : '';
  return (allowed as readonly string[]).includes(wanted) ? (wanted as StoryBranding) : allowed[0];
}

export function localeOf(global: unknown): Locale {
  return global === 'fr' ? 'fr' : 'en';
}

/** Harmless answers every story gets unless it says otherwise. */
const DEFAULT_ROUTES: Record<string, FakeRoute> = {
  'POST /api/v1/pay/customerCancellation': () => ({ responseCode: '00' }),
  'POST /sandbox/simulate': () => ({ ok: true }),
};

/** Channels made for a story's `screen`, one per component, so each gets its own lazy-screen cache entry. */
const screenChannels = new WeakMap<ComponentType, ChannelPlugin>();
let screenChannelCount = 0;
export const STORY_SCREEN_PATH = '/payment/story';

/**
 * A channel whose screen is the story's component. It stands in for the channel lending it (same code, so the
 * acquirers' channel policies treat it alike; same status check and cancel wording), under its own id.
 */
function channelForScreen(screen: ComponentType, lender?: ChannelPlugin): ChannelPlugin {
  let plugin = screenChannels.get(screen);
  if (!plugin) {
    plugin = defineChannel({
      id: `story-screen-${++screenChannelCount}`,
      code: lender?.code ?? 'STORY_SCREEN',
      path: STORY_SCREEN_PATH,
      isAvailable: () => true,
      screen: async () => ({ default: screen }),
      status: lender?.status,
      cancelDialog: lender?.cancelDialog,
      messages: { en: {}, fr: {} },
    });
    // The lender's own strings (its cancel wording), which its stand-in cannot carry under another namespace.
    if (lender) registerMessages(lender.messages);
    screenChannels.set(screen, plugin);
  }
  return plugin;
}

/** Builds the checkout of a scenario in a language and branding. */
export function checkoutFor(s: CheckoutScenario, locale: Locale, branding: StoryBranding): Checkout {
  const stand = s.screen ? channelForScreen(s.screen, s.screenChannel) : undefined;
  const installed = (s.channels ?? [transfer]).filter((c) => c.code !== stand?.code);
  const checkout = testCheckout({
    channels: stand ? [...installed, stand] : installed,
    brandings: ALL_BRANDINGS,
    gates: s.gates,
    props: { acquiredBy: branding, ...s.props },
    env: { ...s.env, locale },
    http: fakeHttp({ ...DEFAULT_ROUTES, ...s.http }),
    result: s.result,
    channel: s.channel,
  });
  if (s.setup) {
    const i18n = createI18n(locale, allMessages(checkout.registry));
    s.setup(checkout, i18n.t);
  }
  return checkout;
}

/**
 * In a story the merchant's return must not take the preview away: the result form (REDIRECT) is logged instead
 * of submitted. Nor is there a checkout server behind a story: the session's beacons (the page opened, a channel
 * started, a leave) are logged instead of sent. Stories only; the shell's own code is untouched.
 */
function keepPreviewHere() {
  if (typeof HTMLFormElement === 'undefined') return;
  const proto = HTMLFormElement.prototype as HTMLFormElement & { __ojaStory?: boolean };
  if (proto.__ojaStory) return;
  proto.__ojaStory = true;
  HTMLFormElement.prototype.submit = function submit(this: HTMLFormElement) {
    console.info(`[story] the result would be POSTed to ${this.action}`);
  };
  if (typeof navigator !== 'undefined' && 'sendBeacon' in navigator) {
    Object.defineProperty(navigator, 'sendBeacon', {
      configurable: true,
      value: (url: string) => {
        console.info(`[story] the checkout server would be told ${url}`);
        return true;
      },
    });
  }
}
keepPreviewHere();

/** A page outside a payment, as the server renders it (core/src/server/renderOutside.tsx): the pages' frame, its strings. */
function StoryOutsidePage({ outside, locale }: { outside: NonNullable<CheckoutScenario['outside']>; locale: Locale }) {
  const [i18n] = useState(() => createI18n(locale, [coreMessages, ...outside.messages]));
  const Content = outside.content;
  return (
    <div data-oja-story="" data-locale={locale} data-branding="default" lang={locale} onSubmit={(e) => e.preventDefault()}>
      <I18nContext.Provider value={i18n}>
        <PageLayout>
          <Content />
        </PageLayout>
      </I18nContext.Provider>
    </div>
  );
}

/** A page plugin's screen as its server answers it and the browser hydrates it (core's PageRoot). */
function StoryPage({ page, locale }: { page: NonNullable<CheckoutScenario['page']>; locale: Locale }) {
  const [i18n] = useState(() => createI18n(locale, [coreMessages, ...page.messages]));
  return (
    <div data-oja-story="" data-locale={locale} data-branding="default" lang={locale} onSubmit={(e) => e.preventDefault()}>
      <PageRoot view={page.view} i18n={i18n} Screen={page.screen} />
    </div>
  );
}

function StoryCheckout({ s, locale, branding }: { s: CheckoutScenario; locale: Locale; branding: StoryBranding }) {
  const [checkout] = useState(() => checkoutFor(s, locale, branding));
  const path = s.path ?? (s.screen ? STORY_SCREEN_PATH : '/payment-methods');
  return (
    <div
      data-oja-story=""
      data-locale={locale}
      data-branding={branding || 'default'}
      lang={locale}
      // The demo panel's forms post to the checkout server, which a story does not have.
      onSubmit={(e) => e.preventDefault()}
    >
      <CheckoutHarness checkout={checkout} path={path} />
    </div>
  );
}

/** The scenario of a story, from its parameters. */
export function scenarioOf(parameters: Record<string, unknown> | undefined): CheckoutScenario {
  return (parameters?.checkout as CheckoutScenario | undefined) ?? {};
}

/** A story's render: its scenario in the toolbar's language and branding, remounted when either changes. */
export function renderCheckout(_args: unknown, context: Pick<StoryContext, 'globals' | 'parameters'>): ReactElement {
  const s = scenarioOf(context.parameters);
  const locale = localeOf(context.globals.locale);
  if (s.outside) return <StoryOutsidePage key={locale} outside={s.outside} locale={locale} />;
  if (s.page) return <StoryPage key={locale} page={s.page} locale={locale} />;
  const branding = acquirerOf(context.globals.branding, s.brandings);
  return <StoryCheckout key={`${locale}:${branding}`} s={s} locale={locale} branding={branding} />;
}

/** A message of a bundle in a locale, for play functions that find controls by their visible names. */
export function textOf(bundles: MessageBundle[], locale: unknown, key: string, params?: Record<string, unknown>): string {
  return createI18n(localeOf(locale), bundles).t(key, params);
}
