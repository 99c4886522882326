import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import { CheckoutHarness, click, pass, testCheckout } from '@oja/testing';
import { defineChannel } from '../plugin';
import type { Locale } from '../i18n';
import { setServerOffset, serverNow } from '../clock';
import { button, link } from '../ui/styles';
import { STILL_TRYING_AFTER_FAILURES, WaitingView } from './WaitingView';
import type { WaitingViewProps } from './WaitingView';

const T0 = Date.UTC(2030, 0, 15, 12, 0, 0);
const MINUTE_MS = 60_000;

/** The view's props for the next render; `deadlineInMs` becomes a deadline on the server's clock, once. */
let given: Partial<WaitingViewProps> & { deadlineInMs?: number } = {};

function Wait() {
  const { deadlineInMs, ...rest } = given;
  const [deadline, setDeadline] = useState(() => (deadlineInMs === undefined ? null : serverNow() + deadlineInMs));
  // "Wait longer" as a channel does it: a new deadline, 5 minutes from now.
  const ended = rest.ended && {
    ...rest.ended,
    waitLonger: rest.ended.waitLonger && {
      ...rest.ended.waitLonger,
      onClick: () => {
        rest.ended?.waitLonger?.onClick();
        setDeadline(serverNow() + 5 * MINUTE_MS);
      },
    },
  };
  return <WaitingView title="Waiting for your bank" message="Approve the payment in your bank's app." {...rest} deadline={deadline} ended={ended} />;
}

const waiting = defineChannel({
  id: 'waiting',
  code: 'WAITING',
  path: '/payment/waiting',
  isAvailable: () => true,
  screen: async () => ({ default: Wait }),
  messages: { en: {}, fr: {} },
});

async function show(props: typeof given = {}, locale: Locale = 'en', sandbox = false) {
  given = props;
  const c = testCheckout({ channels: [waiting], env: { locale, sandbox } });
  render(<CheckoutHarness checkout={c} path="/payment/waiting" />);
  await pass();
  await pass();
  return c;
}

const timer = () => screen.getByRole('timer');
/** The view itself, named by its heading (the shell around it has buttons of its own). */
const region = () => screen.getByRole('region', { name: 'Waiting for your bank' });

beforeAll(async () => {
  // The sandbox's control, a chunk of its own, loaded before any clock is faked.
  await import('./SimulateControl');
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(T0);
  setServerOffset(0);
});
afterEach(() => setServerOffset(0));

