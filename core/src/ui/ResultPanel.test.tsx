import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { ResultPanel } from './ResultPanel';
import { CrossIcon } from './icons';

describe('ResultPanel', () => {
  it('draws the success mark, the title and its lines announced together, then the receipt and the children', () => {
    render(
      <ResultPanel
        title="Payment Completed!"
        lines={['Your payment was successful']}
        receipt={[
          { label: 'Amount paid', value: 'NGN 25,000.00', testId: 'amount' },
          { label: 'Paid to', value: 'Oja Sandbox Revenue Service' },
        ]}
      >
        <button type="button">Download receipt</button>
      </ResultPanel>,
    );
    const status = screen.getByRole('status');
    expect(status.querySelector('svg[aria-hidden]')).toBeTruthy();
    expect(status.textContent).toBe('Payment Completed!Your payment was successful');
    expect(screen.getByRole('region', { name: 'Payment Completed!' })).toBeTruthy();
    const receipt = screen.getByTestId('receipt');
    expect([...receipt.children].map((el) => [el.tagName, el.textContent])).toEqual([
      ['DT', 'Amount paid'],
      ['DD', 'NGN 25,000.00'],
      ['DT', 'Paid to'],
      ['DD', 'Oja Sandbox Revenue Service'],
    ]);
    expect(screen.getByTestId('amount').textContent).toBe('NGN 25,000.00');
    expect(receipt.compareDocumentPosition(screen.getByRole('button')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('takes another mark, and gives its title to a ref that can focus it', () => {
    let title: HTMLHeadingElement | null = null;
    render(<ResultPanel mark={CrossIcon} title="Payment Failed" titleId="t" titleRef={(el) => (title = el)} />);
    expect(title!.id).toBe('t');
    expect(title!.tabIndex).toBe(-1);
    expect(screen.queryByTestId('receipt')).toBeNull();
  });
});
