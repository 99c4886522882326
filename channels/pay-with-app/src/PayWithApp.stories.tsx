import { useState } from 'react';
import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import { userEvent, within } from 'storybook/test';
import { HttpError, registerMessages, serverNow, useCheckout } from '@oja/core';
import type { Visit } from '@oja/core';
import { STORY_SCREEN_PATH, renderCheckout, scenario, textOf } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import payWithApp from './index';
import { parseCode } from './api';
import { pwaVisit } from './visit';
import type { PwaState } from './state';
import { DeepLink } from './DeepLink';
import { FiveDigitCode } from './FiveDigitCode';
import { TransactionStatus } from './TransactionStatus';
import { DEFAULT_TOKEN_PATH, GENERATE_PATH, STATUS_PATH } from './constants';
import { screenMessages } from './screenMessages';
import { visitOf } from '@oja/core/visit';

// In the page these come with the screen's chunk; the stories of a later state render its parts directly.
registerMessages(screenMessages);

const TOKEN = `POST ${DEFAULT_TOKEN_PATH}`;
const GENERATE = `POST ${GENERATE_PATH}`;
const STATUS = `GET ${STATUS_PATH}`;
const CODE_ANSWER = {
  responseCode: '00',
  reference: '48213',
  deepLinks: {
    OJA: 'https://bank.example/oja/pay?ref=48213',
    LAGOS: 'lagosbank://pay?ref=48213',
    SAVANNA: 'https://bank.example/savanna/pay?ref=48213',
  },
  institutions: [
    { code: 'OJA', name: 'Oja Microfinance Bank' },
    { code: 'LAGOS', name: 'Lagos Demo Bank' },
    { code: 'SAVANNA', name: 'Savanna Test Bank' },
  ],
};
const ANSWERS = {
  [TOKEN]: () => ({ access_token: 'story-token-0123456789', token_type: 'bearer', expires_in: 3600 }),
  [GENERATE]: () => CODE_ANSWER,
  [STATUS]: () => ({ responseCode: '09' }),
};
/**
 * The merchant offers the channel, and the checkout has its client settings. ZIB allows only the card and the
 * transfer (spec core §5), so the channel exists under the other brandings only.
 */
const BASE: CheckoutScenario = {
  brandings: ['', 'MUL', 'HALO'],
  channels: [payWithApp],
  props: { nonCardOptions: [{ providerCode: 'PAY_WITH_APP', enabled: true }], paymentChannels: ['CARD', 'PAY_WITH_APP'] },
  env: { channelSettings: { 'pay-with-app': { clientId: 'story-client', clientSecret: 'story-secret' } } },
  http: ANSWERS,
};
const at = (page: string) => `${payWithApp.path}${page}`;

