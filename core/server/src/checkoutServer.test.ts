// @vitest-environment node
// The checkout server in-process on a free port, with its embedded sandbox (or a stub collections API), spoken to
// over raw HTTP: what a payer's browser, a merchant's form or a confused client sends it. Builds nothing: the
// client directory is a temporary one with a minimal manifest.
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import transfer from '@oja/transfer/sandbox';
import card from '@oja/card/sandbox';
import { sri } from './page/integrity';
import type { HomeTestCard } from './outside/homePage';
import brandingDefault from '@oja/branding-default';
import { embeddedSandbox, HASH_MISMATCH_CODE, HASH_MISMATCH_DESCRIPTION, REFUSED_MERCHANT, SANDBOX_MAC_KEYS, webpayHash } from '@oja/sandbox';
import type { Sandbox } from '@oja/sandbox';
import {
  CHANNEL_STARTED_PATH,
  defineGate,
  definePage,
  DELIVERY_PATH,
  GATE_PATH,
  GateRefusal,
  HttpError,
  PAGE_DATA_ID,
  SESSION_OPENED_PATH,
} from '@oja/core';
import type { PageData } from '@oja/core';
import { FIXTURE_BILLS, FIXTURE_DONE_PATH, FIXTURE_FORM_PATH, fixturePage, offerGateFixture, termsGateFixture } from '@oja/testing';
import { createMemoryStore, StoreUnavailable } from '@oja/store';
import { createRedisStore } from '@oja/store/redis';
import { Redis } from 'ioredis';
import { startRedis } from '../../../scripts/test/redis-server.mjs';
import type { Store } from '@oja/store';
import { LEAVE_GRACE_MS, LEAVE_QUEUE } from './leaves';
import { SESSION_TTL_MS, UNOPENED_SESSION_TTL_MS } from './sessions';
import type { SessionRecord } from './sessions';
import { createCheckoutServer, PAY_PAGE_ATTEMPTS } from './checkoutServer';
import type { RequestLogLine } from './requestLog';
import type { CheckoutServer, CheckoutServerOptions } from './checkoutServer';

let clientDir: string;
/** The shell's stylesheet in the test build: every page carries it inline, allowed by its hash. */
const MAIN_CSS = 'body{margin:0}';
const running: Array<{ close(): Promise<void> }> = [];

beforeAll(() => {
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-server-test-'));
  fs.writeFileSync(path.join(clientDir, 'manifest.json'), JSON.stringify({ js: '/assets/main.js', css: ['/assets/main.css'], screens: {} }));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(path.join(clientDir, 'assets', 'main.css'), MAIN_CSS);
});
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()));
  vi.restoreAllMocks();
});

async function listen(server: http.Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  running.push({
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** A client build of the test's own (its manifest and asset files), removed after the test. */
function clientBuild(manifest: object, assets: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-build-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  for (const [name, text] of Object.entries(assets)) fs.writeFileSync(path.join(dir, 'assets', name), text);
  fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
  running.push({ close: async () => fs.rmSync(dir, { recursive: true, force: true }) });
  return dir;
}

/**
 * The page asks for its scripts after its first frame, by an inline script its policy admits by hash: the initial
 * route's chunks, the entry, then exactly these modules. None is in the HTML, where the preload scanner would fetch it.
 */
function expectModuleRequests(html: string, policy: string, modules: string[], entry: string, initial: string[] = []) {
  const text = /<script type="module">(.*?)<\/script>/s.exec(html)?.[1];
  const list = (l: string[]) => JSON.stringify(l.map((m) => [m, '']));
  expect(text).toContain(`for(const[h,i]of${list(initial)})p(h,i);`);
  expect(text).toContain(`s.src=${JSON.stringify(entry)}`);
  expect(text).toContain(`for(const[h,i]of${list(modules)})p(h,i)}`);
  for (const m of [...initial, ...modules]) expect(html).not.toContain(`<link rel="modulepreload" href="${m}"`);
  expect(html).not.toContain(`<script type="module" src="${entry}"`);
  expect(policy).toContain(`'${sri(text!)}'`);
}

/** What a test may set beyond the server's options: the embedded sandbox's test cards and second origin. */
type StartOptions = Partial<CheckoutServerOptions> & { testCards?: HomeTestCard[]; outsideBase?: string };

/**
 * A checkout server with the transfer channel and the default branding, and the embedded sandbox when no API base
 * is given (as the app plugs it in); its base URL.
 */
async function start(extra: StartOptions = {}): Promise<{ base: string; checkout: CheckoutServer; sandbox?: Sandbox; payPageCalls: () => number }> {
  const { testCards, outsideBase, ...options } = extra;
  const plugins = { channels: [transfer], gates: [], pages: [], ...options };
  const embedded = options.apiBase ? undefined : embeddedSandbox(plugins, { store: options.store, outsideBase });
  if (embedded && testCards) embedded.testCards = testCards;
  let calls = 0;
  // The server calls its embedded sandbox in-process: its pay-page calls are counted there.
  if (embedded) {
    const handle = embedded.handle;
    embedded.handle = (r) => {
      if (r.url === '/api/v1/pay-page') calls += 1;
      return handle(r);
    };
  }
  const checkout = createCheckoutServer({
    channels: [transfer],
    brandings: [brandingDefault],
    clientDir,
    env: {},
    payPageBackoffMs: 5,
    embedded,
    ...options,
  });
  running.push({ close: () => checkout.close() });
  const base = await listen(checkout.server);
  return { base, checkout, sandbox: embedded?.sandbox, payPageCalls: () => calls };
}

/** A stand-in collections API answering every pay-page call with `answer`; counts the calls. */
async function stubApi(answer: (res: http.ServerResponse) => void): Promise<{ base: string; calls: () => number }> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    // Only the pay-page call is this stub's subject; the requery beside it finds nothing paid.
    if (req.url !== '/api/v1/pay-page') {
      res.writeHead(404, { 'content-type': 'application/json' });
      return res.end(JSON.stringify({ ResponseCode: 'Z25', ResponseDescription: 'No such transaction' }));
    }
    calls += 1;
    req.on('end', () => answer(res));
  });
  return { base: await listen(server), calls: () => calls };
}

const payFields = (ref: string, extra: Record<string, string> = {}) => ({
  merchant_code: 'MX_DEMO',
  pay_item_id: 'Default_Payable_MX_DEMO',
  txn_ref: ref,
  amount: '150000',
  currency: '566',
  site_redirect_url: 'http://127.0.0.1:4401/return',
  channels: 'TRANSFER,CARD',
  ...extra,
});

/** The session token a payment's page carries (its page data's env). */
const sessionIn = (html: string): string => JSON.parse(/<script type="application\/json" id="oja-data">(.*?)<\/script>/s.exec(html)![1]).env.session;

/** GET /sandbox/payments for the demo merchant's reference: 200 when the sandbox knows the payment, 404 when not. */
const sandboxPayment = (base: string, txn_ref: string) =>
  fetch(`${base}/sandbox/payments?${new URLSearchParams({ merchant_code: 'MX_DEMO', txn_ref })}`);

/** Settles the payment 00 through the sandbox's control. */
const simulateSuccess = (base: string, txn_ref: string) =>
  fetch(`${base}/sandbox/simulate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ merchant_code: 'MX_DEMO', txn_ref, outcome: 'success' }),
  });

function postPay(base: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return fetch(`${base}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields),
  });
}

/** Sends raw bytes and reads the whole answer (the server closes or the answer is complete). */
function raw(base: string, request: string): Promise<string> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let out = '';
    socket.on('data', (d) => {
      out += d.toString('latin1');
    });
    socket.on('end', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.on('error', (e) => (out ? resolve(out) : reject(e)));
    socket.write(request);
    socket.setTimeout(3_000, () => socket.destroy());
  });
}

