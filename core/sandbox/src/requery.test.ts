// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHttp } from '@oja/core';
import { ACCESS_TOKEN_LIFETIME_S, createSandbox, listenSandbox, NO_FAULTS, REQUERY_PATH, TOKEN_PATH, TOKEN_REUSE_MIN_S } from '.';
import { isAlreadyPaid, REQUERY_TIMEOUT_MS } from '@oja/core';

let base: string;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ base, close } = await listenSandbox(createSandbox([], { faults: NO_FAULTS })));
});
afterAll(() => close());

const post = (path: string, body: unknown) =>
  fetch(base + path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('isAlreadyPaid', () => {
  it('is true only once the reference is settled 00', async () => {
    const r = { merchant_code: 'MX_DEMO', txn_ref: 'RQ-1', amount: 5000 };
    const http = createHttp(base);
    expect(await isAlreadyPaid(http, r)).toBe(false);
    await post('/api/v1/pay-page', { ...r, pay_item_id: 'P', currency: '566', site_redirect_url: 'https://shop.test/r' });
    expect(await isAlreadyPaid(http, r)).toBe(false);
    await post('/sandbox/simulate', { merchant_code: r.merchant_code, txn_ref: r.txn_ref, outcome: 'success' });
    expect(await isAlreadyPaid(http, r)).toBe(true);
  });

  it('counts a failed or slow requery as not paid (the payment opens as usual)', async () => {
    const r = { merchant_code: 'MX_DEMO', txn_ref: 'RQ-2', amount: 1 };
    expect(await isAlreadyPaid(createHttp('http://127.0.0.1:9'), r)).toBe(false);
    vi.useFakeTimers();
    try {
      // An API that never answers: aborted at the timeout.
      const never = createHttp(
        'http://x.test',
        (_url, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      );
      let settled: boolean | undefined;
      void isAlreadyPaid(never, r).then((v) => (settled = v));
      await vi.advanceTimersByTimeAsync(REQUERY_TIMEOUT_MS - 1);
      expect(settled).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      expect(settled).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("Interswitch's server libraries against the sandbox (CONTRACT §6)", () => {
  const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
  /** As npm `interswitch` 2.1.7 asks for a token: a form body, the client by basic authentication. */
  const tokenRequest = (authorization: string, body = 'grant_type=client_credentials&scope=profile') =>
    fetch(`${base}${TOKEN_PATH}`, { method: 'POST', headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' }, body });

  it.each([
    ['IKIAB23A4E2756605C1ABC33CE3C287E27267F660D61', 'secret'],
    ['any-client', 'any secret: with a colon'],
  ])('issues a bearer token to any client (%s), as Passport answers', async (id, secret) => {
    const res = await tokenRequest(basic(id, secret));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json();
    expect(body).toMatchObject({ token_type: 'bearer', expires_in: ACCESS_TOKEN_LIFETIME_S, scope: 'profile' });
    expect(body.access_token).toMatch(/^[\w-]{20,}$/);
    expect(body.jti).toMatch(/^[0-9a-f]{32}$/);
  });

  it('issues the profile scope when none is asked for, and the scope asked for otherwise', async () => {
    expect(await (await tokenRequest(basic('c', 's'), 'grant_type=client_credentials')).json()).toMatchObject({ scope: 'profile' });
    expect(await (await tokenRequest(basic('c', 's'), 'grant_type=client_credentials&scope=profile+payments')).json()).toMatchObject({
      scope: 'profile payments',
    });
  });

  it('refuses a request without client credentials (401) or of another grant type (400), as OAuth does', async () => {
    for (const auth of ['', 'Basic', basic('', 'secret'), basic('client', ''), 'Bearer some-token']) {
      const res = await tokenRequest(auth);
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: 'invalid_client' });
    }
    const password = await tokenRequest(basic('c', 's'), 'grant_type=password&username=a&password=b');
    expect(password.status).toBe(400);
    expect(await password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('answers the requery with or without the bearer token, whatever the signature headers say', async () => {
    const r = { merchant_code: 'MX_DEMO', txn_ref: 'RQ-ISW', amount: 5000 };
    await post('/api/v1/pay-page', { ...r, pay_item_id: 'P', currency: '566', site_redirect_url: 'https://shop.test/r' });
    await post('/sandbox/simulate', { merchant_code: r.merchant_code, txn_ref: r.txn_ref, outcome: 'success' });
    const { access_token } = await (await tokenRequest(basic('IKIA-MERCHANT', 'secret'))).json();
    const url = `${base}${REQUERY_PATH}?merchantcode=MX_DEMO&transactionreference=RQ-ISW&amount=5000`;
    // What the library sends beside the token: a signature the sandbox does not check.
    const signed = {
      authorization: `Bearer ${access_token}`,
      'content-type': 'application/json',
      Timestamp: '1700000000',
      Nonce: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
      Signature: 'bm90IGEgcmVhbCBzaWduYXR1cmU=',
      SignatureMethod: 'SHA1',
    };
    for (const headers of [
      signed,
      {} as Record<string, string>,
      { authorization: 'Bearer unknown-or-expired' },
      { authorization: 'InterswitchAuth SUtJQQ==' },
    ]) {
      const res = await fetch(url, { headers });
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ ResponseCode: '00', Amount: 5000, MerchantReference: 'RQ-ISW' });
    }
  });
});

describe('the bearer tokens a part checks (pay with app)', () => {
  it('are one per client while it has time left, as Passport answers, and a new one near its expiry', async () => {
    const clock = { t: Date.parse('2030-01-01T10:00:00Z') };
    const served = await listenSandbox(createSandbox([], { faults: NO_FAULTS, now: () => clock.t }));
    const ask = async (id: string, secret = 's') =>
      (
        await fetch(`${served.base}${TOKEN_PATH}`, {
          method: 'POST',
          headers: {
            authorization: `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: 'grant_type=client_credentials&scope=profile',
        })
      ).json();
    try {
      const first = await ask('one');
      clock.t += 10_000;
      const again = await ask('one');
      expect(again.access_token).toBe(first.access_token);
      expect(again.expires_in).toBe(ACCESS_TOKEN_LIFETIME_S - 10);
      expect((await ask('two')).access_token).not.toBe(first.access_token);
      expect((await ask('one', 'other secret')).access_token).not.toBe(first.access_token);
      clock.t += (ACCESS_TOKEN_LIFETIME_S - TOKEN_REUSE_MIN_S) * 1_000;
      const fresh = await ask('one');
      expect(fresh.access_token).not.toBe(first.access_token);
      expect(fresh.expires_in).toBe(ACCESS_TOKEN_LIFETIME_S);
    } finally {
      await served.close();
    }
  });

  it('are the ones issued, until their expiry on the sandbox clock', async () => {
    const clock = { t: Date.parse('2030-01-01T10:00:00Z') };
    const sb = createSandbox([], { faults: NO_FAULTS, now: () => clock.t });
    const served = await listenSandbox(sb);
    try {
      const res = await fetch(`${served.base}${TOKEN_PATH}`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('any:one').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'grant_type=client_credentials&scope=profile',
      });
      const { access_token } = await res.json();
      expect(await sb.run((ctx) => ctx.isBearerToken(access_token))).toBe(true);
      expect(await sb.run((ctx) => ctx.isBearerToken('made-up'))).toBe(false);
      expect(await sb.run((ctx) => ctx.isBearerToken(''))).toBe(false);
      clock.t += ACCESS_TOKEN_LIFETIME_S * 1_000;
      expect(await sb.run((ctx) => ctx.isBearerToken(access_token))).toBe(false);
    } finally {
      await served.close();
    }
  });
});
