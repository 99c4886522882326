import { useState } from 'react';
import type { ComponentType } from 'react';
import type { Meta, StoryObj } from '@storybook/react';
import { expect, userEvent, within } from 'storybook/test';
import { HttpError, registerMessages, serverNow } from '@oja/core';
import type { Checkout } from '@oja/core';
import { STORY_SCREEN_PATH, renderCheckout, scenario, textOf } from '@oja/stories/harness';
import type { CheckoutScenario } from '@oja/stories/harness';
import transfer from '@oja/transfer';
import ussd from './index';
import type { UssdCode } from './api';
import { DialCode } from './DialCode';
import { ussdVisit } from './visit';
import { screenMessages } from './screenMessages';
import { GENERATE, GTB_CODE as GTB_PAYMENT_CODE, ISSUERS, ISSUERS_NG, STATUS } from './fixtures';
import { visitOf } from '@oja/core/visit';

// In the page these come with the USSD screen's chunk; the stories of later moments show a part without it.
registerMessages(screenMessages);

/** A code valid 30 minutes, as the sandbox gives it. */
const GTB_CODE = { ...GTB_PAYMENT_CODE, validityPeriodMins: 30 };
const PENDING = () => ({ responseCode: '09' });
/** A call that is still on its way when the story is looked at. */
const never = () => new Promise(() => {});
const offline = () => {
  throw new HttpError('Network error', 'network');
};
/** How long a play function waits for the lazily loaded screen (slow on a busy machine), ms. */
const loaded = { timeout: 8_000 };
/** The payer's number, for the prompt sent to the phone. */
const PHONE = '08031234567';
const GTB = { name: 'Guaranty Trust Bank', cbnCode: '058' };