const statusOf = (answer: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
const htmlLang = (html: string) => /<html lang="(\w+)">/.exec(html)?.[1];

describe('Gates before method choice', () => {
  const escrowed = (ref: string) => payFields(ref, { channels: 'TRANSFER', escrow_fee: '2', cancellation_period: '3', refund_duration: '7' });
  const dataOf = (html: string): PageData =>
    JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html)![1]);
  const sessionOf = (html: string) => dataOf(html).env.session;

  it('a gate comes before the channel that opens by itself, which fetches nothing until the gate is passed', async () => {
    const { base } = await start({ gates: [termsGateFixture] });
    const html = await (await postPay(base, escrowed('GATE-1'))).text();
    expect(html).toContain('Terms before paying');
    const data = dataOf(html);
    expect(data.plan.route.path).toBe('/payment/transfer');
    expect(data.plan.route.channel).toBeNull();
    expect(data.prefetched).toEqual({});
    expect(data.gates).toEqual({});
    const session = sessionOf(html);
    // A reload before the payer decides shows the gate again.
    expect(await (await fetch(`${base}/payment/transfer?p=${session}`)).text()).toContain('Terms before paying');
    const passed = await fetch(`${base}${GATE_PATH}?${new URLSearchParams({ p: session, gate: 'terms', decision: 'accepted' })}`, { method: 'POST' });
    expect(passed.status).toBe(204);
    const reload = await (await fetch(`${base}/payment/transfer?p=${session}`)).text();
    expect(reload).not.toContain('Terms before paying');
    const after = dataOf(reload);
    expect(after.gates).toEqual({ terms: 'accepted' });
    expect(after.plan.route.channel).toBe('transfer');
    expect(Object.keys(after.prefetched ?? {})).toEqual(['transfer']);
  });

  it('refuses an unknown gate or decision; a decision for an unknown session changes nothing', async () => {
    const { base } = await start({ gates: [termsGateFixture] });
    const session = sessionOf(await (await postPay(base, escrowed('GATE-2'))).text());
    const send = (q: Record<string, string>) => fetch(`${base}${GATE_PATH}?${new URLSearchParams(q)}`, { method: 'POST' });
    expect((await send({ p: session, gate: 'nope', decision: 'accepted' })).status).toBe(400);
    expect((await send({ p: session, gate: 'terms', decision: 'maybe' })).status).toBe(400);
    expect((await send({ p: 'unknown', gate: 'terms', decision: 'accepted' })).status).toBe(204);
    expect(await (await fetch(`${base}/payment/transfer?p=${session}`)).text()).toContain('Terms before paying');
  });

  it('a gate that needs the agreement (escrow) cannot be skipped by its beacon: 422, the page keeps the gate; the agreement is kept with its time', async () => {
    const store = createMemoryStore({ maxEntries: 1_000 });
    const { base } = await start({ store, gates: [{ ...termsGateFixture, needsAgreement: true }] });
    const session = sessionOf(await (await postPay(base, escrowed('GATE-AGREE'))).text());
    const send = (decision: string) =>
      fetch(`${base}${GATE_PATH}?${new URLSearchParams({ p: session, gate: 'terms', decision })}`, { method: 'POST' });
    const skipped = await send('skipped');
    expect(skipped.status).toBe(422);
    expect(await skipped.text()).toMatch(/must be agreed to/);
    expect(await (await fetch(`${base}/payment/transfer?p=${session}`)).text()).toContain('Terms before paying');
    expect((await store.get<SessionRecord>(`session:${session}`))?.agreements).toBeUndefined();
    // A decision without its agreement (a session written before, or by hand) does not pass it either.
    await store.set(
      `session:${session}`,
      { ...(await store.get<SessionRecord>(`session:${session}`))!, gates: { terms: 'skipped' } },
      { ttlMs: 60_000 },
    );
    expect(await (await fetch(`${base}/payment/transfer?p=${session}`)).text()).toContain('Terms before paying');
    const before = Date.now();
    expect((await send('accepted')).status).toBe(204);
    const record = await store.get<SessionRecord>(`session:${session}`);
    expect(record?.gates).toEqual({ terms: 'accepted' });
    expect(record?.agreements?.terms.at).toBeGreaterThanOrEqual(before);
    const after = dataOf(await (await fetch(`${base}/payment/transfer?p=${session}`)).text());
    expect(after.gates).toEqual({ terms: 'accepted' });
    expect(after.plan.route.channel).toBe('transfer');
  });

  it("a gate's own call on acceptance is made for the page's session: its payment, never one the page names", async () => {
    const seen: Array<{ paymentId: string; fields: Record<string, string> }> = [];
    const optingIn = defineGate({
      ...offerGateFixture,
      onAccept: async ({ props, fields }) => {
        seen.push({ paymentId: props.paymentId, fields: { ...fields } });
        if (fields.value === 'refused') throw new GateRefusal('Not enrolled');
        if (fields.value === 'api-down') throw new GateRefusal(undefined);
      },
    });
    const { base } = await start({ gates: [optingIn] });
    const offered = (ref: string) => payFields(ref, { channels: 'TRANSFER', tuc_reward_percentage: '5', tuc_reward_description: 'x' });
    const mine = dataOf(await (await postPay(base, offered('OPT-MINE'))).text());
    const theirs = dataOf(await (await postPay(base, offered('OPT-THEIRS'))).text());
    const accept = (session: string, body: Record<string, string>) =>
      fetch(`${base}${GATE_PATH}?${new URLSearchParams({ p: session, gate: 'offer', decision: 'accepted' })}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // The page names another payment's id: the call is still for its own session's payment.
    const ok = await accept(mine.env.session, { value: '08012345678', paymentId: theirs.props.paymentId });
    expect(ok.status).toBe(200);
    expect(seen).toEqual([{ paymentId: mine.props.paymentId, fields: { value: '08012345678', paymentId: theirs.props.paymentId } }]);
    expect(dataOf(await (await fetch(`${base}/payment/transfer?p=${mine.env.session}`)).text()).gates).toEqual({ offer: 'accepted' });
    const refused = await accept(theirs.env.session, { value: 'refused' });
    expect(refused.status).toBe(422);
    expect(await refused.json()).toMatchObject({ responseDescription: 'Not enrolled' });
    expect((await accept(theirs.env.session, { value: 'api-down' })).status).toBe(502);
    expect(dataOf(await (await fetch(`${base}/payment/transfer?p=${theirs.env.session}`)).text()).gates).toEqual({});
    // No session, no call: another payer's payment cannot be reached without its page's token.
    expect((await accept('A'.repeat(24), { value: '08012345678' })).status).toBe(404);
    expect(seen).toHaveLength(3);
  });

  it("serves the sandbox parts of gates and pages beside the channels'", async () => {
    const part = (path: string, who: string) => ({ routes: [{ method: 'GET' as const, path, handler: () => ({ body: { who } }) }] });
    const page = definePage({ ...fixturePage, sandbox: part('/api/v1/bill-part', 'page') });
    const { base } = await start({ gates: [{ ...termsGateFixture, sandbox: part('/api/v1/gate-part', 'gate') }], pages: [page] });
    expect(await (await fetch(`${base}/api/v1/gate-part`)).json()).toEqual({ who: 'gate' });
    expect(await (await fetch(`${base}/api/v1/bill-part`)).json()).toEqual({ who: 'page' });
  });

  it("a payment without the gate's fields opens as before", async () => {
    const { base } = await start({ gates: [termsGateFixture] });
    const data = dataOf(await (await postPay(base, payFields('GATE-3', { channels: 'TRANSFER' }))).text());
    expect(data.plan.route.channel).toBe('transfer');
    expect(Object.keys(data.prefetched ?? {})).toEqual(['transfer']);
  });
});

describe("The merchant's logo", () => {
  it('comes from the sandbox field logo_url into the header, https only; without one the initials stand', async () => {
    const { base } = await start();
    const logo = 'https://cdn.shop.example/logo.png';
    expect(await (await postPay(base, payFields('LOGO-1', { channels: 'TRANSFER', logo_url: logo }))).text()).toContain(`<img src="${logo}"`);
    const plain = await (await postPay(base, payFields('LOGO-2', { channels: 'TRANSFER', logo_url: 'http://cdn.shop.example/logo.png' }))).text();
    expect(plain).not.toContain('<img');
  });
});

describe('Language follows the browser (CONTRACT §5)', () => {
  it.each([
    ['fr-FR', 'fr'],
    ['fr-CD', 'fr'],
    ['en;q=0.5, fr-CD;q=0.9', 'fr'],
    ['de, fr;q=0.1', 'fr'],
    ['en-US,en;q=0.9', 'en'],
    ['de', 'en'],
  ])('POST /pay with no lang and Accept-Language %j speaks %s', async (accept, lang) => {
    const { base } = await start();
    const res = await postPay(base, payFields('AL-browser'), { 'accept-language': accept });
    expect(res.status).toBe(200);
    expect(htmlLang(await res.text())).toBe(lang);
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('an explicit lang wins over the browser, on GET /pay too', async () => {
    const { base } = await start();
    const res = await postPay(base, payFields('AL-explicit', { lang: 'en' }), { 'accept-language': 'fr-FR' });
    expect(htmlLang(await res.text())).toBe('en');
    const get = await fetch(`${base}/pay?${new URLSearchParams(payFields('AL-get'))}`, { headers: { 'accept-language': 'fr-CD' } });
    expect(htmlLang(await get.text())).toBe('fr');
  });

  it('a revisit with no lang follows the browser; lang in the URL wins; the refusal page too', async () => {
    const { base } = await start();
    const session = sessionIn(await (await postPay(base, payFields('AL-revisit'))).text());
    const fr = await fetch(`${base}/payment-methods?p=${session}`, { headers: { 'accept-language': 'fr-FR,fr;q=0.9' } });
    expect(htmlLang(await fr.text())).toBe('fr');
    expect(fr.headers.get('vary')).toMatch(/Accept-Language/);
    const en = await fetch(`${base}/payment/transfer?p=${session}&lang=en`, { headers: { 'accept-language': 'fr-FR' } });
    expect(htmlLang(await en.text())).toBe('en');
    const refused = await postPay(base, payFields('AL-refused', { amount: '12.5' }), { 'accept-language': 'fr' });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain('Transaction incorrecte');
  });
});

describe('A failure to reach the API is not a bad request', () => {
  it('injected 500s on the pay-page: tried PAY_PAGE_ATTEMPTS times, then 503 with a Try again that posts the same fields', async () => {
    const { base, payPageCalls, sandbox } = await start();
    Object.assign(sandbox!.faults, { errorRate: 1, pathPrefix: '/api/v1/pay-page' });
    const fields = payFields('UNREACH-500', { cust_name: 'Ada "<b>Obi</b>"', lang: 'fr', evil: 'not echoed' });
    const res = await postPay(base, fields);
    const html = await res.text();
    expect(res.status).toBe(503);
    expect(payPageCalls()).toBe(PAY_PAGE_ATTEMPTS);
    expect(html).not.toContain('Transaction incorrecte');
    expect(html).toContain('Impossible de joindre le service de paiement');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(html).not.toContain('<script');
    expect(html).toContain('<form action="/pay" method="post">');
    // Its stylesheet inline, as on a payment's page: no round trip of its own before the first paint.
    expect(html).toContain(`<style data-href="/assets/main.css">${MAIN_CSS}</style>`);
    expect(res.headers.get('content-security-policy')).toContain(`style-src 'self' '${sri(MAIN_CSS)}'`);
    expect(html).toContain('name="cust_name" value="Ada &quot;&lt;b&gt;Obi&lt;/b&gt;&quot;"');
    expect(html).toContain('name="channels" value="TRANSFER,CARD"');
    expect(html).not.toContain('evil');

    // The faults end: Try again posts the same fields, and the same txn_ref names one payment however often.
    Object.assign(sandbox!.faults, { errorRate: 0 });
    const retried = await postPay(base, { ...fields, evil: '' });
    expect(retried.status).toBe(200);
    expect(await retried.text()).toContain('id="oja-root"');
    expect((await postPay(base, fields)).status).toBe(200);
    // One payment for the reference (the sandbox's index names one id), opened once however often it was posted.
    expect((await sandboxPayment(base, 'UNREACH-500')).status).toBe(200);
  });

  it("echoes the sandbox fields of the installed parts on Try again (SandboxPart.requestFields), and no other plugin's", async () => {
    const withField = { ...transfer, sandbox: { ...transfer.sandbox!, requestFields: ['bank_hint'] } };
    const { base, sandbox } = await start({ channels: [withField, card] });
    Object.assign(sandbox!.faults, { errorRate: 1, pathPrefix: '/api/v1/pay-page' });
    const html = await (
      await postPay(base, payFields('UNREACH-FIELDS', { bank_hint: 'zenith', cybersource_org_id: 'org-1', wallets: 'OPAY' }))
    ).text();
    expect(html).toContain('name="bank_hint" value="zenith"');
    expect(html).toContain('name="cybersource_org_id" value="org-1"');
    // The customer wallets are not installed here: their field is nobody's.
    expect(html).not.toContain('wallets');
  });

  it('a dropped connection is temporary too', async () => {
    const { base, payPageCalls, sandbox } = await start();
    Object.assign(sandbox!.faults, { dropRate: 1, pathPrefix: '/api/v1/pay-page' });
    const res = await postPay(base, payFields('UNREACH-DROP'));
    expect(res.status).toBe(503);
    expect(payPageCalls()).toBe(PAY_PAGE_ATTEMPTS);
  });

  it('succeeds when a later try gets through', async () => {
    let n = 0;
    const api = await stubApi((res) => {
      n += 1;
      if (n === 1) {
        res.writeHead(502, { 'content-type': 'text/html' });
        return res.end('<h1>Bad gateway</h1>');
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ responseCode: 'Z1', responseDescription: 'Merchant not permitted' }));
    });
    const { base } = await start({ apiBase: api.base });
    const res = await postPay(base, payFields('LATER'));
    // The second try's answer is the API's own refusal: Incorrect Transaction, not the 503.
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Incorrect Transaction');
    expect(api.calls()).toBe(2);
  });

  it('an answer that is not JSON is temporary', async () => {
    const api = await stubApi((res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
    });
    const { base } = await start({ apiBase: api.base });
    const res = await postPay(base, payFields('NOT-JSON'));
    expect(res.status).toBe(503);
    expect(await res.text()).toContain('We could not reach the checkout');
    expect(api.calls()).toBe(PAY_PAGE_ATTEMPTS);
  });

  it("the API's refusal (HTTP 200 or 4xx with its code) is Incorrect Transaction at once, never retried", async () => {
    const { base, payPageCalls } = await start();
    const res = await postPay(base, payFields('REFUSED', { merchant_code: REFUSED_MERCHANT }));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Incorrect Transaction');
    expect(payPageCalls()).toBe(1);

    const api = await stubApi((r) => {
      r.writeHead(403, { 'content-type': 'application/json' });
      r.end(JSON.stringify({ responseCode: 'Z1', responseDescription: 'Not permitted' }));
    });
    const real = await start({ apiBase: api.base });
    expect((await postPay(real.base, payFields('REFUSED-403'))).status).toBe(400);
    expect(api.calls()).toBe(1);
  });
});

describe('Bounded memory and input', () => {
  it("keeps at most the memory store's entries of sessions; the least recently used is forgotten", async () => {
    const store = createMemoryStore({ maxEntries: 3 });
    const { base } = await start({ store });
    const sessions: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await postPay(base, payFields(`CAP-${i}`));
      expect(res.status).toBe(200);
      sessions.push(sessionIn(await res.text()));
    }
    expect(store.size).toBe(3);
    expect((await fetch(`${base}/payment-methods?p=${sessions[0]}`)).status).toBe(404);
    expect((await fetch(`${base}/payment-methods?p=${sessions[5]}`)).status).toBe(200);
  });

  it.each([
    ['a 60 KB site_redirect_url', { site_redirect_url: `http://127.0.0.1:4401/return?x=${'a'.repeat(60 * 1024 - 100)}` }],
    ['the currency 999', { currency: '999' }],
    ['the currency 000', { currency: '000' }],
    ['a 300-character cust_name', { cust_name: 'x'.repeat(300) }],
  ])('refuses %s: 400 Incorrect Transaction, no payment', async (_what, bad) => {
    const { base, payPageCalls } = await start();
    const res = await postPay(base, payFields('BOUNDED', bad));
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Incorrect Transaction');
    expect(payPageCalls()).toBe(0);
    expect((await sandboxPayment(base, 'BOUNDED')).status).toBe(404);
  });
});

