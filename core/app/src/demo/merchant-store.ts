import http from 'node:http';
import { createHttp } from '@oja/core';
import { SANDBOX_MAC_KEYS, SANDBOX_WEBHOOK_SECRETS, verifyWebhookSignature, WEBHOOK_EVENTS, webpayHash } from '@oja/sandbox';
import type { WebhookEventName } from '@oja/sandbox';
import { ClientError, escapeHtml, parseJsonObject, readBody, readRawBody } from './http';
import { createOrders, VERIFY_TIMEOUT_MS } from './merchant-orders';
import type { Verdict, Verification } from './merchant-orders';

/** One result the store received on its return page. */
export interface ReceivedResult {
  at: number;
  fields: Record<string, string>;
}

export interface MerchantStoreOptions {
  /** Where the checkout is, as the payer's browser reaches it. */
  checkoutBase: string;
  /** This store's own origin (its return page is site_redirect_url). */
  selfOrigin: () => string;
  /** The collections API the store's server asks to verify a payment: the checkout's own base in sandbox mode. */
  apiBase: string;
  /** The fetch behind the store's HTTP client (tests count the requeries). */
  fetchImpl?: typeof fetch;
  /** Orders kept at most (tests use a few). */
  maxOrders?: number;
  /** The secret its webhooks are signed with; default the sandbox's test secret for MX_DEMO. */
  webhookSecret?: string;
}

/** Where the store receives Interswitch's notifications (its webhook URL is the store's origin and this path). */
export const WEBHOOK_PATH = '/webhooks/interswitch';
/** Event uuids the store remembers, to process each event once: past it the oldest is forgotten. */
export const MAX_SEEN_WEBHOOKS = 10_000;

/** One notification the store processed (a duplicate uuid is not processed again, nor listed). */
export interface ReceivedWebhook {
  at: number;
  uuid: string;
  event: WebhookEventName;
  merchantReference: string;
  responseCode: string;
  /** What it did to the order: a COMPLETED is read as a requery's answer; others only logged (`logged`). */
  verdict: Verdict | 'logged';
}

/** The fields of a notification the store reads; undefined when the body is not one (wrong or missing types). */
function readNotification(b: Record<string, unknown>) {
  const data = b.data;
  if (typeof b.uuid !== 'string' || b.uuid === '' || !WEBHOOK_EVENTS.includes(b.event as WebhookEventName)) return undefined;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return undefined;
  const d = data as Record<string, unknown>;
  if (typeof d.merchantReference !== 'string' || typeof d.responseCode !== 'string' || typeof d.remittanceAmount !== 'number') return undefined;
  return { uuid: b.uuid, event: b.event as WebhookEventName, ref: d.merchantReference, code: d.responseCode, amount: d.remittanceAmount };
}

/** The demo store's merchant code and its basket's total, minor units, in NGN (ISO 4217 566). */
export const STORE_MERCHANT_CODE = 'MX_DEMO';
export const BASKET_AMOUNT_MINOR = 150_000;
export const BASKET_CURRENCY = '566';
/** The store's payable code. */
export const STORE_PAY_ITEM_ID = `Default_Payable_${STORE_MERCHANT_CODE}`;

/**
 * The request hash of an order, as a merchant's server makes it with its MAC key (the sandbox's test key for
 * MX_DEMO): every payment the store starts carries it, so the sandbox checks it, and an amount changed in the browser
 * is refused (docs/merchants/sandbox.md, "Test MAC keys").
 */
