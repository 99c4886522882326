import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { CheckoutHarness, click, fakeHttp, pass, testCheckout } from '@oja/testing';
import { HttpError } from '../http';
import { defineChannel } from '../plugin';
import type { StatusAnswer } from '../plugin';
import { useChannel } from '../state/checkout';
import { checkStatusNow } from '../state/attemptActions';
import { useStatusPolling } from './useStatusPolling';
import { WaitingView } from './WaitingView';
import { cardFixture } from '@oja/testing';
// Loaded on demand by the shell; loaded here first so it renders within a fake-timer tick.
import '../ui/ResultScreen';

/** As slow as transfer and USSD: the control must not wait for it. */
const STATUS_MS = 20_000;

let polling = true;
function WaitingScreen() {
  useStatusPolling(useChannel(), polling);
  return <WaitingView title="Waiting for the bank" />;
}

const slow = defineChannel({
  id: 'slow',
  code: 'SLOW',
  path: '/payment/slow',
  isAvailable: () => true,
  screen: async () => ({ default: WaitingScreen }),
  status: {
    intervalMs: STATUS_MS,
    check: async ({ http, signal }) => {
      const response = await http.get('/api/v1/slow/status', { signal });
      return { code: String(response.responseCode), response } satisfies StatusAnswer;
    },
  },
  messages: { en: {}, fr: {} },
});

/** The sandbox's status: pending until simulate is called, then what `settleTo` says. */
function sandboxApi(settleTo: string, simulate: () => unknown = () => ({})) {
  let settled = false;
  return fakeHttp({
    'GET /api/v1/slow/status': () => ({ responseCode: settled ? settleTo : '09' }),
    'POST /sandbox/simulate': async () => {
      const answer = await simulate();
      settled = true;
      return answer;
    },
  });
}

async function renderSlow(http: ReturnType<typeof fakeHttp>, locale: 'en' | 'fr' = 'en') {
  const c = testCheckout({ channels: [cardFixture, slow], http, env: { sandbox: true, locale } });
  render(<CheckoutHarness checkout={c} path="/payment/slow" />);
  await pass();
  await pass();
  // The control is a chunk of its own (fetched only in the sandbox): settle it in without moving the clock.
  for (let i = 0; i < 20 && !screen.queryByTestId('sandbox-simulate'); i++) await pass();
  return c;
}

const statusCalls = (http: ReturnType<typeof fakeHttp>) => http.calls.filter((x) => x.key === 'GET /api/v1/slow/status').length;

beforeAll(async () => {
  // The control's chunk, loaded before any clock is faked.
  await import('./SimulateControl');
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  polling = true;
});

describe('SimulateControl', () => {
  it('asks the status at once after the sandbox settles: the result shows with no clock moved', async () => {
    const http = sandboxApi('00');
    const c = await renderSlow(http);
    expect(statusCalls(http)).toBe(1);
    await click(screen.getByRole('button', { name: 'Simulate success' }));
    expect(http.calls.map((x) => x.key)).toEqual(['GET /api/v1/slow/status', 'POST /sandbox/simulate', 'GET /api/v1/slow/status']);
    expect(c.state.result?.responseCode).toBe('00');
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
  });

  it('says it is settling from the click until the check answers', async () => {
    let release!: () => void;
    const http = sandboxApi('09', () => new Promise<object>((r) => (release = () => r({}))));
    await renderSlow(http);
    const settling = screen.getByTestId('sandbox-settling');
    expect(settling.getAttribute('role')).toBe('status');
    expect(settling.getAttribute('aria-live')).toBe('polite');
    expect(settling.textContent).toBe('');
    await click(screen.getByRole('button', { name: 'Simulate success' }));
    expect(settling.textContent).toBe('Settling this payment…');
    expect((screen.getByRole('button', { name: 'Simulate success' }) as HTMLButtonElement).disabled).toBe(true);
    release();
    await pass();
    // The sandbox still answers pending: the control is usable again, and polling goes on at its interval.
    expect(statusCalls(http)).toBe(2);
    expect(settling.textContent).toBe('');
    expect((screen.getByRole('button', { name: 'Simulate success' }) as HTMLButtonElement).disabled).toBe(false);
    await pass(STATUS_MS);
    expect(statusCalls(http)).toBe(3);
  });

  it('says so in French', async () => {
    const http = sandboxApi('09', () => new Promise(() => {}));
    await renderSlow(http, 'fr');
    await click(screen.getByRole('button', { name: 'Simuler un succès' }));
    expect(screen.getByTestId('sandbox-settling').textContent).toBe('Règlement du paiement en cours…');
  });

  it('stops settling when the sandbox refuses, and says so', async () => {
    const http = sandboxApi('00', () => {
      throw new HttpError('HTTP 404', 'http', 404);
    });
    await renderSlow(http);
    await click(screen.getByRole('button', { name: 'Simulate success' }));
    expect(screen.getByTestId('sandbox-settling').textContent).toBe('');
    expect(screen.getByText('The sandbox did not accept the simulation.')).toBeTruthy();
    expect(statusCalls(http)).toBe(1);
  });
});

describe('SimulateControl when the sandbox cannot answer', () => {
  it.each([
    [new HttpError('HTTP 503', 'http', 503), 'Something went wrong! Please try again!'],
    [new HttpError('Request timed out', 'timeout'), 'Something went wrong! Please try again!'],
    [new HttpError('HTTP 429', 'http', 429), 'Something went wrong! Please try again in 1 minute!'],
  ])('%s: notifies "%s", and the control can be pressed again', async (error, message) => {
    const http = sandboxApi('00', () => {
      throw error;
    });
    await renderSlow(http);
    await click(screen.getByRole('button', { name: 'Simulate success' }));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect((screen.getByRole('button', { name: 'Simulate success' }) as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('checkStatusNow', () => {
  it("answers 'none' when no screen polls", async () => {
    polling = false;
    const http = sandboxApi('00');
    const c = await renderSlow(http);
    expect(await checkStatusNow(c)).toBe('none');
    expect(statusCalls(http)).toBe(0);
  });

  it("answers 'pending' or 'final' from a check run at once by the screen's polling", async () => {
    const http = sandboxApi('00');
    const c = await renderSlow(http);
    const first = checkStatusNow(c);
    await pass();
    expect(await first).toBe('pending');
    expect(statusCalls(http)).toBe(2);
    await http.post('/sandbox/simulate', {});
    const second = checkStatusNow(c);
    await pass();
    expect(await second).toBe('final');
    expect(c.state.result?.responseCode).toBe('00');
  });
});
