import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { CheckoutHarness, click, fakeHttp, pass, testCheckout } from '@oja/testing';
import type { TestCheckoutOptions } from '@oja/testing';
import { HttpError } from '../http';
import { AFTER_CANCEL_CALL_MS, CANCEL_REASON_DIALOG } from '../state/actions';
import { cardFixture, transferFixture } from '@oja/testing';
// The shell loads these on demand; loading them here first keeps that load within a fake-timer tick.
import './CancelDialog';
import './ResultScreen';

let submit: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.useFakeTimers();
  // The REDIRECT delivery after a cancel: no navigation in the test page.
  submit = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
});

const cancelRoute = () => ({ 'POST /api/v1/pay/customerCancellation': () => ({ responseCode: 'Z6' }) });

async function renderCheckout(o: TestCheckoutOptions = {}, path?: string) {
  const http = o.http ?? fakeHttp(cancelRoute());
  const c = testCheckout({ channels: [cardFixture, transferFixture], http, ...o });
  render(<CheckoutHarness checkout={c} path={path} />);
  await pass();
  return { c, http: http as ReturnType<typeof fakeHttp> };
}

const cancelButton = () => screen.queryByTestId('cancel-payment');
async function openDialog() {
  await click(cancelButton()!);
  return screen.getByRole('dialog');
}

describe('Cancel button', () => {
  it('reads "Cancel payment and return to {merchant}"', async () => {
    await renderCheckout();
    expect(cancelButton()?.textContent).toBe('Cancel payment and return to Oja Demo Store');
    expect(screen.getByRole('button', { name: 'Cancel payment and return to Oja Demo Store' })).toBeTruthy();
  });

  it('reads "Cancel Payment" for a bulk payment', async () => {
    await renderCheckout({ props: { isBulkPayment: true } });
    expect(cancelButton()?.textContent).toBe('Cancel Payment');
  });

  // 00, 09 and XS1 are complete (spec core §4, issue 34); Z6 because a cancelled payment has nothing left to cancel.
  it.each(['00', '09', 'XS1', 'Z6'])('is hidden once the response is %s', async (responseCode) => {
    await renderCheckout({ result: { responseCode } });
    expect(cancelButton()).toBeNull();
  });

  it.each(['51'])('stays for a %s result, so the payer can still leave', async (responseCode) => {
    await renderCheckout({ result: { responseCode } });
    expect(cancelButton()).not.toBeNull();
  });

  it('is hidden on the Incorrect Transaction screen', async () => {
    await renderCheckout({ props: { responseCode: 'Z1' } });
    expect(cancelButton()).toBeNull();
  });
});

