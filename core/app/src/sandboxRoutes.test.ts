// @vitest-environment node
// Every sandbox route of every installed channel (and core's own) meets malformed requests: each answers a clear
// 4xx (or a normal answer), never a 500. The server build takes each channel's sandbox part from its package's
// "oja-server" export (its sources' in the workspace); this test finds those the same way, for each channel oja.config.json lists, so a newly
// installed channel is covered by itself.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, listenSandbox, NO_FAULTS } from '@oja/sandbox';
import type { SandboxPart } from '@oja/sandbox';
import { packageDir, readConfig } from './ojaConfig.mjs';
import { APP_ROOT, loadInstalled } from './config';

/** The plugins oja.config.json lists, as the build assembles them. */
const installed = await loadInstalled();

interface ServerPlugin {
  id: string;
  sandbox?: SandboxPart;
}

/** Each listed channel package's server build (its "oja-server" export), by plugin id, found as the build finds it. */
async function serverPlugins(): Promise<Map<string, ServerPlugin>> {
  const found = new Map<string, ServerPlugin>();
  for (const name of readConfig(APP_ROOT).channels) {
    const dir = packageDir(name, APP_ROOT)!;
    const pkg: { exports?: Record<string, unknown> } = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
    // In the workspace the build reads sources: the "oja-server" entry under "oja-source" (scripts/build/packages.mjs).
    const dot = pkg.exports?.['.'] as Record<string, unknown> | undefined;
    const source = dot?.['oja-source'];
    const server = source && typeof source === 'object' ? (source as Record<string, unknown>)['oja-server'] : undefined;
    if (typeof server !== 'string') continue;
    const plugin = (await import(path.join(fs.realpathSync(dir), server))).default as ServerPlugin;
    if (plugin?.id) found.set(plugin.id, plugin);
  }
  return found;
}

/** Values a careless or hostile caller sends in place of a field. */
const JUNK: unknown[] = [null, {}, { nested: { deep: [1] } }, [], ['a', 'b'], 0, -1, 1e21, true, '', ' ', '%%%', 'x'.repeat(1_000), '__proto__'];
/** Field names the collections API's routes read, across channels. */
const FIELDS = [
  'paymentId',
  'merchantCode',
  'transactionReference',
  'amount',
  'currencyCode',
  'payableCode',
  'bankCode',
  'secureData',
  'pinBlock',
  'cardinalInfo',
  'cardinalReferenceId',
  'twoFactorAuthenticationCode',
  'resendOtp',
  'instrumentIdentifier',
  'username',
  'password',
  'ref',
  'code',
  'decision',
  'payment',
  'grant_type',
  'scope',
  'createTransaction',
  'outcome',
  'merchant_code',
  'txn_ref',
  'pay_item_id',
  'currency',
  'site_redirect_url',
  'channels',
  'country',
  'surcharge',
  'bulk',
  'customerCancellationReason',
  'accessToken',
  'latencyMs',
  'pathPrefix',
];

let plugins: Map<string, ServerPlugin>;
let base: string;
let close: () => Promise<void>;
let paymentId: string;
let bearer = '';

beforeAll(async () => {
  plugins = await serverPlugins();
  const parts = installed.channels.map((c) => ({ id: c.id, part: plugins.get(c.id)?.sandbox }));
  ({ base, close } = await listenSandbox(createSandbox(parts, { faults: NO_FAULTS })));
  const made = await (
    await fetch(`${base}/api/v1/pay-page`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        merchant_code: 'MX_DEMO',
        pay_item_id: 'P1',
        txn_ref: 'MALFORMED-1',
        amount: '1000',
        currency: '566',
        site_redirect_url: 'http://127.0.0.1:4401/r',
      }),
    })
  ).json();
  paymentId = made.paymentId;
  // A channel whose calls need a bearer token (pay with app) gets one, so that its routes are reached beyond the check.
  for (const p of plugins.values()) {
    const s = p.sandbox?.settings;
    if (!s?.clientId || !s.clientSecret) continue;
    const token = p.sandbox!.routes.find((r) => r.method === 'POST' && r.path.includes('token'));
    if (!token) continue;
    const res = await fetch(base + token.path, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${s.clientId}:${s.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials&scope=profile',
    });
    bearer = (await res.json()).access_token ?? bearer;
  }
});

