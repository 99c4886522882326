import type { ChannelPlugin } from '../plugin';
import type { Checkout, StatusCheckOutcome } from './checkout';
import type { Visit } from './visit';
import { classify, CODE_CANCELLED, CODE_SUCCESS } from '../codes';
import { isRefusedAsPaid } from '../codeMessages';
import { AFTER_CANCEL_CALL_MS, CANCEL_REASON_DIALOG, complete, go, METHODS_PATH } from './actions';

/*
 * What the payer does once a payment is under way (retry, cancel, "check now"), in a module of its own: esbuild
 * keeps a module whole, and actions.ts is on every payment's initial route while these come with the screens
 * (result, cancel dialog, a channel's) that use them.
 */

/**
 * An attempt the API refused because the payment is already paid (an approval before "Change bank", another tab):
 * the channel's own status check tells the result, and a 00 completes the payment as paid (the merchant may hear
 * it twice, which it must accept anyway: spec core §4). `visit` is the asking screen's, handed to the check
 * (StatusContext.visit). Answers whether it completed.
 */
export async function completeIfPaid(
  c: Checkout,
  plugin: ChannelPlugin,
  signal: AbortSignal = new AbortController().signal,
  visit?: Visit<object, unknown>,
): Promise<boolean> {
  if (!plugin.status) return false;
  try {
    const answer = await plugin.status.check({ props: c.state.props, http: c.http, signal, visits: c.visits, visit });
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
      // A screen that polls asks with its visit (a check may need it: a token, the chosen wallet); else core asks.
      if (c.checkStatusNow) await c.checkStatusNow();
      else {
        const plugin = c.state.channel ? c.registry.channel(c.state.channel) : undefined;
        if (plugin) await completeIfPaid(c, plugin);
      }
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
