import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { availableChannels, HttpError, missingKeys, setServerOffset, validateChannel } from '@oja/core';
import { advance, callContext, CheckoutHarness, fakeHttp, sampleProps, settle, testCheckout, specMarkets } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import ussd from './index';
import { messages } from './messages';
import { screenMessages } from './screenMessages';
import { dialHref, generateCode, isDialCode, loadIssuers } from './api';
import { bankRule } from './BankChoice';
import { AUTO_COMPLETE_GRACE_MS, STATUS_POLL_MS } from './constants';
import { GENERATE, GTB_CODE, ISSUERS, ISSUERS_NG, STATUS } from './fixtures';

describe('USSD plugin', () => {
  it("is a valid channel with the spec's row title", () => {
    expect(validateChannel(ussd)).toEqual([]);
    expect(messages.en.ussd.row.title).toBe('Pay with USSD (17+ banks)');
    expect(ussd.path).toBe('/payment/ussd');
    expect(ussd.code).toBe('USSD');
  });

  it('is available when the merchant offers USSD, kept from UGX payments by the spec market rules', () => {
    expect(ussd.isAvailable(sampleProps({ nonCardOptions: [{ providerCode: 'USSD', enabled: true }] }))).toBe(true);
    expect(ussd.isAvailable(sampleProps({ nonCardOptions: [{ providerCode: 'USSD', enabled: false }] }))).toBe(false);
    expect(ussd.isAvailable(sampleProps({ nonCardOptions: [], paymentChannels: ['CARD', 'USSD'] }))).toBe(true);
    expect(ussd.isAvailable(sampleProps({ nonCardOptions: [], paymentChannels: ['CARD'] }))).toBe(false);
    // Offered by its own rule, but core's market rule keeps it from UGX payments.
    expect(
      availableChannels([ussd], sampleProps({ currencyCode: '800', paymentChannels: ['USSD'], nonCardOptions: [] }), undefined, specMarkets),
    ).toEqual([]);
  });

  it('has every string in en and fr, and its own cancel wording with Close', () => {
    for (const bundle of [messages, screenMessages]) {
      expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
      expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
    }
    expect(ussd.cancelDialog).toEqual({ subtitle: 'ussd.cancelSubtitle', close: 'ussd.cancelClose' });
    expect(messages.en.ussd.cancelClose).toBe('Close');
  });

  it('polls every 20 s, pending on the default codes', () => {
    expect(STATUS_POLL_MS).toBe(20_000);
    expect(ussd.status?.intervalMs).toBe(STATUS_POLL_MS);
    expect(ussd.status?.pendingCodes).toBeUndefined();
  });
});

