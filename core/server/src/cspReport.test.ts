// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createCspReportHandler, MAX_REPORT_BYTES, MAX_REPORTS_PER_WINDOW, parseCspReports, REPORT_WINDOW_MS } from './cspReport';

/** The handler on a free port; the lines it logged; a clock the test moves. */
async function start() {
  const lines: string[] = [];
  const clock = { now: 1_000_000 };
  const handle = createCspReportHandler({ log: (l) => lines.push(l), now: () => clock.now });
  const post = (body: string, type: string) =>
    handle(new Request('http://checkout.local/csp-report', { method: 'POST', headers: { 'content-type': type }, body }));
  return { lines, clock, post };
}

const legacy = (over: Record<string, unknown> = {}) =>
  JSON.stringify({
    'csp-report': {
      'document-uri': 'http://127.0.0.1:4400/payment/card?p=SESSIONTOKEN&lang=fr',
      'violated-directive': 'frame-src',
      'effective-directive': 'frame-src',
      'original-policy': "default-src 'none'; ...",
      'blocked-uri': 'https://acs.bank.example/challenge?pan=4000000000002503',
      'script-sample': '4000 0000 0000 2503',
      'source-file': 'http://127.0.0.1:4400/assets/card-Screen-X.js?x=1',
      'line-number': 3,
      'column-number': 17,
      disposition: 'enforce',
      ...over,
    },
  });

const reporting = JSON.stringify([
  {
    type: 'csp-violation',
    age: 2,
    url: 'http://127.0.0.1:4400/payment-methods?p=SESSIONTOKEN',
    user_agent: 'Chromium',
    body: {
      documentURL: 'http://127.0.0.1:4400/payment-methods?p=SESSIONTOKEN',
      effectiveDirective: 'script-src-elem',
      blockedURL: 'https://evil.example/x.js?card=5061050254756707864',
      sample: 'secret',
      disposition: 'enforce',
      statusCode: 200,
    },
  },
  { type: 'deprecation', body: { id: 'x' } },
]);

describe('the CSP report endpoint', () => {
  it('logs one JSON line per report of the legacy format, answering 204', async () => {
    const { lines, post } = await start();
    const res = await post(legacy(), 'application/csp-report');
    expect(res.status).toBe(204);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        event: 'csp-violation',
        document: 'http://127.0.0.1:4400/payment/card',
        directive: 'frame-src',
        blocked: 'https://acs.bank.example/challenge',
        source: 'http://127.0.0.1:4400/assets/card-Screen-X.js',
        line: 3,
        column: 17,
        disposition: 'enforce',
      },
    ]);
  });

  it("logs the Reporting API's CSP violations (and only those)", async () => {
    const { lines, post } = await start();
    expect((await post(reporting, 'application/reports+json')).status).toBe(204);
    expect(lines.map((l) => JSON.parse(l))).toEqual([
      {
        event: 'csp-violation',
        document: 'http://127.0.0.1:4400/payment-methods',
        directive: 'script-src-elem',
        blocked: 'https://evil.example/x.js',
        disposition: 'enforce',
      },
    ]);
  });

  it('never logs a session token, a query, a script sample, the policy or anything like a card number', async () => {
    const { lines, post } = await start();
    await post(legacy({ 'blocked-uri': 'inline', 'document-uri': 'about:blank 5061 0502 5475 6707 864' }), 'application/csp-report');
    await post(legacy(), 'application/csp-report');
    await post(reporting, 'application/reports+json');
    const all = lines.join('\n');
    for (const secret of [
      'SESSIONTOKEN',
      'pan=',
      '4000000000002503',
      '4000 0000',
      '5061050254756707864',
      '5061 0502',
      'secret',
      'original',
      'default-src',
    ])
      expect(all).not.toContain(secret);
    expect(JSON.parse(lines[0]).blocked).toBe('inline');
  });

  it('refuses other types (415), bodies over its bound (413) and what is not JSON (400), logging nothing', async () => {
    const { lines, post } = await start();
    expect((await post(legacy(), 'text/plain')).status).toBe(415);
    expect((await post(legacy(), 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await post(`[${'{"type":"x"},'.repeat(MAX_REPORT_BYTES / 10)}{}]`, 'application/reports+json')).status).toBe(413);
    expect((await post('{not json', 'application/csp-report')).status).toBe(400);
    expect(lines).toEqual([]);
  });

  it('answers 204 to a report it cannot use, logging nothing', async () => {
    const { lines, post } = await start();
    for (const body of ['{}', '[]', '{"csp-report":"x"}', '[{"type":"csp-violation","body":{}}]', '5']) {
      expect((await post(body, 'application/csp-report')).status, body).toBe(204);
    }
    expect(lines).toEqual([]);
  });

  it(`logs at most ${MAX_REPORTS_PER_WINDOW} reports a window, then how many it dropped`, async () => {
    const { lines, clock, post } = await start();
    for (let i = 0; i < MAX_REPORTS_PER_WINDOW + 5; i++) await post(legacy(), 'application/csp-report');
    expect(lines).toHaveLength(MAX_REPORTS_PER_WINDOW);
    clock.now += REPORT_WINDOW_MS;
    await post(legacy(), 'application/csp-report');
    expect(JSON.parse(lines[MAX_REPORTS_PER_WINDOW])).toEqual({ event: 'csp-violation-dropped', count: 5, windowMs: REPORT_WINDOW_MS });
    expect(JSON.parse(lines[MAX_REPORTS_PER_WINDOW + 1]).event).toBe('csp-violation');
  });
});

describe('parseCspReports', () => {
  it('reads nothing from a body of an unknown shape', () => {
    expect(parseCspReports('application/reports+json', { type: 'csp-violation' })).toEqual([]);
    expect(parseCspReports('application/csp-report', null)).toEqual([]);
  });
});

describe('hostile report bodies: read for what they are, never a 500', () => {
  it.each([
    ['application/csp-report', '{"csp-report":{"toString":1,"blocked-uri":{"toString":1},"line-number":[1]}}'],
    ['application/csp-report', '{"csp-report":["a"]}'],
    ['application/json', '{"__proto__":{"csp-report":{"blocked-uri":"x"}}}'],
    ['application/json', 'null'],
    ['application/json', '42'],
    ['application/json', '"csp"'],
    ['application/reports+json', '[{"type":"csp-violation","body":{"toString":1,"documentURL":["x"]}}]'],
    ['application/reports+json', '[null, 1, "x", [], {"__proto__":{}}]'],
    ['application/reports+json', '{"type":"csp-violation"}'],
  ])('%s %s: 204, nothing polluted', async (type, body) => {
    const { post } = await start();
    const res = await post(body, type);
    expect(res.status).toBe(204);
    expect(({} as Record<string, unknown>)['csp-report']).toBeUndefined();
  });
});
