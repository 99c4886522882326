import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { CheckoutHarness, click, pass, testCheckout } from '@oja/testing';
import type { TestCheckoutOptions } from '@oja/testing';
import { defineChannel } from '../plugin';
import { cardFixture, transferFixture } from '@oja/testing';
// Loaded on demand by the shell; loaded here first so they render within a fake-timer tick.
import '../ui/ResultScreen';
import '../ui/CancelDialog';
import '../ui/IncorrectTransaction';
import '../ui/AlreadyPaid';
import './focusAfterStep';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
});

const offersTransfer = { paymentChannels: ['CARD', 'TRANSFER'], nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }] };

async function renderApp(o: TestCheckoutOptions = {}, path?: string) {
  const c = testCheckout({ channels: [cardFixture, transferFixture], ...o, props: { ...offersTransfer, ...o.props } });
  render(<CheckoutHarness checkout={c} path={path} />);
  await pass();
  return c;
}

/** English strings the tests below look for; none may show on a French page. */
const ENGLISH = [
  'You are paying',
  'Choose a payment method',
  'Cancel payment and return to Oja Demo Store',
  'Pay with Card',
  'Pay with Transfer',
  'powered by',
  'Payment Failed',
  'Transaction Failed',
  'Retry payment',
  'or select an alternative payment method',
  'Insufficient funds',
  'Cancel Payment?',
  'Are you sure you want to cancel this payment?',
  'Close',
  'Incorrect Transaction',
  'Go Back',
];
const expectNoEnglish = () => {
  const text = document.body.textContent ?? '';
  for (const s of ENGLISH) expect(text, s).not.toContain(s);
};

describe('App', () => {
  it('titles the document', async () => {
    await renderApp();
    expect(document.title).toBe('Checkout');
  });

  it('shows the method list at /payment-methods and at an unknown path', async () => {
    await renderApp();
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeTruthy();
    cleanup();
    await renderApp({}, '/nowhere');
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeTruthy();
  });

  it("opens a channel's screen at its path and makes it the ongoing channel", async () => {
    const c = await renderApp({}, '/payment/transfer');
    expect(screen.getByText('Transfer screen')).toBeTruthy();
    expect(c.state.channel).toBe('transfer');
  });

  it('does not open a channel this payment may not use', async () => {
    await renderApp({ props: { paymentChannels: ['CARD'], nonCardOptions: [] } }, '/payment/transfer');
    expect(screen.queryByText('Transfer screen')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeTruthy();
  });

  it('routes the steps an available channel continues into, and keeps that channel the ongoing one there', async () => {
    const lender = defineChannel({ ...transferFixture, continuesInto: ['card'] });
    // Typed cards are not offered: the card's route exists only for the lender's payments.
    const props = { paymentChannels: ['TRANSFER'], nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }] };
    const c = await renderApp({ channels: [cardFixture, lender], props, channel: 'transfer' }, '/payment/card');
    expect(screen.getByText('Card screen')).toBeTruthy();
    expect(c.state.channel).toBe('transfer');
    expect(screen.queryByRole('link', { name: /Pay with Card/ })).toBeNull();
    cleanup();
    const direct = await renderApp({ channels: [cardFixture, lender], props }, '/payment/card');
    expect(direct.state.channel).toBe('card');
  });

  it('says it is loading while a channel screen loads', async () => {
    const slow = defineChannel({
      id: 'slow',
      code: 'SLOW',
      path: '/payment/slow',
      isAvailable: () => true,
      screen: () => new Promise((resolve) => setTimeout(() => resolve({ default: () => <p>Slow screen</p> }), 1_000)),
      messages: { en: {}, fr: {} },
    });
    await renderApp({ channels: [cardFixture, slow] }, '/payment/slow');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await pass(1_000);
    expect(screen.getByText('Slow screen')).toBeTruthy();
  });

  it('shows the error boundary message when a screen fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = defineChannel({
      id: 'broken',
      code: 'BROKEN',
      path: '/payment/broken',
      isAvailable: () => true,
      screen: async () => ({
        default: () => {
          throw new Error('render failure');
        },
      }),
      messages: { en: {}, fr: {} },
    });
    await renderApp({ channels: [cardFixture, broken] }, '/payment/broken');
    expect(screen.getByRole('alert').textContent).toBe('Oops, something went wrong. Please contact support');
    // The shell around it stays: the payer can still cancel.
    expect(screen.getByTestId('cancel-payment')).toBeTruthy();
  });
});

