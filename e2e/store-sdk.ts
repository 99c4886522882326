// Helpers of the browser tests of the merchant SDK: the demo store's page (core/app/src/demo/merchant-store.ts),
// which pays through the SDK and logs every callback, and the checkout it opens.
import { expect, inject } from 'vitest';
import type { Frame, Page } from 'playwright-core';
import { RESULT_FIELDS, checkoutBase, sandboxPayment, storeBase, transfer } from './helpers';

/** A blank page of a third origin (scripts/test/e2e-global-setup.ts). */
export const thirdBase = (): string => inject('thirdBase');

export interface LoggedCallback {
  callback: string;
  detail?: Record<string, string>;
}

export interface ReceivedMessage {
  origin: string;
  data: { key?: string; messageType?: string; data?: Record<string, string> };
}

/** Every callback the store's page has logged so far, in order. */
export function logged(page: Page): Promise<LoggedCallback[]> {
  return page.locator('#log li').evaluateAll((items) =>
    items.map((li) => {
      const code = li.querySelector('code');
      return { callback: (li as HTMLElement).dataset.callback ?? '', ...(code ? { detail: JSON.parse(code.textContent ?? 'null') } : {}) };
    }),
  );
}

/** Waits until the store has logged this callback (once more than `before` times). */
export async function waitForCallback(page: Page, callback: string, before = 0): Promise<void> {
  await page.locator(`#log li[data-callback="${callback}"]`).nth(before).waitFor();
}

/** The names of the callbacks logged so far. */
export const callbackNames = async (page: Page): Promise<string[]> => (await logged(page)).map((c) => c.callback);

/** Every message the store's page received, from any origin (the store's script keeps them). */
export const receivedMessages = (page: Page): Promise<ReceivedMessage[]> =>
  page.evaluate(() => (window as unknown as { receivedMessages: ReceivedMessage[] }).receivedMessages);

/** Opens the store with a choice of channels; answers the reference of its next payment. */
export async function openStore(page: Page, base: string, channels = 'TRANSFER'): Promise<string> {
  await page.goto(`${base}/`);
  await page.locator('#channels').selectOption(channels);
  return page.locator('input[name="txn_ref"]').inputValue();
}

/** The overlay's dialog. */
export const overlay = (page: Page) => page.getByRole('dialog', { name: 'Checkout' });

/** The checkout in the overlay's frame, once the frame exists. */
export async function overlayFrame(page: Page): Promise<Frame> {
  const handle = await page.waitForSelector('[data-oja-checkout] iframe');
  let frame: Frame | null = null;
  await expect.poll(async () => (frame = await handle.contentFrame()) !== null).toBe(true);
  return frame!;
}

/** The one onComplete the store logged: every result field of CONTRACT §3, for this payment. */
export async function expectCompletedOnce(page: Page, ref: string, resp: string): Promise<Record<string, string>> {
  const completed = (await logged(page)).filter((c) => c.callback === 'onComplete');
  expect(completed).toHaveLength(1);
  const result = completed[0].detail!;
  expect(Object.keys(result).sort()).toEqual([...RESULT_FIELDS].sort());
  expect(result).toMatchObject({ txnref: ref, resp, cardNum: '', mac: '' });
  return result;
}

/** Only the checkout, and only its two messages, each once. */
export async function expectOnlyCheckoutMessages(page: Page): Promise<void> {
  expect((await receivedMessages(page)).map((m) => [m.origin, m.data.messageType])).toEqual([
    [checkoutBase(), 'INITIALIZED'],
    [checkoutBase(), 'COMPLETED'],
  ]);
}

/** The checkout's Cancel payment, confirmed: Payment Cancelled (then Z6 goes to the merchant after 2 s). */
export async function cancelIn(screen: Page | Frame): Promise<void> {
  await screen.getByTestId('cancel-payment').click();
  await screen.getByRole('dialog', { name: 'Cancel Payment?' }).getByRole('button', { name: 'Cancel Payment', exact: true }).click();
  await screen.getByRole('heading', { name: 'Payment Cancelled' }).waitFor();
}

/** A forged COMPLETED for a payment: a success nobody paid. */
export function forgedCompleted(ref: string) {
  return {
    key: 'oja-checkout',
    messageType: 'COMPLETED',
    data: {
      payRef: 'FORGED',
      txnref: ref,
      amount: '150000',
      apprAmt: '150000',
      resp: '00',
      desc: 'Approved',
      retRef: '',
      cardNum: '',
      mac: '',
      bpResp: '',
      bpTrxnRef: '',
      rechPin: '',
    },
  };
}

/** The store's "Pay inline", until the checkout is ready (onLoad): the payment's reference and the checkout's frame. */
export async function payInline(page: Page): Promise<{ ref: string; frame: Frame }> {
  const ref = await openStore(page, storeBase());
  await page.getByRole('button', { name: 'Pay inline' }).click();
  const frame = await overlayFrame(page);
  await transfer.waitForAccount(frame);
  await waitForCallback(page, 'onLoad');
  return { ref, frame };
}

/** The store's "Pay in a popup", until the checkout is ready (onLoad): the payment's reference and the popup. */
export async function payInPopup(page: Page): Promise<{ ref: string; popup: Page }> {
  const ref = await openStore(page, storeBase());
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('button', { name: 'Pay in a popup' }).click()]);
  await transfer.waitForAccount(popup);
  await waitForCallback(page, 'onLoad');
  return { ref, popup };
}

/** The payer left the checkout: its leave signal cancels the payment once the grace has passed. */
export async function expectCancelledOnLeave(ref: string): Promise<void> {
  await expect
    .poll(async () => (await sandboxPayment(ref)).payment?.cancellation?.reason ?? null, { timeout: 10_000, interval: 250 })
    .toBe('Return to merchant Site');
}
