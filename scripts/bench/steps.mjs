// After the first tap, on the same throttled phone as the first screen (waterfall.mjs launchThrottled): the time
// from tapping "Pay with Card" on the method list to a usable card form, and from tapping Pay (the sandbox's PIN
// test card) to the PIN pad. Each is measured in the page, from the tap's pointerdown to the first frame that
// shows the next screen's control hydrated (html[data-hydrated], the control visible and enabled).
import { launchThrottled } from './waterfall.mjs';

/** The sandbox's Verve test card that asks for a PIN (CONTRACT §4). */
export const PIN_TEST_CARD = '5060990580000217499';
/** How long the payer reads the list before tapping, ms after the page is hydrated and quiet. */
const READING_MS = 500;
/** One step's deadline, ms. */
const STEP_TIMEOUT_MS = 30_000;

/** Selectors of each step: what is tapped and what must then be usable. */
export const STEPS = {
  card: { tap: 'a[data-method="card"]', ready: 'input[autocomplete="cc-number"]' },
  pay: { tap: '[data-testid="card-pay"]', ready: '[data-testid="pin-pad"] button' },
};

/** The page's side: arms at the next trusted pointerdown and resolves the ms from it to `ready` usable. */
function armInPage({ ready, timeoutMs }) {
  return new Promise((resolve, reject) => {
    let downAt = null;
    const usable = () => {
      const el = document.querySelector(ready);
      if (!el || !document.documentElement.dataset.hydrated) return false;
      const r = el.getBoundingClientRect();
      return r.width > 0 && r.height > 0 && !el.disabled && el.getAttribute('aria-disabled') !== 'true';
    };
    const tick = () => {
      if (usable()) resolve(performance.now() - downAt);
      else if (performance.now() - downAt > timeoutMs) reject(new Error(`${ready} not usable after ${timeoutMs} ms`));
      else requestAnimationFrame(tick);
    };
    addEventListener(
      'pointerdown',
      (e) => {
        if (!e.isTrusted) return;
        downAt = e.timeStamp;
        requestAnimationFrame(tick);
      },
      { capture: true, once: true },
    );
  });
}

/** Taps the centre of `selector` as a thumb would and resolves the ms until `ready` is usable. */
async function timeStep(page, { tap, ready }) {
  const timed = page.evaluate(armInPage, { ready, timeoutMs: STEP_TIMEOUT_MS });
  const box = await page.locator(tap).first().boundingBox();
  if (!box) throw new Error(`${tap} is not on screen`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  return timed;
}

/**
 * One payer on a fresh browser: opens `url` (a payment offering the card among others), waits until the list is
 * hydrated and quiet, taps the card row (timed), types the PIN test card, taps Pay (timed).
 */
export async function measureSteps({ url, chromium, profile = 'slow4g', expiry }) {
  const { page, throttle, close } = await launchThrottled({ url, chromium, profile });
  try {
    await throttle();
    await page.goto(url, { waitUntil: 'load', timeout: STEP_TIMEOUT_MS });
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true', null, { timeout: STEP_TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: STEP_TIMEOUT_MS });
    await page.waitForTimeout(READING_MS);
    const cardFormMs = await timeStep(page, STEPS.card);
    await page.locator('input[autocomplete="cc-number"]').fill(PIN_TEST_CARD);
    await page.locator('input[autocomplete="cc-exp"]').fill(expiry);
    await page.locator('input[autocomplete="cc-csc"]').fill('123');
    const pinPadMs = await timeStep(page, STEPS.pay);
    return { ok: true, cardFormMs, pinPadMs };
  } catch (e) {
    return { ok: false, error: String(e?.message ?? e).split('\n')[0] };
  } finally {
    await close();
  }
}
