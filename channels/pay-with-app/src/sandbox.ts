import { randomInt } from 'node:crypto';
import { formatAmount } from '@oja/core';
import {
  ACCESS_TOKEN_LIFETIME_S,
  alreadyPaid,
  bearerOf,
  escapeHtml,
  isPaid,
  SANDBOX_BANK,
  sandboxRecord,
  settledStatus,
  testPage,
  UNKNOWN_PAYMENT,
} from '@oja/sandbox';
import type { SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest, TestPageParty } from '@oja/sandbox';
import payWithApp from './index';
import { CODE_VALIDITY_MS, GENERATE_PATH, PWA_BANK_CODE, STATUS_PATH } from './constants';

/**
 * The sandbox's OAuth client, given to the page as env.channelSettings['pay-with-app']. The sandbox's token endpoint
 * (@oja/sandbox, POST /passport/oauth/token) issues a token to any client; this is the one the page uses.
 */
export const SANDBOX_CLIENT_ID = 'oja-sandbox-pay-with-app';
export const SANDBOX_CLIENT_SECRET = 'oja-sandbox-pay-with-app-secret';
/** @deprecated The sandbox's token endpoint is core's: use ACCESS_TOKEN_LIFETIME_S from @oja/sandbox. */
export const TOKEN_LIFETIME_S = ACCESS_TOKEN_LIFETIME_S;
/** The code a payment declined in the bank's app answers. */
export const PWA_DECLINED_CODE = '05';
/** The sandbox's bank apps, and where their (pretend) apps live: a page of the sandbox. */
export const SANDBOX_INSTITUTIONS = [
  { code: 'OJA_SANDBOX_BANK', name: 'Oja Sandbox Bank' },
  { code: 'LAGOS_DEMO_BANK', name: 'Lagos Demo Bank' },
  { code: 'SAVANNA_TEST_BANK', name: 'Savanna Test Bank' },
  { code: 'DELTA_SAMPLE_MFB', name: 'Delta Sample Microfinance Bank' },
  { code: 'HARBOUR_PLAY_BANK', name: 'Harbour Play Bank' },
] as const;
type Institution = (typeof SANDBOX_INSTITUTIONS)[number];
/** Each bank app's accent (`#rrggbb`, dark enough for white text), apart from the list the API answers. */
const APP_ACCENTS: Record<Institution['code'], string> = {
  OJA_SANDBOX_BANK: SANDBOX_BANK.accent,
  LAGOS_DEMO_BANK: '#8a1538',
  SAVANNA_TEST_BANK: '#b45309',
  DELTA_SAMPLE_MFB: '#0e7490',
  HARBOUR_PLAY_BANK: '#374151',
};
export const APP_PAGE_PATH = '/sandbox/pay-with-app';

interface PwaRecord {
  reference: string;
  generatedAt: number;
  /** Codes generated for this payment so far. */
  generation: number;
}

const records = sandboxRecord<PwaRecord>(payWithApp.id);

function header(req: SandboxRequest, name: string): string {
  const v = req.headers[name];
  return typeof v === 'string' ? v : '';
}

const NO_BEARER: SandboxAnswer = { status: 401, body: { responseCode: '401', responseDescription: 'Missing, unknown or expired bearer token' } };

/** An issued, unexpired bearer token from the sandbox's token endpoint (spec core §7 "Pay with app": token). */
const hasBearer = (req: SandboxRequest, ctx: SandboxContext): Promise<boolean> => ctx.isBearerToken(bearerOf(req.headers));

/** The page's origin as the payer's browser reached the sandbox, for the deep links. */
function originOf(req: SandboxRequest): string {
  const host = header(req, 'host');
  const proto = header(req, 'x-forwarded-proto') === 'https' ? 'https' : 'http';
  return `${proto}://${/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : 'localhost'}`;
}

/** POST /api/v1/pwa/generate: a five-digit code and a deep link per institution (spec core §7: institutions). */
async function generate(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  if (!(await hasBearer(req, ctx))) return NO_BEARER;
  const b = req.body;
  const p = (await ctx.payment({ paymentId: b.paymentId })) ?? (await ctx.payment({ merchantCode: b.merchantCode, txnRef: b.transactionReference }));
  if (!p) return UNKNOWN_PAYMENT;
  // A paid payment stays paid: no new code, no new attempt.
  if (isPaid(p)) return alreadyPaid(p);
  const matches =
    b.bankCode === PWA_BANK_CODE &&
    b.createTransaction === true &&
    b.merchantCode === p.merchantCode &&
    String(b.payableCode) === String(p.props.payableCode) &&
    Number(b.amount) === Number(p.props.checkoutAmount) &&
    String(b.currencyCode) === String(p.props.currencyCode);
  if (!matches) return { status: 400, body: { responseCode: '400', responseDescription: 'Request does not match the payment' } };
  // Each call is a new code with its own 15 minutes (a retry after a decline starts clean).
  const r: PwaRecord = { reference: String(randomInt(10_000, 100_000)), generatedAt: ctx.now(), generation: (records.get(p)?.generation ?? 0) + 1 };
  p.outcome = null;
  records.set(p, r);
  const query = new URLSearchParams({ ref: r.reference, payment: p.paymentId });
  return {
    body: {
      responseCode: '00',
      reference: r.reference,
      deepLinks: Object.fromEntries(SANDBOX_INSTITUTIONS.map((i) => [i.code, `${originOf(req)}${APP_PAGE_PATH}/${i.code}?${query}`])),
      institutions: SANDBOX_INSTITUTIONS,
    },
  };
}

