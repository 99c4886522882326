import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { escapeHtml, readBody } from './http-util';

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
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f7f5f0;color:#222}main{max-width:640px;margin:0 auto;padding:24px}
.card{background:#fff;border-radius:12px;padding:20px;box-shadow:0 2px 12px rgba(0,0,0,.08);margin-bottom:16px}
button{font:inherit;font-weight:600;padding:12px 18px;border-radius:8px;border:0;background:#1f4f8a;color:#fff;cursor:pointer}
label{display:block;margin:8px 0 4px;font-weight:600;font-size:14px}select,input{font:inherit;padding:8px;border-radius:6px;border:1px solid #bbb;width:100%;box-sizing:border-box}
table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:6px;border-bottom:1px solid #eee;font-size:14px}
:focus-visible{outline:3px solid #1f6feb;outline-offset:2px}.ok{color:#12805c}.bad{color:#b42318}
iframe{display:block;width:100%;height:720px;border:1px solid #ddd;border-radius:12px;background:#fff}
#messages li{font:12px/1.4 ui-monospace,monospace;overflow-wrap:anywhere}`;

/** Pay fields the inline page passes through from its own query (besides ref). */
const INLINE_PASSED_FIELDS = ['channels', 'acquirer', 'lang'] as const;

/**
 * The inline page's script (served as a file: the store's CSP allows no inline script). It POSTs the pay
 * fields into the "checkout" frame and lists the messages that come from the checkout's origin; every message,
 * from any origin, is also kept in window.receivedMessages so a test can prove nothing else arrived.
 */
const INLINE_SCRIPT = `(() => {
  const root = document.getElementById('inline-checkout');
  const { checkoutBase, storeOrigin, fields } = root.dataset;
  const list = document.getElementById('messages');
  window.receivedMessages = [];
  addEventListener('message', (event) => {
    window.receivedMessages.push({ origin: event.origin, data: event.data });
    if (event.origin !== checkoutBase) return;
    const item = document.createElement('li');
    item.dataset.type = String((event.data && event.data.messageType) || '');
    item.textContent = JSON.stringify(event.data);
    list.appendChild(item);
  });
  const frame = document.createElement('iframe');
  frame.name = 'checkout';
  frame.title = 'Checkout';
  root.appendChild(frame);
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = checkoutBase + '/pay';
  form.target = 'checkout';
  form.hidden = true;
  const values = Object.assign({}, JSON.parse(fields), { display_mode: 'INLINE', site_redirect_url: storeOrigin + '/return' });
  for (const [name, value] of Object.entries(values)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
})();
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/store.css"></head><body><main>${body}</main></body></html>`;
}

/**
 * The demo merchant store on its own origin: a product page that starts payments by form POST (REDIRECT),
 * a page that embeds the checkout (INLINE) and lists the messages it receives, the return page that shows
 * the result it received, and /results.json listing every result (for tests).
 */
export function createMerchantStore(o: MerchantStoreOptions) {
  const results: ReceivedResult[] = [];
  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://store.local');
    const send = (status: number, type: string, body: string, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'content-security-policy': `default-src 'self'; style-src 'self'; form-action 'self' ${o.checkoutBase}; frame-src ${o.checkoutBase}; script-src 'self'`, ...extra });
      res.end(body);
    };
    try {
      if (url.pathname === '/store.css') return send(200, 'text/css', STYLE);
      if (url.pathname === '/favicon.ico') return send(204, 'text/plain', '');
      if (url.pathname === '/' && req.method === 'GET') {
        const ref = `DEMO-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
        return send(200, 'text/html; charset=utf-8', layout('Oja Demo Store', `
<h1>Oja Demo Store</h1>
<div class="card"><h2>Your basket</h2><table><tr><th>Item</th><th>Price</th></tr>
<tr><td>Ankara tote bag</td><td>NGN 1,000.00</td></tr><tr><td>Shea butter, 250 g</td><td>NGN 500.00</td></tr>
<tr><th>Total</th><th>NGN 1,500.00</th></tr></table></div>
<form class="card" method="POST" action="${escapeHtml(o.checkoutBase)}/pay">
<input type="hidden" name="merchant_code" value="MX_DEMO"><input type="hidden" name="pay_item_id" value="Default_Payable_MX_DEMO">
<input type="hidden" name="txn_ref" value="${ref}"><input type="hidden" name="amount" value="150000"><input type="hidden" name="currency" value="566">
<input type="hidden" name="site_redirect_url" value="${escapeHtml(o.selfOrigin())}/return"><input type="hidden" name="cust_email" value="ada@example.com">
<input type="hidden" name="cust_name" value="Ada Obi"><input type="hidden" name="pay_item_name" value="Demo basket">
<label for="channels">Channels offered</label><select id="channels" name="channels"><option value="">Every channel of the country</option><option value="TRANSFER">Transfer only</option><option value="CARD,TRANSFER">Card and transfer</option></select>
<label for="acquirer">Acquirer branding</label><select id="acquirer" name="acquirer"><option value="">Default</option><option>ZIB</option><option>MUL</option><option>HALO</option></select>
<label for="lang">Language</label><select id="lang" name="lang"><option value="en">English</option><option value="fr">Français</option></select>
<p><button type="submit">Pay NGN 1,500.00</button></p><p>Reference ${ref}</p></form>`));
      }
      if (url.pathname === '/inline-test.js') return send(200, 'text/javascript; charset=utf-8', INLINE_SCRIPT);
      if (url.pathname === '/inline-test' && req.method === 'GET') {
        // The declared origin is always this store's own: served under another host name, the page is a third
        // origin embedding a payment that is not its own.
        const fields: Record<string, string> = {
          merchant_code: 'MX_DEMO',
          pay_item_id: 'Default_Payable_MX_DEMO',
          txn_ref: url.searchParams.get('ref') || `INLINE-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`,
          amount: '150000',
          currency: '566',
          cust_email: 'ada@example.com',
          cust_name: 'Ada Obi',
        };
        for (const k of INLINE_PASSED_FIELDS) {
          const v = url.searchParams.get(k);
          if (v) fields[k] = v;
        }
        return send(200, 'text/html; charset=utf-8', layout('Oja Demo Store: inline checkout', `
<h1>Inline checkout</h1>
<p>Reference ${escapeHtml(fields.txn_ref)}</p>
<div id="inline-checkout" data-checkout-base="${escapeHtml(o.checkoutBase)}" data-store-origin="${escapeHtml(o.selfOrigin())}" data-fields="${escapeHtml(JSON.stringify(fields))}"></div>
<h2>Messages from the checkout</h2>
<ol id="messages"></ol>
<script src="/inline-test.js"></script>`));
      }
      if (url.pathname === '/return') {
        const fields = Object.fromEntries(Object.entries(req.method === 'POST' ? await readBody(req) : Object.fromEntries(url.searchParams)).map(([k, v]) => [k, String(v)]));
        if (req.method === 'POST') results.push({ at: Date.now(), fields });
        const ok = fields.resp === '00';
        const rows = Object.entries(fields).map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
        return send(200, 'text/html; charset=utf-8', layout('Payment result', `<h1 class="${ok ? 'ok' : 'bad'}" data-resp="${escapeHtml(fields.resp ?? '')}">${ok ? 'Thank you: payment received' : 'Payment not completed'}</h1>
<div class="card"><table>${rows}</table></div><p><a href="/">Back to the store</a></p>`));
      }
      if (url.pathname === '/results.json') return send(200, 'application/json', JSON.stringify(results));
      send(404, 'text/plain', 'Not found');
    } catch (e) {
      send(500, 'text/plain', (e as Error).message);
    }
  });
  return { server, results };
}