describe('A session never opened is kept briefly (POST /pay without a payer)', () => {
  const MINUTE_MS = 60_000;
  it('memory: gone after UNOPENED_SESSION_TTL_MS; once the shell says the page opened, kept SESSION_TTL_MS', async () => {
    const clock = { now: Date.now() };
    const store = createMemoryStore({ maxEntries: 1_000, now: () => clock.now });
    const { base } = await start({ store });
    const never = sessionIn(await (await postPay(base, payFields('UNOPENED-1', { channels: 'TRANSFER' }))).text());
    const opened = sessionIn(await (await postPay(base, payFields('UNOPENED-2', { channels: 'TRANSFER' }))).text());
    expect((await fetch(`${base}${SESSION_OPENED_PATH}?p=${opened}`, { method: 'POST' })).status).toBe(204);
    clock.now += UNOPENED_SESSION_TTL_MS;
    expect(await store.get(`session:${never}`)).toBeUndefined();
    expect(await store.get(`session:${opened}`)).toBeDefined();
    expect((await fetch(`${base}/payment/transfer?p=${opened}`)).status).toBe(200);
  });

  it('Redis: expires within 10 min, then 2 h once opened; about 1 KB a session', async () => {
    const redis = await startRedis();
    const raw = new Redis(redis.url);
    running.push({
      close: async () => {
        raw.disconnect();
        await redis.stop();
      },
    });
    const { base } = await start({ store: createRedisStore(redis.url, { log: () => undefined }) });
    const token = sessionIn(await (await postPay(base, payFields('UNOPENED-R', { channels: 'TRANSFER' }))).text());
    const key = `oja:v:session:${token}`;
    expect(await raw.pttl(key)).toBeGreaterThan(UNOPENED_SESSION_TTL_MS - MINUTE_MS);
    expect(await raw.pttl(key)).toBeLessThanOrEqual(UNOPENED_SESSION_TTL_MS);
    // The figure in docs/operators/run-as-a-service.md: what one POST /pay costs Redis.
    // (856 bytes for this one-channel payment; the embedded sandbox's own record of it, about 1.4 KB, is its own.)
    const bytes = Number(await raw.memory('USAGE', key));
    expect(bytes).toBeGreaterThan(500);
    expect(bytes).toBeLessThan(2_500);
    await fetch(`${base}${SESSION_OPENED_PATH}?p=${token}`, { method: 'POST' });
    expect(await raw.pttl(key)).toBeGreaterThan(SESSION_TTL_MS - MINUTE_MS);
  });
});

