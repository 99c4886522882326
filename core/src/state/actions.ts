import type { ChannelPlugin } from '../plugin';
import type { Checkout, NotificationKind, TransactionResponse } from './checkout';
import { withSession } from './checkout';
import type { Locale } from '../i18n';
import { serverNow } from '../clock';

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
/**
 * Where a page asks, before it sends the payment's result to the merchant, whether it is the one to send it: the
 * server answers yes once per session, so a reload, a second tab or another instance never sends it twice. It names
 * the page's channel and the code too: with a real collections API the browser talks to the API directly, so this
 * is how the server learns of a result at all (its metrics, `oja_payments_settled_total`).
 */
export const DELIVERY_PATH = '/session/delivery';
/** Where a page tells the checkout server the payer opened a channel's screen (the operators' metrics, once each). */
export const CHANNEL_STARTED_PATH = '/session/channel';
/** Where the shell tells the checkout server its page opened in the payer's browser (the session then lasts its full time). */
export const SESSION_OPENED_PATH = '/session/opened';

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
  // When the API gives no date, the receipt shows when the result came, on the server's clock.
  c.state.resultAt = serverNow();
}

export function notify(c: Checkout, message: string, kind: NotificationKind = 'ERROR', durationMs: number | null = NOTIFICATION_MS): void {
  c.state.notification = { message, kind, durationMs, id: ++notificationId };
}

export function dismissNotification(c: Checkout): void {
  c.state.notification = null;
}

export function setLocale(c: Checkout, locale: Locale): void {
  c.state.locale = locale;
}