describe('Cancel Payment dialog', () => {
  it('asks "Cancel Payment?" with the default wording', async () => {
    await renderCheckout();
    expect(screen.queryByRole('dialog')).toBeNull();
    const dialog = await openDialog();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByRole('heading', { name: 'Cancel Payment?' })).toBeTruthy();
    expect(within(dialog).getByText('Are you sure you want to cancel this payment?')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel Payment' })).toBeTruthy();
    const closes = within(dialog).getAllByRole('button', { name: 'Close' });
    expect(closes.map((b) => b.textContent)).toContain('Close');
  });

  it('is named and described by its title and subtitle', async () => {
    await renderCheckout();
    const dialog = await openDialog();
    expect(screen.getByRole('dialog', { name: 'Cancel Payment?' })).toBe(dialog);
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby')!)?.textContent).toBe('Are you sure you want to cancel this payment?');
  });

  it('puts focus on Cancel Payment', async () => {
    await renderCheckout();
    const dialog = await openDialog();
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel Payment' }));
  });

  it("uses the ongoing channel's wording", async () => {
    await renderCheckout({ channel: 'transfer' }, '/payment/transfer');
    expect(screen.getByText('Transfer screen')).toBeTruthy();
    const dialog = await openDialog();
    expect(within(dialog).getByRole('heading', { name: 'Cancel Payment?' })).toBeTruthy();
    expect(within(dialog).getByText('If you have done a successful transfer, please do not cancel or click the back button')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'I have done a Transfer' })).toBeTruthy();
    expect(within(dialog).queryByText('Are you sure you want to cancel this payment?')).toBeNull();
  });

  it('keeps the default wording for a channel without its own', async () => {
    await renderCheckout({ channel: 'card' }, '/payment/card');
    const dialog = await openDialog();
    expect(within(dialog).getByText('Are you sure you want to cancel this payment?')).toBeTruthy();
  });

  it('closes with Escape', async () => {
    const { c, http } = await renderCheckout();
    const dialog = await openDialog();
    await act(async () => {
      fireEvent.keyDown(dialog, { key: 'Escape' });
    });
    await pass();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(c.state.cancelDialogOpen).toBe(false);
    expect(http.calls).toHaveLength(0);
  });

  it('closes with its Close buttons, cancelling nothing', async () => {
    const { c, http } = await renderCheckout();
    for (const which of [0, 1]) {
      const dialog = await openDialog();
      await click(within(dialog).getAllByRole('button', { name: 'Close' })[which]);
      expect(screen.queryByRole('dialog')).toBeNull();
    }
    await pass(10_000);
    expect(http.calls).toHaveLength(0);
    expect(c.state.result).toBeNull();
  });

  it('confirming tells the API, waits 0.5 s, then completes with Z6', async () => {
    const { c, http } = await renderCheckout();
    const dialog = await openDialog();
    await click(within(dialog).getByRole('button', { name: 'Cancel Payment' }));
    expect(http.calls).toEqual([
      {
        key: 'POST /api/v1/pay/customerCancellation',
        body: { paymentId: '4242001', customerCancellationReason: CANCEL_REASON_DIALOG },
        opts: undefined,
      },
    ]);
    const confirm = within(dialog).getByRole('button', { name: 'Cancel Payment' });
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    expect(confirm.getAttribute('aria-busy')).toBe('true');
    // Still focusable, so the focus does not fall to the page while the call runs.
    expect(confirm.hasAttribute('disabled')).toBe(false);
    expect(AFTER_CANCEL_CALL_MS).toBe(500);
    await pass(499);
    expect(c.state.result).toBeNull();
    await pass(1);
    expect(c.state.result?.responseCode).toBe('Z6');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Payment Cancelled' })).toBeTruthy();
    // No retry from a cancelled payment.
    expect(screen.queryByRole('button', { name: 'Retry payment' })).toBeNull();
  });

  it('sends one cancellation for 20 fast clicks, even before the button re-renders', async () => {
    const { c, http } = await renderCheckout();
    const confirm = within(await openDialog()).getByRole('button', { name: 'Cancel Payment' });
    expect(confirm.getAttribute('aria-disabled')).toBe('false');
    // All 20 in one task: React has not re-rendered the button between them.
    await act(async () => {
      for (let i = 0; i < 20; i += 1) fireEvent.click(confirm);
    });
    await pass(500);
    for (let i = 0; i < 5; i += 1) fireEvent.click(confirm);
    await pass(500);
    expect(http.calls.map((call) => call.key)).toEqual(['POST /api/v1/pay/customerCancellation']);
    expect(c.state.result?.responseCode).toBe('Z6');
  });

  it('returns the cancelled result to the merchant 2 s later', async () => {
    await renderCheckout();
    await click(within(await openDialog()).getByRole('button', { name: 'Cancel Payment' }));
    await pass(500);
    await pass(1_999);
    expect(submit).not.toHaveBeenCalled();
    await pass(1);
    expect(submit).toHaveBeenCalledTimes(1);
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect((form.elements.namedItem('resp') as HTMLInputElement).value).toBe('Z6');
    // Delivered: the cancel button goes.
    expect(cancelButton()).toBeNull();
  });

  it('completes with Z6 even when the cancel call fails', async () => {
    const http = fakeHttp({
      'POST /api/v1/pay/customerCancellation': () => {
        throw new HttpError('HTTP 500', 'http', 500);
      },
    });
    const { c } = await renderCheckout({ http });
    await click(within(await openDialog()).getByRole('button', { name: 'Cancel Payment' }));
    await pass(500);
    expect(c.state.result?.responseCode).toBe('Z6');
  });

  it('cancels from the failure view too', async () => {
    const { c, http } = await renderCheckout({ result: { responseCode: '51' }, channel: 'card' });
    expect(screen.getByRole('heading', { name: 'Payment Failed' })).toBeTruthy();
    await click(within(await openDialog()).getByRole('button', { name: 'Cancel Payment' }));
    await pass(500);
    expect(http.calls.map((call) => call.key)).toEqual(['POST /api/v1/pay/customerCancellation']);
    expect(c.state.result?.responseCode).toBe('Z6');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { name: 'Payment Cancelled' })).toBeTruthy();
  });
});

describe('Cancel on a payment paid meanwhile', () => {
  it('says the payment is already paid, cancels nothing and sends nothing to the merchant', async () => {
    const http = fakeHttp({
      'POST /api/v1/pay/customerCancellation': () => Promise.reject(new HttpError('HTTP 409', 'http', 409, { responseCode: '94' })),
    });
    const { c } = await renderCheckout({ http, channel: 'card' }, '/payment/card');
    const dialog = await openDialog();
    await click(within(dialog).getByRole('button', { name: 'Cancel Payment' }));
    await pass();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(c.state.result).toBeNull();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByText('This payment has already been paid, so nothing more was charged.')).toBeTruthy();
  });
});
