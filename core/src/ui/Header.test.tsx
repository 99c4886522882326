import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { CheckoutHarness, testCheckout } from '@oja/testing';
import type { PaymentProps } from '../props';
import { initialsOf } from './Header';

function renderHeader(props: Partial<PaymentProps> = {}) {
  render(<CheckoutHarness checkout={testCheckout({ props })} />);
  return screen.getByRole('banner');
}

describe('initialsOf', () => {
  it.each([
    ['Oja Demo Store', 'OD'],
    ['  acme  ', 'A'],
    ['émile & fils', 'ÉF'],
    ['& & &', ''],
    ['', ''],
  ])('%j → %j', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});

describe('Header', () => {
  it('says "You are paying" and the formatted amount', () => {
    const header = renderHeader({ customerEmail: undefined, amount: 150000, checkoutAmount: 150000 });
    expect(within(header).getByText('You are paying')).toBeTruthy();
    expect(within(header).getByText('NGN 1,500.00')).toBeTruthy();
  });

  it("shows the customer's e-mail instead when given", () => {
    const header = renderHeader({ customerEmail: 'ada@example.com' });
    expect(within(header).getByText('ada@example.com')).toBeTruthy();
    expect(within(header).queryByText('You are paying')).toBeNull();
  });

  it('shows the checkout amount (amount plus surcharge), truncated', () => {
    const header = renderHeader({ amount: 123456789, surcharge: 10050, checkoutAmount: 123466839.9 });
    expect(within(header).getByText('NGN 1,234,668.39')).toBeTruthy();
  });

  it('shows UGX unformatted', () => {
    const header = renderHeader({ currencyCode: '800', amount: 5000000, checkoutAmount: 5000000 });
    expect(within(header).getByText('UGX 50000')).toBeTruthy();
  });

  it('names the amount for screen readers', () => {
    const header = renderHeader();
    const amount = within(header).getByText('NGN 1,500.00').parentElement!;
    // Read as one phrase: the label is text, visually hidden (the page's .oja-sr-only), not an aria-label.
    expect(amount.textContent).toBe('Amount: NGN 1,500.00');
    expect(amount.querySelector('.oja-sr-only')?.textContent).toBe('Amount: ');
    expect(amount.hasAttribute('aria-label')).toBe(false);
  });

  it('shows the FEE line when the fee is passed to the customer and the surcharge is above 0', () => {
    const header = renderHeader({ amount: 150000, surcharge: 400, checkoutAmount: 150400, passFeeToCustomer: true });
    expect(within(header).getByText('NGN 1,504.00')).toBeTruthy();
    expect(within(header).getByText('FEE NGN 4.00')).toBeTruthy();
  });

  it('hides the FEE line when the merchant bears the fee', () => {
    const header = renderHeader({ amount: 150000, surcharge: 400, checkoutAmount: 150400, passFeeToCustomer: false });
    expect(within(header).queryByText(/FEE/)).toBeNull();
  });

  it('hides the FEE line for a zero surcharge', () => {
    const header = renderHeader({ surcharge: 0, passFeeToCustomer: true });
    expect(within(header).queryByText(/FEE/)).toBeNull();
  });

  it('leads with the merchant: its name as text, its initials when it gave no logo', () => {
    const header = renderHeader({ merchantName: 'Oja Demo Store', logoUrl: undefined });
    const [first, second] = Array.from(header.children);
    expect(first!.textContent).toBe('OD');
    expect(first!.getAttribute('aria-hidden')).toBe('true');
    expect(second!.textContent).toBe('Oja Demo Store');
  });

  it('shows the name of a merchant whose name is markup as text', () => {
    const header = renderHeader({ merchantName: '<b>Shop</b> & Co' });
    expect(within(header).getByText('<b>Shop</b> & Co')).toBeTruthy();
    expect(header.querySelector('b')).toBeNull();
  });

  it('shows an https merchant logo beside its name (decorative: the name is written next to it)', () => {
    const header = renderHeader({ logoUrl: 'https://cdn.shop.example/logo.png' });
    const img = header.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('https://cdn.shop.example/logo.png');
    expect(img.getAttribute('alt')).toBe('');
    expect(within(header).getByText('Oja Demo Store')).toBeTruthy();
    expect(within(header).queryByText('OD')).toBeNull();
  });

  it.each(['http://cdn.shop.example/logo.png', 'javascript:alert(1)', 'data:image/svg+xml,<svg/>', '/logo.png'])('refuses the logo %j', (logoUrl) => {
    const header = renderHeader({ logoUrl });
    expect(header.querySelector('img')).toBeNull();
    expect(within(header).getByText('OD')).toBeTruthy();
  });
});

describe('Header of a refused request', () => {
  it('shows no amount and no "You are paying" on the Incorrect Transaction screen', async () => {
    render(<CheckoutHarness checkout={testCheckout({ props: { responseCode: 'Z5', checkoutAmount: 0 } })} />);
    expect(await screen.findByText('Incorrect Transaction')).toBeTruthy();
    expect(screen.queryByText('You are paying')).toBeNull();
    expect(screen.queryByText(/NGN/)).toBeNull();
  });
});
