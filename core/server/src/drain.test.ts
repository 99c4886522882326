// @vitest-environment node
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { drain } from './drain';

/** A server whose /slow answers only when released; answers /fast at once. */
async function slowServer() {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  const server = http.createServer((req, res) => {
    if (req.url === '/slow') void released.then(() => res.end('slow done'));
    else res.end('fast');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base, release };
}

describe('drain (SIGTERM)', () => {
  it('answers the request in flight, refuses new connections, then resolves', async () => {
    const { server, base, release } = await slowServer();
    // An idle keep-alive connection must not hold the drain.
    await (await fetch(`${base}/fast`)).text();
    const inFlight = fetch(`${base}/slow`).then((r) => r.text());
    await new Promise((r) => setTimeout(r, 50));
    const drained = drain([server], 5_000);
    await expect(fetch(`${base}/fast`, { headers: { connection: 'close' } })).rejects.toThrow();
    release();
    await expect(inFlight).resolves.toBe('slow done');
    await expect(drained).resolves.toBe('drained');
    expect(server.listening).toBe(false);
  });

  it('gives up waiting after its time limit: a request held open never keeps the instance up', async () => {
    const { server, base, release } = await slowServer();
    const held = fetch(`${base}/slow`).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    await expect(drain([server], 100)).resolves.toBe('timed out');
    release();
    server.closeAllConnections();
    await held;
  });
});