describe('USSD api', () => {
  /** The banks, asked through a client that answers as given. */
  const issuersOf = (http: ReturnType<typeof fakeHttp>) => loadIssuers(callContext(sampleProps(), http));

  it('makes a tap-to-dial link with "#" encoded and "*" kept, and none for anything not a USSD code', () => {
    expect(dialHref('*737*000*1234#')).toBe('tel:*737*000*1234%23');
    expect(dialHref('*389*301*000*0042#')).toBe('tel:*389*301*000*0042%23');
    expect(dialHref('*901#')).toBe('tel:*901%23');
    for (const bad of ['javascript:alert(1)', '*737#<b>', '737#', '*737', '*#', '', '*737*000*1234#\n', `*${'1'.repeat(40)}#`]) {
      expect(dialHref(bad), bad).toBeNull();
      expect(isDialCode(bad)).toBe(false);
    }
  });

  it('asks for the Nigerian banks and keeps the well-formed ones, once each', async () => {
    const http = fakeHttp({
      [ISSUERS_NG]: () => ({
        issuers: [
          { name: ' Zenith Bank ', cbnCode: '057' },
          { name: 'Zenith again', cbnCode: '057' },
          { name: '', cbnCode: '033' },
          { name: 'No code' },
          { name: 'Numeric code', cbnCode: 50 },
          { name: 'Six digits', cbnCode: '090110' },
          { name: 'Bad code', cbnCode: '05a' },
          null,
        ],
      }),
    });
    expect(await issuersOf(http)).toEqual([
      { name: 'Zenith Bank', cbnCode: '057' },
      { name: 'Six digits', cbnCode: '090110' },
    ]);
    expect(http.calls.map((c) => c.key)).toEqual([ISSUERS_NG]);
  });

  it('takes a bare list or an empty one, and refuses an answer that has no bank in it', async () => {
    const bare = fakeHttp({ [ISSUERS_NG]: () => [{ name: 'Access Bank', cbnCode: '044' }] });
    expect(await issuersOf(bare)).toEqual([{ name: 'Access Bank', cbnCode: '044' }]);
    expect(await issuersOf(fakeHttp({ [ISSUERS_NG]: () => ({ issuers: [] }) }))).toEqual([]);
    await expect(issuersOf(fakeHttp({ [ISSUERS_NG]: () => ({ responseCode: '00' }) }))).rejects.toMatchObject({ code: 'invalid' });
    await expect(issuersOf(fakeHttp({ [ISSUERS_NG]: () => ({ issuers: [{ name: '<b>' }] }) }))).rejects.toMatchObject({ code: 'invalid' });
  });

  it("dials the bank's code, or the default one when the bank has none, and refuses an answer without a code", async () => {
    const props = sampleProps();
    const code = (answer: unknown) => generateCode(callContext(props, fakeHttp({ [GENERATE]: () => answer })), '058');
    await expect(code(GTB_CODE)).resolves.toMatchObject({ bankCode: '058', dialCode: '*737*000*1234#', validityPeriodMins: null, pushSent: false });
    await expect(code({ ...GTB_CODE, bankShortCode: '' })).resolves.toMatchObject({ dialCode: '*322*058*1234#' });
    await expect(code({ ...GTB_CODE, bankShortCode: null })).resolves.toMatchObject({ dialCode: '*322*058*1234#' });
    await expect(code({ ...GTB_CODE, bankShortCode: 'javascript:alert(1)' })).resolves.toMatchObject({ dialCode: '*322*058*1234#' });
    await expect(code({ ...GTB_CODE, validityPeriodMins: 30, pushSent: true })).resolves.toMatchObject({ validityPeriodMins: 30, pushSent: true });
    await expect(code({ ...GTB_CODE, pushSent: 'yes' })).resolves.toMatchObject({ pushSent: false });
    for (const validityPeriodMins of ['Infinity', -5, 'soon', 0]) {
      await expect(code({ ...GTB_CODE, validityPeriodMins })).resolves.toMatchObject({ validityPeriodMins: null });
    }
    await expect(code({ responseCode: '00', bankShortCode: '', defaultShortCode: '' })).rejects.toMatchObject({ code: 'invalid' });
    await expect(code({ ...GTB_CODE, responseCode: '15' })).rejects.toMatchObject({ code: 'invalid' });

    const http = fakeHttp({ [GENERATE]: () => GTB_CODE });
    await generateCode(callContext(props, http), '058');
    expect(http.calls[0].body).toMatchObject({
      bankCode: '058',
      paymentId: props.paymentId,
      merchantCode: props.merchantCode,
      transactionReference: props.merchantTransactionReference,
      amount: props.checkoutAmount,
    });
  });

  it('requires a bank (spec core §5)', () => {
    expect(bankRule('')).toBe('ussd.bankRequired');
    expect(bankRule('058')).toBeNull();
  });
});