/** What the status call answers for a payment right now. */
export function pwaStatus(p: SandboxPayment, ctx: SandboxContext): Record<string, unknown> {
  const r = records.get(p);
  const base = { paymentId: p.paymentId, transactionReference: p.txnRef };
  if (!r) return { ...base, responseCode: '25', responseDescription: 'No Pay with App code for this payment' };
  return settledStatus(p, {
    expired: ctx.now() >= r.generatedAt + CODE_VALIDITY_MS,
    failedCode: PWA_DECLINED_CODE,
    references: { paymentReference: `OJA|PWA|${p.paymentId}`, retrievalReferenceNumber: `RR${p.paymentId}` },
    describe: { failed: 'Declined in the bank app', expired: 'Pay with App code expired', pending: 'Awaiting approval in the bank app' },
  });
}

/** GET /api/v1/transactions/ussd with the bearer token (spec core §7 "Pay with app": status). */
async function status(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  if (!(await hasBearer(req, ctx))) return NO_BEARER;
  const p = await ctx.payment({ merchantCode: req.query.get('merchantCode'), txnRef: req.query.get('transactionReference') });
  return p ? { body: pwaStatus(p, ctx) } : UNKNOWN_PAYMENT;
}

// The bank's app, pretended: a plain HTML page in the sandbox's shared test look (strict CSP: no script) to
// approve or decline.

/** The bank as its app's page shows it. */
const appParty = (i: Institution): TestPageParty => ({ name: i.name, accent: APP_ACCENTS[i.code] });

/** The page in the sandbox's test look; the unknown request's is no bank's in particular: the sandbox's own. */
function appPage(party: TestPageParty, title: string, body: string, status = 200): SandboxAnswer {
  return { status, ...testPage(party, title, body) };
}

/** The payment and institution a deep link names, while its code is the payment's current one and still valid. */
async function linked(req: SandboxRequest, ref: unknown, paymentId: unknown, ctx: SandboxContext) {
  const institution = SANDBOX_INSTITUTIONS.find((i) => i.code === req.params.institution);
  const p = typeof paymentId === 'string' && paymentId ? await ctx.payment({ paymentId }) : undefined;
  const r = p && records.get(p);
  if (!institution || !p || !r || r.reference !== ref || ctx.now() >= r.generatedAt + CODE_VALIDITY_MS) return undefined;
  return { institution, p, r };
}

const UNKNOWN_REQUEST = appPage(
  SANDBOX_BANK,
  'Unknown payment request',
  '<h1>Unknown payment request</h1>\n<p>This payment request is unknown or no longer valid. Return to the checkout.</p>',
  404,
);

async function showApp(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const found = await linked(req, req.query.get('ref'), req.query.get('payment'), ctx);
  if (!found) return UNKNOWN_REQUEST;
  const { institution, p, r } = found;
  const name = escapeHtml(institution.name);
  if (p.outcome)
    return appPage(
      appParty(institution),
      institution.name,
      `<h1>${name} (sandbox app)</h1>\n<p role="status">This payment request has been answered. Return to the checkout and confirm.</p>`,
    );
  const amount = escapeHtml(formatAmount(Number(p.props.checkoutAmount) || 0, String(p.props.currencyCode ?? '')));
  const body = `<h1>${name} (sandbox app)</h1>
<p>Pay <strong class="amount">${amount}</strong> to <strong>${escapeHtml(String(p.props.merchantName ?? ''))}</strong> with code <strong>${escapeHtml(r.reference)}</strong>?</p>
<form method="post" action="${APP_PAGE_PATH}/${institution.code}">
<input type="hidden" name="ref" value="${escapeHtml(r.reference)}"><input type="hidden" name="payment" value="${escapeHtml(p.paymentId)}">
<div class="actions"><button class="primary" type="submit" name="decision" value="approve">Approve</button> <button class="secondary" type="submit" name="decision" value="decline">Decline</button></div>
</form>`;
  return appPage(appParty(institution), `${institution.name}: approve the payment`, body);
}

async function answerApp(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const found = await linked(req, req.body.ref, req.body.payment, ctx);
  if (!found) return UNKNOWN_REQUEST;
  const { institution, p } = found;
  const approved = req.body.decision === 'approve';
  p.outcome ??= { value: approved ? 'success' : 'failed', at: ctx.now() };
  const name = escapeHtml(institution.name);
  const said = p.outcome.value === 'success' ? 'Payment approved.' : 'Payment declined.';
  return appPage(
    appParty(institution),
    institution.name,
    `<h1>${name} (sandbox app)</h1>\n<p role="status">${said} Return to the checkout and confirm.</p>`,
  );
}

/** The pay-with-app endpoints of the sandbox (spec core §7 "Pay with app") and the pretend bank app's page. */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['NG'],
  settings: { clientId: SANDBOX_CLIENT_ID, clientSecret: SANDBOX_CLIENT_SECRET },
  routes: [
    { method: 'POST', path: GENERATE_PATH, handler: generate },
    { method: 'GET', path: STATUS_PATH, handler: status },
    { method: 'GET', path: `${APP_PAGE_PATH}/:institution`, handler: showApp },
    { method: 'POST', path: `${APP_PAGE_PATH}/:institution`, handler: answerApp },
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...payWithApp, sandbox };