export const orderHash = (ref: string, returnUrl: string): string =>
  webpayHash(
    {
      txn_ref: ref,
      merchant_code: STORE_MERCHANT_CODE,
      pay_item_id: STORE_PAY_ITEM_ID,
      amount: String(BASKET_AMOUNT_MINOR),
      site_redirect_url: returnUrl,
    },
    SANDBOX_MAC_KEYS[STORE_MERCHANT_CODE],
  );

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f7f5f0;color:#222}main{max-width:640px;margin:0 auto;padding:24px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 2px 12px rgba(0,0,0,.08);margin-bottom:16px}
button{font:inherit;font-weight:600;padding:12px 18px;border-radius:8px;border:0;background:#1f4f8a;color:#fff;cursor:pointer}
button:disabled{background:#8a94a6;cursor:not-allowed}.pay{display:flex;flex-wrap:wrap;gap:8px;margin:16px 0 8px}
label{display:block;margin:8px 0 4px;font-weight:600;font-size:14px}select,input{font:inherit;min-height:44px;padding:8px;border-radius:6px;border:1px solid #bbb;width:100%;box-sizing:border-box}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:6px;border-bottom:1px solid #eee;font-size:14px}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}.ok{color:#12805c}.bad{color:#b42318}.hint{font-size:14px;color:#555}
#log{padding-left:20px}#log li{font-size:14px;margin:4px 0;overflow-wrap:anywhere}#log time{color:#555}#log code{font:12px/1.4 ui-monospace,monospace}
.verdict{display:block;font-weight:600}.verdict button{padding:4px 10px;font-size:14px;margin-left:4px}`;

/**
 * The store page's script (served as a file: the store's CSP allows no inline script). Its three buttons pay
 * through the SDK the checkout serves (window.webpayCheckout), each callback is logged as it happens, and the
 * store's server opens a new order (its reference) after each payment. A result is the payer's browser
 * speaking: the page hands only the order's reference to its server (POST /verify), which asks the collections
 * API, and shows that verdict beside the callback. Every message the page receives, from any origin, is also
 * kept in window.receivedMessages, so that a test can prove nothing else arrived.
 */
const STORE_SCRIPT = `(() => {
  const form = document.getElementById('pay-form');
  const log = document.getElementById('log');
  const status = document.getElementById('status');
  window.receivedMessages = [];
  addEventListener('message', (event) => window.receivedMessages.push({ origin: event.origin, data: event.data }));

  const record = (callback, detail) => {
    const item = document.createElement('li');
    item.dataset.callback = callback;
    const time = document.createElement('time');
    time.textContent = new Date().toLocaleTimeString();
    const name = document.createElement('strong');
    name.textContent = callback;
    item.append(time, ' ', name);
    if (detail !== undefined) {
      const code = document.createElement('code');
      code.textContent = JSON.stringify(detail);
      item.append(' ', code);
    }
    log.append(item);
    return item;
  };
  const say = (text) => {
    status.textContent = text;
  };

  // Only the store's server, asking the collections API, says "paid"; the callback itself proves nothing.
  const verify = (item, ref) => {
    let verdict = item.querySelector('.verdict');
    if (!verdict) {
      verdict = document.createElement('span');
      item.append(' ', verdict);
    }
    verdict.className = 'verdict';
    delete verdict.dataset.verdict;
    verdict.textContent = 'Verifying order ' + ref + ' with the store server…';
    say(verdict.textContent);
    const show = (v) => {
      verdict.dataset.verdict = v.verdict;
      verdict.className = 'verdict ' + (v.paid ? 'ok' : 'bad');
      verdict.textContent = v.message;
      say(v.message);
      if (!v.retry) return;
      const again = document.createElement('button');
      again.type = 'button';
      again.textContent = 'Verify again';
      again.addEventListener('click', () => verify(item, ref));
      verdict.append(' ', again);
    };
    fetch('/verify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ txn_ref: ref }) })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error('HTTP ' + res.status))))
      .then(show, () => show({ verdict: 'unverified', paid: false, retry: true, message: 'Could not reach the store server to verify order ' + ref + ': try again.' }));
  };

  const sdk = typeof window.webpayCheckout === 'function';
  const payButtons = form.querySelectorAll('button');
  const ready = (on) => {
    for (const button of payButtons) button.disabled = !on || (!sdk && button.dataset.displayMode !== undefined);
  };
  // A reference names one order, and only the store's server, which knows what it charges, makes one. The next
  // order is opened ahead (the spare), so that paying again never waits on it nor pays under the last reference,
  // and the pay buttons stay enabled (the SDK gives the focus back to the one that opened the checkout).
  let spare;
  let waiting = false;
  const openSpare = () => {
    fetch('/orders', { method: 'POST' })
      .then((res) => (res.ok ? res.json() : Promise.reject(new Error('HTTP ' + res.status))))
      .then((order) => {
        spare = order;
        if (!waiting) return;
        waiting = false;
        nextReference();
        ready(true);
      })
      .catch(() => say('The store could not open a new order: reload the page.'));
  };
  const nextReference = () => {
    if (spare === undefined) {
      // Only when the spare has not arrived yet: no payment starts until it has.
      waiting = true;
      ready(false);
      return;
    }
    form.elements.txn_ref.value = spare.txn_ref;
    form.elements.hash.value = spare.hash;
    document.getElementById('ref').textContent = spare.txn_ref;
    spare = undefined;
    openSpare();
  };
  const pay = (displayMode) => {
    say('');
    const ref = form.elements.txn_ref.value;
    // A closed checkout calls onComplete (Z6) and then onClose: one next order for both.
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      nextReference();
    };
    window.webpayCheckout(Object.assign(Object.fromEntries(new FormData(form)), {
      display_mode: displayMode,
      mode: 'TEST',
      onLoad: () => record('onLoad'),
      onComplete: (result) => {
        verify(record('onComplete', result), ref);
        settle();
      },
      onClose: () => {
        record('onClose');
        say('Checkout closed: nothing was paid.');
        settle();
      },
      onError: (error) => {
        record('onError', { code: error.code, field: error.field, message: error.message });
        say(error.message);
      },
    }));
  };

  // Without the SDK the form still works: a plain POST to the checkout (REDIRECT).
  form.addEventListener('submit', (event) => {
    if (!sdk) return;
    event.preventDefault();
    pay('REDIRECT');
  });
  for (const button of form.querySelectorAll('[data-display-mode]')) button.addEventListener('click', () => pay(button.dataset.displayMode));
  ready(true);
  openSpare();
})();
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/store.css"></head><body><main>${body}</main></body></html>`;
}

/** The return page's heading for a verdict: "received" only when the store's server verified it. */
function headingOf(v: Verification): string {
  if (v.verdict === 'paid') return 'Thank you: payment received';
  if (v.verdict === 'already-paid') return 'This order is already paid';
  if (v.verdict === 'unverified') return 'Payment not verified yet';
  if (v.verdict === 'unknown-order') return 'Unknown order';
  return 'Payment not completed';
}

/** The verification as the store's pages show it, with "Verify again" when asking again may change it. */
function verificationHtml(v: Verification, resp?: string): string {
  const again = v.retry ? `<p><a href="/orders/${encodeURIComponent(v.ref)}">Verify again</a></p>` : '';
  const received = resp === undefined ? '' : ` data-resp="${escapeHtml(resp)}"`;
  return `<h1 class="${v.paid ? 'ok' : 'bad'}"${received} data-verdict="${v.verdict}">${escapeHtml(headingOf(v))}</h1>
<p class="verdict" role="status">${escapeHtml(v.message)}</p>${again}`;
}

/**
 * The demo merchant store on its own origin: a product page that pays through the merchant SDK the checkout
 * serves, in each mode (redirect, inline, popup) and logs every callback; the return page that shows the
 * result a REDIRECT payment POSTed; /results.json listing every such result (for tests). Its orders live on its
 * server, and every result, POSTed to the return page or reported by the page (POST /verify), is verified by the
 * collections API's requery before the store says "paid".
 */
export function createMerchantStore(o: MerchantStoreOptions) {
  const results: ReceivedResult[] = [];
  const webhooks: ReceivedWebhook[] = [];
  /** The event uuids processed, oldest first (a Set keeps insertion order). */
  const seen = new Set<string>();
  const webhookSecret = o.webhookSecret ?? SANDBOX_WEBHOOK_SECRETS[STORE_MERCHANT_CODE];
  const orders = createOrders({ apiBase: o.apiBase, merchantCode: STORE_MERCHANT_CODE, fetchImpl: o.fetchImpl, maxOrders: o.maxOrders });
  /** The store's return page: site_redirect_url, and so part of every order's hash. */
  const returnUrl = () => `${o.selfOrigin()}/return`;
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://store.local');
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, {
        'content-type': type,
        'cache-control': 'no-store',
        'x-content-type-options': 'nosniff',
        'content-security-policy': `default-src 'self'; style-src 'self'; form-action 'self' ${o.checkoutBase}; frame-src ${o.checkoutBase}; script-src 'self' ${o.checkoutBase}`,
        ...extra,
      });
      res.end(body);
    };
    const sendJson = (status: number, body: unknown) => send(status, 'application/json', JSON.stringify(body));
    const page = (title: string, body: string) => send(200, 'text/html; charset=utf-8', layout(title, body));
    try {
      if (url.pathname === '/store.css') return send(200, 'text/css', STYLE);
      if (url.pathname === '/favicon.ico') return send(204, 'text/plain', '');
      if (url.pathname === '/' && req.method === 'GET') {
        const { ref } = orders.open(BASKET_AMOUNT_MINOR, BASKET_CURRENCY);
        const checkout = escapeHtml(o.checkoutBase);
        return page(
          'Oja Demo Store',
          `
<h1>Oja Demo Store</h1>
<div class="card"><h2>Your basket</h2><table><tr><th>Item</th><th>Price</th></tr>
<tr><td>Ankara tote bag</td><td>NGN 1,000.00</td></tr><tr><td>Shea butter, 250 g</td><td>NGN 500.00</td></tr>
<tr><th>Total</th><th>NGN 1,500.00</th></tr></table></div>
<form class="card" id="pay-form" method="POST" action="${checkout}/pay">
<input type="hidden" name="merchant_code" value="${STORE_MERCHANT_CODE}"><input type="hidden" name="pay_item_id" value="${STORE_PAY_ITEM_ID}">
<input type="hidden" name="txn_ref" value="${ref}"><input type="hidden" name="amount" value="${BASKET_AMOUNT_MINOR}"><input type="hidden" name="currency" value="${BASKET_CURRENCY}">
<input type="hidden" name="site_redirect_url" value="${escapeHtml(returnUrl())}"><input type="hidden" name="hash" value="${orderHash(ref, returnUrl())}"><input type="hidden" name="cust_email" value="ada@example.com">
<input type="hidden" name="cust_name" value="Ada Obi"><input type="hidden" name="pay_item_name" value="Demo basket">
<label for="channels">Channels offered</label><select id="channels" name="channels"><option value="">Every channel of the country</option><option value="TRANSFER">Transfer only</option><option value="CARD,TRANSFER">Card and transfer</option><option value="CARD">Card only</option><option value="QR">QR only</option><option value="USSD">USSD only</option><option value="PAY_WITH_APP">Pay with App only</option><option value="CARD,GOOGLE_PAY">Card and Google Pay</option><option value="GOOGLE_PAY">Google Pay only</option></select>
<label for="acquirer">Acquirer branding</label><select id="acquirer" name="acquirer"><option value="">Default</option><option>ZIB</option><option>MUL</option><option>HALO</option></select>
<label for="lang">Language</label><select id="lang" name="lang"><option value="en">English</option><option value="fr">Français</option></select>
<div class="pay"><button type="submit">Pay NGN 1,500.00 (redirect)</button><button type="button" data-display-mode="INLINE" disabled>Pay inline</button><button type="button" data-display-mode="POPUP" disabled>Pay in a popup</button></div>
<p class="hint">Redirect takes you to the checkout and back to this store; inline opens the checkout over this page; popup in a window of its own.</p>
<p>Reference <span id="ref">${ref}</span></p></form>
<section class="card" aria-labelledby="log-title"><h2 id="log-title">Callbacks</h2><p id="status" role="status"></p><ol id="log"></ol></section>
<script src="${checkout}/inline-checkout.js"></script><script src="/store.js"></script>`,
        );
      }
      if (url.pathname === '/store.js') return send(200, 'text/javascript; charset=utf-8', STORE_SCRIPT);
      if (url.pathname === '/orders' && req.method === 'POST') {
        const { ref } = orders.open(BASKET_AMOUNT_MINOR, BASKET_CURRENCY);
        return sendJson(201, { txn_ref: ref, hash: orderHash(ref, returnUrl()) });
      }
      if (url.pathname === WEBHOOK_PATH && req.method === 'POST') {
        // The raw bytes are what was signed: verified before anything is read from them.
        const raw = await readRawBody(req);
        const signature = req.headers['x-interswitch-signature'];
        if (!verifyWebhookSignature(raw, typeof signature === 'string' ? signature : undefined, webhookSecret))
          return sendJson(401, { error: 'The signature does not match the body' });
        const note = readNotification(parseJsonObject(raw.toString('utf8')));
        if (!note) return sendJson(400, { error: 'Not a transaction notification' });
        // Delivered again (a retry after an answer that was lost): answered 2xx, processed once.
        if (seen.has(note.uuid)) return sendJson(200, { received: true, duplicate: true });
        if (seen.size >= MAX_SEEN_WEBHOOKS) seen.delete(seen.values().next().value as string);
        seen.add(note.uuid);
        const verdict =
          note.event === 'TRANSACTION.COMPLETED'
            ? orders.notified(note.ref, { ResponseCode: note.code, MerchantReference: note.ref, Amount: note.amount })
            : 'logged';
        if (webhooks.length >= MAX_SEEN_WEBHOOKS) webhooks.shift();
        webhooks.push({ at: Date.now(), uuid: note.uuid, event: note.event, merchantReference: note.ref, responseCode: note.code, verdict });
        return sendJson(200, { received: true, verdict });
      }
      if (url.pathname === '/verify' && req.method === 'POST') {
        const ref = (await readBody(req, { accept: ['json'], strict: true })).txn_ref;
        if (typeof ref !== 'string' || ref === '') return sendJson(400, { error: 'txn_ref is required' });
        return sendJson(200, await orders.verify(ref));
      }
      if (url.pathname.startsWith('/orders/') && req.method === 'GET') {
        let ref: string;
        try {
          ref = decodeURIComponent(url.pathname.slice('/orders/'.length));
        } catch {
          return send(400, 'text/plain', 'Malformed order reference');
        }
        const v = await orders.verify(ref);
        return page(`Order ${v.ref}`, `${verificationHtml(v)}<p><a href="/">Back to the store</a></p>`);
      }
      if (url.pathname === '/return') {
        const fields = Object.fromEntries(
          Object.entries(req.method === 'POST' ? await readBody(req) : Object.fromEntries(url.searchParams)).map(([k, v]) => [k, String(v)]),
        );
        if (req.method === 'POST') results.push({ at: Date.now(), fields });
        // The fields are the payer's browser speaking: the store's server asks the collections API itself.
        const v = await orders.verify(fields.txnref ?? '');
        const rows = Object.entries(fields)
          .map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`)
          .join('');
        return page(
          'Payment result',
          `${verificationHtml(v, fields.resp ?? '')}
<div class="card"><h2>What the checkout sent</h2><table>${rows}</table></div><p><a href="/">Back to the store</a></p>`,
        );
      }
      if (url.pathname === '/results.json') return sendJson(200, results);
      if (url.pathname === '/webhooks.json') return sendJson(200, webhooks);
      if (url.pathname === '/orders.json') return sendJson(200, orders.list());
      send(404, 'text/plain', 'Not found');
    } catch (e) {
      if (e instanceof ClientError) return send(e.status, 'text/plain', e.message);
      send(500, 'text/plain', (e as Error).message);
    }
  });
  /**
   * Tells the sandbox where the store's notifications go (POST /sandbox/webhooks), as a merchant sets its webhook URL
   * on Quickteller Business's dashboard in production; signed with the sandbox's test secret for MX_DEMO.
   */
  const registerWebhook = () =>
    createHttp(o.apiBase, o.fetchImpl).post(
      '/sandbox/webhooks',
      { merchant_code: STORE_MERCHANT_CODE, url: `${o.selfOrigin()}${WEBHOOK_PATH}` },
      { timeoutMs: VERIFY_TIMEOUT_MS },
    );
  return { server, results, orders, webhooks, registerWebhook };
}