describe('USSD screen', () => {
  beforeAll(async () => {
    // The lazily loaded screen and result screen, ready before the clock is faked.
    await Promise.all([import('./Screen'), import('../../../core/src/ui/ResultScreen')]);
  });
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
    setServerOffset(0);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  interface Routes {
    issuers?: FakeRoute;
    generate?: FakeRoute;
    status?: FakeRoute;
  }
  function mount(r: Routes = {}, props: Record<string, unknown> = {}) {
    const http = fakeHttp({
      [ISSUERS_NG]: r.issuers ?? (() => ISSUERS),
      [GENERATE]: r.generate ?? (() => GTB_CODE),
      [STATUS]: r.status ?? (() => ({ responseCode: '09' })),
    });
    const checkout = testCheckout({
      channels: [ussd],
      http,
      props: { displayMode: 'POPUP', paymentChannels: ['CARD', 'USSD'], nonCardOptions: [{ providerCode: 'USSD', enabled: true }], ...props },
    });
    render(<CheckoutHarness checkout={checkout} path="/payment/ussd" />);
    return { http, checkout };
  }
  const count = (http: ReturnType<typeof fakeHttp>, key: string) => http.calls.filter((c) => c.key === key).length;
  const bankSelect = () => screen.getByRole('combobox', { name: 'Choose your bank' }) as HTMLSelectElement;
  const choose = (code: string) => fireEvent.change(bankSelect(), { target: { value: code } });
  const cont = async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    // The answer, then the poller's first request (a 0 ms timer).
    await advance(0);
    await advance(0);
  };

  it('loads the banks into a labelled dropdown', async () => {
    let answer!: (v: unknown) => void;
    const { http } = mount({ issuers: () => new Promise((r) => (answer = r)) });
    await settle();
    expect(screen.getByRole('heading', { name: 'Loading the banks…' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
    answer(ISSUERS);
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Pay NGN 1,500.00 with USSD' })).toBeTruthy();
    expect([...bankSelect().options].map((o) => o.textContent)).toEqual(['Select a bank', 'Access Bank', 'Guaranty Trust Bank', 'Providus Bank']);
    expect(bankSelect().value).toBe('');
    expect(count(http, GENERATE)).toBe(0);
  });

  it('says a bank must be chosen, focuses the dropdown and sends nothing', async () => {
    const { http } = mount();
    await settle();
    await cont();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Select your bank to continue.');
    expect(bankSelect().getAttribute('aria-invalid')).toBe('true');
    expect(bankSelect().getAttribute('aria-describedby')).toBe(alert.id);
    expect(document.activeElement).toBe(bankSelect());
    expect(http.calls.map((c) => c.key)).toEqual([ISSUERS_NG]);
    choose('058');
    await settle();
    expect(screen.queryByRole('alert')).toBeNull();
    // Back to the placeholder: the rule holds again.
    choose('');
    await cont();
    expect(screen.getByRole('alert').textContent).toBe('Select your bank to continue.');
    expect(count(http, GENERATE)).toBe(0);
  });

  it('says so when the banks cannot be loaded, and tries again', async () => {
    let fail = true;
    mount({
      issuers: () => {
        if (fail) throw new HttpError('Network error', 'network');
        return ISSUERS;
      },
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch('We could not load the list of banks.');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Change payment method' })).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(bankSelect()).toBeTruthy();
  });

  it('says so when no bank offers USSD', async () => {
    mount({ issuers: () => ({ issuers: [] }) });
    await settle();
    expect(screen.getByText(/No bank offers USSD payments at the moment/)).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('generates the code, shows it to dial with copy and tap-to-dial, and polls every 20 s until a final code', async () => {
    let code = '09';
    let answer!: (v: unknown) => void;
    const { http, checkout } = mount({ generate: () => new Promise((r) => (answer = r)), status: () => ({ responseCode: code }) });
    await settle();
    choose('058');
    await cont();
    expect(screen.getByRole('heading', { name: 'Generating your Guaranty Trust Bank USSD code…' })).toBeTruthy();
    expect(http.calls.find((c) => c.key === GENERATE)?.body).toMatchObject({ bankCode: '058' });
    answer(GTB_CODE);
    await advance(0);

    expect(screen.getByRole('heading', { level: 1, name: 'Dial the code to pay NGN 1,500.00' })).toBeTruthy();
    expect(screen.getByTestId('ussd-code').textContent).toBe('*737*000*1234#');
    expect(screen.getByRole('button', { name: 'Copy USSD code' })).toBeTruthy();
    const dial = screen.getByRole('link', { name: 'Dial *737*000*1234#' });
    expect(dial.getAttribute('href')).toBe('tel:*737*000*1234%23');
    expect(screen.getByRole('list', { name: 'How to pay' }).textContent).toContain('linked to your Guaranty Trust Bank account');
    expect(screen.getByText('Waiting for Guaranty Trust Bank to confirm your payment.')).toBeTruthy();
    // No validity given: no countdown.
    expect(screen.queryByRole('timer')).toBeNull();

    expect(count(http, STATUS)).toBe(1);
    await advance(STATUS_POLL_MS - 1);
    expect(count(http, STATUS)).toBe(1);
    await advance(1);
    expect(count(http, STATUS)).toBe(2);
    code = '00';
    await advance(STATUS_POLL_MS);
    expect(checkout.state.result?.responseCode).toBe('00');
    await advance(STATUS_POLL_MS * 3);
    expect(count(http, STATUS)).toBe(3);
  });

  it('sends one request for a double press of Continue or Retry', async () => {
    const { http } = mount({ generate: () => new Promise((r) => setTimeout(() => r({ ...GTB_CODE, pushSent: true }), 1_000)) });
    await settle();
    choose('058');
    const button = screen.getByRole('button', { name: 'Continue' });
    fireEvent.click(button);
    fireEvent.click(button);
    await advance(1_000);
    expect(count(http, GENERATE)).toBe(1);
    const retry = screen.getByRole('button', { name: 'Retry' });
    fireEvent.click(retry);
    fireEvent.click(retry);
    await settle();
    expect(screen.getByRole('button', { name: 'Sending the prompt again…' }).getAttribute('aria-disabled')).toBe('true');
    await advance(1_000);
    expect(count(http, GENERATE)).toBe(2);
    expect(screen.getByText('We have sent the prompt again.')).toBeTruthy();
  });

  it('dials the default code when the bank has none', async () => {
    mount({ generate: () => ({ responseCode: '00', bankShortCode: '', defaultShortCode: '*322*101*1234#' }) });
    await settle();
    choose('101');
    await cont();
    expect(screen.getByTestId('ussd-code').textContent).toBe('*322*101*1234#');
    expect(screen.getByTestId('ussd-dial').getAttribute('href')).toBe('tel:*322*101*1234%23');
  });

  it('"Change bank" goes back to the list with the bank kept and stops polling', async () => {
    const { http } = mount();
    await settle();
    choose('058');
    await cont();
    expect(count(http, STATUS)).toBe(1);
    fireEvent.click(screen.getByRole('button', { name: 'Change bank' }));
    await settle();
    expect(bankSelect().value).toBe('058');
    await advance(STATUS_POLL_MS * 3);
    expect(count(http, STATUS)).toBe(1);
    choose('044');
    await cont();
    expect(http.calls.filter((c) => c.key === GENERATE).map((c) => (c.body as { bankCode: string }).bankCode)).toEqual(['058', '044']);
    expect(count(http, STATUS)).toBe(2);
  });

  it('"Change bank" drops the prompt on its way: its answer does not bring the prompt screen back', async () => {
    let answer!: (v: unknown) => void;
    let n = 0;
    const { http } = mount({ generate: () => (n++ === 0 ? { ...GTB_CODE, pushSent: true } : new Promise((r) => (answer = r))) });
    await settle();
    choose('058');
    await cont();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    fireEvent.click(screen.getByRole('button', { name: 'Change bank' }));
    await settle();
    expect(http.calls.filter((c) => c.key === GENERATE)[1].opts?.signal?.aborted).toBe(true);
    answer({ ...GTB_CODE, pushSent: true });
    await settle();
    expect(bankSelect().value).toBe('058');
    expect(screen.queryByRole('heading', { name: 'Approve the prompt on your phone' })).toBeNull();
  });

  it('says so when the code cannot be generated, keeps the bank, and tries again', async () => {
    let fail: HttpError | null = new HttpError('Network error', 'network');
    const { http } = mount({
      generate: () => {
        if (fail) throw fail;
        return GTB_CODE;
      },
    });
    await settle();
    choose('058');
    await cont();
    expect(screen.getByRole('heading', { level: 1, name: 'Your USSD code is not ready' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      'We could not generate a USSD code for Guaranty Trust Bank. We could not reach the payment service. Check your connection and try again.',
    );
    expect(count(http, STATUS)).toBe(0);

    // A refusal (the bank unknown to the API) says to try another bank; "Change bank" keeps the choice.
    fail = new HttpError('HTTP 400', 'http', 400, { responseCode: '15' });
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(
      'We could not generate a USSD code for Guaranty Trust Bank. Try again, or choose another bank.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Change bank' }));
    await settle();
    expect(bankSelect().value).toBe('058');

    fail = null;
    await cont();
    expect(screen.getByTestId('ussd-code').textContent).toBe('*737*000*1234#');
    expect(count(http, GENERATE)).toBe(3);
  });

  it('with a prompt sent to the phone: the notification, Retry sends it again, and "USSD push not received?" shows the code', async () => {
    let n = 0;
    const { http } = mount(
      { generate: () => ({ ...GTB_CODE, pushSent: true, bankShortCode: `*737*000*${1234 + n++}#` }) },
      { customerMobileNo: '08031234567' },
    );
    await settle();
    choose('058');
    await cont();
    expect(screen.getByRole('heading', { level: 1, name: 'Approve the prompt on your phone' })).toBeTruthy();
    expect(screen.getByText('We have sent a USSD prompt to 08031234567. Enter your Guaranty Trust Bank PIN on it to pay NGN 1,500.00.')).toBeTruthy();
    expect(count(http, STATUS)).toBe(1);

    await advance(5_000);
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(count(http, GENERATE)).toBe(2);
    expect(screen.getByText('We have sent the prompt again.')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'USSD push not received?' }));
    await settle();
    expect(screen.getByRole('heading', { level: 1, name: 'Dial the code to pay NGN 1,500.00' })).toBeTruthy();
    // The code of the last prompt, and the same 20 s rhythm: no extra request on the way.
    expect(screen.getByTestId('ussd-code').textContent).toBe('*737*000*1235#');
    expect(count(http, STATUS)).toBe(1);
    await advance(STATUS_POLL_MS - 5_000);
    expect(count(http, STATUS)).toBe(2);
  });

  it('says so when the prompt cannot be sent again, and without the number speaks of "your phone"', async () => {
    let n = 0;
    mount({
      generate: () => {
        if (n++ > 0) throw new HttpError('Network error', 'network');
        return { ...GTB_CODE, pushSent: true };
      },
    });
    await settle();
    choose('058');
    await cont();
    expect(screen.getByText('We have sent a USSD prompt to your phone. Enter your Guaranty Trust Bank PIN on it to pay NGN 1,500.00.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await settle();
    expect(screen.getByRole('alert').textContent).toMatch(/^We could not send the prompt again\./);
    // Still waiting for the first prompt's approval.
    expect(screen.getByRole('heading', { level: 1, name: 'Approve the prompt on your phone' })).toBeTruthy();
  });

  it("counts the code's validity down, says when it is over, and completes as expired after the grace", async () => {
    const { checkout } = mount({ generate: () => ({ ...GTB_CODE, validityPeriodMins: 30 }) });
    await settle();
    choose('058');
    await cont();
    expect(screen.getByRole('timer').textContent).toBe('30:00');
    await advance(30 * 60_000 - 1_000);
    expect(screen.getByRole('timer').textContent).toBe('00:01');
    expect(screen.queryByText(/This code is no longer valid/)).toBeNull();
    await advance(1_000);
    expect(screen.getByRole('timer').textContent).toBe('00:00');
    expect(screen.getByText(/This code is no longer valid/)).toBeTruthy();
    expect(checkout.state.result).toBeNull();
    await advance(AUTO_COMPLETE_GRACE_MS);
    expect(checkout.state.result?.responseCode).toBe('XS1');
  });

  it('shows the failure with its message on a declined payment, and Retry payment starts again', async () => {
    const { http } = mount({ status: () => ({ responseCode: '05' }) });
    await settle();
    choose('058');
    await cont();
    await settle();
    expect(screen.getByText('Payment Failed')).toBeTruthy();
    expect(screen.getByText(/Your bank or provider declined the payment/)).toBeTruthy();
    expect(screen.queryByText(/different card/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Retry payment' }));
    await settle();
    expect(bankSelect().value).toBe('');
    expect(count(http, ISSUERS_NG)).toBe(2);
  });

  it('tells the payer when status requests keep failing, and backs off', async () => {
    // Jitter at its middle: retries after 25 s, then 50 s.
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { http } = mount({
      status: () => {
        throw new HttpError('HTTP 500', 'http', 500);
      },
    });
    await settle();
    choose('058');
    await cont();
    expect(count(http, STATUS)).toBe(1);
    await advance(25_000);
    expect(count(http, STATUS)).toBe(2);
    expect(screen.getByText(/trouble confirming your payment/)).toBeTruthy();
    await advance(49_000);
    expect(count(http, STATUS)).toBe(2);
    await advance(1_000);
    expect(count(http, STATUS)).toBe(3);
  });

  it('stops asking when the payer leaves for another method, the visit ended', async () => {
    const { http, checkout } = mount();
    await settle();
    choose('058');
    await cont();
    fireEvent.click(screen.getByRole('link', { name: 'Change payment method' }));
    await settle();
    expect(checkout.visits.size).toBe(0);
    await advance(STATUS_POLL_MS * 3);
    expect(count(http, STATUS)).toBe(1);
  });
});
