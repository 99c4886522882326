import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { CopyButton, COPIED_LABEL_MS } from './CopyButton';
import { createI18n, I18nContext } from '../i18n';
import { coreMessages } from '../messages';
import { pass } from '@oja/testing';

beforeEach(() => {
  vi.useFakeTimers();
});

function renderButton(locale: 'en' | 'fr' = 'en') {
  render(
    <I18nContext.Provider value={createI18n(locale, [coreMessages])}>
      <CopyButton value="0123456789" what={locale === 'en' ? 'account number' : 'numéro de compte'} />
    </I18nContext.Provider>,
  );
  return screen.getByRole('button');
}

describe('CopyButton', () => {
  it('is named after what it copies', () => {
    const button = renderButton();
    expect(button.getAttribute('aria-label')).toBe('Copy account number');
    expect(button.textContent).toBe('Copy');
  });

  it('copies the value and says "Copied" for one second', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText } as unknown as Clipboard);
    const button = renderButton();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(writeText).toHaveBeenCalledWith('0123456789');
    expect(button.textContent).toBe('Copied');
    expect(COPIED_LABEL_MS).toBe(1_000);
    await pass(999);
    expect(button.textContent).toBe('Copied');
    await pass(1);
    expect(button.textContent).toBe('Copy');
  });

  it('a second copy shows "Copied" for a full second again', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: () => Promise.resolve() } as unknown as Clipboard);
    const button = renderButton();
    await act(async () => {
      fireEvent.click(button);
    });
    await pass(600);
    await act(async () => {
      fireEvent.click(button);
    });
    await pass(999);
    expect(button.textContent).toBe('Copied');
    await pass(1);
    expect(button.textContent).toBe('Copy');
  });

  it('falls back when the clipboard is refused, and still says "Copied"', async () => {
    vi.spyOn(navigator, 'clipboard', 'get').mockReturnValue({ writeText: () => Promise.reject(new Error('denied')) } as unknown as Clipboard);
    const button = renderButton();
    await act(async () => {
      fireEvent.click(button);
    });
    expect(button.textContent).toBe('Copied');
    expect(document.querySelector('textarea')).toBeNull();
  });

  it('speaks French', () => {
    const button = renderButton('fr');
    expect(button.getAttribute('aria-label')).toBe('Copier numéro de compte');
    expect(button.textContent).toBe('Copier');
  });
});