/** The pay-with-app channel (spec core §2 "Pay with App"): starting, its failures, each page and its timeouts. */
const meta = {
  title: 'Channels/Pay with App',
  render: renderCheckout,
  parameters: { checkout: scenario({ brandings: BASE.brandings }) },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/**
 * A page of the section as it is once time has passed: the channel's visit (token and code in hand) set up by
 * `setup`, so the status page's requests carry the token as on the page.
 */
function laterState(Page: ComponentType<{ state: PwaState; visit: Visit<PwaState> }>, setup: (s: PwaState) => void) {
  return function LaterStateStory() {
    const c = useCheckout();
    const visit = visitOf(c.visits, pwaVisit);
    const [state] = useState(() => {
      const s = visit.state;
      s.start.status = 'success';
      s.start.response = { token: 'story-token-0123456789', code: parseCode(CODE_ANSWER) };
      s.device = 'mobile';
      s.codeDeadline = serverNow() + 10 * 60_000;
      setup(s);
      return s;
    });
    return <Page state={state} visit={visit} />;
  };
}
const over = (s: PwaState) => {
  s.codeDeadline = serverNow() - 1;
};
const CodeExpiredPage = laterState((p) => <FiveDigitCode {...p} device="web" />, over);
const LinkExpiredPage = laterState(DeepLink, over);
const StatusTimedOutPage = laterState(TransactionStatus, (s) => {
  s.statusDeadline = serverNow() - 1;
});
const later = (screen: ComponentType, expect: CheckoutScenario['expect']) =>
  scenario({ ...BASE, screen, screenChannel: payWithApp, path: STORY_SCREEN_PATH, expect });

export const Starting: Story = {
  name: 'Starting (token and institutions)',
  parameters: {
    checkout: scenario({
      ...BASE,
      path: payWithApp.path,
      http: { ...ANSWERS, [GENERATE]: () => new Promise(() => {}) },
      expect: { en: 'Getting your Pay with App code', fr: 'Obtention de votre code de paiement' },
    }),
  },
};

export const StartFailed: Story = {
  name: 'Starting failed (Try again)',
  parameters: {
    checkout: scenario({
      ...BASE,
      path: payWithApp.path,
      http: {
        ...ANSWERS,
        [TOKEN]: () => {
          throw new HttpError('Network error', 'network');
        },
      },
      expect: { en: 'We could not start Pay with App.', fr: "Nous n'avons pas pu démarrer le paiement par application." },
    }),
  },
};

export const NotConfigured: Story = {
  name: 'Not set up (no client settings)',
  parameters: {
    checkout: scenario({
      ...BASE,
      path: payWithApp.path,
      env: { channelSettings: {} },
      expect: { en: 'Pay with App is not set up for this checkout yet.', fr: "Le paiement par application n'est pas encore configuré" },
    }),
  },
};

export const DeepLinks: Story = {
  name: 'Deep links (phone), Confirm transaction unavailable until an app is launched',
  parameters: {
    checkout: scenario({
      ...BASE,
      path: at('/deeplink/mobile'),
      expect: {
        en: 'Launch your bank app, or enter the code manually, and approve the payment first.',
        fr: "Ouvrez d'abord l'application de votre banque, ou saisissez le code manuellement, et approuvez le paiement.",
      },
    }),
  },
};

const LaunchedPage = laterState(DeepLink, (s) => {
  s.approvalStarted = true;
});

export const DeepLinkLaunched: Story = {
  name: 'Deep links, an app launched (Confirm transaction live)',
  parameters: { checkout: later(LaunchedPage, { en: 'Confirm transaction', fr: 'Confirmer la transaction' }) },
};

export const DeepLinkChosen: Story = {
  name: 'Deep links, a bank chosen (Launch app)',
  parameters: {
    checkout: scenario({ ...BASE, path: at('/deeplink/mobile'), expect: { en: 'Launch app', fr: "Ouvrir l'application" } }),
  },
  play: async ({ canvasElement, globals }) => {
    const label = textOf([screenMessages], globals.locale, 'pay-with-app.deepLink.bank');
    const select = await within(canvasElement).findByRole('combobox', { name: label }, { timeout: 8_000 });
    await userEvent.selectOptions(select, 'LAGOS');
  },
};

export const FiveDigitCodeWeb: Story = {
  name: 'Five-digit code (web)',
  parameters: {
    checkout: scenario({ ...BASE, path: at('/five-digit-code/web'), expect: { en: '48213', fr: 'Votre code à cinq chiffres' } }),
  },
};

export const FiveDigitCodeMobile: Story = {
  name: 'Five-digit code (phone, Go back)',
  parameters: {
    checkout: scenario({ ...BASE, path: at('/five-digit-code/mobile'), expect: { en: 'Go back', fr: 'Retour' } }),
  },
};

export const EligibleBanks: Story = {
  name: 'Five-digit code, eligible banks open',
  parameters: {
    checkout: scenario({ ...BASE, path: at('/five-digit-code/web'), expect: { en: 'Eligible banks', fr: 'Banques éligibles' } }),
  },
  play: async ({ canvasElement, globals }) => {
    const name = textOf([screenMessages], globals.locale, 'pay-with-app.code.eligible');
    await userEvent.click(await within(canvasElement).findByRole('button', { name }, { timeout: 8_000 }));
  },
};

export const CodeExpired: Story = {
  name: 'Code no longer valid',
  parameters: { checkout: later(CodeExpiredPage, { en: 'The code is not longer valid', fr: "Le code n'est plus valide" }) },
};

export const LinkExpired: Story = {
  name: 'Link no longer valid (TimeOut)',
  parameters: { checkout: later(LinkExpiredPage, { en: 'The link is not longer valid. TimeOut', fr: "Le lien n'est plus valide. Délai dépassé" }) },
};

export const StatusWaiting: Story = {
  name: 'Confirming the transaction',
  parameters: {
    checkout: scenario({
      ...BASE,
      path: at('/transaction-status'),
      expect: { en: 'Please hold on while we confirm your transaction', fr: 'Veuillez patienter pendant que nous confirmons votre transaction' },
    }),
  },
};

export const StatusTimedOut: Story = {
  name: 'Not confirmed in time (Wait additional 5 Minutes)',
  parameters: { checkout: later(StatusTimedOutPage, { en: 'Wait additional 5 Minutes', fr: 'Attendre 5 minutes de plus' }) },
};

export const Declined: Story = {
  name: 'Declined in the bank app',
  parameters: {
    checkout: scenario({
      ...BASE,
      path: at('/transaction-status'),
      channel: payWithApp.id,
      result: { responseCode: '05' },
      expect: { en: 'Payment Failed', fr: 'Échec du paiement' },
    }),
  },
};
