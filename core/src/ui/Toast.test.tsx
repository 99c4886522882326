import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { CheckoutHarness, pass, testCheckout } from '@oja/testing';
import type { Checkout } from '../state/checkout';
import { NOTIFICATION_MS, notify } from '../state/actions';
import type { NotificationKind } from '../state/checkout';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

async function renderShell(locale: 'en' | 'fr' = 'en') {
  const c = testCheckout({ env: { locale } });
  render(<CheckoutHarness checkout={c} />);
  await pass();
  return c;
}

const show = async (c: Checkout, message: string, kind?: NotificationKind, durationMs?: number | null) => {
  await act(async () => notify(c, message, kind, durationMs));
  await pass();
};

describe('Toast', () => {
  it('shows an error notification as an alert', async () => {
    const c = await renderShell();
    expect(screen.queryByRole('alert')).toBeNull();
    await show(c, 'We could not reach your bank.');
    const toast = screen.getByRole('alert');
    expect(toast.textContent).toBe('We could not reach your bank.');
    expect(toast.getAttribute('data-kind')).toBe('ERROR');
  });

  it('shows INFO politely, WARNING as an alert', async () => {
    const c = await renderShell();
    await show(c, 'Code sent', 'INFO');
    expect(screen.getByRole('status').textContent).toContain('Code sent');
    await show(c, 'Slow network', 'WARNING');
    expect(screen.getByRole('alert').getAttribute('data-kind')).toBe('WARNING');
  });

  it('hides by itself after 5000 ms', async () => {
    const c = await renderShell();
    expect(NOTIFICATION_MS).toBe(5_000);
    await show(c, 'Hello');
    await pass(4_999);
    expect(screen.getByRole('alert')).toBeTruthy();
    await pass(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(c.state.notification).toBeNull();
  });

  it('stays without a duration', async () => {
    const c = await renderShell();
    await show(c, 'Read me', 'ERROR', null);
    await pass(600_000);
    expect(screen.getByRole('alert').textContent).toBe('Read me');
  });

  it('a custom duration is honoured', async () => {
    const c = await renderShell();
    await show(c, 'Brief', 'INFO', 1_000);
    await pass(999);
    expect(screen.getByRole('status').textContent).toContain('Brief');
    await pass(1);
    expect(screen.queryByText('Brief')).toBeNull();
  });

  it('a newer notification gets its own full time', async () => {
    const c = await renderShell();
    await show(c, 'First');
    await pass(3_000);
    await show(c, 'Second');
    await pass(4_999);
    expect(screen.getByRole('alert').textContent).toBe('Second');
    await pass(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the same text notified again restarts the timer', async () => {
    const c = await renderShell();
    await show(c, 'Again');
    await pass(3_000);
    await show(c, 'Again');
    await pass(3_000);
    expect(screen.getByRole('alert').textContent).toBe('Again');
  });

  it('closes with its close button', async () => {
    const c = await renderShell();
    await show(c, 'Close me', 'ERROR', null);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    });
    await pass();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(c.state.notification).toBeNull();
  });

  it('shows the default message when none is given', async () => {
    const c = await renderShell();
    await show(c, '');
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
  });

  it('speaks French', async () => {
    const c = await renderShell('fr');
    await show(c, '');
    expect(screen.getByRole('alert').textContent).toBe("Une erreur s'est produite. Veuillez réessayer.");
    expect(screen.getByRole('button', { name: 'Fermer la notification' })).toBeTruthy();
  });
});
