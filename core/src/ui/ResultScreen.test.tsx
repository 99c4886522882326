import { beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { CheckoutHarness, click, pass, testCheckout } from '@oja/testing';
import type { TestCheckoutOptions } from '@oja/testing';
import { cardFixture, transferFixture, walletFixture } from '@oja/testing';
// Loaded on demand by the shell; loaded here first so it renders within a fake-timer tick.
import './ResultScreen';

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
});

const offersTransfer = { paymentChannels: ['CARD', 'TRANSFER'], nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }] };

async function renderResult(responseCode: string, o: TestCheckoutOptions = {}) {
  const c = testCheckout({
    channels: [cardFixture, transferFixture],
    channel: 'card',
    result: { responseCode },
    ...o,
    props: { ...offersTransfer, ...o.props },
  });
  render(<CheckoutHarness checkout={c} path="/payment/card" />);
  await pass();
  return c;
}

const title = () => screen.getByRole('heading', { level: 1 }).textContent;

describe('Result screen titles', () => {
  it.each([
    ['00', 'Payment Successful'],
    ['09', 'Transaction in Progress'],
    ['S0', 'Transaction in Progress'],
    ['XS1', 'Transaction Expired'],
    ['Z6', 'Payment Cancelled'],
    ['51', 'Payment Failed'],
    ['Z8', 'Payment Failed'],
  ])('%s: %s', async (code, text) => {
    await renderResult(code);
    expect(title()).toBe(text);
    // The title is announced.
    expect(screen.getByRole('status').textContent).toContain(text);
  });

  it('replaces the method list and the channel screen', async () => {
    await renderResult('00');
    expect(screen.queryByText('Card screen')).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Choose a payment method' })).toBeNull();
  });
});

describe('Result screen mode message', () => {
  it('REDIRECT: being redirected to the merchant', async () => {
    await renderResult('00', { props: { displayMode: 'REDIRECT' } });
    expect(screen.getByText("You're being redirected to Oja Demo Store, please do not close this page.")).toBeTruthy();
  });

  it('INLINE with a redirect url: taking you back', async () => {
    await renderResult('00', { props: { displayMode: 'INLINE' } });
    expect(screen.getByText('We are taking you back to Oja Demo Store...')).toBeTruthy();
  });

  it('INLINE without a redirect url: completed', async () => {
    await renderResult('00', { props: { displayMode: 'INLINE', siteRedirectUrl: '' } });
    expect(screen.getByText('Your transaction has been completed successfully')).toBeTruthy();
  });

  it('POPUP: free to close the window', async () => {
    await renderResult('00', { props: { displayMode: 'POPUP' } });
    expect(screen.getByText("You're good to go. Feel free to close this window!")).toBeTruthy();
  });

  it.each(['XS1', 'Z6'])('shows for %s too', async (code) => {
    await renderResult(code);
    expect(screen.getByText("You're being redirected to Oja Demo Store, please do not close this page.")).toBeTruthy();
  });

  it.each(['00', 'XS1', 'Z6'])('%s sent by another page: says the merchant has it, promises no redirect, offers no return', async (code) => {
    const c = await renderResult(code, { props: { displayMode: 'REDIRECT' } });
    c.state.delivered = true;
    c.state.deliveredElsewhere = true;
    await pass();
    expect(screen.getByRole('status').textContent).toContain('Oja Demo Store already has this result from another page. You can close this one.');
    expect(screen.queryByText(/redirected to/)).toBeNull();
    expect(screen.queryByRole('button', { name: /Return to/ })).toBeNull();
  });

  it('promises no redirect for an in-progress result (09 is not returned to the merchant)', async () => {
    await renderResult('09');
    expect(screen.queryByText(/redirected to/)).toBeNull();
    expect(screen.getByText("You're good to go. Feel free to close this window!")).toBeTruthy();
  });

  it('is not shown for a failure', async () => {
    await renderResult('51');
    expect(screen.queryByText(/redirected to/)).toBeNull();
  });
});

