// A shop on React 18 and one on React 19 install @oja/sdk as a registry serves it (issue 33): its packed tarball
// beside React from the npm registry, with npm's default peer checks (an ERESOLVE fails the install), then its React
// entry renders the shop's pay button on the server with that React.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** Packing the SDK and two installs from the registry (npm's cache helps the second): well under this. */
const INSTALL_TIMEOUT_MS = 240_000;
const root = path.resolve(import.meta.dirname, '..');
let work = '';
let tarball = '';

/** The shop's page: OjaCheckoutButton rendered to HTML with the installed React; answers what it printed. */
const RENDER = `
import React, { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { OjaCheckoutButton } from '@oja/sdk/react';
const request = { merchant_code: 'MX_DEMO', pay_item_id: 'Default_Payable_MX_DEMO', txn_ref: 'ORDER-18', amount: 150000, currency: '566' };
const html = renderToString(createElement(OjaCheckoutButton, { request, mode: 'TEST', checkoutBase: 'https://checkout.example', className: 'pay' }, 'Pay now'));
console.log(JSON.stringify({ react: React.version, html }));
`;

beforeAll(() => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-sdk-react-'));
  const [packed] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', work, '-w', '@oja/sdk'], {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as Array<{ filename: string }>;
  tarball = path.join(work, packed.filename);
}, INSTALL_TIMEOUT_MS);

afterAll(() => {
  if (work) fs.rmSync(work, { recursive: true, force: true });
});

describe('@oja/sdk in a React shop', () => {
  it.each(['18', '19'])(
    "installs beside React %s with npm's peer checks, and renders the pay button",
    (major) => {
      const shop = path.join(work, `shop-react-${major}`);
      fs.mkdirSync(shop);
      fs.writeFileSync(path.join(shop, 'package.json'), JSON.stringify({ name: `shop-react-${major}`, private: true, type: 'module' }));
      execFileSync('npm', ['install', '--no-audit', '--no-fund', '--no-package-lock', `react@${major}`, `react-dom@${major}`, tarball], {
        cwd: shop,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      fs.writeFileSync(path.join(shop, 'render.mjs'), RENDER);
      const out = JSON.parse(execFileSync(process.execPath, ['render.mjs'], { cwd: shop, encoding: 'utf8' }));
      expect(out.react.split('.')[0]).toBe(major);
      expect(out.html).toMatch(/^<button type="button" class="pay"[^>]*>Pay now<\/button>$/);
      expect(out.html).toContain('aria-busy="false"');
    },
    INSTALL_TIMEOUT_MS,
  );
});