describe('WaitingView', () => {
  it('leads with the status: the heading and message in one polite live region, the spinner decorative', async () => {
    await show();
    const heading = screen.getByRole('heading', { level: 1, name: 'Waiting for your bank' });
    const live = heading.closest('[role="status"]');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    expect(live?.textContent).toContain("Approve the payment in your bank's app.");
    expect(region()).toBeTruthy();
    expect(document.querySelector('section > [aria-hidden="true"]')).not.toBeNull();
    // No deadline, no countdown; the way out is core's link.
    expect(screen.queryByRole('timer')).toBeNull();
    expect(screen.getByRole('link', { name: 'Change payment method' }).className).toContain(link);
  });

  it('counts down on the server clock as mm:ss, named for screen readers and announced politely once a minute', async () => {
    // The server is 30 s ahead: the deadline is on its clock, not the browser's.
    setServerOffset(30_000);
    await show({ deadlineInMs: 10 * MINUTE_MS });
    expect(timer().textContent).toBe('10:00');
    expect(timer().getAttribute('aria-live')).toBe('off');
    expect(timer().getAttribute('aria-label')).toBe('Time left: 10:00');
    const minutes = timer().parentElement!.querySelector('[aria-live="polite"]')!;
    expect(minutes.textContent).toBe('About 10 minutes left');
    await pass(61_000);
    expect(timer().textContent).toBe('08:59');
    expect(minutes.textContent).toBe('About 9 minutes left');
  });

  it('calls onEnd once at zero and then says what its end means, politely, with no offer', async () => {
    const onEnd = vi.fn();
    await show({ deadlineInMs: 2_000, onEnd, ended: { text: 'This code is no longer valid.' } });
    expect(screen.queryByText('This code is no longer valid.')).toBeNull();
    await pass(1_999);
    expect(onEnd).not.toHaveBeenCalled();
    await pass(1);
    expect(onEnd).toHaveBeenCalledTimes(1);
    expect(timer().textContent).toBe('00:00');
    const said = screen.getByText('This code is no longer valid.');
    expect(said.closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(within(region()).queryAllByRole('button')).toEqual([]);
    await pass(10 * MINUTE_MS);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('offers to wait longer at the end: an alert with the button and its note; the focus goes to the heading after', async () => {
    const onClick = vi.fn();
    await show({
      deadlineInMs: 1_000,
      ended: { text: 'We have not received your transfer yet.', waitLonger: { label: 'Wait 5 more minutes', onClick, note: '3 extensions left' } },
    });
    expect(screen.queryByRole('alert')).toBeNull();
    await pass(1_000);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('We have not received your transfer yet.Wait 5 more minutes3 extensions left');
    const more = within(alert).getByRole('button', { name: 'Wait 5 more minutes' });
    expect(more.className).toContain(button);
    await click(more);
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(timer().textContent).toBe('05:00');
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
  });

  it('says it is still trying from the second failed status request on, politely', async () => {
    expect(STILL_TRYING_AFTER_FAILURES).toBe(2);
    await show({ failures: 1 });
    expect(screen.queryByText(/trouble confirming/)).toBeNull();
    await show({ failures: 2 });
    const notice = screen.getByText('We are having trouble confirming your payment. We will keep trying.');
    expect(notice.getAttribute('role')).toBe('status');
  });

  it('has a check-now button: busy while asking, an alert when the check did not confirm', async () => {
    const onClick = vi.fn();
    await show({ checkNow: { label: 'I have authorized this payment', busyLabel: 'Checking…', busy: false, onClick } });
    const ask = screen.getByRole('button', { name: 'I have authorized this payment' });
    expect(ask.className).toContain(button);
    await click(ask);
    expect(onClick).toHaveBeenCalledTimes(1);
    await show({
      checkNow: { label: 'I have authorized this payment', busyLabel: 'Checking…', busy: true, onClick, failed: 'Something went wrong' },
    });
    const busy = screen.getByRole('button', { name: 'Checking…' }) as HTMLButtonElement;
    expect(busy.disabled).toBe(true);
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong');
  });

  it("goes back by the channel's own way back when it gives one, at the top, instead of Change payment method", async () => {
    const onClick = vi.fn();
    await show({ leave: { label: 'Cancel', onClick }, actions: <button type="button">Change bank</button> });
    expect(screen.queryByRole('link', { name: 'Change payment method' })).toBeNull();
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    expect(cancel.className).toContain(link);
    // The view's one way back leads it, above the heading; the channel's actions stay at the foot.
    expect(
      within(region())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Cancel', 'Change bank']);
    expect(cancel.compareDocumentPosition(screen.getByRole('heading', { level: 1 })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await click(cancel);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('lets a task lead (a QR code): no large spinner, the wait a quiet polite line under the countdown', async () => {
    await show({ task: <svg role="img" aria-label="QR code" />, statusLine: 'Confirming transaction status', deadlineInMs: MINUTE_MS });
    expect(region().querySelector(':scope > [aria-hidden="true"]')).toBeNull();
    const code = screen.getByRole('img', { name: 'QR code' });
    const line = screen.getByText('Confirming transaction status');
    expect(line.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(code.compareDocumentPosition(timer()) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(timer().compareDocumentPosition(line) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows the sandbox control only in the sandbox, and not when the channel says so', async () => {
    await show({}, 'en', true);
    for (let i = 0; i < 20 && !screen.queryByTestId('sandbox-simulate'); i++) await pass();
    expect(screen.getByTestId('sandbox-simulate')).toBeTruthy();
    await show({ simulate: false }, 'en', true);
    await pass();
    expect(screen.getAllByTestId('sandbox-simulate')).toHaveLength(1);
  });

  it('speaks French', async () => {
    await show({ deadlineInMs: 3 * MINUTE_MS, failures: 2 }, 'fr');
    expect(timer().getAttribute('aria-label')).toBe('Temps restant : 03:00');
    expect(screen.getByText('Environ 3 minutes restantes')).toBeTruthy();
    expect(screen.getByText('Nous avons du mal à confirmer votre paiement. Nous continuons d’essayer.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Changer de moyen de paiement' })).toBeTruthy();
  });
});