describe('the cancel link', () => {
  it.each(['00', '09', 'XS1', 'Z6'])('is gone once the result is %s: complete or cancelled, nothing is left to cancel', async (code) => {
    const c = await renderApp({});
    expect(screen.getByTestId('cancel-payment')).toBeTruthy();
    c.state.result = { responseCode: code };
    await pass();
    expect(screen.queryByTestId('cancel-payment')).toBeNull();
  });

  it('stays on a failure, which the payer may retry or leave', async () => {
    const c = await renderApp({});
    c.state.result = { responseCode: '51' };
    await pass();
    expect(screen.getByTestId('cancel-payment')).toBeTruthy();
  });
});

describe('a channel that shows its own success (ChannelPlugin.successView)', () => {
  const own = defineChannel({
    id: 'own-success',
    code: 'OWN_SUCCESS',
    path: '/payment/own-success',
    isAvailable: () => true,
    screen: async () => ({ default: () => <h1>Own screen</h1> }),
    successView: { deliverAfterMs: 5_000 },
    messages: { en: {}, fr: {} },
  });
  const submitted = () => vi.mocked(HTMLFormElement.prototype.submit).mock.calls.length;

  it("keeps the channel's screen for its 00 and returns it to the merchant once, 5 s later", async () => {
    const c = await renderApp({ channels: [cardFixture, own] }, '/payment/own-success');
    await pass();
    c.state.result = { responseCode: '00' };
    await pass();
    expect(screen.getByText('Own screen')).toBeTruthy();
    expect(screen.queryByText('Payment Successful')).toBeNull();
    await pass(4_999);
    expect(submitted()).toBe(0);
    await pass(1);
    expect(submitted()).toBe(1);
  });

  it("shows core's result screen for every other result, on core's timing", async () => {
    const c = await renderApp({ channels: [cardFixture, own] }, '/payment/own-success');
    await pass();
    c.state.result = { responseCode: 'Z6' };
    await pass();
    expect(screen.queryByText('Own screen')).toBeNull();
    expect(screen.getByText('Payment Cancelled')).toBeTruthy();
    await pass(2_000);
    expect(submitted()).toBe(1);
  });
});

