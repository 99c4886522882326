import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGE_KEY } from './messages';
import { SAMPLE_RESULT } from './fixtures';
import { SUCCESS_SHOWN_MS } from './messages';
import { OjaCheckoutButton, useOjaCheckout } from './react';
import type { OjaCheckoutOptions } from './react';
import type { PayFields } from './types';

const CHECKOUT = 'https://checkout.example';
const request: PayFields = {
  merchant_code: 'MX_DEMO',
  pay_item_id: 'Default_Payable_MX_DEMO',
  txn_ref: 'ORDER-1',
  amount: 150000,
  currency: '566',
  site_redirect_url: `${location.origin}/return`,
};
const result: Record<string, string> = { ...SAMPLE_RESULT };

let posted: Record<string, string>[];
beforeEach(() => {
  posted = [];
  // The form POST is the browser's business: recorded, not sent (as in checkout.test.ts).
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    posted.push(Object.fromEntries(new FormData(this)) as Record<string, string>);
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

/** A message from the checkout's frame (the one open, or the one given), as the checkout sends it. */
const send = (
  messageType: 'INITIALIZED' | 'COMPLETED',
  data: Record<string, string> = {},
  source = document.querySelector('iframe')?.contentWindow,
) =>
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data: { key: MESSAGE_KEY, messageType, data }, origin: CHECKOUT, source: source ?? null }));
  });

function Storefront({ options, fields = request }: { options: OjaCheckoutOptions; fields?: PayFields }) {
  const checkout = useOjaCheckout(options);
  return (
    <>
      <button type="button" onClick={() => checkout.open(fields)}>
        Pay
      </button>
      <output data-testid="status">{checkout.status}</output>
      <output data-testid="result">{checkout.result?.resp ?? ''}</output>
      <output data-testid="error">{checkout.error?.field ?? ''}</output>
    </>
  );
}

const status = () => screen.getByTestId('status').textContent;

describe('useOjaCheckout', () => {
  it('opens the checkout with the request, follows it and reports the result once', () => {
    vi.useFakeTimers();
    const onComplete = vi.fn();
    const onClose = vi.fn();
    render(<Storefront options={{ mode: 'TEST', checkoutBase: CHECKOUT, onComplete, onClose }} />);
    expect(status()).toBe('idle');
    fireEvent.click(screen.getByText('Pay'));
    expect(status()).toBe('loading');
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(posted).toEqual([expect.objectContaining({ txn_ref: 'ORDER-1', amount: '150000', display_mode: 'INLINE' })]);
    const checkoutWindow = document.querySelector('iframe')!.contentWindow;
    send('INITIALIZED');
    expect(status()).toBe('open');
    send('COMPLETED', result);
    send('COMPLETED', result, checkoutWindow);
    expect(status()).toBe('completed');
    expect(screen.getByTestId('result').textContent).toBe('00');
    expect(onComplete).toHaveBeenCalledTimes(1);
    expect(onComplete).toHaveBeenCalledWith(result);
    expect(onClose).not.toHaveBeenCalled();
    // The checkout's success screen stays up for the payer to read, then goes.
    expect(screen.queryByRole('dialog')).not.toBeNull();
    act(() => vi.advanceTimersByTime(SUCCESS_SHOWN_MS));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('reports a refused request as failed, naming the field, and opens nothing', () => {
    const onError = vi.fn();
    render(<Storefront options={{ mode: 'TEST', checkoutBase: CHECKOUT, onError }} fields={{ ...request, amount: '12.5' }} />);
    fireEvent.click(screen.getByText('Pay'));
    expect(status()).toBe('failed');
    expect(screen.getByTestId('error').textContent).toBe('amount');
    expect(onError).toHaveBeenCalledTimes(1);
    expect(posted).toEqual([]);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes the checkout when the storefront unmounts, and reports nothing after', () => {
    const onClose = vi.fn();
    const view = render(<Storefront options={{ mode: 'TEST', checkoutBase: CHECKOUT, onClose }} />);
    fireEvent.click(screen.getByText('Pay'));
    view.unmount();
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('OjaCheckoutButton', () => {
  it('opens the checkout on click, is busy while it is open, and is usable again once it closes', () => {
    const onClose = vi.fn();
    render(
      <OjaCheckoutButton request={request} mode="TEST" checkoutBase={CHECKOUT} onClose={onClose}>
        Pay now
      </OjaCheckoutButton>,
    );
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Pay now' });
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-busy')).toBe('true');
    send('INITIALIZED');
    act(() => {
      document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(button.disabled).toBe(false);
  });
});
