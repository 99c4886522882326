// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { logRequest } from './requestLog';
import type { RequestLogLine } from './requestLog';

describe('request log', () => {
  it('writes one line when the answer is done, and marks a request whose client went away', async () => {
    const lines: RequestLogLine[] = [];
    let clock = 1_000;
    const server = http.createServer((req, res) => {
      logRequest(
        req,
        res,
        (l) => lines.push(l),
        () => clock,
      );
      if (req.url?.startsWith('/hang')) return; // never answered: the client gives up
      clock += 25;
      res.writeHead(201);
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await (await fetch(`${base}/orders?card=4000000000002503`, { method: 'POST', body: 'pan=4000000000002503' })).text();
    const ctrl = new AbortController();
    const hung = fetch(`${base}/hang`, { signal: ctrl.signal }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    ctrl.abort();
    await hung;
    await new Promise((r) => setTimeout(r, 50));
    server.close();
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ method: 'POST', path: '/orders', status: 201, ms: 25, time: new Date(1_000).toISOString() });
    expect(lines[0].aborted).toBeUndefined();
    expect(lines[1]).toMatchObject({ path: '/hang', aborted: true });
    expect(JSON.stringify(lines)).not.toContain('4000000000002503');
  });

  it("carries an Incorrect Transaction's refused fields and reason, as its headers say them", async () => {
    const lines: RequestLogLine[] = [];
    const server = http.createServer((req, res) => {
      logRequest(req, res, (l) => lines.push(l));
      if (req.url?.startsWith('/pay')) res.writeHead(400, { 'x-oja-refused-field': 'amount', 'x-oja-refused-reason': 'amount is required' });
      else res.writeHead(200);
      res.end('ok');
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await (await fetch(`${base}/pay?cust_email=ada@example.com`)).text();
    await (await fetch(`${base}/other`)).text();
    await new Promise((r) => setTimeout(r, 50));
    server.close();
    expect(lines[0]).toMatchObject({ path: '/pay', status: 400, refusedField: 'amount', refusedReason: 'amount is required' });
    expect(lines[1].refusedField).toBeUndefined();
    expect(JSON.stringify(lines)).not.toContain('ada@example.com');
  });
});
