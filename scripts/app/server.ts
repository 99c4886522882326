// The assembled checkout's server process (dist/server/server.mjs): the installed plugins, run by @oja/server,
// with the demo merchant's site beside it in sandbox mode.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SANDBOX_CHALLENGE_CODE, SANDBOX_OTP, TEST_CARDS } from '@oja/card/sandbox';
import { exitOnSignals, runCheckout } from '@oja/server';
import { createMerchantStore } from '../demo/merchant-store';
import { installed } from 'oja:installed';

const here = path.dirname(fileURLToPath(import.meta.url));

// The card channel's test cards, as the checkout's `/` lists them in sandbox mode (CONTRACT §4).
const testCards = TEST_CARDS.map((c) => ({
  number: c.pan,
  brand: c.typeName,
  pin: c.pin,
  otp: c.otp ? SANDBOX_OTP : undefined,
  challengeCode: c.threeDs ? SANDBOX_CHALLENGE_CODE : undefined,
  result: c.result,
}));

try {
  const running = await runCheckout({
    ...installed,
    clientDir: path.resolve(here, '../client'),
    testCards,
    // The demo store verifies every result with the collections API: the real one, or the checkout's embedded sandbox.
    // MERCHANT_PORT=0 runs the checkout alone (a production instance, the Docker image).
    demoStore:
      process.env.MERCHANT_PORT === '0'
        ? undefined
        : ({ checkoutBase, storeBase, apiBase }) => createMerchantStore({ checkoutBase, selfOrigin: () => storeBase, apiBase }).server,
  });
  exitOnSignals(running);
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