describe('Failure view', () => {
  it('shows "Transaction Failed", the message for the code and Retry payment', async () => {
    await renderResult('51');
    // One heading, "Payment Failed"; the failure's title leads the reason under it (issue 18: not a second heading).
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(['Payment Failed']);
    expect(screen.getByTestId('failure-title').textContent).toBe('Transaction Failed');
    expect(screen.getByText('Insufficient funds. Use a different card or try another payment method')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry payment' })).toBeTruthy();
  });

  it.each([
    ['Z8', 'Your card is not accepted by this merchant'],
    ['55', 'Your bank declined the transaction. Contact your bank or use a different card or payment method'],
    ['91', 'We were unable to process your transaction at this time. Please try again later'],
    ['', 'Something went wrong. Please try again.'],
    ['QQ7', 'Something went wrong. Please try again.'],
  ])('code %j says "%s"', async (code, message) => {
    await renderResult(code);
    expect(screen.getByText(message)).toBeTruthy();
  });

  it.each([
    ['', undefined],
    ['QQ7', undefined],
    ['', 'core.error.default'],
  ])('a generic failure (code %j, message %j) is titled "Oops, something went wrong..." with Retry', async (code, messageKey) => {
    await renderResult(code, messageKey ? { result: { responseCode: code, messageKey } } : {});
    expect(screen.getByTestId('failure-title').textContent).toBe('Oops, something went wrong...');
    expect(screen.queryByText('Transaction Failed')).toBeNull();
    expect(screen.getByText('Something went wrong. Please try again.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Retry payment' })).toBeTruthy();
  });

  it('keeps "Transaction Failed" for a failure with its own message', async () => {
    await renderResult('51');
    expect(screen.queryByText('Oops, something went wrong...')).toBeNull();
  });

  it('Retry payment resets the result and reopens the channel', async () => {
    const c = await renderResult('51');
    const before = c.state.attempt;
    await click(screen.getByRole('button', { name: 'Retry payment' }));
    expect(c.state.result).toBeNull();
    expect(c.state.channel).toBe('card');
    expect(c.state.attempt).toBe(before + 1);
    expect(screen.getByText('Card screen')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Payment Failed' })).toBeNull();
  });

  it('Retry payment without a channel goes back to the method list', async () => {
    await renderResult('51', { channel: null });
    await click(screen.getByRole('button', { name: 'Retry payment' }));
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeTruthy();
  });

  it('lists the other available methods under "or select an alternative payment method"', async () => {
    await renderResult('51', { channels: [cardFixture, walletFixture, transferFixture] });
    const intro = screen.getByText('or select an alternative payment method');
    const list = screen.getByRole('list', { name: 'or select an alternative payment method' });
    expect(intro).toBeTruthy();
    const links = within(list).getAllByRole('link');
    // Not the channel that just failed.
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['/payment/wallet?p=test-session', '/payment/transfer?p=test-session']);
  });

  it('choosing an alternative opens it', async () => {
    const c = await renderResult('51');
    await click(screen.getByRole('link', { name: /Pay with Transfer/ }));
    expect(c.state.result).toBeNull();
    expect(c.state.channel).toBe('transfer');
    expect(screen.getByText('Transfer screen')).toBeTruthy();
  });

  it('hides the alternatives when no other method remains', async () => {
    await renderResult('51', { props: { paymentChannels: ['CARD'], nonCardOptions: [] } });
    expect(screen.getByRole('button', { name: 'Retry payment' })).toBeTruthy();
    expect(screen.queryByText('or select an alternative payment method')).toBeNull();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it.each(['XS1', 'Z6'])('shows neither Retry nor alternatives for %s', async (code) => {
    await renderResult(code);
    expect(screen.queryByRole('button', { name: 'Retry payment' })).toBeNull();
    expect(screen.queryByText('or select an alternative payment method')).toBeNull();
    expect(screen.queryByText('Transaction Failed')).toBeNull();
  });

  it.each(['00', '09'])('shows neither Retry nor alternatives for %s', async (code) => {
    await renderResult(code);
    expect(screen.queryByRole('button', { name: 'Retry payment' })).toBeNull();
    expect(screen.queryByText('or select an alternative payment method')).toBeNull();
  });
});