describe('No 500s on bad requests', () => {
  it.each([
    // Read as the path //host:99999/x on this host: nothing is there.
    ['a request target that looks like an authority', 'GET //host:99999/x HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n', 404],
    ['a malformed request line', 'GET /%%% HTTP/1.1 extra\r\nHost: a\r\n\r\n', 400],
    ['a malformed header', 'GET / HTTP/1.1\r\nHost: a\r\nBad Header\r\n\r\n', 400],
    ['a header with a control character', 'GET / HTTP/1.1\r\nHost: a\r\nX-A: b\u0001c\r\n\r\n', 400],
    ['not HTTP at all', 'HELLO\r\n\r\n', 400],
    ['headers too large', `GET / HTTP/1.1\r\nHost: a\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431],
  ])('%s: a clear %s, nothing in the error log', async (_what, request, status) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { base } = await start();
    const answer = await raw(base, request);
    expect(statusOf(answer)).toBe(status);
    expect(answer).not.toMatch(/at .*\.ts:\d+/);
    expect(error).not.toHaveBeenCalled();
  });

  it('GET /%%% (node reads it) is an ordinary 404', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { base } = await start();
    expect(statusOf(await raw(base, 'GET /%%% HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n'))).toBe(404);
    expect(statusOf(await raw(base, 'GET /payment/%E0%A4%A HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n'))).toBe(404);
    expect(error).not.toHaveBeenCalled();
  });

  it('malformed JSON to an API path: 400 with a JSON body', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { base } = await start();
    const res = await fetch(`${base}/sandbox/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"merchant_code": ',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(await res.json()).toMatchObject({ responseCode: '400' });
    expect(error).not.toHaveBeenCalled();
  });

  it("every JSON answer, the server's and its embedded API's, carries x-content-type-options: nosniff", async () => {
    const { base } = await start();
    const json = { 'content-type': 'application/json' };
    const answers = [
      await fetch(`${base}/healthz`),
      await fetch(`${base}/api/v1/pay-page`, { method: 'POST', headers: json, body: JSON.stringify(payFields('NOSNIFF')) }),
      await fetch(`${base}/api/v1/nothing-here`),
      await fetch(`${base}/sandbox/simulate`, { method: 'POST', headers: json, body: '{' }),
      await fetch(`${base}/api/v1/pay-page`, { method: 'POST', headers: json, body: JSON.stringify({ big: 'x'.repeat(100 * 1024) }) }),
    ];
    expect(answers.map((a) => a.status)).toEqual([200, 200, 404, 400, 413]);
    for (const a of answers) {
      expect(a.headers.get('content-type')).toBe('application/json');
      expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it.each([
    ['{"outcome":{"toString":1}}', /outcome must be text/],
    ['["success"]', /must be an object|Malformed/],
    ['null', /Malformed/],
    ['7', /Malformed/],
    ['{"__proto__":{"outcome":"success"}}', /__proto__ is not an accepted field/],
  ])('a hostile JSON body to /sandbox/simulate (%s): 400 with a message, nothing logged', async (body, message) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { base } = await start();
    const res = await fetch(`${base}/sandbox/simulate`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { responseDescription: string }).responseDescription).toMatch(message);
    expect(error).not.toHaveBeenCalled();
  });

  it('an oversized body: 413, JSON on an API path, the Incorrect Transaction page on /pay', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { base, payPageCalls } = await start();
    const big = 'x'.repeat(100 * 1024);
    const before = payPageCalls();
    const api = await fetch(`${base}/api/v1/pay-page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ big }),
    });
    expect(api.status).toBe(413);
    expect(await api.json()).toMatchObject({ responseCode: '413' });
    const pay = await postPay(base, { ...payFields('BIG'), big });
    expect(pay.status).toBe(413);
    expect(pay.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await pay.text()).toContain('Incorrect Transaction');
    // Refused before the sandbox: the oversized API call never reached it.
    expect(payPageCalls()).toBe(before);
    expect(error).not.toHaveBeenCalled();
  });

  it.each(['/pay', '/api/v1/pay-page'])('an upload to %s aborted mid-body: no stack in the log, at most one line', async (path) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const written: string[] = [];
    const stderr = vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
      written.push(String(chunk));
      return true;
    });
    const lines: string[] = [];
    const { base } = await start({ logReport: (line: string) => lines.push(line) });
    const { port } = new URL(base);
    await new Promise<void>((resolve) => {
      const socket = net.connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST ${path} HTTP/1.1\r\nHost: a\r\ncontent-type: application/x-www-form-urlencoded\r\ncontent-length: 5000\r\n\r\nmerchant_code=MX`,
        );
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 50);
      });
    });
    await new Promise((r) => setTimeout(r, 200));
    stderr.mockRestore();
    expect(error).not.toHaveBeenCalled();
    expect(written.join('')).not.toMatch(/\n\s+at /);
    expect(lines.length).toBeLessThanOrEqual(1);
    expect(lines.join('')).not.toMatch(/\n/);
  });

  it('POST /pay of another content type: 415, the Incorrect Transaction page', async () => {
    const { base } = await start();
    const res = await fetch(`${base}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: new URLSearchParams(payFields('TEXT')).toString(),
    });
    expect(res.status).toBe(415);
    expect(await res.text()).toContain('Incorrect Transaction');
  });
});

describe("The checkout's / (first steps)", () => {
  it('in sandbox mode: what this is, the demo store, the test cards, how to settle asynchronous payments', async () => {
    const testCards = [{ number: '5123450000000008', brand: 'MasterCard', otp: '123456', result: '00' }];
    const { base } = await start({ storeBase: 'http://127.0.0.1:4401', testCards });
    const res = await fetch(`${base}/`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(htmlLang(html)).toBe('en');
    expect(html).toContain('href="http://127.0.0.1:4401"');
    expect(html).toContain('MasterCard 5123450000000008: OTP 123456. Result: 00 Successful');
    expect(html).toContain('POST /sandbox/simulate');
    expect(html).not.toContain('<script');
    const fr = await fetch(`${base}/`, { headers: { 'accept-language': 'fr-CD' } });
    expect(htmlLang(await fr.text())).toBe('fr');
  });

  it("lists the installed channels' own test cards when it is given none (a channel's sandbox part declares them)", async () => {
    const withCards = {
      ...transfer,
      sandbox: { ...transfer.sandbox!, testCards: [{ number: '5060990580000217499', brand: 'Verve', pin: '1111', result: '00' }] },
    };
    const { base } = await start({ channels: [withCards], storeBase: 'http://127.0.0.1:4401' });
    expect(await (await fetch(`${base}/`)).text()).toContain('Verve 5060990580000217499: PIN 1111. Result: 00 Successful');
    const { base: without } = await start({ storeBase: 'http://127.0.0.1:4401' });
    expect(await (await fetch(`${without}/`)).text()).not.toContain('Test cards');
  });

  it('with a real API: a short page, no test data', async () => {
    const api = await stubApi((res) => res.end('{}'));
    const { base } = await start({
      apiBase: api.base,
      storeBase: 'http://127.0.0.1:4401',
      testCards: [{ number: '4000000000000002', brand: 'Visa', result: 'Z8' }],
    });
    const res = await fetch(`${base}/`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain('Oja Checkout');
    expect(html).not.toContain('4000000000000002');
    expect(html).not.toContain('4401');
    expect(html).not.toContain('/sandbox/simulate');
  });
});

describe('Outside sources (issue 10): allowed only on the pages of a payment that can use them', () => {
  const OUTSIDE = 'http://127.0.0.1:4402';

  /** The policy of the page a pay request answers. */
  async function policyOf(base: string, fields: Record<string, string>): Promise<string> {
    const res = await postPay(base, fields);
    await res.text();
    return res.headers.get('content-security-policy') ?? '';
  }

  it("allows the card's issuer frame and fingerprint script on a card payment, on the sandbox's second origin", async () => {
    const { base } = await start({ channels: [card, transfer], outsideBase: OUTSIDE });
    const csp = await policyOf(base, payFields('OUT-1', { channels: 'TRANSFER,CARD' }));
    expect(csp).toContain(`frame-src 'self' ${OUTSIDE}`);
    // 'self', the hashes of the page's own inline scripts (the import map, the script that asks for the modules), the origin
    expect(csp).toMatch(new RegExp(`script-src 'self'( 'sha256-[^']+')+ ${OUTSIDE}(;|$)`));
  });

  it('allows none on a payment whose channels do not include the card', async () => {
    const { base } = await start({ channels: [card, transfer], outsideBase: OUTSIDE });
    const csp = await policyOf(base, payFields('OUT-2', { channels: 'TRANSFER' }));
    expect(csp).toContain('connect-src');
    expect(csp).not.toContain(OUTSIDE);
  });

  it('allows none on pages outside a payment: Incorrect Transaction, already paid, an unknown session, the home page', async () => {
    const { base } = await start({ channels: [card, transfer], outsideBase: OUTSIDE });
    expect(await policyOf(base, payFields('OUT-3', { amount: '' }))).not.toContain(OUTSIDE);
    await policyOf(base, payFields('OUT-4'));
    expect((await simulateSuccess(base, 'OUT-4')).status).toBe(200);
    const paid = await postPay(base, payFields('OUT-4'));
    expect(paid.status).toBe(409);
    expect(paid.headers.get('content-security-policy')).not.toContain(OUTSIDE);
    const unknown = await fetch(`${base}/payment-methods?p=nope`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('content-security-policy')).not.toContain(OUTSIDE);
    expect((await fetch(`${base}/`)).headers.get('content-security-policy')).not.toContain(OUTSIDE);
  });

  it('with a real API, takes the origins from CHECKOUT_OUTSIDE_SOURCES, and warns of a key it does not name', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = await stubApi((res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          responseCode: '00',
          merchantCode: 'MX_DEMO',
          paymentId: '9',
          paymentChannels: ['CARD'],
          nonCardOptions: [],
          siteRedirectUrl: 'http://127.0.0.1:4401/return',
          amount: 150000,
          checkoutAmount: 150000,
          currencyCode: '566',
          countryCode: 'NG',
        }),
      );
    });
    const { base } = await start({
      channels: [card, transfer],
      apiBase: api.base,
      env: { CHECKOUT_OUTSIDE_SOURCES: '{"3ds-issuer":"https:","3ds-device-data":"https://centinelapi.cardinalcommerce.com"}' },
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('device-fingerprint'));
    const csp = await policyOf(base, payFields('OUT-5'));
    expect(csp).toContain(`frame-src 'self' https: https://centinelapi.cardinalcommerce.com`);
    expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+(;|$)/);
  });

  it("names the report endpoint in every page's policy and logs a report posted to it", async () => {
    const lines: string[] = [];
    const { base } = await start({ logReport: (l) => lines.push(l) });
    const res = await postPay(base, payFields('OUT-6'));
    expect(res.headers.get('content-security-policy')).toMatch(/; report-uri \/csp-report$/);
    const report = await fetch(`${base}/csp-report`, {
      method: 'POST',
      headers: { 'content-type': 'application/csp-report' },
      body: JSON.stringify({
        'csp-report': { 'document-uri': `${base}/payment-methods?p=x`, 'effective-directive': 'img-src', 'blocked-uri': 'http://evil.example/p.gif' },
      }),
    });
    expect(report.status).toBe(204);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      { event: 'csp-violation', document: `${base}/payment-methods`, directive: 'img-src', blocked: 'http://evil.example/p.gif' },
    ]);
  });
});

describe('Channel settings in the page', () => {
  it("carries the settings of the channels the payment can use, and no other channel's", async () => {
    const { base } = await start({ channels: [card, transfer] });
    const data = async (ref: string, channels: string) => {
      const html = await (await postPay(base, payFields(ref, { channels }))).text();
      return JSON.parse(/<script type="application\/json" id="oja-data">(.*?)<\/script>/s.exec(html)![1]) as PageData;
    };
    expect(Object.keys((await data('SET-1', 'TRANSFER,CARD')).env.channelSettings ?? {})).toEqual(['card']);
    expect((await data('SET-2', 'TRANSFER')).env.channelSettings).toEqual({});
  });
});

describe("The first screen's modules", () => {
  it("are asked for by an inline module script after the markup, which the page's script-src admits by its hash", async () => {
    const dir = clientBuild({
      js: '/assets/main.js',
      css: [],
      entryModules: ['/assets/main.js', '/assets/chunk-A.js'],
      screens: { transfer: { js: '/assets/transfer.js', css: '', preload: ['/assets/transfer.js', '/assets/chunk-B.js'] } },
    });
    const { base } = await start({ clientDir: dir });
    const res = await postPay(base, payFields('LATER-1', { channels: 'TRANSFER' }));
    expectModuleRequests(
      await res.text(),
      res.headers.get('content-security-policy')!,
      ['/assets/transfer.js', '/assets/chunk-B.js'],
      '/assets/main.js',
      ['/assets/chunk-A.js'],
    );
  });
});

