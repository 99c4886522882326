import type { ChannelPlugin } from '../plugin';
import type { Checkout, NotificationKind, StatusCheckOutcome, TransactionResponse } from './checkout';
import { withSession } from './checkout';
import { classify, CODE_CANCELLED, CODE_SUCCESS, isRefusedAsPaid } from '../codes';
import type { Locale } from '../i18n';

/** Default toast duration, ms (spec core §9). */
export const NOTIFICATION_MS = 5_000;
/** Pause after the cancel call before completing with Z6, ms (spec core §4). */
export const AFTER_CANCEL_CALL_MS = 500;
/** Reason sent with a cancel confirmed in the dialog. */
export const CANCEL_REASON_DIALOG = 'Customer cancelled';
/** Reason sent when the payer leaves the page mid-payment (spec core §4). */
export const CANCEL_REASON_LEAVE = 'Return to merchant Site';

export const METHODS_PATH = '/payment-methods';
/** Where the browser tells the checkout server the payer left mid-payment (it cancels unless they come back). */
export const LEAVE_PATH = '/session/leave';

let notificationId = 0;

export function go(c: Checkout, path: string, replace = false): void {
  c.navigate(withSession(c.state.env, path, c.state.locale), { replace });
}

/** The payer picked a method: earlier payment state is cleared and the channel opens in single mode. */
export function selectChannel(c: Checkout, plugin: ChannelPlugin): void {
  c.state.result = null;
  c.state.notification = null;
  c.state.channel = plugin.id;
  c.state.props.isSinglePaymentMode = true;
  c.visits.endAll();
  c.state.attempt += 1;
  go(c, plugin.path);
}

export function changeMethod(c: Checkout): void {
  c.visits.endAll();
  c.state.channel = null;
  go(c, METHODS_PATH);
}

/** Ends the transaction with a response code; the shell shows the result and returns it to the merchant. */
export function complete(c: Checkout, code: string, response: Record<string, unknown> = {}): void {
  if (c.state.result || c.state.delivered) return;
  c.state.cancelDialogOpen = false;
  c.state.result = { ...response, responseCode: code } as TransactionResponse;
}

/**
 * An attempt the API refused because the payment is already paid (an approval before "Change bank", another tab):
 * the channel's own status check tells the result, and a 00 completes the payment as paid (the merchant may hear
 * it twice, which it must accept anyway: spec core §4). Answers whether it completed.
 */
export async function completeIfPaid(c: Checkout, plugin: ChannelPlugin, signal: AbortSignal = new AbortController().signal): Promise<boolean> {
  if (!plugin.status) return false;
  try {
    const answer = await plugin.status.check({ props: c.state.props, http: c.http, signal, visits: c.visits });
    if (answer.code !== CODE_SUCCESS) return false;
    complete(c, answer.code, answer.response);
    return true;
  } catch {
    return false;
  }
}

/** Retry payment: state reset, the same channel opened afresh. */
export function retry(c: Checkout): void {
  const plugin = c.state.channel ? c.registry.channel(c.state.channel) : undefined;
  c.state.result = null;
  c.visits.endAll();
  c.state.attempt += 1;
  if (plugin) go(c, plugin.path, true);
  else go(c, METHODS_PATH, true);
}

export function notify(c: Checkout, message: string, kind: NotificationKind = 'ERROR', durationMs: number | null = NOTIFICATION_MS): void {
  c.state.notification = { message, kind, durationMs, id: ++notificationId };
}

export function dismissNotification(c: Checkout): void {
  c.state.notification = null;
}

/**
 * The payer confirmed the cancel dialog: tell the API, pause, complete with Z6. Once per payment: a confirm while
 * one is under way (a double click, or several clicks before the button re-renders disabled) does nothing.
 */
/**
 * Confirms the cancel dialog: one cancellation call however often it is pressed, then Z6 to the merchant. When
 * the API refuses because the payment was paid meanwhile (another tab), nothing is cancelled: the payment
 * completes with its success when the channel can ask its status, and the answer is 'paid' (the dialog says so).
 */
export async function confirmCancel(c: Checkout, wait = (ms: number) => new Promise((r) => setTimeout(r, ms))): Promise<'cancelled' | 'paid'> {
  if (c.state.cancelling) return 'cancelled';
  c.state.cancelling = true;
  const { paymentId } = c.state.props;
  try {
    await c.http.post('/api/v1/pay/customerCancellation', { paymentId, customerCancellationReason: CANCEL_REASON_DIALOG });
  } catch (e) {
    // A paid payment is never reported cancelled.
    if (isRefusedAsPaid(e)) {
      c.state.cancelDialogOpen = false;
      c.state.cancelling = false;
      const plugin = c.state.channel ? c.registry.channel(c.state.channel) : undefined;
      if (plugin) await completeIfPaid(c, plugin);
      return 'paid';
    }
    // The payer asked to leave: a failed cancel call must not keep them here. The API expires the payment.
  }
  await wait(AFTER_CANCEL_CALL_MS);
  // A failed result is not final (the payer may retry from it), so the cancel replaces it; a final one stays.
  if (c.state.result && classify(c.state.result.responseCode) === 'failed') c.state.result = null;
  c.state.cancelDialogOpen = false;
  complete(c, CODE_CANCELLED);
  return 'cancelled';
}

/** Asks the payment's status now when a screen is polling it (after a sandbox simulation); 'none' when none is. */
export function checkStatusNow(c: Checkout): Promise<StatusCheckOutcome> {
  return c.checkStatusNow ? c.checkStatusNow() : Promise.resolve('none');
}

export function setLocale(c: Checkout, locale: Locale): void {
  c.state.locale = locale;
}