afterAll(async () => {
  await close?.();
});

/** Bodies: empty, every field junk, the real payment with every other field junk, each junk as the payment id. */
function bodies(): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [{}];
  for (const junk of JUNK) {
    const all = Object.fromEntries(FIELDS.map((f) => [f, junk]));
    out.push(
      all,
      { ...all, paymentId, merchantCode: 'MX_DEMO', transactionReference: 'MALFORMED-1', merchant_code: 'MX_DEMO', txn_ref: 'MALFORMED-1' },
      { paymentId: junk },
    );
  }
  return out;
}

function queries(): string[] {
  const out = [''];
  for (const junk of JUNK) {
    const v = typeof junk === 'string' ? junk : JSON.stringify(junk);
    out.push(new URLSearchParams(FIELDS.map((f) => [f, v])).toString());
    out.push(
      new URLSearchParams([
        ...FIELDS.map((f) => [f, v]),
        ['paymentId', paymentId],
        ['merchantCode', 'MX_DEMO'],
        ['transactionReference', 'MALFORMED-1'],
      ]).toString(),
    );
  }
  return out;
}

describe('malformed requests to every sandbox route', () => {
  it('finds the sandbox part of every installed channel that has one', () => {
    for (const c of installed.channels) expect(plugins.has(c.id), c.id).toBe(true);
    expect([...plugins.values()].filter((p) => p.sandbox).length).toBeGreaterThan(0);
  });

  it('answers no 5xx, and a code and a description with every 4xx JSON answer', async () => {
    const core = [
      { method: 'POST', path: '/api/v1/pay-page' },
      { method: 'POST', path: '/api/v1/pay/customerCancellation' },
      { method: 'POST', path: '/api/v1/pay-page/token-authentication' },
      { method: 'GET', path: '/collections/api/v1/gettransaction.json' },
      { method: 'GET', path: '/sandbox/payments' },
    ];
    const routes = [...core, ...installed.channels.flatMap((c) => plugins.get(c.id)?.sandbox?.routes ?? [])];
    const failures: string[] = [];
    for (const route of routes) {
      for (const param of route.path.includes(':') ? ['X', 'NG', '%25', 'OJA_SANDBOX_BANK'] : ['']) {
        const url = base + route.path.replace(/:[a-zA-Z]+/g, param);
        const attempts: Array<{ query: string; body?: string; type?: string }> =
          route.method === 'GET'
            ? queries().map((query) => ({ query }))
            : bodies().flatMap((b) => [
                { query: `paymentId=${paymentId}`, body: JSON.stringify(b), type: 'application/json' },
                {
                  query: '',
                  body: new URLSearchParams(Object.entries(b).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString(),
                  type: 'application/x-www-form-urlencoded',
                },
              ]);
        attempts.push({ query: '', body: '{"not json', type: 'application/json' });
        for (const a of attempts) {
          {
            const res = await fetch(`${url}${a.query ? `?${a.query}` : ''}`, {
              method: route.method,
              headers: { ...(a.type && { 'content-type': a.type }), ...(bearer && { authorization: `Bearer ${bearer}` }) },
              body: route.method === 'GET' ? undefined : a.body,
            });
            const text = await res.text();
            if (res.status >= 500)
              failures.push(
                `${route.method} ${route.path} ${a.query.slice(0, 80)} ${String(a.body).slice(0, 120)} -> ${res.status} ${text.slice(0, 120)}`,
              );
            else if (res.status >= 400 && (res.headers.get('content-type') ?? '').includes('json')) {
              const json = JSON.parse(text);
              const described = (json.responseCode && json.responseDescription) || json.error || json.ResponseCode;
              if (!described) failures.push(`${route.method} ${route.path} -> ${res.status} without a code and description: ${text.slice(0, 120)}`);
            }
          }
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  }, 120_000);
});
