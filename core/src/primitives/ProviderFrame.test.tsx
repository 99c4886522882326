import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { CheckoutHarness, testCheckout } from '@oja/testing';
import { defineChannel } from '../plugin';
import { PROVIDER_FRAME_SANDBOX, ProviderFrame } from './ProviderFrame';

let url: string | undefined;
const framed = defineChannel({
  id: 'framed',
  code: 'FRAMED',
  path: '/payment/framed',
  isAvailable: () => true,
  screen: async () => ({
    default: () => (
      <ProviderFrame title="Pay with Framed" url={url} frameTitle="Framed's page" remainingMs={90_000}>
        <a href="/back">Back</a>
      </ProviderFrame>
    ),
  }),
  messages: { en: {}, fr: {} },
});

const show = (sandbox = false) =>
  render(<CheckoutHarness checkout={testCheckout({ channels: [framed], env: { sandbox } })} path="/payment/framed" />);

describe('ProviderFrame (companion §2 "OPay, eNaira and PalmPay pages")', () => {
  it('shows a loader and the Back link while the payment is initialised, no frame', async () => {
    url = undefined;
    show();
    expect(await screen.findByRole('heading', { name: 'Preparing your payment…' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    expect(screen.queryByTitle("Framed's page")).toBeNull();
  });

  it('frames the page sandboxed and without referrer, under a loader until it loads, with the time left', async () => {
    // No network in unit tests: happy-dom would fetch a real address.
    url = 'about:blank';
    show();
    const frame = (await screen.findByTitle("Framed's page")) as HTMLIFrameElement;
    expect(frame.getAttribute('src')).toBe(url);
    expect(frame.getAttribute('sandbox')).toBe(PROVIDER_FRAME_SANDBOX);
    expect(PROVIDER_FRAME_SANDBOX).not.toMatch(/top-navigation|popups|modals/);
    expect(frame.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.getByRole('heading', { name: 'Pay with Framed' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Loading the payment page…' })).toBeTruthy();
    expect(screen.getByRole('timer').textContent).toContain('01:30');
    fireEvent.load(frame);
    expect(screen.queryByRole('heading', { name: 'Loading the payment page…' })).toBeNull();
    expect(frame.closest('[aria-busy]')?.getAttribute('aria-busy')).toBe('false');
  });

  it("shows the sandbox's simulate control under the page when the sandbox is on", async () => {
    url = 'about:blank';
    show(true);
    expect(await screen.findByText('Sandbox: settle this payment')).toBeTruthy();
  });
});
