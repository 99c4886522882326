import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { CheckoutHarness, click, pass, testCheckout } from '@oja/testing';
import type { PaymentProps } from '../props';
import { cardFixture, transferFixture } from '@oja/testing';
import { parsePayRequest } from '../payRequest';
import { payPageProps } from '@oja/sandbox';
// The shell loads it on demand after hydration; loaded here first so it renders within a fake-timer tick.
import { keptPayFields } from './DemoPanel';

const CUSTOMER: Partial<PaymentProps> = {
  customerEmail: 'ada@example.com',
  customerId: 'C-77',
  customerMobileNo: '08031234567',
  payItemName: 'Shoes',
  surcharge: 500,
  checkoutAmount: 150500,
  tucRewardPercentage: 5,
  tucRewardDescription: 'Cashback',
};

async function renderDemo(props: Partial<PaymentProps> = CUSTOMER, locale: 'en' | 'fr' = 'en') {
  const c = testCheckout({ channels: [cardFixture, transferFixture], props, env: { sandbox: true, locale } });
  render(<CheckoutHarness checkout={c} />);
  await pass();
  await pass();
  return c;
}

const opener = () => screen.getByRole('button', { name: 'Demo settings' });
async function openPanel() {
  opener().focus();
  await click(opener());
  return screen.getByRole('dialog', { name: 'Demo payment settings' });
}
/** What the panel's form would post, as a merchant's fields. */
const posted = (dialog: HTMLElement) => Object.fromEntries(new FormData(dialog.querySelector('form')!)) as Record<string, string>;

beforeEach(() => {
  vi.useFakeTimers();
});

describe('DemoPanel', () => {
  it('is opened by a labelled "Demo settings" button, not a glyph', async () => {
    await renderDemo();
    const button = opener();
    expect(button.textContent).toBe('Demo settings');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.querySelector('svg')).toBeNull();
    expect(button.getAttribute('aria-expanded')).toBe('false');
  });

  it('is in French too', async () => {
    await renderDemo(CUSTOMER, 'fr');
    await click(screen.getByRole('button', { name: 'Réglages de démonstration' }));
    const dialog = screen.getByRole('dialog', { name: 'Paramètres du paiement de démonstration' });
    expect(within(dialog).getByText(/^Ce paiement : NGN 1.500/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Montant (unités mineures)')).toBeTruthy();
  });

  it('shows the amount in minor units, as /pay takes it, with the amount it stands for', async () => {
    await renderDemo();
    const dialog = await openPanel();
    expect((within(dialog).getByLabelText('Amount (minor units)') as HTMLInputElement).value).toBe('150000');
    expect(within(dialog).getByText('This payment: NGN 1,500.00')).toBeTruthy();
  });

  it('resubmitted unchanged, starts the same payment: amount, customer, item and merchant settings kept', async () => {
    const c = await renderDemo();
    const fields = posted(await openPanel());
    expect(fields).toMatchObject({
      merchant_code: 'MX_DEMO',
      pay_item_id: 'Default_Payable_MX_DEMO',
      amount: '150000',
      currency: '566',
      cust_name: 'Ada Obi',
      cust_email: 'ada@example.com',
      cust_id: 'C-77',
      cust_mobile_no: '08031234567',
      pay_item_name: 'Shoes',
      display_mode: 'REDIRECT',
      channels: 'CARD,TRANSFER',
      country: 'NG',
      surcharge: '500',
      tuc_reward_percentage: '5',
      tuc_reward_description: 'Cashback',
      lang: 'en',
      site_redirect_url: c.state.props.siteRedirectUrl,
    });
    // Through the real request parser and the sandbox's pay page: the new payment's props are the old ones.
    const parsed = parsePayRequest(fields);
    expect(parsed.ok).toBe(true);
    const request = parsed.ok ? parsed.request : null;
    const again = payPageProps('2', { ...fields, amount: String(request!.amount) }) as Partial<PaymentProps>;
    for (const k of [
      'amount',
      'checkoutAmount',
      'surcharge',
      'currencyCode',
      'customerEmail',
      'customerName',
      'customerId',
      'customerMobileNo',
      'payItemName',
      'paymentChannels',
      'tucRewardPercentage',
    ] as const) {
      expect(again[k], k).toEqual(c.state.props[k]);
    }
  });

  it('keeps only the fields the payment has', () => {
    const fields = Object.fromEntries(keptPayFields({ ...testCheckout().state.props, customerEmail: undefined, surcharge: 0 }));
    expect(fields).not.toHaveProperty('cust_email');
    expect(fields).not.toHaveProperty('surcharge');
    expect(fields).not.toHaveProperty('bulk');
  });

  it('closes with Escape, the focus back on its button', async () => {
    await renderDemo();
    const dialog = await openPanel();
    expect(opener().getAttribute('aria-expanded')).toBe('true');
    expect(dialog.contains(document.activeElement)).toBe(true);
    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener());
  });
});
