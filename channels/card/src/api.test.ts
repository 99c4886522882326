import { describe, expect, it } from 'vitest';
import { createHttp } from '@oja/core';
import { callContext, sampleProps } from '@oja/testing';
import { authenticateCardinal, authenticateOtp, cardinalStatus, fetchBinConfiguration, makeBulkPayment, makePayment } from './api';
import type { Sealed } from './api';

/** What left the page: method, the whole URL and the body, as core's real client hands them to fetch. */
interface Sent {
  method: string;
  url: string;
  body: Record<string, unknown> | undefined;
}

/** Core's real HTTP client over a fetch that records each request and answers 00. */
function recordingHttp() {
  const sent: Sent[] = [];
  const http = createHttp('https://api.example', async (input, init) => {
    sent.push({
      method: String(init?.method ?? 'GET').toUpperCase(),
      url: String(input),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    });
    return new Response(JSON.stringify({ responseCode: '00' }), { headers: { 'content-type': 'application/json' } });
  });
  return { http, sent };
}

// Recognisable stand-ins for the encrypted card: any trace of them in a URL is a leak.
const SEALED: Sealed = { secureData: 'SEALED+CARD/data==', pinBlock: 'SEALED+PIN/block==' };
/** What a borrowing channel adds (a saved card's identifiers). */
const LOOKUP = { walletInstrumentIdentifier: 'wi-1', cardHash: 'h1' };
/** Names and values of card data that must never appear in a URL. */
const CARD_DATA_IN_URL = /secureData|pinBlock|SEALED|\bpan\b|cvv/i;

describe('card API: encrypted card data stays out of URLs', () => {
  it('sends the card lookup as a POST with the sealed card in its JSON body and nothing in its URL', async () => {
    const { http, sent } = recordingHttp();
    await fetchBinConfiguration(callContext(sampleProps(), http), SEALED);
    expect(sent).toHaveLength(1);
    expect(sent[0].method).toBe('POST');
    expect(sent[0].url).toBe('https://api.example/api/v1/merchantbins');
    expect(sent[0].url).not.toMatch(CARD_DATA_IN_URL);
    expect(sent[0].body).toEqual({ ...SEALED, merchantCode: 'MX_DEMO', payableCode: 'Default_Payable_MX_DEMO', paymentId: '4242001' });
  });

  it("sends a borrowing channel's lookup fields in the body too, never over the card's own", async () => {
    const { http, sent } = recordingHttp();
    await fetchBinConfiguration(callContext(sampleProps(), http), SEALED, { ...LOOKUP, secureData: 'forged', paymentId: 'other' });
    expect(sent[0].url).toBe('https://api.example/api/v1/merchantbins');
    expect(sent[0].body).toMatchObject({ ...SEALED, ...LOOKUP, paymentId: '4242001' });
  });

  it('puts no card data in the URL of any card call', async () => {
    const { http, sent } = recordingHttp();
    const props = sampleProps({ isBulkPayment: true });
    const ctx = callContext(props, http);
    await fetchBinConfiguration(ctx, SEALED, LOOKUP);
    await makePayment(ctx, SEALED, { extra: { instrumentIdentifier: 'wi-1' }, cardinalReferenceId: 'ref-1' });
    await makeBulkPayment(ctx, SEALED);
    await authenticateOtp(ctx, '123456');
    await authenticateCardinal(ctx, { url: 'https://acs.example', eciFlag: '05', transactionId: 't1' }, SEALED);
    await cardinalStatus(ctx);
    expect(sent).toHaveLength(6);
    for (const s of sent) expect(s.url, `${s.method} ${s.url}`).not.toMatch(CARD_DATA_IN_URL);
    // Every call that carries the sealed card is a POST with it in the body.
    const carrying = sent.filter((s) => s.body?.secureData !== undefined);
    expect(carrying.map((s) => new URL(s.url).pathname)).toEqual([
      '/api/v1/merchantbins',
      '/api/v1/pay',
      '/api/v1/payments',
      '/api/v1/pay/authenticateCardinal',
    ]);
    for (const s of carrying) expect(s).toMatchObject({ method: 'POST', body: SEALED });
  });
});
