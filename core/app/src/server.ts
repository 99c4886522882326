// The assembled checkout's server process (dist/server/server.mjs): the installed plugins, run by @oja/server,
// with the demo merchant's site beside it in sandbox mode.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnSignals, runCheckout } from './run';
import { createMerchantStore } from './demo/merchant-store';
import { installed } from 'oja:installed';

const here = path.dirname(fileURLToPath(import.meta.url));

try {
  const running = await runCheckout({
    ...installed,
    clientDir: path.resolve(here, '../client'),
    // The demo store verifies every result with the collections API: the real one, or the checkout's embedded sandbox.
    // MERCHANT_PORT=0 runs the checkout alone (a production instance, the Docker image).
    // With the sandbox, the store sets its webhook URL once it listens (after the checkout), and verifies each one.
    demoStore:
      process.env.MERCHANT_PORT === '0'
        ? undefined
        : ({ checkoutBase, storeBase, apiBase, sandbox }) => {
            const store = createMerchantStore({ checkoutBase, selfOrigin: () => storeBase, apiBase });
            if (sandbox)
              store.server.once('listening', () => {
                store.registerWebhook().catch((e: Error) => console.error(`The demo store could not set its webhook URL: ${e.message}`));
              });
            return store.server;
          },
  });
  exitOnSignals(running);
} catch (e) {
  console.error((e as Error).message);
  process.exit(2);
}
