import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import { callContext, cardFixture, CheckoutHarness, click, fakeHttp, pass, sampleProps, settle, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import opay from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { checkStatus, initialize } from './api';
import { INITIALIZE_PATH, STATUS_PATH, STATUS_POLL_MS, STATUS_TIMEOUT_MS } from './constants';

const INIT = `POST ${INITIALIZE_PATH}`;
const STATUS = `POST ${STATUS_PATH}`;
const PAGE = 'https://opay.example/pay?ref=1';
const WALLETS = {
  nonCardOptions: [
    { providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers: [{ id: 1, code: 'OPAY', description: 'OPay' }] } },
  ],
};

describe('OPay plugin', () => {
  it('is a valid wallet channel of type opay on the spec route, row "Pay With Opay"', () => {
    expect(validateChannel(opay)).toEqual([]);
    expect(opay).toMatchObject({ id: 'opay', code: 'OPAY', path: '/payment/opay', walletType: 'opay' });
    expect(messages.en.opay.row.title).toBe('Pay With Opay');
  });

  it('follows the customer-wallet flag: an enabled CUSTOMER_WALLET option listing OPay (spec core §5)', () => {
    expect(opay.isAvailable(sampleProps(WALLETS))).toBe(true);
    expect(opay.isAvailable(sampleProps({ nonCardOptions: [{ ...WALLETS.nonCardOptions[0], enabled: false }] }))).toBe(false);
    expect(opay.isAvailable(sampleProps({ nonCardOptions: [{ providerCode: 'CUSTOMER_WALLET', enabled: true }] }))).toBe(false);
  });

  it('polls every 2 s (companion §4, §9) and has every string in en and fr', () => {
    expect(opay.status?.intervalMs).toBe(STATUS_POLL_MS);
    expect(STATUS_POLL_MS).toBe(2_000);
    for (const b of [messages, screenMessages]) expect([missingKeys(b.en, b.fr), missingKeys(b.fr, b.en)]).toEqual([[], []]);
  });
});

describe('OPay calls', () => {
  const props = sampleProps(WALLETS);
  it("initialises with the payment's fields and reads the page, or 01 alone", async () => {
    const http = fakeHttp({ [INIT]: () => ({ responseCode: '00', redirectUrl: 'https://opay.example/pay' }) });
    expect(await initialize(callContext(props, http))).toEqual({ responseCode: '00', redirectUrl: 'https://opay.example/pay' });
    expect(http.calls[0].body).toEqual({
      merchantCode: props.merchantCode,
      payableCode: props.payableCode,
      transactionReference: props.merchantTransactionReference,
      paymentId: props.paymentId,
      currencyCode: props.currencyCode,
    });
    expect(await initialize(callContext(props, fakeHttp({ [INIT]: () => ({ responseCode: '01' }) })))).toEqual({ responseCode: '01' });
    for (const answer of [{}, { responseCode: '00' }, { responseCode: '00', redirectUrl: 'javascript:alert(1)' }]) {
      await expect(initialize(callContext(props, fakeHttp({ [INIT]: () => answer })))).rejects.toMatchObject({ code: 'invalid' });
    }
  });

  it('asks the status by reference with a 20 s timeout: 00 and 01 final, any other code pending', async () => {
    const ask = async (responseCode: string) => {
      const http = fakeHttp({ [STATUS]: () => ({ responseCode }) });
      const answer = await checkStatus(callContext(props, http));
      expect(http.calls[0].body).toEqual({ merchantCode: props.merchantCode, reference: props.merchantTransactionReference });
      expect(http.calls[0].opts?.timeoutMs).toBe(STATUS_TIMEOUT_MS);
      return answer.code;
    };
    expect(STATUS_TIMEOUT_MS).toBe(20_000);
    expect(await ask('00')).toBe('00');
    expect(await ask('01')).toBe('01');
    expect(await ask('09')).toBe('09');
    expect(await ask('Z5')).toBe('09');
  });
});

describe('OPay screen', () => {
  beforeAll(async () => {
    await Promise.all([import('./Screen'), import('../../../core/src/ui/ResultScreen')]);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    setServerOffset(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function mount(r: { init?: FakeRoute; status?: FakeRoute } = {}) {
    const http = fakeHttp({
      [INIT]: r.init ?? (() => ({ responseCode: '00', redirectUrl: PAGE })),
      [STATUS]: r.status ?? (() => ({ responseCode: '09' })),
    });
    const checkout = testCheckout({ channels: [cardFixture, opay], http, props: WALLETS });
    render(<CheckoutHarness checkout={checkout} path="/payment/opay" />);
    return { http, checkout };
  }
  const count = (http: ReturnType<typeof fakeHttp>, key: string) => http.calls.filter((c) => c.key === key).length;

  it('initialises once, frames the page, and polls every 2 s until 00 completes', async () => {
    let code = '09';
    const { http, checkout } = mount({ status: () => ({ responseCode: code }) });
    await settle();
    expect(count(http, INIT)).toBe(1);
    expect(screen.getByTitle('OPay payment page').getAttribute('src')).toBe(PAGE);
    expect(screen.getByRole('link', { name: 'Back' })).toBeTruthy();
    await pass(STATUS_POLL_MS);
    await settle();
    const asked = count(http, STATUS);
    expect(asked).toBeGreaterThanOrEqual(1);
    code = 'Z5';
    await pass(STATUS_POLL_MS);
    await settle();
    expect(checkout.state.result).toBeNull();
    code = '00';
    await pass(STATUS_POLL_MS);
    await settle();
    expect(checkout.state.result?.responseCode).toBe('00');
    expect(count(http, INIT)).toBe(1);
  });

  it('completes with an empty code when initialise answers 01, without polling', async () => {
    const { http, checkout } = mount({ init: () => ({ responseCode: '01' }) });
    await settle();
    expect(checkout.state.result).toMatchObject({ responseCode: '', messageKey: 'opay.stopped' });
    await pass(STATUS_POLL_MS * 3);
    expect(count(http, STATUS)).toBe(0);
  });

  it('completes with an empty code and stops when the status answers 01', async () => {
    const { http, checkout } = mount({ status: () => ({ responseCode: '01' }) });
    await settle();
    await pass(STATUS_POLL_MS);
    await settle();
    expect(checkout.state.result?.responseCode).toBe('');
    // A decline in OPay reads as one, in OPay's words, not as "Oops, something went wrong".
    expect(checkout.state.result?.messageKey).toBe('opay.stopped');
    const asked = count(http, STATUS);
    await pass(STATUS_POLL_MS * 3);
    expect(count(http, STATUS)).toBe(asked);
  });

  it('offers Try again after a failed initialise, which initialises again', async () => {
    let fail = true;
    const { http } = mount({
      init: () => {
        if (fail) throw new HttpError('down', 'http', 500);
        return { responseCode: '00', redirectUrl: PAGE };
      },
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe('Unable to initiate payment. Please try again.');
    fail = false;
    await click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(count(http, INIT)).toBe(2);
    expect(screen.getByTitle('OPay payment page')).toBeTruthy();
  });
});
