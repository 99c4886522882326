import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { HttpError, validateGate } from '@oja/core';
import { CheckoutHarness, cardFixture, click, fakeHttp, pass, testCheckout } from '@oja/testing';
import type { FakeRoute } from '@oja/testing';
import cashback from './index';
import { messages } from './messages';
import { cashbackValue, offersCashback } from './rules';
import { STORE_TUC_PATH } from './api';
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
    expect(cashbackValue('  08012345678 ')).toBe('08012345678');
    expect(cashbackValue('   ')).toBeNull();
    expect(cashbackValue('')).toBeNull();
  });
});

async function renderGate(route?: FakeRoute) {
  const http = fakeHttp(route ? { [`POST ${STORE_TUC_PATH}`]: route } : {});
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

  it('posts the opt-in (merchant code, the value, payment id), then passes the gate to the method list', async () => {
    const { c, http } = await renderGate(() => ({ responseCode: '00', responseDescription: 'ok' }));
    type(' 08012345678 ');
    await cont();
    await pass();
    expect(http.calls).toEqual([
      {
        key: `POST ${STORE_TUC_PATH}`,
        body: { merchantCode: c.state.props.merchantCode, mobileNumber: '08012345678', paymentId: c.state.props.paymentId },
        opts: undefined,
      },
    ]);
    expect(c.state.gates).toEqual({ cashback: 'accepted' });
    expect(heading()).toBe('Choose a payment method');
    expect(beacon.mock.calls.map(([url]) => url).find((url) => url.startsWith('/session/gate'))).toContain('gate=cashback&decision=accepted');
  });

  it("shows the server's description when it refuses, and stays", async () => {
    const { c } = await renderGate(() => {
      throw new HttpError('HTTP 400', 'http', 400, { responseCode: '20', responseDescription: 'Not enrolled in cashback' });
    });
    type('0000');
    await cont();
    await pass();
    expect(screen.getByRole('alert').textContent).toBe('Not enrolled in cashback');
    expect(c.state.gates).toEqual({});
    expect(heading()).toBe('Congratulations! You Qualify for Cashback');
  });

  it('shows the description of a 00-less answer too', async () => {
    await renderGate(() => ({ responseCode: '06', responseDescription: 'Programme closed' }));
    type('ada');
    await cont();
    await pass();
    expect(screen.getByRole('alert').textContent).toBe('Programme closed');
  });

  it('says the generic message on a 5xx, a network failure or an answer without a description', async () => {
    for (const failure of [
      new HttpError('HTTP 500', 'http', 500, { responseDescription: 'Sandbox injected error' }),
      new HttpError('Network error', 'network'),
    ]) {
      await renderGate(() => {
        throw failure;
      });
      type('ada');
      await cont();
      await pass();
      expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
      document.body.innerHTML = '';
    }
    await renderGate(() => ({ responseCode: '06' }));
    type('ada');
    await cont();
    await pass();
    expect(screen.getByRole('alert').textContent).toBe('Something went wrong. Please try again.');
  });

  it('sends one opt-in however often Continue is pressed while it runs', async () => {
    let answer: (v: unknown) => void = () => {};
    const { http } = await renderGate(() => new Promise((r) => (answer = r)));
    type('ada');
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
