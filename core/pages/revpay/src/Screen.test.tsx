import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { coreMessages, createI18n } from '@oja/core';
import type { Locale, PageHeader } from '@oja/core';
import { PageRoot } from '@oja/core/page';
import RevpayScreen from './Screen';
import { messages } from './messages';
import type { RevpayView } from './views';

const details = {
  agencyName: 'Oja Sandbox Revenue Service',
  revenueName: 'Land Use Charge 2026',
  payerName: 'Ada Okafor',
  paymentReference: 'RVP-0001',
  amount: 25_000,
  merchantCode: 'MX_REVPAY',
  payItemId: 'Default_Payable_MX_REVPAY',
};
const success: Extract<RevpayView, { kind: 'success' }> = {
  kind: 'success',
  agencyName: 'Oja Sandbox Revenue Service',
  reference: 'RVP-0001',
  payerName: 'Ada Okafor',
  amount: 2_500_000,
  paidAt: '24 November 2026 at 10:30',
  receiptLink: 'http://127.0.0.1:4400/api/v1/revpay/receipts/abc',
};

function show(data: RevpayView, locale: Locale = 'en', path = '/revpay', header?: PageHeader) {
  const i18n = createI18n(locale, [coreMessages, messages]);
  return render(<PageRoot view={{ page: 'revpay', path, data, ...(header && { header }) }} i18n={i18n} Screen={RevpayScreen} />);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the revenue form', () => {
  it('shows the five bill facts as text, the three fields, the submit, and the side panel, under the agency as payee', () => {
    show({ kind: 'form', ref: 'RVP-0001', details, values: { phone: '', email: '', amount: '' }, errors: {} }, 'en', '/revpay', {
      payee: 'Oja Sandbox Revenue Service',
      amount: 2_500_000,
      currencyCode: '566',
    });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Transaction details');
    // The payment's header: the agency is paid, the amount due faces it.
    const header = screen.getByRole('banner');
    expect(header.textContent).toContain('Oja Sandbox Revenue Service');
    expect(header.textContent).toContain('NGN 25,000.00');
    // Read-only facts are text, not input boxes.
    const bill = screen.getByTestId('revpay-bill');
    expect([...bill.querySelectorAll('dt')].map((d) => [d.textContent, d.nextElementSibling?.textContent])).toEqual([
      ['Agency name', 'Oja Sandbox Revenue Service'],
      ['Revenue name', 'Land Use Charge 2026'],
      ['Payer name', 'Ada Okafor'],
      ['Billing reference', 'RVP-0001'],
      ['Amount due', 'NGN 25,000.00'],
    ]);
    expect(screen.getAllByRole('textbox').map((i) => i.getAttribute('name'))).toEqual(['phone', 'email', 'amount']);
    expect((screen.getByLabelText('Phone Number') as HTMLInputElement).placeholder).toBe('080 XXXX XXXX');
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(screen.getByLabelText('Amount (NGN)')).toBeTruthy();
    const form = screen.getByRole('button', { name: 'Proceed to payment' }).closest('form')!;
    expect([form.method, form.getAttribute('action')]).toEqual(['post', '/revpay']);
    expect((form.querySelector('input[name=ref]') as HTMLInputElement).value).toBe('RVP-0001');
    expect(screen.getByRole('complementary', { name: 'Helpful information' })).toBeTruthy();
  });

  it("shows each field's message and what was typed, and a submission's failure", () => {
    show({
      kind: 'form',
      ref: 'RVP-0001',
      details,
      values: { phone: '123', email: 'ada', amount: '0100' },
      errors: { phone: 'revpay.phoneInvalid', email: 'revpay.emailInvalid', amount: 'revpay.amountInvalid' },
    });
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual(['Invalid phone number', 'Invalid email address', 'Invalid amount']);
    expect((screen.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('123');
    expect(screen.getByLabelText('Amount (NGN)').getAttribute('aria-invalid')).toBe('true');
  });

  it("shows the API's description or the network message above the form", () => {
    const view = (failure: { key: string } | { text: string }): RevpayView => ({
      kind: 'form',
      ref: 'RVP-0001',
      details,
      values: { phone: '', email: '', amount: '' },
      errors: {},
      failure,
    });
    const { unmount } = show(view({ text: 'Merchant not permitted' }));
    expect(screen.getByTestId('revpay-failure').textContent).toBe('Merchant not permitted');
    unmount();
    show(view({ key: 'revpay.paramsFailed' }));
    expect(screen.getByTestId('revpay-failure').textContent).toBe('Failed to get new payment params. Check network response.');
  });

  it('speaks French', () => {
    show({ kind: 'form', ref: 'RVP-0001', details, values: { phone: '', email: '', amount: '' }, errors: {} }, 'fr');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Détails de la transaction');
    expect(screen.getByRole('button', { name: 'Procéder au paiement' })).toBeTruthy();
  });
});

describe('the notices', () => {
  it('already paid: Payment Completed! and its text', () => {
    show({ kind: 'paid', ref: 'RVP-PAID' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Completed!');
    expect(screen.getByText('The amount due for RVP-PAID has been fully paid. No further payment is required.')).toBeTruthy();
  });

  it('a reference that failed validation', () => {
    show({ kind: 'invalid' });
    expect(screen.getByRole('alert').textContent).toBe("Something went wrong validating your GUID. Please ensure it's correct and try again.");
  });
});

describe('the success page', () => {
  it('shows the title, the date and time, the payer, the amount in naira and the reference with Copy', async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    show(success, 'en', '/revpay-success');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Payment Completed!');
    expect(screen.getByText('Your payment was successful')).toBeTruthy();
    // The result screen's look: its mark, and the receipt with the payee.
    expect(screen.getByRole('status').querySelector('svg')).toBeTruthy();
    expect(screen.getByTestId('receipt').textContent).toContain('Paid toOja Sandbox Revenue Service');
    expect(screen.getByText('24 November 2026 at 10:30')).toBeTruthy();
    expect(screen.getByText('Ada Okafor')).toBeTruthy();
    expect(screen.getByTestId('revpay-amount').textContent).toBe('NGN 25,000.00');
    expect(screen.getByTestId('revpay-reference').textContent).toBe('RVP-0001');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy billing reference' }));
    });
    expect(writeText).toHaveBeenCalledWith('RVP-0001');
    expect(screen.getByRole('button', { name: 'Copy billing reference' }).textContent).toBe('Copied!');
  });

  it('downloads the receipt link as receipt.pdf', async () => {
    const blob = new Blob(['%PDF-1.3'], { type: 'application/pdf' });
    const fetch = vi.fn(async (_url: string | URL | Request) => new Response(blob, { status: 200, headers: { 'content-type': 'application/pdf' } }));
    vi.stubGlobal('fetch', fetch);
    const created = vi.fn(() => 'blob:receipt');
    Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
    const clicked: HTMLAnchorElement[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this);
    });
    show(success, 'en', '/revpay-success');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
    });
    expect(String(fetch.mock.calls[0]![0])).toBe(success.receiptLink);
    expect(created).toHaveBeenCalled();
    expect(clicked.map((a) => [a.download, a.href])).toEqual([['receipt.pdf', 'blob:receipt']]);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the download failed, and opens the link in a new tab', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 500 })),
    );
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    show(success, 'en', '/revpay-success');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Error downloading receipt. Please try again later.');
    expect(open).toHaveBeenCalledWith(success.receiptLink, '_blank', 'noopener');
  });

  it('without a receipt link, says the download failed and opens nothing', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { receiptLink: _, ...noLink } = success as Extract<RevpayView, { kind: 'success' }>;
    show(noLink, 'en', '/revpay-success');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download receipt' }));
    });
    expect(screen.getByRole('alert').textContent).toBe('Error downloading receipt. Please try again later.');
    expect(open).not.toHaveBeenCalled();
  });
});
