import { beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { CheckoutHarness, fakeHttp, pass, testCheckout } from '../testing';
import { HttpError } from '../http';
import { defineChannel } from '../plugin';
import type { StatusAnswer } from '../plugin';
import { useChannel } from '../state/checkout';
import { changeMethod } from '../state/actions';
import { DEFAULT_PENDING_CODES, useStatusPolling } from './useStatusPolling';
import { cardFixture } from '../testing/fixtureChannels';
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

async function renderPolled(http: ReturnType<typeof fakeHttp>) {
  const c = testCheckout({ channels: [cardFixture, polled], http });
  render(<CheckoutHarness checkout={c} path="/payment/polled" />);
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
