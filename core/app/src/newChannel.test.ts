// @vitest-environment node
// A channel is one folder and one line of oja.config.json: the fixture channel `@acme/oja-channel-zap`
// (fixtures/zap), written as an outside author would, installed in an app with that line alone, is offered by the
// registry, the sandbox and the server's first screen; a market of its own is one more entry of the config's data.
// No list kept by hand anywhere names it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRegistry, planPayment } from '@oja/core';
import type { MarketRule } from '@oja/core';
import { embeddedSandbox } from '@oja/sandbox';
import { createCheckoutServer } from '@oja/server';
import { sampleProps } from '@oja/testing';
import { APP_ROOT, loadInstalled } from './config';
import type { Installed } from './config';

const ZAP = '@acme/oja-channel-zap';
const FIXTURE = path.join(import.meta.dirname, 'fixtures/zap');
/** A market of the fixture's own, in the config's data: only the card and Zap in "Zapland". */
const ZAPLAND: MarketRule = { id: 'zapland', when: [{ country: ['ZL'] }], only: ['ZAP'] };

let root: string;
let installed: Installed;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-new-channel-'));
  const config = JSON.parse(fs.readFileSync(path.join(APP_ROOT, 'oja.config.json'), 'utf8'));
  // The one line: the package's name in "channels" (and, for a market of its own, one entry of "markets").
  config.channels.push(ZAP);
  config.markets.push(ZAPLAND);
  fs.writeFileSync(path.join(root, 'oja.config.json'), JSON.stringify(config));
  // Installed as npm would: the app's node_modules holds it (the other packages are found from the repository).
  fs.mkdirSync(path.join(root, 'node_modules/@acme'), { recursive: true });
  fs.symlinkSync(FIXTURE, path.join(root, 'node_modules', ZAP), 'dir');
  installed = await loadInstalled({
    file: path.join(root, 'oja.config.json'),
    load: (name) => (name === ZAP ? import('./fixtures/zap/index') : import(/* @vite-ignore */ name)) as Promise<{ default?: unknown }>,
  });
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const zapPayment = (overrides: Parameters<typeof sampleProps>[0] = {}) =>
  sampleProps({
    paymentChannels: ['CARD', 'TRANSFER', 'ZAP'],
    nonCardOptions: [
      { providerCode: 'TRANSFER', enabled: true },
      { providerCode: 'ZAP', enabled: true },
    ],
    ...overrides,
  });

describe('a new channel: its folder and one line of oja.config.json', () => {
  it('is installed from the config, after the others', () => {
    expect(installed.channels.at(-1)?.id).toBe('zap');
  });

  it('is offered by the registry where the merchant offers it', () => {
    const registry = createRegistry(installed.channels, installed.brandings, { gates: installed.gates, markets: installed.markets });
    const plan = planPayment(registry, zapPayment());
    expect(plan.available).toContain('zap');
    // The spec's markets keep it out of theirs without its knowing; its own market keeps only it and the card.
    expect(planPayment(registry, zapPayment({ currencyCode: '800', countryCode: 'UG' })).available).not.toContain('zap');
    expect(planPayment(registry, zapPayment({ countryCode: 'ZL' })).available).toEqual(['card', 'zap']);
  });

  it('is offered by the sandbox in the countries its part names, beside the others', async () => {
    const sandbox = embeddedSandbox(installed);
    const payPage = async (country: string) => {
      const reply = await sandbox.handle({
        method: 'POST',
        url: '/api/v1/pay-page',
        headers: { 'content-type': 'application/json' },
        body: {
          merchant_code: 'MX_DEMO',
          pay_item_id: 'P1',
          txn_ref: `ZAP-${country}`,
          amount: '1000',
          currency: '566',
          site_redirect_url: 'http://127.0.0.1:4401/r',
          country,
        },
      });
      return JSON.parse(reply && 'body' in reply ? reply.body : '{}').paymentChannels as string[];
    };
    expect(await payPage('ZL')).toEqual(['ZAP']);
    expect(await payPage('NG')).toContain('ZAP');
  });

  it("is a row of the server's first screen, linked to its route", async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-new-channel-build-'));
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'manifest.json'), JSON.stringify({ js: '/assets/main.js', css: [], screens: {} }));
    const channels = installed.channels.filter((c) => ['card', 'zap'].includes(c.id));
    const checkout = createCheckoutServer({
      channels,
      brandings: installed.brandings,
      markets: installed.markets,
      clientDir,
      env: {},
      embedded: embeddedSandbox({ channels }),
    });
    await new Promise<void>((resolve) => checkout.server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(checkout.server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          merchant_code: 'MX_DEMO',
          pay_item_id: 'Default_Payable_MX_DEMO',
          txn_ref: 'ZAP-PAGE-1',
          amount: '150000',
          currency: '566',
          site_redirect_url: 'http://127.0.0.1:4401/return',
          channels: 'CARD,ZAP',
        }),
      });
      const html = await res.text();
      expect(res.status).toBe(200);
      expect(html).toContain('Pay with Zap');
      expect(html).toMatch(/href="\/payment\/zap\?p=[\w-]+"/);
    } finally {
      checkout.server.closeAllConnections();
      await new Promise<void>((resolve) => checkout.server.close(() => resolve()));
      await checkout.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
    }
  });
});