/** The USSD channel (spec core §2 "USSD"): the banks, the bank rule, the code to dial, the prompt sent to the phone. */
const meta = {
  title: 'Channels/USSD',
  render: renderCheckout,
  parameters: {
    checkout: scenario({
      channels: [ussd, transfer],
      channel: 'ussd',
      path: '/payment/ussd',
      props: {
        paymentChannels: ['CARD', 'TRANSFER', 'USSD'],
        nonCardOptions: [
          { providerCode: 'TRANSFER', enabled: true },
          { providerCode: 'USSD', enabled: true },
        ],
      },
      // ZIB allows card and transfer only: USSD is never offered under it.
      brandings: ['', 'MUL', 'HALO'],
      http: { [ISSUERS_NG]: () => ISSUERS, [GENERATE]: () => GTB_CODE, [STATUS]: PENDING },
    }),
  },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

const ussdText = (locale: unknown, key: string, params?: Record<string, unknown>) => textOf([screenMessages], locale, key, params);

/** Chooses a bank in the dropdown (by CBN code) and presses Continue; '' presses Continue with none. */
async function chooseBank(canvasElement: HTMLElement, locale: unknown, cbnCode: string) {
  const canvas = within(canvasElement);
  const select = await canvas.findByRole('combobox', { name: ussdText(locale, 'ussd.bankLabel') }, loaded);
  if (cbnCode) await userEvent.selectOptions(select, cbnCode);
  await userEvent.click(canvas.getByRole('button', { name: ussdText(locale, 'ussd.continue') }));
}

/** GTBank's code as the screen keeps it, generated `agoMs` before now and valid 30 minutes. */
const gtbCode = (agoMs: number): UssdCode => ({
  bankCode: GTB.cbnCode,
  dialCode: GTB_CODE.bankShortCode,
  validityPeriodMins: 30,
  generatedAt: serverNow() - agoMs,
  pushSent: false,
});

/** The visit as it is once the code's validity is over: GTBank chosen, its code shown to dial. The real screen shows it. */
function codeValidityOver(c: Checkout) {
  const state = visitOf(c.visits, ussdVisit).state;
  state.issuers.status = 'success';
  state.issuers.response = ISSUERS.issuers;
  state.bankCode = GTB.cbnCode;
  state.code.status = 'success';
  state.code.response = gtbCode(30 * 60_000);
  state.stage = 'dial';
}

/** The code screen with status checks failing (the poller's count, not the visit's), shown with fixed props. */
function StatusFailing() {
  const [code] = useState(() => gtbCode(18 * 60_000));
  return <DialCode code={code} bankName={GTB.name} wait={{ deadline: code.generatedAt + 30 * 60_000, failures: 2 }} />;
}

export const LoadingBanks: Story = {
  name: 'Loading the banks',
  parameters: {
    checkout: scenario({ http: { [ISSUERS_NG]: never }, expect: { en: 'Loading the banks…', fr: 'Chargement des banques…' } }),
  },
};

export const BanksFailed: Story = {
  name: 'Banks could not be loaded (Try again)',
  parameters: {
    checkout: scenario({
      http: { [ISSUERS_NG]: offline },
      expect: { en: 'We could not load the list of banks.', fr: "Nous n'avons pas pu charger la liste des banques." },
    }),
  },
};

export const NoBanks: Story = {
  name: 'No bank offers USSD',
  parameters: {
    checkout: scenario({
      http: { [ISSUERS_NG]: () => ({ responseCode: '00', issuers: [] }) },
      expect: { en: 'No bank offers USSD payments at the moment.', fr: 'Aucune banque ne propose le paiement USSD' },
    }),
  },
};

export const BankList: Story = {
  name: 'Bank list',
  parameters: {
    checkout: scenario({ expect: { en: 'Choose your bank', fr: 'Choisissez votre banque' } }),
  },
  play: async ({ canvasElement, globals }) => {
    const select = await within(canvasElement).findByRole('combobox', { name: ussdText(globals.locale, 'ussd.bankLabel') }, loaded);
    await expect([...(select as HTMLSelectElement).options].map((o) => o.value)).toEqual(['', '044', '058', '101']);
  },
};

export const BankNotChosen: Story = {
  name: 'Continue pressed without a bank',
  parameters: {
    checkout: scenario({ expect: { en: 'Select your bank to continue.', fr: 'Sélectionnez votre banque pour continuer.' } }),
  },
  play: async ({ canvasElement, globals }) => {
    await chooseBank(canvasElement, globals.locale, '');
    await expect(await within(canvasElement).findByRole('alert')).toBeTruthy();
  },
};

/** A story of the moment after the payer chose a bank (GTBank unless said) and pressed Continue; `then` goes on from there. */
function afterChoosing(
  name: string,
  s: CheckoutScenario,
  then?: (canvasElement: HTMLElement, locale: unknown) => Promise<void>,
  bank = GTB.cbnCode,
): Story {
  return {
    name,
    parameters: { checkout: scenario(s) },
    play: async ({ canvasElement, globals }) => {
      await chooseBank(canvasElement, globals.locale, bank);
      await then?.(canvasElement, globals.locale);
    },
  };
}

/** A story of the code screen as it is once time has passed, shown with fixed props. */
function later(name: string, screen: ComponentType, expected: CheckoutScenario['expect']): Story {
  return { name, parameters: { checkout: scenario({ screen, screenChannel: ussd, path: STORY_SCREEN_PATH, expect: expected }) } };
}

/** Presses Retry on the prompt screen. */
async function sendAgain(canvasElement: HTMLElement, locale: unknown) {
  await userEvent.click(await within(canvasElement).findByRole('button', { name: ussdText(locale, 'ussd.push.retry') }, loaded));
}

const PROMPT_SENT: CheckoutScenario = { props: { customerMobileNo: PHONE }, http: { [GENERATE]: () => ({ ...GTB_CODE, pushSent: true }) } };

export const Generating = afterChoosing('Generating the code', {
  http: { [GENERATE]: never },
  expect: { en: 'Generating your Guaranty Trust Bank USSD code…', fr: 'Génération de votre code USSD Guaranty Trust Bank…' },
});

export const GenerateFailed = afterChoosing('Generating failed (Try again, Change bank)', {
  http: { [GENERATE]: offline },
  expect: {
    en: 'We could not generate a USSD code for Guaranty Trust Bank.',
    fr: "Nous n'avons pas pu générer de code USSD pour Guaranty Trust Bank.",
  },
});

export const GenerateRefused = afterChoosing('Generating refused for the bank', {
  http: {
    [GENERATE]: () => {
      throw new HttpError('HTTP 400', 'http', 400, { responseCode: '15', responseDescription: 'No such issuer' });
    },
  },
  expect: { en: 'Try again, or choose another bank.', fr: 'Réessayez, ou choisissez une autre banque.' },
});

export const DialTheCode = afterChoosing(
  'Code to dial, waiting for the bank',
  { expect: { en: '*737*000*1234#', fr: 'Composez le code pour payer' } },
  async (canvasElement, locale) => {
    const dial = await within(canvasElement).findByRole('link', { name: ussdText(locale, 'ussd.dial.call', { code: '*737*000*1234#' }) }, loaded);
    await expect(dial.getAttribute('href')).toBe('tel:*737*000*1234%23');
  },
);

export const DialTheDefaultCode = afterChoosing(
  'Code to dial, bank without its own code',
  {
    http: { [GENERATE]: () => ({ responseCode: '00', bankShortCode: '', defaultShortCode: '*322*101*1234#' }) },
    expect: { en: '*322*101*1234#', fr: '*322*101*1234#' },
  },
  undefined,
  '101',
);

export const PromptSent = afterChoosing('Prompt sent to the phone (Retry, USSD push not received?)', {
  ...PROMPT_SENT,
  expect: { en: 'USSD push not received?', fr: 'Demande USSD non reçue ?' },
});

export const PromptSentAgain = afterChoosing(
  'Prompt sent again',
  { ...PROMPT_SENT, expect: { en: 'We have sent the prompt again.', fr: 'Nous avons renvoyé la demande.' } },
  sendAgain,
);

export const PromptNotSentAgain = afterChoosing(
  'Prompt could not be sent again',
  {
    ...PROMPT_SENT,
    props: {},
    // The first prompt goes; sending it again finds the network gone.
    setup: (c) => {
      const post = c.http.post;
      let sent = 0;
      c.http.post = (path, body, opts) =>
        path === '/api/v1/ussd/generate' && sent++ > 0 ? Promise.reject(new HttpError('Network error', 'network')) : post(path, body, opts);
    },
    expect: { en: 'We could not send the prompt again.', fr: "Nous n'avons pas pu renvoyer la demande." },
  },
  sendAgain,
);

export const CodeExpired: Story = {
  name: 'Code no longer valid, still confirming',
  parameters: { checkout: scenario({ setup: codeValidityOver, expect: { en: 'This code is no longer valid.', fr: "Ce code n'est plus valable." } }) },
};

export const ConnectionTrouble = later('Waiting, status checks failing', StatusFailing, {
  en: 'We are having trouble confirming your payment',
  fr: 'Nous avons du mal à confirmer votre paiement',
});

export const CancelDialog: Story = {
  name: 'Cancel dialog (USSD wording)',
  parameters: {
    checkout: scenario({
      setup: (c) => {
        c.state.cancelDialogOpen = true;
      },
      expect: {
        en: 'If you have dialled the code and approved the payment, please do not cancel or click the back button',
        fr: 'Si vous avez composé le code et approuvé le paiement',
      },
    }),
  },
};
