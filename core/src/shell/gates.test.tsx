import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { CheckoutHarness, click, pass, plainBranding, testCheckout } from '@oja/testing';
import type { TestCheckoutOptions } from '@oja/testing';
import { defineBranding } from '../plugin';
import { cardFixture, fixtureGates, gatedProps, transferFixture } from '@oja/testing/fixtures';
import { confirmCancel } from '../state/attemptActions';
import { GATE_PATH } from '../gates';
// Loaded on demand by the shell; loaded here first so it renders within a fake-timer tick.
import '../ui/ResultScreen';

const offersTransfer = { paymentChannels: ['CARD', 'TRANSFER'], nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }] };
const beacon = vi.fn((_url: string) => true);

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  beacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
});

async function renderApp(o: TestCheckoutOptions = {}, path?: string) {
  const c = testCheckout({ channels: [cardFixture, transferFixture], gates: fixtureGates, ...o, props: { ...offersTransfer, ...o.props } });
  render(<CheckoutHarness checkout={c} path={path} />);
  await pass();
  await pass();
  return c;
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const header = () => document.querySelector('header');

describe('gates before the method list', () => {
  it('a payment without their fields goes straight to the method list', async () => {
    await renderApp();
    expect(heading()).toBe('Choose a payment method');
  });

  it('shows the first pending gate instead of the method list, then the next, then the list', async () => {
    const c = await renderApp({ props: gatedProps });
    expect(heading()).toBe('An offer for you');
    expect(screen.queryByRole('link', { name: /Pay with Card/ })).toBeNull();
    await click(screen.getByRole('button', { name: 'Skip this instead' }));
    await pass();
    expect(c.state.gates).toEqual({ offer: 'skipped' });
    expect(heading()).toBe('Terms before paying');
    await click(screen.getByRole('button', { name: 'Continue to payment' }));
    await pass();
    expect(c.state.gates).toEqual({ offer: 'skipped', terms: 'accepted' });
    expect(heading()).toBe('Choose a payment method');
  });

  it('shows the header with a gate that keeps it, hides it while one that hides it is pending', async () => {
    await renderApp({ props: gatedProps });
    expect(header()).not.toBeNull();
    await click(screen.getByRole('button', { name: 'Take the offer' }));
    await pass();
    expect(heading()).toBe('Terms before paying');
    expect(header()).toBeNull();
    await click(screen.getByRole('button', { name: 'Continue to payment' }));
    await pass();
    expect(header()).not.toBeNull();
  });

  it('comes before a channel the route opens (an auto-opened one, a link): its screen follows the gate', async () => {
    const c = await renderApp({ props: { ...gatedProps, paymentChannels: ['TRANSFER'] } }, '/payment/transfer');
    expect(heading()).toBe('An offer for you');
    expect(screen.queryByText('Transfer screen')).toBeNull();
    expect(c.state.channel).toBeNull();
    await click(screen.getByRole('button', { name: 'Take the offer' }));
    await click(screen.getByRole('button', { name: 'Continue to payment' }));
    await pass();
    expect(screen.getByText('Transfer screen')).toBeTruthy();
    expect(c.state.channel).toBe('transfer');
  });

  it('tells the checkout server of each decision, for the session (a reload does not show it again)', async () => {
    await renderApp({ props: gatedProps });
    // The page said it opened as it hydrated (PageEffects): the gate's beacon comes after.
    beacon.mockClear();
    await click(screen.getByRole('button', { name: 'Skip this instead' }));
    expect(beacon).toHaveBeenCalledTimes(1);
    const url = new URL(beacon.mock.calls[0][0], 'http://checkout.test');
    expect(url.pathname).toBe(GATE_PATH);
    expect(Object.fromEntries(url.searchParams)).toEqual({ p: 'test-session', gate: 'offer', decision: 'skipped' });
  });

  it('a gate passed earlier in the session is not shown', async () => {
    const c = testCheckout({ channels: [cardFixture, transferFixture], gates: fixtureGates, props: { ...offersTransfer, ...gatedProps } });
    c.state.gates = { offer: 'accepted' };
    render(<CheckoutHarness checkout={c} />);
    await pass();
    await pass();
    expect(heading()).toBe('Terms before paying');
  });

  it('moves the focus to the next screen heading when the gate goes with the focused button', async () => {
    await renderApp({ props: gatedProps });
    const skip = screen.getByRole('button', { name: 'Skip this instead' });
    skip.focus();
    await click(skip);
    await pass(100);
    expect(document.activeElement?.textContent).toBe('Terms before paying');
  });

  it("keeps a branding's own page reachable while a gate is pending", async () => {
    const withTerms = defineBranding({
      ...plainBranding,
      routes: [{ path: '/terms-of-use', screen: async () => ({ default: () => <h1>Terms of use</h1> }) }],
    });
    await renderApp({ props: gatedProps, brandings: [withTerms] }, '/terms-of-use');
    expect(heading()).toBe('Terms of use');
  });

  it('the payer may cancel from a gate; the result shows with the header', async () => {
    const c = await renderApp({ props: { escrowFee: 2, cancellationPeriod: 3, refundDuration: 7 } });
    expect(header()).toBeNull();
    await act(async () => {
      const done = confirmCancel(c, async () => undefined);
      await done;
    });
    await pass();
    expect(c.state.result?.responseCode).toBe('Z6');
    expect(header()).not.toBeNull();
  });

  it('speaks French', async () => {
    await renderApp({ props: gatedProps, env: { locale: 'fr' } });
    expect(heading()).toBe('Une offre pour vous');
  });
});