describe('App in French', () => {
  it('renders the method list and shell in French', async () => {
    await renderApp({ env: { locale: 'fr' } });
    expect(document.title).toBe('Paiement');
    expect(screen.getByText('Vous payez')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Choisissez un moyen de paiement' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Payer par carte/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Payer par virement/ })).toBeTruthy();
    expect(screen.getByTestId('cancel-payment').textContent).toBe('Annuler le paiement et revenir à Oja Demo Store');
    expect(screen.getByText(/propulsé par/)).toBeTruthy();
    expectNoEnglish();
  });

  it('renders the failure view in French', async () => {
    await renderApp({ env: { locale: 'fr' }, channel: 'card', result: { responseCode: '51' } });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Échec du paiement');
    expect(screen.getByTestId('failure-title').textContent).toBe('Échec de la transaction');
    expect(screen.getByText('Fonds insuffisants. Utilisez une autre carte ou essayez un autre moyen de paiement')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Réessayer le paiement' })).toBeTruthy();
    expect(screen.getByText('ou choisissez un autre moyen de paiement')).toBeTruthy();
    expectNoEnglish();
  });

  it('renders the success message in French', async () => {
    await renderApp({ env: { locale: 'fr' }, result: { responseCode: '00' } });
    expect(screen.getByText('Paiement réussi')).toBeTruthy();
    expect(screen.getByText('Vous allez être redirigé vers Oja Demo Store. Veuillez ne pas fermer cette page.')).toBeTruthy();
  });

  it('renders the cancel dialog in French', async () => {
    await renderApp({ env: { locale: 'fr' } });
    await click(screen.getByTestId('cancel-payment'));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('Annuler le paiement ?');
    expect(dialog.textContent).toContain('Voulez-vous vraiment annuler ce paiement ?');
    expect(screen.getAllByRole('button', { name: 'Fermer' }).length).toBeGreaterThan(0);
    expectNoEnglish();
  });

  it('renders the Incorrect Transaction screen in French', async () => {
    await renderApp({ env: { locale: 'fr' }, props: { responseCode: 'Z1' } });
    expect(screen.getByRole('heading', { name: 'Transaction incorrecte' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retour' })).toBeTruthy();
    expectNoEnglish();
  });

  it('uses "Annuler le paiement" for a bulk payment', async () => {
    await renderApp({ env: { locale: 'fr' }, props: { isBulkPayment: true } });
    expect(screen.getByTestId('cancel-payment').textContent).toBe('Annuler le paiement');
  });
});

/** A channel screen with two steps in one route: a button, then the next step's heading in its place. */
function TwoSteps() {
  const [step, setStep] = useState(1);
  return step === 1 ? (
    <button type="button" onClick={() => setStep(2)}>
      I have transferred
    </button>
  ) : (
    <h1>Confirming your transfer</h1>
  );
}

describe('focus after a screen change', () => {
  const headed = defineChannel({
    ...transferFixture,
    id: 'headed-transfer',
    messages: { en: { 'headed-transfer': transferFixture.messages.en.transfer }, fr: { 'headed-transfer': transferFixture.messages.fr.transfer } },
    row: { ...transferFixture.row!, title: 'headed-transfer.row.title', description: 'headed-transfer.row.description' },
    screen: async () => ({ default: () => <h1>Transfer to this account</h1> }),
  });

  it('moves to the new screen heading when the focused control went away with the old screen', async () => {
    await renderApp({ channels: [cardFixture, headed] });
    const row = screen.getByRole('link', { name: /Pay with Transfer/ });
    row.focus();
    await click(row);
    await pass(100);
    expect(document.activeElement?.textContent).toBe('Transfer to this account');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('moves to the next step heading when a step within one route took the focused control away', async () => {
    const stepped = defineChannel({
      ...headed,
      id: 'stepped-transfer',
      messages: {
        en: { 'stepped-transfer': transferFixture.messages.en.transfer },
        fr: { 'stepped-transfer': transferFixture.messages.fr.transfer },
      },
      row: { ...transferFixture.row!, title: 'stepped-transfer.row.title', description: 'stepped-transfer.row.description' },
      // Lazy screens are kept by channel id: this one is its own.
      screen: async () => ({ default: TwoSteps }),
    });
    await renderApp({ channels: [cardFixture, stepped] });
    await click(screen.getByRole('link', { name: /Pay with Transfer/ }));
    await pass(100);
    const done = screen.getByRole('button', { name: 'I have transferred' });
    done.focus();
    await click(done);
    await pass();
    expect(document.activeElement?.textContent).toBe('Confirming your transfer');
    expect(document.activeElement?.getAttribute('tabindex')).toBe('-1');
  });

  it('leaves the focus where a closed dialog returned it', async () => {
    await renderApp();
    const cancel = screen.getByTestId('cancel-payment');
    cancel.focus();
    await click(cancel);
    const close = screen.getAllByRole('button', { name: 'Close' })[0]!;
    expect(document.activeElement?.closest('[role="dialog"]')).not.toBeNull();
    await click(close);
    await pass(100);
    expect(document.activeElement).toBe(cancel);
  });

  it('leaves the focus alone on the first render and when it is still on the page', async () => {
    const c = await renderApp();
    expect(document.activeElement).toBe(document.body);
    const cancel = screen.getByTestId('cancel-payment');
    cancel.focus();
    c.navigate('/payment/transfer');
    await pass(100);
    expect(document.activeElement).toBe(cancel);
  });
});
