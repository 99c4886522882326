import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { GATE_PATH, GateRefusal, HttpError, validateGate } from '@oja/core';
import { CheckoutHarness, cardFixture, click, fakeHttp, pass, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import cashback from './index';
import { messages } from './messages';
import { CASHBACK_VALUE_MAX_CHARS, cashbackValue, offersCashback } from './rules';
import { STORE_TUC_PATH } from './api';
import { optIn } from './optIn';
import serverBuild from './sandbox';
// Loaded on demand by the shell; loaded here first so it renders within a fake-timer tick.
import './Screen';

const reward = { tucRewardPercentage: 5, tucRewardDescription: 'Earn 5% back in Oja points' };
const beacon = vi.fn((_url: string) => true);

beforeEach(() => {
  vi.useFakeTimers();
  beacon.mockClear();
  Object.defineProperty(navigator, 'sendBeacon', { value: beacon, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(navigator, 'sendBeacon');
  vi.useRealTimers();
});

describe('the cashback gate', () => {
  it('is a valid gate, first of the gates, with every string in en and fr', () => {
    expect(validateGate(cashback)).toEqual([]);
    expect(cashback.order).toBeLessThan(20);
    expect(Object.keys(messages.fr.cashback)).toEqual(Object.keys(messages.en.cashback));
    expect(messages.en.cashback.title).toBe('Congratulations! You Qualify for Cashback');
    expect(messages.en.cashback.required).toBe('Please provide a value');
    expect(cashback.hidesHeader).toBeFalsy();
  });

  it('shows when a reward percentage and description exist and cashback is not yet accepted (companion §2)', () => {
    expect(offersCashback(reward)).toBe(true);
    expect(offersCashback({ ...reward, tucAccepted: true })).toBe(false);
    expect(offersCashback({ tucRewardPercentage: 5 })).toBe(false);
    expect(offersCashback({ tucRewardDescription: 'x' })).toBe(false);
    expect(offersCashback({ ...reward, tucRewardDescription: '   ' })).toBe(false);
    expect(offersCashback({ ...reward, tucRewardPercentage: 0 })).toBe(false);
    expect(offersCashback({})).toBe(false);
  });

  it('takes a value trimmed, and refuses an empty one (companion §5)', () => {
    expect(cashbackValue('  08012345678 ')).toEqual({ ok: true, value: '08012345678' });
    expect(cashbackValue('   ')).toEqual({ ok: false, problem: 'cashback.required' });
    expect(cashbackValue('')).toEqual({ ok: false, problem: 'cashback.required' });
  });

  it(`bounds the value: a phone number of 7 to 15 digits, or a loyalty cash ID of up to ${CASHBACK_VALUE_MAX_CHARS} letters and digits`, () => {
    expect(cashbackValue('0801 234-5678')).toEqual({ ok: true, value: '08012345678' });
    expect(cashbackValue('+2348012345678')).toEqual({ ok: true, value: '+2348012345678' });
    expect(cashbackValue('LOYAL-42')).toEqual({ ok: true, value: 'LOYAL-42' });
    expect(cashbackValue('A'.repeat(CASHBACK_VALUE_MAX_CHARS))).toMatchObject({ ok: true });
    for (const bad of ['9'.repeat(10 * 1024), 'A'.repeat(CASHBACK_VALUE_MAX_CHARS + 1), '<b>x</b>', 'ab', 'a b c d'])
      expect(cashbackValue(bad)).toEqual({ ok: false, problem: 'cashback.invalid' });
  });
});

describe("the opt-in, made by the checkout server for the page's session (onAccept)", () => {
  const props = { merchantCode: 'MX_DEMO', paymentId: '100042' } as never;
  const call = (value: string, route: FakeRoute = () => ({ responseCode: '00' })) => {
    const http = fakeHttp({ [`POST ${STORE_TUC_PATH}`]: route });
    return { http, done: optIn({ props, http, fields: { value }, signal: new AbortController().signal }) };
  };

  it("is the server build's acceptance of the gate", () => {
    expect(serverBuild.onAccept).toBe(optIn);
    expect(cashback.onAccept).toBeUndefined();
  });

  it("posts the session's payment (never one the page names) with the value read", async () => {
    const { http, done } = call(' 0801 234 5678 ');
    await done;
    expect(http.calls).toEqual([
      { key: `POST ${STORE_TUC_PATH}`, body: { merchantCode: 'MX_DEMO', mobileNumber: '08012345678', paymentId: '100042' }, opts: expect.anything() },
    ]);
  });

  it('refuses a value that breaks the rule, calling nothing', async () => {
    const { http, done } = call('9'.repeat(10 * 1024));
    await expect(done).rejects.toEqual(new GateRefusal(messages.en.cashback.invalid));
    expect(http.calls).toEqual([]);
  });

  it("passes on the API's refusal with its description; a 5xx with none", async () => {
    const refused = call('0000', () => {
      throw new HttpError('HTTP 400', 'http', 400, { responseCode: '20', responseDescription: 'Not enrolled' });
    });
    await expect(refused.done).rejects.toMatchObject({ name: 'GateRefusal', description: 'Not enrolled' });
    const failed = call('0000', () => {
      throw new HttpError('HTTP 500', 'http', 500, {});
    });
    await expect(failed.done).rejects.toMatchObject({ name: 'GateRefusal', description: undefined });
  });
});

/** The page's own acceptance of the gate, on the checkout server (useGate().acceptWith). */
const ACCEPT = `POST ${GATE_PATH}?p=test-session&gate=cashback&decision=accepted`;

async function renderGate(route?: FakeRoute) {
  const http = fakeHttp(route ? { [ACCEPT]: route } : {});
  const c = testCheckout({ channels: [cardFixture], gates: [cashback], props: reward, http });
  render(<CheckoutHarness checkout={c} />);
  await pass();
  await pass();
  return { c, http };
}

const heading = () => screen.getByRole('heading', { level: 1 }).textContent;
const field = () => screen.getByLabelText('Phone number or loyalty cash ID') as HTMLInputElement;
const type = (value: string) => fireEvent.change(field(), { target: { value } });
const cont = () => click(screen.getByRole('button', { name: 'Continue to payment' }));

describe('the cashback screen', () => {
  it('shows the title, the reward description, the field, Continue and Skip, with the header kept', async () => {
    await renderGate();
    expect(heading()).toBe('Congratulations! You Qualify for Cashback');
    expect(screen.getByText('Earn 5% back in Oja points')).toBeTruthy();
    expect(screen.getByText('5% cashback on this payment')).toBeTruthy();
    expect(field()).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Skip this instead' })).toBeTruthy();
    expect(document.querySelector('header')).not.toBeNull();
  });

  it('refuses an empty value with "Please provide a value", calling nothing', async () => {
    const { c, http } = await renderGate(() => ({ responseCode: '00' }));
    type('   ');
    await cont();
    await pass();
    expect(screen.getByRole('alert').textContent).toBe('Please provide a value');
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(http.calls).toEqual([]);
    expect(c.state.gates).toEqual({});
  });

  it('posts the value to the checkout server for this page (no payment id), then passes the gate to the method list', async () => {
    const { c, http } = await renderGate(() => ({ responseCode: '00' }));
    type(' 08012345678 ');
    await cont();
    await pass();
    expect(http.calls).toEqual([{ key: ACCEPT, body: { value: '08012345678' }, opts: undefined }]);
    expect(c.state.gates).toEqual({ cashback: 'accepted' });
    expect(heading()).toBe('Choose a payment method');
    // The server kept the decision as it made the opt-in: no beacon besides the page's opening.
    expect(beacon.mock.calls.map(([url]) => url).filter((url) => url.startsWith('/session/gate'))).toEqual([]);
  });

  it('refuses a 10 KB value, or anything neither a phone number nor a loyalty cash ID, calling nothing', async () => {
    const { c, http } = await renderGate(() => ({ responseCode: '00' }));
    expect(field().maxLength).toBe(CASHBACK_VALUE_MAX_CHARS);
    type('9'.repeat(10 * 1024));
    await cont();
    await pass();
    expect(screen.getByRole('alert').textContent).toBe(messages.en.cashback.invalid);
    expect(http.calls).toEqual([]);
    expect(c.state.gates).toEqual({});
  });

  it("shows the server's description when it refuses, and stays", async () => {
    const { c } = await renderGate(() => {
      throw new HttpError('HTTP 422', 'http', 422, { responseCode: '422', responseDescription: 'Not enrolled in cashback' });
    });
    type('0000');
    await cont();
    await pass();
    expect(screen.getByRole('alert').textContent).toBe('Not enrolled in cashback');
    expect(c.state.gates).toEqual({});
    expect(heading()).toBe('Congratulations! You Qualify for Cashback');
  });

  it('says the generic message when the server could not make the call (502), or the network failed', async () => {
    for (const failure of [
      new HttpError('HTTP 502', 'http', 502, { responseDescription: 'The collections API could not take it' }),
      new HttpError('Network error', 'network'),
    ]) {
      await renderGate(() => {
        throw failure;
      });
      type('ada1');
      await cont();
      await pass();
      expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
      document.body.innerHTML = '';
    }
  });

  it('sends one opt-in however often Continue is pressed while it runs', async () => {
    let answer: (v: unknown) => void = () => {};
    const { http } = await renderGate(() => new Promise((r) => (answer = r)));
    type('ada1');
    await cont();
    await cont();
    expect(http.calls).toHaveLength(1);
    answer({ responseCode: '00' });
    await pass();
    expect(heading()).toBe('Choose a payment method');
  });

  it('Skip this instead passes the gate without calling anything', async () => {
    const { c, http } = await renderGate(() => ({ responseCode: '00' }));
    await click(screen.getByRole('button', { name: 'Skip this instead' }));
    await pass();
    expect(http.calls).toEqual([]);
    expect(c.state.gates).toEqual({ cashback: 'skipped' });
    expect(heading()).toBe('Choose a payment method');
  });
});
