import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { CheckoutHarness, fakeHttp, pass, testCheckout } from '@oja/testing';
import { HttpError } from '../http';
import { defineChannel } from '../plugin';
import type { StatusAnswer } from '../plugin';
import { useChannel } from '../state/checkout';
import { changeMethod } from '../state/actions';
import { checkStatusNow } from '../state/attemptActions';
import { setServerOffset } from '../clock';
import { DEFAULT_PENDING_CODES, useStatusPolling } from './useStatusPolling';
import { cardFixture } from '@oja/testing';
// Loaded on demand by the shell; loaded here first so it renders within a fake-timer tick.
import '../ui/ResultScreen';

const STATUS_MS = 2_000;

let keepOpen = false;
function StatusScreen() {
  const { failures, last } = useStatusPolling(useChannel(), true, () => (keepOpen ? false : undefined));
  return <p data-testid="status">{`last ${last?.code ?? 'none'}, failures ${failures}`}</p>;
}

const polled = defineChannel({
  id: 'polled',
  code: 'POLLED',
  path: '/payment/polled',
  isAvailable: () => true,
  screen: async () => ({ default: StatusScreen }),
  status: {
    intervalMs: STATUS_MS,
    check: async ({ http, props, signal }) => {
      const response = await http.get('/api/v1/polled/status', { params: { paymentId: props.paymentId }, signal });
      return { code: String(response.responseCode), response } satisfies StatusAnswer;
    },
  },
  messages: { en: {}, fr: {} },
});

/** The status endpoint answers these in turn: a code, or an Error to fail the request. */
function statusApi(...answers: Array<string | Error>) {
  return fakeHttp({
    'GET /api/v1/polled/status': () => {
      const next = answers.length > 1 ? answers.shift()! : answers[0];
      if (next instanceof Error) throw next;
      return { responseCode: next, responseDescription: `status ${next}` };
    },
  });
}

/** DRC mobile money's timing (companion §4 "DRC wallet"): first query after 4 s (23 min for ORANGE), 30 s in all. */
const DRC_FIRST_QUERY_MS = 4_000;
const ORANGE_FIRST_QUERY_MS = 1_380_000;
const DRC_POLL_TIMEOUT_MS = 30_000;

let provider = 'VODACOM';
let expiresAt: number | null = null;
const onTimeout = vi.fn();
function TimedScreen() {
  const { last, timedOut } = useStatusPolling(useChannel(), true, { params: { provider }, deadline: expiresAt, onTimeout });
  // The channel's own view on a timeout: the shell knows nothing of it.
  return <p data-testid="status">{timedOut ? 'timed out' : `last ${last?.code ?? 'none'}`}</p>;
}

const timed = defineChannel({
  ...polled,
  id: 'timed',
  code: 'TIMED',
  path: '/payment/timed',
  screen: async () => ({ default: TimedScreen }),
  status: {
    ...polled.status!,
    intervalMs: STATUS_MS,
    firstDelayMs: ({ params }) => (params.provider === 'ORANGE' ? ORANGE_FIRST_QUERY_MS : DRC_FIRST_QUERY_MS),
    timeoutMs: DRC_POLL_TIMEOUT_MS,
  },
});

async function renderPolled(http: ReturnType<typeof fakeHttp>, channel = polled) {
  const c = testCheckout({ channels: [cardFixture, polled, timed], http });
  render(<CheckoutHarness checkout={c} path={channel.path} />);
  // The screen loads, then its first request goes at once (0 ms).
  await pass();
  await pass();
  return c;
}

const status = () => screen.getByTestId('status').textContent;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => {});
  keepOpen = false;
  provider = 'VODACOM';
  expiresAt = null;
  onTimeout.mockReset();
  setServerOffset(0);
});

