import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_CHALLENGE_CODE, SANDBOX_OTP, TEST_CARDS } from '@oja/card/sandbox';
import { installed } from '../app/installed';
import { createOutsideServer } from '@oja/core/sandbox';
import { createCheckoutServer } from './checkout-server';
import { createMerchantStore } from './merchant-store';
import { drain } from './drain';
import { jsonLines } from './request-log';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const host = env.HOST ?? '127.0.0.1';
const port = Number(env.PORT ?? 4400);
const merchantPort = Number(env.MERCHANT_PORT ?? 4401);
/** The sandbox's second origin (CONTRACT §5): the outside parties' stand-ins. */
const outsidePort = Number(env.OUTSIDE_PORT ?? 4402);
const apiBase = env.CHECKOUT_API_BASE?.replace(/\/$/, '') || undefined;
if (apiBase && !/^https?:\/\//.test(apiBase)) {
  console.error('CHECKOUT_API_BASE must be an http(s) URL');
  process.exit(2);
}
const shownHost = host === '0.0.0.0' ? '127.0.0.1' : host;
const checkoutBase = `http://${shownHost}:${port}`;
const storeBase = `http://${shownHost}:${merchantPort}`;
const outsideBase = apiBase ? undefined : `http://${shownHost}:${outsidePort}`;

// The card channel's test cards, as the checkout's `/` lists them in sandbox mode (CONTRACT §4).
const testCards = TEST_CARDS.map((c) => ({
  number: c.pan,
  brand: c.typeName,
  pin: c.pin,
  otp: c.otp ? SANDBOX_OTP : undefined,
  challengeCode: c.threeDs ? SANDBOX_CHALLENGE_CODE : undefined,
  result: c.result,
}));
const checkout = createCheckoutServer({ ...installed, clientDir: path.resolve(here, '../client'), apiBase, env, storeBase, testCards, outsideBase, checkoutBase, logRequest: jsonLines });
// The store verifies every result with the collections API: the real one, or the checkout's embedded sandbox.
const store = createMerchantStore({ checkoutBase, selfOrigin: () => storeBase, apiBase: apiBase ?? checkoutBase });
const outside = checkout.sandbox && createOutsideServer(checkout.sandbox);

checkout.server.listen(port, host, () => {
  store.server.listen(merchantPort, host, () => {
    const ready = () => {
      console.log(`Oja Checkout:     ${checkoutBase}  (${apiBase ? `collections API ${apiBase}` : 'embedded sandbox collections API'})`);
      if (outside) console.log(`Sandbox outside:  ${outsideBase}  (3-D Secure issuer, device fingerprint: the outside parties' stand-ins)`);
      console.log(`Demo merchant:    ${storeBase}  <- start here`);
    };
    if (outside) outside.listen(outsidePort, host, ready);
    else ready();
  });
});

/** SIGTERM (an orchestrator stopping the instance) or Ctrl+C: no new connections, the requests in flight answered, then exit. */
let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(JSON.stringify({ time: new Date().toISOString(), event: 'stopping', signal }));
  void drain([checkout.server, store.server, ...(outside ? [outside] : [])]).then((how) => {
    console.log(JSON.stringify({ time: new Date().toISOString(), event: 'stopped', how }));
    process.exit(0);
  });
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
