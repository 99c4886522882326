import type { Server } from 'node:http';
import { createOutsideServer, embeddedSandbox, faultsFromEnv, webhookDeliveryFromEnv } from '@oja/sandbox';
import { createCheckoutServer, drain, jsonLines, MAX_SESSIONS } from '@oja/server';
import type { CheckoutServer, CheckoutServerOptions } from '@oja/server';
import { createStoreFromUrl } from '@oja/store/redis';

/** The installed plugins and markets (oja.config.json), and the build's client dir, as the server takes them. */
export interface RunOptions extends Pick<CheckoutServerOptions, 'channels' | 'brandings' | 'pages' | 'gates' | 'markets' | 'clientDir'> {
  /**
   * A demo merchant's site started beside the checkout on MERCHANT_PORT (npm start): given the checkout's base, its
   * own and the collections API's (the embedded sandbox's is the checkout's), and whether that API is the sandbox.
   */
  demoStore?: (bases: { checkoutBase: string; storeBase: string; apiBase: string; sandbox: boolean }) => Server;
  env?: Record<string, string | undefined>;
}

export interface RunningCheckout {
  checkout: CheckoutServer;
  checkoutBase: string;
  /** Stops taking requests, answers those in flight (DRAIN_TIMEOUT_MS at most), lets go of the store. */
  stop(): Promise<'drained' | 'timed out'>;
}

const event = (name: string, fields: Record<string, unknown> = {}) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), event: name, ...fields }));

const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

/**
 * The checkout as a process runs it (`npm start`, `npm run serve`, the Docker image): configured by environment —
 * HOST, PORT (4400), OUTSIDE_PORT (4402, the sandbox's second origin), CHECKOUT_API_BASE (a real collections API;
 * none = the embedded sandbox), CHECKOUT_SESSION_STORE (redis://… shared by every instance; none = memory),
 * MERCHANT_PORT (4401, the demo store), SANDBOX_WEBHOOK_FIRST_RETRY_MS (the sandbox's first webhook retry) — one JSON line per request on stdout, and a drain on SIGTERM or Ctrl+C.
 */
export async function runCheckout(o: RunOptions): Promise<RunningCheckout> {
  const env = o.env ?? process.env;
  const host = env.HOST ?? '127.0.0.1';
  const port = Number(env.PORT ?? 4400);
  const merchantPort = Number(env.MERCHANT_PORT ?? 4401);
  const outsidePort = Number(env.OUTSIDE_PORT ?? 4402);
  const apiBase = env.CHECKOUT_API_BASE?.replace(/\/$/, '') || undefined;
  if (apiBase && !/^https?:\/\//.test(apiBase)) throw new Error('CHECKOUT_API_BASE must be an http(s) URL');
  const store = createStoreFromUrl(env.CHECKOUT_SESSION_STORE, { maxEntries: MAX_SESSIONS });
  const shownHost = host === '0.0.0.0' ? '127.0.0.1' : host;
  const checkoutBase = env.CHECKOUT_PUBLIC_BASE?.replace(/\/$/, '') || `http://${shownHost}:${port}`;
  const storeBase = `http://${shownHost}:${merchantPort}`;
  const outsideBase = apiBase ? undefined : `http://${shownHost}:${outsidePort}`;

  // No collections API configured: the app plugs in its sandbox, which answers in-process and on a second origin.
  const embedded = apiBase
    ? undefined
    : embeddedSandbox(
        { channels: o.channels, gates: o.gates, pages: o.pages, brandings: o.brandings },
        { faults: faultsFromEnv(env), store, outsideBase, webhooks: webhookDeliveryFromEnv(env) },
      );
  const checkout = createCheckoutServer({
    channels: o.channels,
    brandings: o.brandings,
    pages: o.pages,
    gates: o.gates,
    markets: o.markets,
    clientDir: o.clientDir,
    apiBase,
    embedded,
    env,
    store,
    storeBase: o.demoStore ? storeBase : undefined,
    checkoutBase,
    logRequest: jsonLines,
  });
  const outside = embedded && createOutsideServer(embedded.sandbox);
  const demo = o.demoStore?.({ checkoutBase, storeBase, apiBase: apiBase ?? checkoutBase, sandbox: !apiBase });

  await listen(checkout.server, port, host);
  if (demo) await listen(demo, merchantPort, host);
  if (outside) await listen(outside, outsidePort, host);
  console.log(
    `Oja Checkout:     ${checkoutBase}  (${apiBase ? `collections API ${apiBase}` : 'embedded sandbox collections API'}; sessions in ${store.kind})`,
  );
  if (outside) console.log(`Sandbox outside:  ${outsideBase}  (3-D Secure issuer, device fingerprint: the outside parties' stand-ins)`);
  if (demo) console.log(`Demo merchant:    ${storeBase}  <- start here`);

  let stopping: Promise<'drained' | 'timed out'> | undefined;
  const stop = () =>
    (stopping ??= drain([checkout.server, ...(demo ? [demo] : []), ...(outside ? [outside] : [])]).then(async (how) => {
      // The sandbox's webhooks still waiting for a retry are dropped: they belong to this process.
      embedded?.close();
      await checkout.close();
      return how;
    }));
  return { checkout, checkoutBase, stop };
}

/** SIGTERM (an orchestrator stopping the instance) or Ctrl+C: no new connections, the requests in flight answered, then exit. */
export function exitOnSignals(running: RunningCheckout): void {
  const onSignal = (signal: string) => {
    event('stopping', { signal });
    void running.stop().then((how) => {
      event('stopped', { how });
      process.exit(0);
    });
  };
  process.once('SIGINT', () => onSignal('SIGINT'));
  process.once('SIGTERM', () => onSignal('SIGTERM'));
}
