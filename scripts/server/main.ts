import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_CHALLENGE_CODE, SANDBOX_OTP, TEST_CARDS } from '@oja/card/sandbox';
import { installed } from '../app/installed';
import { createCheckoutServer } from './checkout-server';
import { createMerchantStore } from './merchant-store';

const here = path.dirname(fileURLToPath(import.meta.url));
const env = process.env;
const host = env.HOST ?? '127.0.0.1';
const port = Number(env.PORT ?? 4400);
const merchantPort = Number(env.MERCHANT_PORT ?? 4401);
const apiBase = env.CHECKOUT_API_BASE?.replace(/\/$/, '') || undefined;
if (apiBase && !/^https?:\/\//.test(apiBase)) {
  console.error('CHECKOUT_API_BASE must be an http(s) URL');
  process.exit(2);
}
const shownHost = host === '0.0.0.0' ? '127.0.0.1' : host;
const checkoutBase = `http://${shownHost}:${port}`;
const storeBase = `http://${shownHost}:${merchantPort}`;

// The card channel's test cards, as the checkout's `/` lists them in sandbox mode (CONTRACT §4).
const testCards = TEST_CARDS.map((c) => ({
  number: c.pan,
  brand: c.typeName,
  pin: c.pin,
  otp: c.otp ? SANDBOX_OTP : undefined,
  challengeCode: c.threeDs ? SANDBOX_CHALLENGE_CODE : undefined,
  result: c.result,
}));
const checkout = createCheckoutServer({ ...installed, clientDir: path.resolve(here, '../client'), apiBase, env, storeBase, testCards });
const store = createMerchantStore({ checkoutBase, selfOrigin: () => storeBase });

checkout.server.listen(port, host, () => {
  store.server.listen(merchantPort, host, () => {
    console.log(`Oja Checkout:     ${checkoutBase}  (${apiBase ? `collections API ${apiBase}` : 'embedded sandbox collections API'})`);
    console.log(`Demo merchant:    ${storeBase}  <- start here`);
  });
});

const stop = () => {
  checkout.server.close();
  store.server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