describe('useStatusPolling', () => {
  it('treats 09, S0 and Z0 as pending by default', () => {
    expect(DEFAULT_PENDING_CODES).toEqual(['09', 'S0', 'Z0']);
  });

  it("asks at once, then every interval after each answer, with the payment's props", async () => {
    const http = statusApi('09');
    await renderPolled(http);
    expect(http.calls).toHaveLength(1);
    expect(http.calls[0].opts?.params).toEqual({ paymentId: '4242001' });
    expect(http.calls[0].opts?.signal).toBeInstanceOf(AbortSignal);
    expect(status()).toBe('last 09, failures 0');
    await pass(STATUS_MS - 1);
    expect(http.calls).toHaveLength(1);
    await pass(1);
    expect(http.calls).toHaveLength(2);
    await pass(STATUS_MS * 3);
    expect(http.calls).toHaveLength(5);
  });

  it('completes the transaction with a final code and its response, then stops', async () => {
    const http = statusApi('09', 'S0', '00');
    const c = await renderPolled(http);
    await pass(STATUS_MS * 2);
    expect(c.state.result).toEqual({ responseCode: '00', responseDescription: 'status 00' });
    expect(screen.getByRole('heading', { name: 'Payment Successful' })).toBeTruthy();
    await pass(STATUS_MS * 10);
    expect(http.calls).toHaveLength(3);
    // Counted by channel, for the result's report to the server (its metrics).
    expect(Object.values(c.statusPolls)).toEqual([3]);
  });

  it('a failure code is final too', async () => {
    const http = statusApi('09', '51');
    const c = await renderPolled(http);
    await pass(STATUS_MS);
    expect(c.state.result?.responseCode).toBe('51');
    await pass(STATUS_MS * 10);
    expect(http.calls).toHaveLength(2);
  });

  it('counts failed requests, backs off, and recovers', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0);
    const http = statusApi(new HttpError('HTTP 500', 'http', 500), new HttpError('Network error', 'network'), '09');
    const c = await renderPolled(http);
    expect(status()).toBe('last none, failures 1');
    await pass(STATUS_MS);
    expect(status()).toBe('last none, failures 2');
    // Second failure: twice the wait.
    await pass(STATUS_MS * 2 - 1);
    expect(http.calls).toHaveLength(2);
    await pass(1);
    expect(status()).toBe('last 09, failures 0');
    expect(c.state.result).toBeNull();
  });

  it('stops when the payer leaves the screen, aborting the request in flight', async () => {
    let signal: AbortSignal | undefined;
    const http = fakeHttp({
      'GET /api/v1/polled/status': (_body, opts) => {
        signal = opts?.signal;
        return new Promise(() => {});
      },
    });
    const c = await renderPolled(http);
    expect(signal?.aborted).toBe(false);
    await act(async () => changeMethod(c));
    await pass();
    expect(screen.getByRole('heading', { name: 'Choose a payment method' })).toBeTruthy();
    expect(signal?.aborted).toBe(true);
    await pass(STATUS_MS * 10);
    expect(http.calls).toHaveLength(1);
  });

  it('lets the channel keep the transaction open on a final code', async () => {
    keepOpen = true;
    const http = statusApi('51');
    const c = await renderPolled(http);
    expect(status()).toBe('last 51, failures 0');
    expect(c.state.result).toBeNull();
    await pass(STATUS_MS * 10);
    expect(http.calls).toHaveLength(1);
  });
});

describe('useStatusPolling: first delay, deadline and check now', () => {
  it("waits the channel's first delay, worked out from the screen's params", async () => {
    const http = statusApi('09');
    await renderPolled(http, timed);
    await pass(DRC_FIRST_QUERY_MS - 1);
    expect(http.calls).toHaveLength(0);
    await pass(1);
    expect(http.calls).toHaveLength(1);
    // Then the interval.
    await pass(STATUS_MS);
    expect(http.calls).toHaveLength(2);
  });

  it('waits 23 minutes for ORANGE, and the deadline comes first', async () => {
    provider = 'ORANGE';
    const http = statusApi('09');
    await renderPolled(http, timed);
    await pass(DRC_POLL_TIMEOUT_MS);
    expect(status()).toBe('timed out');
    await pass(ORANGE_FIRST_QUERY_MS);
    expect(http.calls).toHaveLength(0);
  });

  it('checkStatusNow asks at once during the first delay', async () => {
    provider = 'ORANGE';
    const http = statusApi('09');
    const c = await renderPolled(http, timed);
    await pass(10_000);
    expect(http.calls).toHaveLength(0);
    let outcome: string | undefined;
    await act(async () => {
      outcome = await checkStatusNow(c);
    });
    expect(outcome).toBe('pending');
    expect(http.calls).toHaveLength(1);
    expect(status()).toBe('last 09');
  });

  it('stops at the timeout and tells the screen, which shows its own view; nothing is sent after', async () => {
    const http = statusApi('09');
    const c = await renderPolled(http, timed);
    await pass(DRC_POLL_TIMEOUT_MS - 1);
    expect(status()).toBe('last 09');
    const sent = http.calls.length;
    expect(sent).toBeGreaterThan(0);
    await pass(1);
    expect(status()).toBe('timed out');
    expect(onTimeout).toHaveBeenCalledTimes(1);
    // The transaction stays open: what follows (Retry) is the channel's.
    expect(c.state.result).toBeNull();
    await pass(DRC_POLL_TIMEOUT_MS * 10);
    expect(http.calls).toHaveLength(sent);
    await act(async () => {
      expect(await checkStatusNow(c)).toBe('none');
    });
    expect(http.calls).toHaveLength(sent);
  });

  it("stops at the screen's own deadline, an instant on the server's clock, when it comes first", async () => {
    // This phone's clock is 60 s ahead of the server's.
    setServerOffset(-60_000);
    expiresAt = Date.now() - 60_000 + 10_000;
    const http = statusApi('09');
    await renderPolled(http, timed);
    await pass(9_999);
    expect(status()).toBe('last 09');
    await pass(1);
    expect(status()).toBe('timed out');
  });

  it('a final answer before the deadline completes, and no timeout follows', async () => {
    const http = statusApi('09', '00');
    const c = await renderPolled(http, timed);
    await pass(DRC_FIRST_QUERY_MS + STATUS_MS);
    expect(c.state.result?.responseCode).toBe('00');
    await pass(DRC_POLL_TIMEOUT_MS);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('leaving during the first delay sends nothing', async () => {
    const http = statusApi('09');
    const c = await renderPolled(http, timed);
    await pass(1_000);
    await act(async () => changeMethod(c));
    await pass(DRC_POLL_TIMEOUT_MS);
    expect(http.calls).toHaveLength(0);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(c.checkStatusNow).toBeUndefined();
  });
});
