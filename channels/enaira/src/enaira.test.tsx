import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import { callContext, cardFixture, CheckoutHarness, fakeHttp, pass, sampleProps, settle, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import enaira from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { initialize } from './api';
import { CONFIRM_PATH, INIT_PATH, STATUS_PATH, STATUS_POLL_MS, STATUS_TIMEOUT_MS } from './constants';

const INIT = `POST ${INIT_PATH}`;
const CONFIRM = `POST ${CONFIRM_PATH}`;
const STATUS = `GET ${STATUS_PATH}`;
const INVOICE = { url: 'https://enaira.example/pay?ref=1', invoiceId: 'ENR-1-1' };
const WALLETS = {
  nonCardOptions: [
    { providerCode: 'CUSTOMER_WALLET', enabled: true, additionalInformation: { providers: [{ id: 2, code: 'ENAIRA', description: 'eNaira' }] } },
  ],
};

describe('eNaira plugin', () => {
  it('is a valid wallet channel of type enaira on the spec route, without a row, available when listed', () => {
    expect(validateChannel(enaira)).toEqual([]);
    expect(enaira).toMatchObject({ id: 'enaira', code: 'ENAIRA', path: '/payment/enaira', walletType: 'enaira' });
    expect(enaira.row).toBeUndefined();
    expect(enaira.isAvailable(sampleProps(WALLETS))).toBe(true);
    expect(enaira.isAvailable(sampleProps({ nonCardOptions: [] }))).toBe(false);
    expect([STATUS_POLL_MS, STATUS_TIMEOUT_MS, enaira.status?.intervalMs]).toEqual([2_000, 5_000, 2_000]);
    for (const b of [messages, screenMessages]) expect([missingKeys(b.en, b.fr), missingKeys(b.fr, b.en)]).toEqual([[], []]);
  });

  it('reads the page and the invoice from init, and refuses an answer without them', async () => {
    const props = sampleProps(WALLETS);
    expect(await initialize(callContext(props, fakeHttp({ [INIT]: () => INVOICE })))).toEqual(INVOICE);
    for (const answer of [{}, { url: INVOICE.url }, { invoiceId: 'x', url: 'ftp://x' }]) {
      await expect(initialize(callContext(props, fakeHttp({ [INIT]: () => answer })))).rejects.toMatchObject({ code: 'invalid' });
    }
  });
});

describe('eNaira screen (companion §4 "eNaira")', () => {
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
      [INIT]: r.init ?? (() => INVOICE),
      [CONFIRM]: () => ({ responseCode: '00' }),
      [STATUS]: r.status ?? (() => ({ responseCode: '09' })),
    });
    const checkout = testCheckout({ channels: [cardFixture, enaira], http, props: WALLETS });
    render(<CheckoutHarness checkout={checkout} path="/payment/enaira" />);
    return { http, checkout };
  }

  it('initialises, confirms at once with the invoiceId, frames the page and polls by guid every 2 s with a 5 s timeout until 00', async () => {
    let code = '09';
    const { http, checkout } = mount({ status: () => ({ responseCode: code }) });
    await settle();
    expect(http.calls.map((c) => c.key).slice(0, 2)).toEqual([INIT, CONFIRM]);
    expect(http.calls[1].body).toEqual({ guid: INVOICE.invoiceId });
    expect(screen.getByTitle('eNaira payment page').getAttribute('src')).toBe(INVOICE.url);
    await pass(STATUS_POLL_MS);
    await settle();
    const status = http.calls.filter((c) => c.key === STATUS);
    expect(status.length).toBeGreaterThanOrEqual(1);
    expect(status[0].opts).toMatchObject({ params: { guid: INVOICE.invoiceId }, timeoutMs: STATUS_TIMEOUT_MS });
    code = '00';
    await pass(STATUS_POLL_MS);
    await settle();
    expect(checkout.state.result?.responseCode).toBe('00');
    expect(http.calls.filter((c) => c.key === INIT)).toHaveLength(1);
  });

  it('completes with an empty code when initialise fails, without confirming or polling', async () => {
    const { http, checkout } = mount({
      init: () => {
        throw new HttpError('down', 'http', 500);
      },
    });
    await settle();
    expect(checkout.state.result?.responseCode).toBe('');
    await pass(STATUS_POLL_MS * 3);
    expect(http.calls.map((c) => c.key)).toEqual([INIT]);
  });
});