describe('Tamper detection (PCI DSS 11.6.1)', () => {
  it('refuses to start when an asset no longer matches the integrity the build wrote', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-tamper-'));
    try {
      fs.mkdirSync(path.join(dir, 'assets'));
      fs.writeFileSync(path.join(dir, 'assets', 'main.js'), 'console.log(1)');
      const manifest = { js: '/assets/main.js', css: [], screens: {}, integrity: { '/assets/main.js': sri('console.log(1)') } };
      fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(manifest));
      expect(() =>
        createCheckoutServer({
          channels: [transfer],
          brandings: [brandingDefault],
          clientDir: dir,
          env: {},
          apiBase: 'http://127.0.0.1:9',
        }).server.close(),
      ).not.toThrow();
      fs.writeFileSync(path.join(dir, 'assets', 'main.js'), 'console.log(2)');
      expect(() =>
        createCheckoutServer({ channels: [transfer], brandings: [brandingDefault], clientDir: dir, env: {}, apiBase: 'http://127.0.0.1:9' }),
      ).toThrow(/\/assets\/main\.js/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('Pages outside a payment (PagePlugin): the fixture bill page, through the real server', () => {
  const REF = 'REF-0001';
  const postForm = (base: string, path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(fields),
    });
  const get = (base: string, path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { redirect: 'manual', headers });
  /** The JSON the page carries for the browser (a payment's PageData or a page's PageScreenData). */
  const pageData = (html: string) => JSON.parse(/<script type="application\/json" id="oja-data">(.*?)<\/script>/s.exec(html)![1]);
  const simulate = simulateSuccess;

  /** POSTs the bill form: the checkout opens on the new payment; its session token. */
  async function openBill(base: string, checkout: CheckoutServer, ref = REF): Promise<string> {
    const res = await postForm(base, FIXTURE_FORM_PATH, { ref, email: 'ada@example.com' });
    expect(res.status).toBe(200);
    const data = pageData(await res.text());
    expect(await checkout.sessions.get(data.env.session)).toBeDefined();
    return data.env.session;
  }

  it('GET validates the reference and shows the form: the headers of every page, no script, French for a French browser', async () => {
    const { base, payPageCalls } = await start({ pages: [fixturePage] });
    const res = await get(base, `${FIXTURE_FORM_PATH}?ref=${REF}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('vary')).toMatch(/Accept-Language/);
    expect(html).toContain('Reference REF-0001: NGN 2,500.00 due.');
    expect(html).toMatch(/<form [^>]*action="\/refpay" method="post">/);
    expect(html).not.toContain('<script');
    expect(payPageCalls()).toBe(0);
    const fr = await get(base, `${FIXTURE_FORM_PATH}?ref=${REF}`, { 'accept-language': 'fr-CD' });
    const frHtml = await fr.text();
    expect(htmlLang(frHtml)).toBe('fr');
    expect(frHtml).toContain('Référence REF-0001 : NGN 2,500.00 à payer.');
  });

  it('an unknown or missing reference is refused by the page (404), and nothing is created', async () => {
    const { base, payPageCalls } = await start({ pages: [fixturePage] });
    for (const path of [`${FIXTURE_FORM_PATH}?ref=NOPE`, FIXTURE_FORM_PATH, `${FIXTURE_FORM_PATH}?ref=toString`]) {
      const res = await get(base, path);
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('We do not know this reference.');
    }
    expect(payPageCalls()).toBe(0);
    expect((await sandboxPayment(base, REF)).status).toBe(404);
  });

  it('POST with an invalid e-mail shows the form again with the error (400), without calling the API', async () => {
    const { base, payPageCalls } = await start({ pages: [fixturePage] });
    const res = await postForm(base, FIXTURE_FORM_PATH, { ref: REF, email: 'not-an-email' });
    const html = await res.text();
    expect(res.status).toBe(400);
    expect(html).toContain('Invalid email address');
    expect(html).toContain('value="not-an-email"');
    expect(payPageCalls()).toBe(0);
  });

  it("POST creates the payment through the pay-page call, redirecting to the page's own success path, and opens the checkout on it", async () => {
    const { base, checkout, payPageCalls } = await start({ pages: [fixturePage] });
    const res = await postForm(base, FIXTURE_FORM_PATH, { ref: REF, email: 'ada@example.com' });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = pageData(html);
    // As POST /pay opens it: the one channel offered opens by itself.
    expect([data.plan.route.path, data.plan.route.channel]).toEqual(['/payment/transfer', 'transfer']);
    expect(data.props).toMatchObject({
      responseCode: '00',
      merchantTransactionReference: REF,
      amount: FIXTURE_BILLS[REF],
      siteRedirectUrl: `${base}${FIXTURE_DONE_PATH}`,
      siteOrigin: base,
      displayMode: 'REDIRECT',
    });
    expect(payPageCalls()).toBe(1);
    // The page's state lives on the server, with the payment's session.
    expect((await checkout.sessions.get(data.env.session))?.page).toEqual({ id: 'refpay', state: { ref: REF, email: 'ada@example.com' } });
    // The result's form POST may go to the checkout's own origin (the page): it is the payment's site.
    expect(res.headers.get('content-security-policy')).toContain(`form-action 'self' ${base}`);
  });

  it('the success path shows the paid payment with the state the page kept, as a hydrated screen', async () => {
    const { base, checkout } = await start({ pages: [fixturePage] });
    const session = await openBill(base, checkout);
    // Not paid yet: a URL followed too early goes back to the form.
    const early = await get(base, `${FIXTURE_DONE_PATH}?p=${session}`);
    expect(early.status).toBe(303);
    expect(early.headers.get('location')).toBe(`${FIXTURE_FORM_PATH}?ref=${REF}`);
    expect((await simulate(base, REF)).status).toBe(200);
    const res = await get(base, `${FIXTURE_DONE_PATH}?p=${session}`);
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
    expectModuleRequests(html, res.headers.get('content-security-policy')!, [], '/assets/main.js');
    expect(html).toContain('Your payment of NGN 2,500.00 for REF-0001 was successful.');
    expect(pageData(html)).toMatchObject({
      view: { page: 'refpay', path: FIXTURE_DONE_PATH, data: { ref: REF, email: 'ada@example.com', amount: FIXTURE_BILLS[REF] } },
      locale: 'en',
    });
    // And the bill now reads as paid, through the page's requery with core's HTTP client.
    expect(await (await get(base, `${FIXTURE_FORM_PATH}?ref=${REF}`)).text()).toContain('This bill is already paid');
  });

  it("the screen is a payment page's document: stylesheets inline by their hashes, its modules asked for by a script admitted by its hash", async () => {
    const dir = clientBuild(
      {
        js: '/assets/main.js',
        css: ['/assets/main.css'],
        entryModules: ['/assets/main.js', '/assets/chunk-A.js'],
        screens: { 'page-refpay': { js: '/assets/page.js', css: '/assets/page.css', preload: ['/assets/page.js', '/assets/chunk-B.js'] } },
      },
      { 'main.css': MAIN_CSS, 'page.css': 'h1{color:red}' },
    );
    const { base, checkout } = await start({ clientDir: dir, pages: [fixturePage] });
    const session = await openBill(base, checkout);
    expect((await simulate(base, REF)).status).toBe(200);
    const res = await get(base, `${FIXTURE_DONE_PATH}?p=${session}`);
    const html = await res.text();
    const csp = res.headers.get('content-security-policy')!;
    expect(res.status).toBe(200);
    expect(html).toContain(`<style data-href="/assets/main.css">${MAIN_CSS}</style><style data-href="/assets/page.css">h1{color:red}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(csp).toContain(`style-src 'self' '${sri(MAIN_CSS)}' '${sri('h1{color:red}')}'`);
    expectModuleRequests(html, csp, ['/assets/page.js', '/assets/chunk-B.js'], '/assets/main.js', ['/assets/chunk-A.js']);
    expect(html).toContain('Your payment of NGN 2,500.00 for REF-0001 was successful.');
  });

  it("the success path without a payment of this page's goes to /: no session, an unknown one, a merchant's payment", async () => {
    const { base } = await start({ pages: [fixturePage] });
    const merchant = pageData(await (await postPay(base, payFields('MERCHANT-1'))).text()).env.session;
    for (const query of ['', '?p=nope', `?p=${merchant}`]) {
      const res = await get(base, `${FIXTURE_DONE_PATH}${query}`);
      expect(res.status, query).toBe(303);
      expect(res.headers.get('location')).toBe('/');
    }
  });

  it("another result reaches the success path as a merchant's form POST, and goes back to the bill's form", async () => {
    const { base } = await start({ pages: [fixturePage] });
    const res = await postForm(base, FIXTURE_DONE_PATH, { txnref: REF, resp: 'Z6', desc: 'Cancelled' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${FIXTURE_FORM_PATH}?ref=${REF}`);
  });

  it("the API's refusal and an unreachable API are the page's to show; nothing opens", async () => {
    const refusing = await stubApi((res) => res.end(JSON.stringify({ responseCode: 'Z1', responseDescription: 'Merchant not allowed' })));
    const { base, checkout } = await start({ pages: [fixturePage], apiBase: refusing.base });
    const refused = await postForm(base, FIXTURE_FORM_PATH, { ref: REF, email: 'ada@example.com' });
    expect(refused.status).toBe(502);
    expect(await refused.text()).toContain('We could not start the payment (Z1): Merchant not allowed');
    expect((checkout.store as ReturnType<typeof createMemoryStore>).size).toBe(0);

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = await stubApi((res) => {
      res.writeHead(500);
      res.end();
    });
    const down = await start({ pages: [fixturePage], apiBase: failing.base });
    const unreachable = await postForm(down.base, FIXTURE_FORM_PATH, { ref: REF, email: 'ada@example.com' });
    expect(unreachable.status).toBe(502);
    expect(await unreachable.text()).toContain('We could not start the payment (unreachable)');
    expect(failing.calls()).toBe(PAY_PAGE_ATTEMPTS);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('bad input never gives a 500: another method 405, HEAD as GET, another body type 415, an oversized body 413, a bad Host 400', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { base, payPageCalls } = await start({ pages: [fixturePage] });
    const put = await fetch(`${base}${FIXTURE_FORM_PATH}`, { method: 'PUT' });
    expect(put.status).toBe(405);
    expect(put.headers.get('allow')).toBe('GET, POST, HEAD');
    const head = await fetch(`${base}${FIXTURE_FORM_PATH}?ref=${REF}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const text = await fetch(`${base}${FIXTURE_FORM_PATH}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'ref=REF-0001' });
    expect(text.status).toBe(415);
    const big = await postForm(base, FIXTURE_FORM_PATH, { ref: REF, email: 'ada@example.com', big: 'x'.repeat(100 * 1024) });
    expect(big.status).toBe(413);
    const badHost = await raw(
      base,
      'POST /refpay HTTP/1.1\r\nHost: a b\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 38\r\nConnection: close\r\n\r\nref=REF-0001&email=ada%40example.com\r\n',
    );
    expect([400]).toContain(statusOf(badHost));
    // The home page takes GET only.
    expect((await fetch(`${base}/`, { method: 'POST' })).status).toBe(405);
    expect(payPageCalls()).toBe(0);
    expect(error).not.toHaveBeenCalled();
  });

  it('refuses at boot a page on a path of the checkout, a path twice, or a page without its server part', () => {
    const opts = { brandings: [brandingDefault], clientDir, env: {}, apiBase: 'http://127.0.0.1:9' };
    const page = (o: object) =>
      definePage({ id: 'other', paths: ['/other'], messages: { en: {}, fr: {} }, serve: () => ({ kind: 'redirect', to: '/' }), ...o });
    expect(() => createCheckoutServer({ ...opts, channels: [transfer], pages: [page({ paths: ['/pay'] })] })).toThrow(
      /path \/pay is the checkout's own/,
    );
    expect(() => createCheckoutServer({ ...opts, channels: [transfer], pages: [page({ paths: ['/payment/x'] })] })).toThrow(/checkout's own/);
    expect(() => createCheckoutServer({ ...opts, channels: [transfer], pages: [page({ paths: ['/'] })] })).toThrow(
      /duplicate path \/ \(also page home\)/,
    );
    expect(() => createCheckoutServer({ ...opts, channels: [transfer], pages: [page({ id: 'transfer' })] })).toThrow(/duplicate id transfer/);
    expect(() => createCheckoutServer({ ...opts, channels: [transfer], pages: [page({ serve: undefined })] })).toThrow(
      /without their server part.*other/,
    );
  });
});

describe('Operable: one JSON-ready log line per request (issue 11)', () => {
  it('logs each request once with its id, method, path (no query), status and time, and answers the id', async () => {
    const lines: RequestLogLine[] = [];
    const { base } = await start({ logRequest: (l) => lines.push(l) });
    const pay = await postPay(base, payFields('LOG-1', { cust_email: 'ada@example.com' }), { 'x-request-id': 'lb-7f3a.1' });
    expect(pay.status).toBe(200);
    expect(pay.headers.get('x-request-id')).toBe('lb-7f3a.1');
    const page = await fetch(`${base}/payment-methods?p=secret-session-token&lang=fr`, { headers: { 'x-request-id': 'not ok; injected' } });
    await page.text();
    await vi.waitFor(() => expect(lines.filter((l) => l.path === '/pay' || l.path === '/payment-methods')).toHaveLength(2));
    const [payLine, pageLine] = lines.filter((l) => l.path === '/pay' || l.path === '/payment-methods');
    expect(payLine).toMatchObject({ id: 'lb-7f3a.1', method: 'POST', path: '/pay', status: 200 });
    expect(payLine.ms).toBeGreaterThanOrEqual(0);
    // A caller's id that is not a plain token is replaced, and answered.
    expect(pageLine.id).toMatch(/^[0-9a-f]{16}$/);
    expect(page.headers.get('x-request-id')).toBe(pageLine.id);
    // Neither the session token, the query, nor anything of the body reaches the log.
    const text = JSON.stringify(lines);
    for (const leak of ['secret-session-token', 'lang=fr', 'ada@example.com', 'LOG-1']) expect(text).not.toContain(leak);
  });
});

describe('Metrics for operators (issue 32 part 5)', () => {
  const TOKEN = 'scrape-secret-1';
  const scrape = (base: string, authorization?: string) => fetch(`${base}/metrics`, { headers: authorization ? { authorization } : {} });
  /** A scrape's samples, series (name and labels) to value. */
  const samplesOf = async (base: string): Promise<Record<string, number>> => {
    const lines = (await (await scrape(base, `Bearer ${TOKEN}`)).text()).split('\n').filter((l) => l && !l.startsWith('#'));
    return Object.fromEntries(lines.map((l) => [l.slice(0, l.lastIndexOf(' ')), Number(l.slice(l.lastIndexOf(' ') + 1))]));
  };

  it('off by default: /metrics is an unknown path', async () => {
    const { base } = await start();
    expect((await scrape(base, `Bearer ${TOKEN}`)).status).toBe(404);
  });

  it('with a token (CHECKOUT_METRICS_TOKEN): 401 without it or with another, the text format with it', async () => {
    const { base } = await start({ env: { CHECKOUT_METRICS_TOKEN: TOKEN } });
    for (const wrong of [undefined, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(base, wrong);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBe('Bearer realm="metrics"');
      expect(await res.text()).not.toContain('oja_');
    }
    const res = await scrape(base, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const text = await res.text();
    expect(text).toContain('# TYPE oja_http_requests_total counter');
    expect(text).toContain('oja_process_resident_memory_bytes');
  });

  it('counts requests by route pattern and status (never the URL), pay requests by result, store operations', async () => {
    const { base } = await start({ metricsToken: TOKEN, processMetrics: false });
    const session = sessionIn(await (await postPay(base, payFields('METRICS-1'))).text());
    expect((await postPay(base, payFields('METRICS-2', { amount: 'lots' }))).status).toBe(400);
    expect((await fetch(`${base}/payment/transfer?p=${session}`)).status).toBe(200);
    expect((await fetch(`${base}/payment/transfer?p=unknown-session-token-000`)).status).toBe(404);
    expect((await fetch(`${base}/no/such/${session}`)).status).toBe(404);
    expect((await simulateSuccess(base, 'METRICS-1')).status).toBe(200);
    const samples = await samplesOf(base);
    expect(samples).toMatchObject({
      'oja_http_requests_total{route="/pay",status="200"}': 1,
      'oja_http_requests_total{route="/pay",status="400"}': 1,
      'oja_http_requests_total{route="/payment/*",status="200"}': 1,
      'oja_http_requests_total{route="/payment/*",status="404"}': 1,
      'oja_http_requests_total{route="unmatched",status="404"}': 1,
      'oja_http_requests_total{route="/sandbox/*",status="200"}': 1,
      'oja_http_request_duration_seconds_count{route="/pay"}': 2,
      'oja_payments_opened_total{result="opened"}': 1,
      'oja_payments_opened_total{result="invalid"}': 1,
      'oja_payments_opened_total{result="refused"}': 0,
      'oja_store_errors_total{op="get"}': 0,
    });
    expect(samples['oja_store_operation_duration_seconds_count{op="set"}']).toBeGreaterThan(0);
    expect(JSON.stringify(samples)).not.toContain(session);
  });

  it("a result delivered: counted once per session by the page's channel and code, the way the session's", async () => {
    const { base } = await start({ metricsToken: TOKEN, processMetrics: false });
    const tell = (p: string, channel: string, code: string) =>
      fetch(`${base}${DELIVERY_PATH}?${new URLSearchParams({ p, page: 'page-1', channel, code })}`, { method: 'POST' });
    const paid = sessionIn(await (await postPay(base, payFields('SETTLED-1'))).text());
    expect((await simulateSuccess(base, 'SETTLED-1')).status).toBe(200);
    expect((await tell(paid, 'transfer', '00')).status).toBe(200);
    // The page again (a reload, another tab): already counted.
    expect((await tell(paid, 'transfer', '00')).status).toBe(200);
    const inline = sessionIn(await (await postPay(base, payFields('SETTLED-2', { display_mode: 'INLINE' }))).text());
    await tell(inline, '', 'Z6');
    const odd = sessionIn(await (await postPay(base, payFields('SETTLED-3'))).text());
    await tell(odd, 'no-such-channel', 'QQ9');
    // No session, nothing counted.
    expect((await tell('unknown-session-token-000', 'transfer', '00')).status).toBe(200);
    expect(await samplesOf(base)).toMatchObject({
      'oja_payments_settled_total{channel="transfer",code="00"}': 1,
      'oja_payments_settled_total{channel="none",code="Z6"}': 1,
      'oja_payments_settled_total{channel="other",code="other"}': 1,
      'oja_results_delivered_total{mode="redirect"}': 2,
      'oja_results_delivered_total{mode="message"}': 1,
    });
  });

  it('payments started by channel, once per session and channel; status polls told with the result', async () => {
    const { base } = await start({ metricsToken: TOKEN, processMetrics: false });
    const session = sessionIn(await (await postPay(base, payFields('STARTED-1'))).text());
    const started = (channel: string, p = session) =>
      fetch(`${base}${CHANNEL_STARTED_PATH}?${new URLSearchParams({ p, channel })}`, { method: 'POST' });
    expect((await started('transfer')).status).toBe(204);
    await started('transfer');
    await started('no-such-channel');
    await started('transfer', 'unknown-session-token-000');
    await fetch(`${base}${DELIVERY_PATH}?${new URLSearchParams({ p: session, page: 'page-1', channel: 'transfer', code: '00', polls: '7' })}`, {
      method: 'POST',
    });
    // A second page's word adds nothing; an absurd count is not taken.
    await fetch(`${base}${DELIVERY_PATH}?${new URLSearchParams({ p: session, page: 'page-2', channel: 'transfer', code: '00', polls: '5' })}`, {
      method: 'POST',
    });
    const other = sessionIn(await (await postPay(base, payFields('STARTED-2'))).text());
    await fetch(`${base}${DELIVERY_PATH}?${new URLSearchParams({ p: other, page: 'page-1', channel: 'transfer', code: 'Z6', polls: '1e9' })}`, {
      method: 'POST',
    });
    expect(await samplesOf(base)).toMatchObject({
      'oja_payments_started_total{channel="transfer"}': 1,
      'oja_payments_started_total{channel="other"}': 1,
      'oja_status_polls_total{channel="transfer"}': 7,
    });
  });

  it('two servers in one process keep their own counts', async () => {
    const a = await start({ metricsToken: TOKEN });
    const b = await start({ metricsToken: TOKEN });
    await fetch(`${a.base}/healthz`);
    const healthz = 'oja_http_requests_total{route="/healthz",status="200"}';
    expect((await samplesOf(a.base))[healthz]).toBe(1);
    expect((await samplesOf(b.base))[healthz]).toBeUndefined();
  });
});

describe('Running as a service (issue 11): sessions and due work in the store', () => {
  /** A store that rejects every operation with StoreUnavailable while `away` (Redis gone). */
  function flakyStore() {
    const inner = createMemoryStore({ maxEntries: 1_000 });
    const state = { away: false };
    const guard =
      <A extends unknown[], R>(f: (...a: A) => Promise<R>) =>
      (...a: A): Promise<R> =>
        state.away ? Promise.reject(new StoreUnavailable('connection lost')) : f(...a);
    const store: Store = {
      kind: 'flaky',
      get: guard(inner.get.bind(inner)) as Store['get'],
      set: guard(inner.set.bind(inner)),
      delete: guard(inner.delete.bind(inner)),
      increment: guard(inner.increment.bind(inner)),
      withLock: ((key, fn, o) =>
        state.away ? Promise.reject(new StoreUnavailable('connection lost')) : inner.withLock(key, fn, o)) as Store['withLock'],
      schedule: guard(inner.schedule.bind(inner)),
      unschedule: guard(inner.unschedule.bind(inner)),
      claimDue: guard(inner.claimDue.bind(inner)),
      ping: guard(inner.ping.bind(inner)),
      close: () => inner.close(),
    };
    return { store, state };
  }

  it("the embedded sandbox's refusals reach the server's client as the API's own answers, never as network errors", async () => {
    const { base, checkout } = await start();
    const session = sessionIn(await (await postPay(base, payFields('REFUSAL-1'))).text());
    const props = (await checkout.sessions.get(session))!.props;
    expect((await simulateSuccess(base, 'REFUSAL-1')).status).toBe(200);
    // A leave-cancel of a paid payment: the API refuses it (409), which is final, not a failure to try again.
    const refusal = await checkout.api
      .post('/api/v1/pay/customerCancellation', { paymentId: props.paymentId, customerCancellationReason: 'x' })
      .catch((e: unknown) => e);
    expect(refusal).toBeInstanceOf(HttpError);
    expect(refusal).toMatchObject({ code: 'http', status: 409 });
  });

  it('GET /healthz answers 200 with the store it reaches', async () => {
    const { base } = await start();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ status: 'ok', store: 'memory' });
  });

  it("a payer's page from one instance continues on another sharing the store", async () => {
    const store = createMemoryStore({ maxEntries: 1_000 });
    const a = await start({ store });
    const b = await start({ store });
    const session = sessionIn(await (await postPay(a.base, payFields('TWO-1'))).text());
    const onB = await fetch(`${b.base}/payment/transfer?p=${session}`);
    expect(onB.status).toBe(200);
    expect(sessionIn(await onB.text())).toBe(session);
  });

  it('a leave is due work in the store, dropped when the payer comes back; a stale page leaves nothing', async () => {
    const { base, checkout } = await start();
    const html = await (await postPay(base, payFields('LEAVE-1'))).text();
    const session = sessionIn(html);
    const pageId = JSON.parse(/<script type="application\/json" id="oja-data">(.*?)<\/script>/s.exec(html)![1]).env.pageId;
    const later = Date.now() + LEAVE_GRACE_MS + 1_000;
    expect((await fetch(`${base}/session/leave?${new URLSearchParams({ p: session, page: pageId })}`, { method: 'POST' })).status).toBe(204);
    expect((await fetch(`${base}/payment/transfer?p=${session}`)).status).toBe(200);
    expect(await checkout.store.claimDue(LEAVE_QUEUE, later)).toEqual([]);
    // The page from before the reload says it left: stale, nothing scheduled.
    await fetch(`${base}/session/leave?${new URLSearchParams({ p: session, page: pageId })}`, { method: 'POST' });
    expect(await checkout.store.claimDue(LEAVE_QUEUE, later)).toEqual([]);
    await fetch(`${base}/session/leave?${new URLSearchParams({ p: session })}`, { method: 'POST' });
    expect(await checkout.store.claimDue(LEAVE_QUEUE, later)).toEqual([session]);
  });

  it('the store going away: a clear 503 page (nothing charged, the place kept), a failing /healthz, never a 500; back when it is', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const logged: string[] = [];
    const { store, state } = flakyStore();
    const { base } = await start({ store, logReport: (l) => logged.push(l) });
    const session = sessionIn(await (await postPay(base, payFields('AWAY-1'))).text());
    state.away = true;
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({ status: 'unavailable', store: 'flaky' });
    const revisit = await fetch(`${base}/payment/transfer?p=${session}&lang=en`);
    const html = await revisit.text();
    expect(revisit.status).toBe(503);
    expect(revisit.headers.get('cache-control')).toBe('no-store');
    expect(html).toContain('The checkout is briefly unavailable');
    expect(html).toContain(`href="/payment/transfer?p=${session}&amp;lang=en"`);
    expect(html).not.toContain('Incorrect Transaction');
    expect(html).toContain(`<style data-href="/assets/main.css">${MAIN_CSS}</style>`);
    expect(revisit.headers.get('content-security-policy')).toContain(`style-src 'self' '${sri(MAIN_CSS)}'`);
    // A new payment: the same Try again as an unreachable API (the same fields, the same payment).
    const pay = await postPay(base, payFields('AWAY-2'));
    expect(pay.status).toBe(503);
    expect(await pay.text()).toContain('name="txn_ref" value="AWAY-2"');
    expect((await fetch(`${base}/session/leave?p=${session}`, { method: 'POST' })).status).toBe(503);
    expect(logged.some((l) => JSON.parse(l).event === 'store-unavailable')).toBe(true);
    state.away = false;
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    expect((await fetch(`${base}/payment/transfer?p=${session}`)).status).toBe(200);
    expect(error).not.toHaveBeenCalled();
  });
});

describe("Merchants from Interswitch's Web Checkout (CONTRACT §6)", () => {
  const dataOf = (html: string): PageData => JSON.parse(/<script type="application\/json" id="oja-data">(.*?)<\/script>/s.exec(html)![1]) as PageData;
  const ALIAS = '/collections/w/pay';
  const postAlias = (base: string, fields: Record<string, string>) =>
    fetch(`${base}${ALIAS}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });

  it.each([
    ['with the embedded sandbox', false],
    ['with a real API base', true],
  ])('POST and GET /collections/w/pay are /pay, %s', async (_what, real) => {
    let apiCalls = 0;
    const api = real
      ? await stubApi((res) => {
          apiCalls += 1;
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ responseCode: 'Z1', responseDescription: 'Merchant not permitted' }));
        })
      : undefined;
    const { base, payPageCalls } = await start(api ? { apiBase: api.base } : {});
    // MX_DEMO has a test MAC key in the sandbox: its hash is the right one (a wrong one is refused, below).
    const aliasFields = payFields('ALIAS-1', { display_mode: 'PAGE', display_merchant_name: 'Shop' });
    const post = await postAlias(base, { ...aliasFields, hash: webpayHash(aliasFields, SANDBOX_MAC_KEYS.MX_DEMO) });
    const get = await fetch(`${base}${ALIAS}?${new URLSearchParams(payFields('ALIAS-2', { display_mode: 'page' }))}`);
    if (real) {
      // The stub refuses every payment: the pay route answered (the page, not JSON), and called the real API.
      for (const res of [post, get]) {
        expect(res.status).toBe(400);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        expect(await res.text()).toContain('Incorrect Transaction');
      }
      expect(apiCalls).toBe(2);
      return;
    }
    for (const res of [post, get]) {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const data = dataOf(await res.text());
      expect(data.props.displayMode).toBe('REDIRECT');
    }
    expect(payPageCalls()).toBe(2);
    // The embedded API's other /collections/ paths still answer.
    const requery = await fetch(`${base}/collections/api/v1/gettransaction.json?merchantcode=MX_DEMO&transactionreference=ALIAS-1&amount=150000`);
    expect(await requery.json()).toMatchObject({ ResponseCode: '09' });
  });

  it('a refused field: 400 Incorrect Transaction naming the field and the rule in a header, a comment and the log', async () => {
    const lines: RequestLogLine[] = [];
    const { base, payPageCalls } = await start({ logRequest: (l) => lines.push(l) });
    const { amount: _, ...noAmount } = payFields('REFUSED-FIELD', { cust_email: 'ada@example.com' });
    for (const path of ['/pay', ALIAS]) {
      const res = await fetch(`${base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...noAmount, display_mode: 'MODAL' }),
      });
      expect(res.status).toBe(400);
      expect(res.headers.get('x-oja-refused-field')).toBe('amount, display_mode');
      expect(res.headers.get('x-oja-refused-reason')).toBe('amount is required; display_mode must be REDIRECT, INLINE or POPUP');
      const html = await res.text();
      expect(html).toContain('Incorrect Transaction');
      expect(html).toContain(
        '<body><!-- x-oja-refused-field: amount, display_mode; x-oja-refused-reason: amount is required; display_mode must be REDIRECT, INLINE or POPUP -->',
      );
      // The payer's screen keeps the spec's wording: the reason is not in the root's markup.
      const root = html.slice(html.indexOf('<div id="oja-root"'));
      expect(root).not.toContain('display_mode must be');
      expect(html).not.toContain('MODAL');
    }
    expect(payPageCalls()).toBe(0);
    await vi.waitFor(() => expect(lines.filter((l) => l.refusedField)).toHaveLength(2));
    expect(lines.filter((l) => l.refusedField).map((l) => [l.path, l.status, l.refusedField])).toEqual([
      ['/pay', 400, 'amount, display_mode'],
      [ALIAS, 400, 'amount, display_mode'],
    ]);
    expect(JSON.stringify(lines)).not.toContain('ada@example.com');
  });

  it("the collections API's refusal names its code; a body that cannot be read names no field", async () => {
    const { base } = await start();
    const refused = await postAlias(base, payFields('API-REFUSED', { merchant_code: REFUSED_MERCHANT }));
    expect(refused.status).toBe(400);
    expect(refused.headers.get('x-oja-refused-field')).toBe('unknown');
    expect(refused.headers.get('x-oja-refused-reason')).toBe('collections API code Z1: Merchant not permitted');
    expect(await refused.text()).toContain('Incorrect Transaction');
    const unread = await fetch(`${base}${ALIAS}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'amount=1' });
    expect(unread.status).toBe(415);
    expect(unread.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(unread.headers.get('x-oja-refused-field')).toBe('unknown');
    expect(await unread.text()).toContain('Incorrect Transaction');
    const big = await postAlias(base, { ...payFields('BIG-ALIAS'), big: 'x'.repeat(100 * 1024) });
    expect(big.status).toBe(413);
    expect(await big.text()).toContain('Incorrect Transaction');
  });

  it('a valid payment carries no refusal header', async () => {
    const { base } = await start();
    const res = await postAlias(base, payFields('NO-REFUSAL', { display_mode: 'Inline' }));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-oja-refused-field')).toBeNull();
    expect(dataOf(await res.text()).props.displayMode).toBe('INLINE');
  });
});

describe('A payment page loaded again: where the payment stands first (issue 32)', () => {
  const dataOf = (html: string): PageData =>
    JSON.parse(new RegExp(`<script type="application/json" id="${PAGE_DATA_ID}">(.*?)</script>`).exec(html)![1]);
  const settle = (base: string, txn_ref: string, outcome: string) =>
    fetch(`${base}/sandbox/simulate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ merchant_code: 'MX_DEMO', txn_ref, outcome }),
    });
  const open = async (base: string, ref: string) => sessionIn(await (await postPay(base, payFields(ref, { channels: 'TRANSFER' }))).text());

  it('paid while the page was away: the reload opens on the result with its receipt, and no channel screen', async () => {
    const { base } = await start();
    const session = await open(base, 'STAND-PAID');
    expect((await settle(base, 'STAND-PAID', 'success')).status).toBe(200);
    for (const path of ['/payment-methods', '/payment/transfer']) {
      const res = await fetch(`${base}${path}?p=${session}`);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(dataOf(html).result).toMatchObject({ responseCode: '00', amount: '150000' });
      expect(dataOf(html).result?.paymentReference).not.toBe('');
      expect(html).toContain('Payment Successful');
      expect(html).toContain('data-testid="receipt"');
      expect(html).not.toContain('data-testid="account-number"');
    }
  });

  it('expired or failed: the matching result; still open: the screen as before, no result', async () => {
    const { base } = await start();
    const expired = await open(base, 'STAND-XS1');
    await settle(base, 'STAND-XS1', 'expired');
    expect(dataOf(await (await fetch(`${base}/payment/transfer?p=${expired}`)).text()).result?.responseCode).toBe('XS1');
    const failed = await open(base, 'STAND-Z1');
    await settle(base, 'STAND-Z1', 'failed');
    const failedHtml = await (await fetch(`${base}/payment/transfer?p=${failed}`)).text();
    expect(dataOf(failedHtml).result?.responseCode).toBe('Z1');
    expect(failedHtml).toContain('Retry payment');
    const pending = await open(base, 'STAND-09');
    expect(dataOf(await (await fetch(`${base}/payment/transfer?p=${pending}`)).text()).result).toBeUndefined();
  });

  it('a settled payment stays settled when the API does not answer the next time', async () => {
    const { base, sandbox } = await start();
    const session = await open(base, 'STAND-KEPT');
    await settle(base, 'STAND-KEPT', 'success');
    await fetch(`${base}/payment-methods?p=${session}`);
    Object.assign(sandbox!.faults, { errorRate: 1, pathPrefix: '/collections/api/v1/gettransaction.json' });
    const html = await (await fetch(`${base}/payment-methods?p=${session}`)).text();
    expect(dataOf(html).result?.responseCode).toBe('00');
  });

  it('the result goes to the merchant once per session, whichever page asks first', async () => {
    const { base } = await start();
    const session = await open(base, 'STAND-ONCE');
    const claim = (page: string, code = '00', p = session) =>
      fetch(`${base}/session/delivery?${new URLSearchParams({ p, page, code })}`, { method: 'POST' });
    const first = await claim('page-a');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(await first.json()).toEqual({ deliver: true });
    expect(await (await claim('page-b')).json()).toEqual({ deliver: false });
    expect(await (await claim('page-a')).json()).toEqual({ deliver: false });
    // A session the server no longer knows: the page that asks is the only one left to deliver.
    expect(await (await claim('page-c', '00', 'x'.repeat(24))).json()).toEqual({ deliver: true });
    expect((await claim('', '00')).status).toBe(400);
    expect((await claim('page-d', '<script>')).status).toBe(400);
  });

  it("a session the checkout no longer has: a page in the payer's terms (404), never Incorrect Transaction", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/payment/transfer?p=${'x'.repeat(24)}`, { headers: { referer: 'https://shop.example/cart' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const html = await res.text();
    expect(html).toContain('This payment page is no longer open');
    expect(html).toContain('href="https://shop.example/cart"');
    expect(html).not.toContain('Incorrect Transaction');
    const fr = await (await fetch(`${base}/payment-methods?p=nope&lang=fr`)).text();
    expect(fr).toContain("Cette page de paiement n'est plus ouverte");
    expect(fr).toContain('bouton Retour');
  });
});

describe('INLINE and POPUP through the SDK, without a return URL (CONTRACT §6)', () => {
  const opened = (ref: string, mode: string, extra: Record<string, string> = {}) => {
    const { site_redirect_url: _, ...fields } = payFields(ref, { display_mode: mode, opener_origin: 'https://shop.example', ...extra });
    return fields;
  };

  it("opens for the opener's origin alone: framed and messaged only there, the API given that origin to return to", async () => {
    const { base } = await start();
    for (const mode of ['INLINE', 'POPUP']) {
      const ref = `OPENER-${mode}`;
      const res = await postPay(base, opened(ref, mode));
      expect(res.status).toBe(200);
      if (mode === 'INLINE') expect(res.headers.get('content-security-policy')).toContain('frame-ancestors https://shop.example;');
      const props = JSON.parse(/<script type="application\/json" id="oja-data">(.*?)<\/script>/s.exec(await res.text())![1]).props;
      expect(props).toMatchObject({ displayMode: mode, siteOrigin: 'https://shop.example' });
      expect((await sandboxPayment(base, ref)).status).toBe(200);
    }
  });

  it('a return URL on another origin still sends the messages to the opener; REDIRECT without one is refused', async () => {
    const { base } = await start();
    const other = await postPay(base, opened('OPENER-OTHER', 'INLINE', { site_redirect_url: 'https://elsewhere.example/verify' }));
    expect(other.status).toBe(200);
    expect(other.headers.get('content-security-policy')).toContain('frame-ancestors https://shop.example;');
    const redirect = await postPay(base, opened('OPENER-REDIRECT', 'REDIRECT'));
    expect(redirect.status).toBe(400);
    expect(redirect.headers.get('x-oja-refused-field')).toBe('site_redirect_url');
    expect((await sandboxPayment(base, 'OPENER-REDIRECT')).status).toBe(404);
  });
});

describe("Interswitch's request hash (the collections API checks it; the sandbox knows MX_DEMO's key)", () => {
  const hashed = (ref: string, extra: Record<string, string> = {}) => {
    const f = payFields(ref, extra);
    return { ...f, hash: webpayHash(f, SANDBOX_MAC_KEYS.MX_DEMO).toLowerCase() };
  };

  it('passes the hash on to the pay-page: the right one opens the payment', async () => {
    const { base } = await start();
    const res = await postPay(base, hashed('HASH-RIGHT'));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-oja-refused-field')).toBeNull();
    expect((await sandboxPayment(base, 'HASH-RIGHT')).status).toBe(200);
  });

  it('the amount changed after hashing: Incorrect Transaction, the reason in the header, nothing created', async () => {
    const { base, payPageCalls } = await start();
    const res = await postPay(base, { ...hashed('HASH-CHANGED'), amount: '100' });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('Incorrect Transaction');
    expect(res.headers.get('x-oja-refused-field')).toBe('unknown');
    expect(res.headers.get('x-oja-refused-reason')).toBe(`collections API code ${HASH_MISMATCH_CODE}: ${HASH_MISMATCH_DESCRIPTION}`);
    expect(payPageCalls()).toBe(1);
    expect((await sandboxPayment(base, 'HASH-CHANGED')).status).toBe(404);
  });

  it('no hash pays as before; a merchant without a key is not checked', async () => {
    const { base } = await start();
    expect((await postPay(base, payFields('HASH-NONE'))).status).toBe(200);
    expect((await postPay(base, payFields('HASH-NOKEY', { merchant_code: 'MX_NOKEY', hash: 'wrong' }))).status).toBe(200);
  });

  it('Try again after an unreachable API posts the hash along', async () => {
    const { base, sandbox } = await start();
    Object.assign(sandbox!.faults, { errorRate: 1, pathPrefix: '/api/v1/pay-page' });
    const fields = hashed('HASH-RETRY');
    const html = await (await postPay(base, fields)).text();
    expect(html).toContain(`name="hash" value="${fields.hash}"`);
  });
});
