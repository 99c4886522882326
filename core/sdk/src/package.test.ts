// @vitest-environment node
// @oja/sdk as a merchant installs it: built, packed, unpacked into a project outside the workspace, imported by
// plain Node, bundled, and typechecked under nodenext with strict flags against the built declarations.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSdk } from '../build.mjs';
import { strictConsumerFlags } from '../../../scripts/test/strict-consumer';

const pkg = path.resolve(import.meta.dirname, '..');
const root = path.resolve(pkg, '../..');
/** Building, packing and typechecking take seconds each on a busy machine, ms. */
const PACK_TIMEOUT_MS = 120_000;
/** What the installed SDK needs beside it, taken from the workspace's node_modules. */
const PEERS = ['valibot', 'react', '@types/react', 'csstype'];

const npm = (...args: string[]) => execFileSync('npm', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
let project: string;

beforeAll(async () => {
  await buildSdk({ writeJsonSchemas: false });
  project = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-sdk-consumer-'));
  const [packed] = JSON.parse(npm('pack', '-w', '@oja/sdk', '--pack-destination', project, '--json')) as { filename: string }[];
  const installed = path.join(project, 'node_modules', '@oja', 'sdk');
  fs.mkdirSync(installed, { recursive: true });
  execFileSync('tar', ['-xzf', path.join(project, packed!.filename), '-C', installed, '--strip-components=1']);
  for (const name of PEERS) {
    fs.mkdirSync(path.dirname(path.join(project, 'node_modules', name)), { recursive: true });
    fs.symlinkSync(path.join(root, 'node_modules', name), path.join(project, 'node_modules', name), 'dir');
  }
  fs.writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'storefront', private: true, type: 'module' }));
}, PACK_TIMEOUT_MS);
afterAll(() => fs.rmSync(project, { recursive: true, force: true }));

describe('@oja/sdk as published', () => {
  it('packs the built files, the JSON Schemas and nothing of the sources, tests or stories', () => {
    const [dry] = JSON.parse(npm('pack', '-w', '@oja/sdk', '--dry-run', '--json')) as { files: { path: string }[] }[];
    const files = dry!.files.map((f) => f.path);
    for (const f of [
      'package.json',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/react.js',
      'dist/react.d.ts',
      'dist/schema.js',
      'dist/schema.d.ts',
      'pay-request.schema.json',
      'result.schema.json',
    ]) {
      expect(files).toContain(f);
    }
    expect(files.filter((f) => /^src\/|\.test\.|\.stories\.|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([]);
  });

  it('imports in plain Node: the SDK, its schema, its React entry and its JSON Schemas', () => {
    fs.writeFileSync(
      path.join(project, 'node.mjs'),
      `import { openCheckout, RESULT_FIELDS } from '@oja/sdk';
import { checkPayFields, payRequestSchema } from '@oja/sdk/schema';
import { useOjaCheckout, OjaCheckoutButton } from '@oja/sdk/react';
import { safeParse } from 'valibot';
import payRequest from '@oja/sdk/pay-request.schema.json' with { type: 'json' };
import result from '@oja/sdk/result.schema.json' with { type: 'json' };
const request = { merchant_code: 'M', pay_item_id: 'P', txn_ref: 'T', amount: '0', currency: '566', site_redirect_url: 'https://shop.example/r' };
console.log(JSON.stringify({
  open: typeof openCheckout, hook: typeof useOjaCheckout, button: typeof OjaCheckoutButton, fields: RESULT_FIELDS.length,
  issues: checkPayFields(request), parsed: safeParse(payRequestSchema, request).success,
  schemas: [payRequest.required.length, Object.keys(result.properties).length],
}));
`,
    );
    const out = JSON.parse(execFileSync(process.execPath, ['node.mjs'], { cwd: project, encoding: 'utf8' }));
    // site_redirect_url is required through the schema's if/else (CONTRACT §6), so five fields are required always.
    expect(out).toEqual({
      open: 'function',
      hook: 'function',
      button: 'function',
      fields: 12,
      issues: [{ field: 'amount', message: 'amount must be positive' }],
      parsed: false,
      schemas: [5, 12],
    });
  });

  it('bundles for the browser from the installed package', async () => {
    fs.writeFileSync(path.join(project, 'page.js'), "import { openCheckout } from '@oja/sdk';\nwindow.pay = (r) => openCheckout(r);\n");
    const built = await esbuild.build({
      absWorkingDir: project,
      entryPoints: ['page.js'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      write: false,
      logLevel: 'silent',
    });
    const text = built.outputFiles[0]!.text;
    expect(text).toContain('oja-checkout');
    // The schema library stays out of a page that opens the checkout only.
    expect(text).not.toContain('valibot');
  });

  it(
    'typechecks a consumer under nodenext with strict flags, without skipLibCheck',
    () => {
      fs.writeFileSync(
        path.join(project, 'consumer.ts'),
        `import { openCheckout } from '@oja/sdk';
import type { CheckoutError, CheckoutResult, PayFields } from '@oja/sdk';
import { checkPayFields, payRequestSchema } from '@oja/sdk/schema';
import type { PayRequestFields } from '@oja/sdk/schema';
import { safeParse } from 'valibot';
import { useOjaCheckout, OjaCheckoutButton } from '@oja/sdk/react';
import type { OjaCheckout, OjaCheckoutButtonProps } from '@oja/sdk/react';

const fields: PayFields = { merchant_code: 'M', pay_item_id: 'P', txn_ref: 'T', amount: 150000, currency: '566', site_redirect_url: 'https://shop.example/r' };
const handle = openCheckout({
  ...fields,
  mode: 'TEST',
  checkoutBase: 'https://checkout.example',
  onComplete: (result: CheckoutResult) => console.log(result.resp, result.txnref),
  onError: (error: CheckoutError) => console.log(error.code, error.field),
});
handle.close();
const first = checkPayFields({ amount: '1' })[0];
if (first) console.log(first.field, first.message);
const request: PayRequestFields = { merchant_code: 'M', pay_item_id: 'P', txn_ref: 'T', amount: '150000', currency: '566', site_redirect_url: 'https://shop.example/r' };
const parsed = safeParse(payRequestSchema, request);
if (parsed.success) console.log(parsed.output.cust_email?.length, parsed.output.amount.length);
const props: OjaCheckoutButtonProps = { request: fields, mode: 'LIVE', checkoutBase: 'https://checkout.example', children: 'Pay' };
export const hooks: [typeof useOjaCheckout, typeof OjaCheckoutButton, OjaCheckout['status'] | undefined] = [useOjaCheckout, OjaCheckoutButton, undefined];
console.log(props);
`,
      );
      const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
      const args = [...strictConsumerFlags({ lib: 'es2022,dom', types: 'react' }), 'consumer.ts'];
      let output = '';
      try {
        execFileSync(process.execPath, [tsc, ...args], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      } catch (e) {
        output = String((e as { stdout?: string }).stdout);
      }
      expect(output).toBe('');
    },
    PACK_TIMEOUT_MS,
  );
});
