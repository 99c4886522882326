import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { formatAmount, passGate, validateGate } from '@oja/core';
import { CheckoutHarness, cardFixture, click, pass, testCheckout } from '@oja/testing';
import cashback from '@oja/cashback';
import escrow from './index';
import { messages } from './messages';
import { daysKey, escrowFeeMinor, holdsInEscrow } from './rules';
// Loaded on demand by the shell; loaded here first so it renders within a fake-timer tick.
import './Screen';

const terms = { escrowFee: 25.5, cancellationPeriod: 3, refundDuration: 7 };

beforeEach(() => {
  vi.useFakeTimers();
  Object.defineProperty(navigator, 'sendBeacon', { value: () => true, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.useRealTimers();
});

describe('the escrow gate', () => {
  it('is a valid gate after cashback, hiding the header, with every string in en and fr', () => {
    expect(validateGate(escrow)).toEqual([]);
    expect(escrow.hidesHeader).toBe(true);
    expect(escrow.order).toBeGreaterThan(cashback.order ?? 100);
    expect(Object.keys(messages.fr.escrow)).toEqual(Object.keys(messages.en.escrow));
    expect(messages.en.escrow.agree).toBe(
      'I understand that the escrow fee is non-refundable and I agree to the escrow terms of use and conditions.',
    );
  });

  it('shows when the fee, the cancellation period and the refund duration are all present and not yet accepted', () => {
    expect(holdsInEscrow(terms)).toBe(true);
    expect(holdsInEscrow({ ...terms, escrowFee: 0 })).toBe(true);
    expect(holdsInEscrow({ ...terms, escrowAccepted: true })).toBe(false);
    expect(holdsInEscrow({ escrowFee: 2, cancellationPeriod: 3 })).toBe(false);
    expect(holdsInEscrow({ escrowFee: 2, refundDuration: 7 })).toBe(false);
    expect(holdsInEscrow({ cancellationPeriod: 3, refundDuration: 7 })).toBe(false);
    expect(holdsInEscrow({ ...terms, escrowFee: Number.NaN })).toBe(false);
  });

  it('takes the fee ×100 as minor units, and words one day and several', () => {
    expect(escrowFeeMinor(25.5)).toBe(2550);
    expect(escrowFeeMinor(0.1 + 0.2)).toBe(30);
    expect(daysKey(1)).toBe('escrow.day');
    expect(daysKey(7)).toBe('escrow.days');
    expect(daysKey(0)).toBe('escrow.days');
  });
});

async function renderGate(props = {}) {
  const c = testCheckout({
    channels: [cardFixture],
    gates: [escrow],
    props: { ...terms, customerEmail: 'ada@oja.test', customerMobileNo: '08012345678', ...props },
  });
  render(<CheckoutHarness checkout={c} />);
  await pass();
  await pass();
  return c;
}

const cont = () => screen.getByRole('button', { name: 'Continue to payment' }) as HTMLButtonElement;

describe('the escrow screen', () => {
  it('shows the payee and amount, the periods in days, the fee ×100 in the currency, and the e-mail and phone read-only', async () => {
    const c = await renderGate();
    expect(screen.getByTestId('escrow-refund').textContent).toBe('7 days');
    expect(screen.getByTestId('escrow-cancellation').textContent).toBe('3 days');
    expect(screen.getByTestId('escrow-fee').textContent).toBe('NGN 25.50');
    // The header is hidden: the screen says whom the payer pays, and how much.
    expect(screen.getByTestId('escrow-payee').textContent).toBe(c.state.props.merchantName);
    expect(screen.getByTestId('escrow-amount').textContent).toBe(formatAmount(c.state.props.checkoutAmount, c.state.props.currencyCode));
    const email = screen.getByLabelText('E-mail address') as HTMLInputElement;
    const phone = screen.getByLabelText('Phone number') as HTMLInputElement;
    expect([email.value, email.readOnly, phone.value, phone.readOnly]).toEqual(['ada@oja.test', true, '08012345678', true]);
  });

  it('formats the fee in the payment currency (UGX unformatted)', async () => {
    await renderGate({ currencyCode: '800', escrowFee: 1500, refundDuration: 1 });
    expect(screen.getByTestId('escrow-fee').textContent).toBe('UGX 1500');
    expect(screen.getByTestId('escrow-refund').textContent).toBe('1 day');
  });

  it('hides the header while it shows', async () => {
    await renderGate();
    expect(document.querySelector('header')).toBeNull();
  });

  it('keeps Continue disabled until the checkbox is ticked, then passes the gate (header back)', async () => {
    const c = await renderGate();
    expect(cont().disabled).toBe(true);
    await click(cont());
    expect(c.state.gates).toEqual({});
    const box = screen.getByRole('checkbox', { name: /escrow fee is non-refundable/ });
    await click(box);
    expect(cont().disabled).toBe(false);
    await click(box);
    expect(cont().disabled).toBe(true);
    await click(box);
    await click(cont());
    await pass();
    expect(c.state.gates).toEqual({ escrow: 'accepted' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Choose a payment method');
    expect(document.querySelector('header')).not.toBeNull();
  });

  it('needs the agreement: a skip, whoever asks for it, leaves the gate in place', async () => {
    expect(escrow.needsAgreement).toBe(true);
    const c = await renderGate();
    await act(async () => passGate(c, 'escrow', 'skipped'));
    await pass();
    expect(c.state.gates).toEqual({});
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Escrow payment');
  });

  it('comes after cashback when a payment meets both', async () => {
    await cashback.screen();
    const c = testCheckout({
      channels: [cardFixture],
      gates: [escrow, cashback],
      props: { ...terms, tucRewardPercentage: 5, tucRewardDescription: 'x' },
    });
    render(<CheckoutHarness checkout={c} />);
    await pass();
    await pass();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Congratulations! You Qualify for Cashback');
    await click(screen.getByRole('button', { name: 'Skip this instead' }));
    await pass();
    await pass();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Escrow payment');
  });
});
