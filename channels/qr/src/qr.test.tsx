import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { availableChannels, CODE_ALREADY_PAID, HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import { CheckoutHarness, callContext, click, fakeHttp, pass, sampleProps, testCheckout, specMarkets } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import qr from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { checkStatus, generateQr } from './api';
import { MAX_QR_BYTES, STATUS_POLL_MS } from './constants';

const RAW = '00020101021226300014ng.oja.sandbox0108100001-152040000530356654071500.005802NG6304ABCD';
const QR = { responseCode: '00', rawQRData: RAW, validityPeriodMins: 10 };
const GENERATE = 'POST /api/v1/qr/generate';
const STATUS = 'GET /api/v1/qr/status';
const CODE_LABEL = 'QR code to pay NGN 1,500.00 to Oja Demo Store';

describe('qr plugin', () => {
  it('is a valid channel', () => {
    expect(validateChannel(qr)).toEqual([]);
  });

  it('is available when the merchant offers QR, kept from UGX payments by the spec market rules', () => {
    expect(qr.isAvailable(sampleProps({ nonCardOptions: [{ providerCode: 'QR', enabled: true }] }))).toBe(true);
    expect(qr.isAvailable(sampleProps({ nonCardOptions: [{ providerCode: 'QR', enabled: false }] }))).toBe(false);
    expect(qr.isAvailable(sampleProps({ nonCardOptions: [], paymentChannels: ['CARD', 'QR'] }))).toBe(true);
    expect(qr.isAvailable(sampleProps({ nonCardOptions: [], paymentChannels: ['CARD'] }))).toBe(false);
    // Offered by its own rule, but core's market rule keeps it from UGX payments.
    expect(
      availableChannels([qr], sampleProps({ currencyCode: '800', nonCardOptions: [{ providerCode: 'QR', enabled: true }] }), undefined, specMarkets),
    ).toEqual([]);
  });

  it('has every string in en and fr, and the cancel dialog its QR warning with Close', () => {
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
    expect(messages.en.qr.row.title).toBe('Pay with QR');
    expect(qr.cancelDialog).toEqual({ subtitle: 'qr.cancelSubtitle', close: 'qr.cancelClose' });
    expect(messages.en.qr.cancelClose).toBe('Close');
  });

  it('polls every 2 s and keeps going on the default pending codes', () => {
    expect(STATUS_POLL_MS).toBe(2_000);
    expect(qr.status?.intervalMs).toBe(STATUS_POLL_MS);
    expect(qr.status?.pendingCodes).toBeUndefined();
  });
});

describe('qr api', () => {
  beforeEach(() => setServerOffset(0));

  it('asks for the code with the payment, and takes its validity when given', async () => {
    const props = sampleProps();
    const http = fakeHttp({ [GENERATE]: () => QR });
    const before = Date.now();
    const answer = await generateQr(callContext(props, http));
    expect(answer.rawQRData).toBe(RAW);
    expect(answer.expiresAt! - before).toBeGreaterThanOrEqual(10 * 60_000);
    expect(answer.expiresAt! - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    expect(http.calls[0].body).toEqual({
      merchantCode: props.merchantCode,
      payableCode: props.payableCode,
      paymentId: props.paymentId,
      transactionReference: props.merchantTransactionReference,
      amount: props.checkoutAmount,
      currencyCode: props.currencyCode,
    });
    const untimed = fakeHttp({ [GENERATE]: () => ({ rawQRData: RAW }) });
    await expect(generateQr(callContext(props, untimed))).resolves.toEqual({ rawQRData: RAW, expiresAt: null });
    const nonsense = fakeHttp({ [GENERATE]: () => ({ rawQRData: RAW, validityPeriodMins: 'soon' }) });
    await expect(generateQr(callContext(props, nonsense))).resolves.toMatchObject({ expiresAt: null });
  });

  it.each([
    ['no payload', { responseCode: '00' }],
    ['an empty payload', { responseCode: '00', rawQRData: '  ' }],
    ['a payload that is not text', { responseCode: '00', rawQRData: { a: 1 } }],
    ['a payload too long for a QR code', { responseCode: '00', rawQRData: 'x'.repeat(MAX_QR_BYTES + 1) }],
    ['a refusal', { responseCode: 'Z5', rawQRData: RAW }],
  ])('refuses an answer with %s', async (_what, answer) => {
    await expect(generateQr(callContext(sampleProps(), fakeHttp({ [GENERATE]: () => answer })))).rejects.toMatchObject({ code: 'invalid' });
  });

  it('asks for the status by merchant and transaction reference, and needs a code in the answer', async () => {
    const props = sampleProps();
    const signal = new AbortController().signal;
    const http = fakeHttp({ [STATUS]: () => ({ responseCode: '09', responseDescription: 'Awaiting payment' }) });
    await expect(checkStatus(callContext(props, http, signal))).resolves.toEqual({
      code: '09',
      response: { responseCode: '09', responseDescription: 'Awaiting payment' },
    });
    expect(http.calls[0].opts).toMatchObject({ params: { merchantCode: 'MX_DEMO', transactionReference: 'TXN-0001' }, signal });
    for (const bad of [{}, { responseCode: 9 }, { responseCode: '' }]) {
      await expect(checkStatus(callContext(props, fakeHttp({ [STATUS]: () => bad }), signal))).rejects.toMatchObject({ code: 'invalid' });
    }
  });
});

describe('qr screen', () => {
  beforeAll(async () => {
    // The lazily loaded screen, result screen and sandbox control, ready before the clock is faked.
    await Promise.all([
      import('./Screen'),
      import('../../../core/src/ui/ResultScreen'),
      import('../../../core/src/ui/CancelDialog'),
      import('../../../core/src/primitives/SimulateControl'),
      import('@oja/core/qr').then((m) => m.loadQrEncoder()),
    ]);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    setServerOffset(0);
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  function mount(status: FakeRoute, generate: FakeRoute = () => QR, env = {}) {
    const http = fakeHttp({ [GENERATE]: generate, [STATUS]: status, 'POST /api/v1/pay/customerCancellation': () => ({ responseCode: 'Z6' }) });
    const checkout = testCheckout({
      channels: [qr],
      http,
      props: { displayMode: 'POPUP', nonCardOptions: [{ providerCode: 'QR', enabled: true }] },
      env,
    });
    render(<CheckoutHarness checkout={checkout} path="/payment/qr" />);
    return { http, checkout };
  }
  /** Mounted: the code generated, and the poller's first request (scheduled at once) sent. */
  const start = async () => {
    await pass();
    await pass(0);
  };
  const statusCalls = (http: ReturnType<typeof fakeHttp>) => http.calls.filter((c) => c.key === STATUS).length;

  it('shows a pending state while the code is generated', async () => {
    const { http } = mount(
      () => ({ responseCode: '09' }),
      () => new Promise(() => {}),
    );
    await start();
    expect(screen.getByRole('heading', { name: 'Generating your QR code…' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: CODE_LABEL })).toBeNull();
    await pass(10_000);
    expect(statusCalls(http)).toBe(0);
  });

  it('keeps the heading (and the focus on it) from generating to the code, its new text (the instruction) announced', async () => {
    let answer!: (v: unknown) => void;
    mount(
      () => ({ responseCode: '09' }),
      () => new Promise((r) => (answer = r)),
    );
    await pass();
    const heading = screen.getByRole('heading', { level: 1 });
    heading.tabIndex = -1;
    heading.focus();
    answer(QR);
    await start();
    expect(screen.getByRole('img', { name: CODE_LABEL })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 })).toBe(heading);
    expect(heading.textContent).toBe('Scan with your bank app');
    expect(heading.closest('[aria-live="polite"]')).not.toBeNull();
    expect(document.activeElement).toBe(heading);
  });

  it('shows the code, amount and merchant, and polls every 2 s until 00 completes the payment', async () => {
    let code = '09';
    const { http, checkout } = mount(() => ({ responseCode: code, amount: 150000, paymentReference: 'PR1', retrievalReferenceNumber: 'RR1' }));
    await start();
    // The code and the instruction to scan it lead; the status is a quiet line under the code, announced politely.
    const heading = screen.getByRole('heading', { level: 1, name: 'Scan with your bank app' });
    const svg = screen.getByRole('img', { name: CODE_LABEL });
    const status = screen.getByText('Confirming transaction status');
    expect(status.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
    expect(status.closest('h1, h2')).toBeNull();
    expect(heading.compareDocumentPosition(svg) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(svg.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(svg.tagName.toLowerCase()).toBe('svg');
    expect(svg.querySelector('path')!.getAttribute('d')).toMatch(/^M\d+ \d+h\d+/);
    // The merchant under the code (the header names it too).
    expect(screen.getAllByText('Oja Demo Store').some((el) => el.tagName === 'DD')).toBe(true);
    expect(screen.getAllByText('NGN 1,500.00').length).toBeGreaterThan(0);
    expect(screen.getByRole('timer').textContent).toBe('10:00');
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
    // The first status request goes at once, then one every 2 s.
    expect(statusCalls(http)).toBe(1);
    await pass(STATUS_POLL_MS - 1);
    expect(statusCalls(http)).toBe(1);
    await pass(1);
    expect(statusCalls(http)).toBe(2);
    await pass(STATUS_POLL_MS);
    expect(statusCalls(http)).toBe(3);
    code = '00';
    await pass(STATUS_POLL_MS);
    expect(checkout.state.result).toMatchObject({ responseCode: '00', paymentReference: 'PR1', retrievalReferenceNumber: 'RR1' });
    expect(screen.getByText('Payment Successful')).toBeTruthy();
    await pass(STATUS_POLL_MS * 5);
    expect(statusCalls(http)).toBe(4);
  });

  it('completes as failed on a failure code: the failure view, and Retry payment generates again', async () => {
    const generate = vi.fn(() => QR);
    let code = '05';
    const { checkout } = mount(() => ({ responseCode: code }), generate);
    await start();
    expect(checkout.state.result?.responseCode).toBe('05');
    expect(screen.getByText('Payment Failed')).toBeTruthy();
    // A QR payment is never told to use a different card: the decline in its method's terms.
    expect(screen.getByText(/Your bank or provider declined the payment. Try again, or choose another payment method/)).toBeTruthy();
    code = '09';
    await click(screen.getByRole('button', { name: 'Retry payment' }));
    expect(screen.getByRole('img', { name: CODE_LABEL })).toBeTruthy();
    expect(generate).toHaveBeenCalledTimes(2);
  });

  it('completes as expired on XS1', async () => {
    const { checkout, http } = mount(() => ({ responseCode: 'XS1' }));
    await start();
    expect(checkout.state.result?.responseCode).toBe('XS1');
    expect(screen.getByText('Transaction Expired')).toBeTruthy();
    await pass(STATUS_POLL_MS * 3);
    expect(statusCalls(http)).toBe(1);
  });

  it('says when the validity is over and keeps asking until the status ends it', async () => {
    let code = '09';
    const { checkout, http } = mount(() => ({ responseCode: code }));
    await start();
    await pass(10 * 60_000 - 1_000);
    expect(screen.getByRole('timer').textContent).toBe('00:01');
    expect(screen.queryByText(/no longer valid/)).toBeNull();
    await pass(1_000);
    expect(screen.getByText('This QR code is no longer valid. If you have paid, this page will update by itself.')).toBeTruthy();
    expect(checkout.state.result).toBeNull();
    const asked = statusCalls(http);
    code = 'XS1';
    await pass(STATUS_POLL_MS);
    expect(statusCalls(http)).toBe(asked + 1);
    expect(checkout.state.result?.responseCode).toBe('XS1');
  });

  it('shows no countdown when the API gives no validity', async () => {
    mount(
      () => ({ responseCode: '09' }),
      () => ({ rawQRData: RAW }),
    );
    await start();
    expect(screen.getByRole('img', { name: CODE_LABEL })).toBeTruthy();
    expect(screen.queryByRole('timer')).toBeNull();
  });

  it('says so when the code cannot be generated, offers Retry and another method, and tries again', async () => {
    let fail: HttpError | null = new HttpError('Network error', 'network');
    const { http } = mount(
      () => ({ responseCode: '09' }),
      () => {
        if (fail) throw fail;
        return QR;
      },
    );
    await pass();
    expect(screen.getByRole('heading', { name: 'Pay with QR' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'We could not generate a QR code for this payment. We could not reach the payment service. Check your connection and try again.',
    );
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
    expect(statusCalls(http)).toBe(0);
    fail = new HttpError('Unexpected QR answer', 'invalid');
    await click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByRole('alert').textContent).toBe('We could not generate a QR code for this payment. Something went wrong. Please try again.');
    fail = null;
    await click(screen.getByRole('button', { name: 'Try again' }));
    await pass();
    expect(screen.getByRole('img', { name: CODE_LABEL })).toBeTruthy();
    expect(statusCalls(http)).toBe(1);
  });

  it('says plainly that the payment is already paid when the API refuses a new code for that reason (another tab paid)', async () => {
    const { http } = mount(
      () => ({ responseCode: '00' }),
      () => {
        throw new HttpError('HTTP 409', 'http', 409, { responseCode: CODE_ALREADY_PAID, responseDescription: 'already paid' });
      },
    );
    await pass();
    expect(screen.getByRole('alert').textContent).toBe(
      'We could not generate a QR code for this payment. This payment has already been paid, so nothing more was charged.',
    );
    expect(statusCalls(http)).toBe(0);
  });

  it('keeps one status request in flight: a slow answer holds the next one back', async () => {
    let answer!: (v: unknown) => void;
    const { http } = mount(() => new Promise((r) => (answer = r)));
    await start();
    expect(statusCalls(http)).toBe(1);
    await pass(STATUS_POLL_MS * 5);
    expect(statusCalls(http)).toBe(1);
    answer({ responseCode: '09' });
    await pass();
    await pass(STATUS_POLL_MS);
    expect(statusCalls(http)).toBe(2);
  });

  it('tells the payer when status requests keep failing, and waits longer between them (core backs off)', async () => {
    // Jitter at its middle (a quarter more): the first retry after 2.5 s, the next after 5 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { http } = mount(() => {
      throw new HttpError('HTTP 500', 'http', 500);
    });
    await start();
    expect(screen.queryByText(/trouble confirming your payment/)).toBeNull();
    await pass(2_500);
    expect(statusCalls(http)).toBe(2);
    expect(screen.getByText('We are having trouble confirming your payment. We will keep trying.')).toBeTruthy();
    await pass(4_999);
    expect(statusCalls(http)).toBe(2);
    await pass(1);
    expect(statusCalls(http)).toBe(3);
  });

  it('stops polling when the payer changes payment method', async () => {
    const { http, checkout } = mount(() => ({ responseCode: '09' }));
    await start();
    expect(statusCalls(http)).toBe(1);
    await click(screen.getByRole('link', { name: 'Change payment method' }));
    expect(checkout.state.channel).toBeNull();
    await pass(STATUS_POLL_MS * 5);
    expect(statusCalls(http)).toBe(1);
  });

  it('drops the code on its way when the payer changes payment method', async () => {
    const { http, checkout } = mount(
      () => ({ responseCode: '09' }),
      () => new Promise(() => {}),
    );
    await start();
    await click(screen.getByRole('link', { name: 'Change payment method' }));
    expect(http.calls.find((c) => c.key === GENERATE)?.opts?.signal?.aborted).toBe(true);
    expect(checkout.visits.size).toBe(0);
  });

  it('warns in the cancel dialog that a payer who has paid should not cancel', async () => {
    mount(() => ({ responseCode: '09' }));
    await start();
    await click(screen.getByTestId('cancel-payment'));
    const dialog = screen.getByRole('dialog');
    expect(dialog.textContent).toContain('If you have scanned the code and paid, please do not cancel or click the back button');
    expect(screen.getAllByRole('button', { name: 'Close' }).length).toBeGreaterThan(0);
  });

  it('shows the sandbox simulate control under the code when the sandbox is on', async () => {
    mount(
      () => ({ responseCode: '09' }),
      () => QR,
      { sandbox: true },
    );
    await start();
    // The control is its own chunk, fetched only with the sandbox on.
    await vi.waitFor(() => expect(screen.getByTestId('sandbox-simulate')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Simulate success' })).toBeTruthy();
  });
});
