import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { CopyValue } from './CopyValue';
import { createI18n, I18nContext } from '../i18n';
import { coreMessages } from '../messages';

function renderValue(props: Partial<Parameters<typeof CopyValue>[0]> = {}) {
  render(
    <I18nContext.Provider value={createI18n('en', [coreMessages])}>
      <CopyValue label="Account number" value="0123456789" testId="account-number" {...props} />
    </I18nContext.Provider>,
  );
  return screen.getByRole('group', { name: props.label ?? 'Account number' });
}

describe('CopyValue', () => {
  it('shows the label, the value under its test id and one copy button named after the label', () => {
    const group = renderValue();
    expect(screen.getByTestId('account-number').textContent).toBe('0123456789');
    expect(within(group).getByText('Account number')).toBeTruthy();
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['Copy Account number']);
  });

  it('names the button after `what` when given, and copies the value', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    renderValue({ label: 'Your five-digit code', value: '12345', what: 'five-digit code' });
    const button = screen.getByRole('button', { name: 'Copy five-digit code' });
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('12345');
    expect(button.textContent).toBe('Copied');
  });
});
