// Issues 12 and 33, as an acquirer would do it: a local npm registry (Verdaccio) gets every released Oja package,
// versioned with changesets and published; an empty folder becomes a checkout from that registry alone; the
// acquirer's own branding (HALO's sources renamed ACME) and an outside channel (Zap, the transfer channel's sources
// renamed), each in a folder of its own, install @oja/build from the registry and build with `npx oja-build` against the
// installed @oja/core, are published to the same registry and installed from it;
// oja.config.json lists them; the app's own build; then payments in Chromium under that branding and through that
// channel (scripts/test/acquirer-app.mjs makes the app, scripts/test/registry.mjs runs the registry).
import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ACME, ZAP, makeAcquirerApp } from '../scripts/test/acquirer-app.mjs';
import { releasedPackages } from '../scripts/build/packages.mjs';
import { freePort } from '../scripts/test/redis-server.mjs';
import { strictConsumerFlags } from '../scripts/test/strict-consumer';
import { MERCHANT_CODE, submitForm, transfer, txnRef, useBrowser } from './helpers';

/**
 * Releasing 30 packages to the registry, installing from it, building and publishing two outside packages and the
 * app's build: about 75 s on a busy machine.
 */
const MAKE_TIMEOUT_MS = 300_000;
/** How long the app's server may take to answer /healthz, ms. */
const START_TIMEOUT_MS = 20_000;
const HOST = '127.0.0.1';
const root = path.resolve(import.meta.dirname, '..');
/** The export targets a consumer resolves: every condition's but the workspace's sources. */
function builtTargets(entry: unknown): string[] {
  if (typeof entry === 'string') return [entry];
  if (!entry || typeof entry !== 'object') return [];
  return Object.entries(entry).flatMap(([condition, target]) => (condition === 'oja-source' ? [] : builtTargets(target)));
}

const b = useBrowser();

let made: Awaited<ReturnType<typeof makeAcquirerApp>>;
let child: ChildProcess;
let output = '';
let checkout = '';
let store = '';

async function waitFor(url: string): Promise<void> {
  const until = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the acquirer's server exited (${child.exitCode}):\n${output}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the acquirer's server did not answer ${url}:\n${output}`);
}

beforeAll(async () => {
  made = await makeAcquirerApp();
  const [port, merchantPort, outsidePort] = [await freePort(), await freePort(), await freePort()];
  child = spawn(process.execPath, [made.server], {
    cwd: made.app,
    env: { ...process.env, HOST, PORT: String(port), MERCHANT_PORT: String(merchantPort), OUTSIDE_PORT: String(outsidePort), CHECKOUT_API_BASE: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-8_000)));
  child.stderr!.on('data', (c: Buffer) => (output = (output + c.toString()).slice(-8_000)));
  checkout = `http://${HOST}:${port}`;
  store = `http://${HOST}:${merchantPort}`;
  await waitFor(`${checkout}/healthz`);
  await waitFor(`${store}/results.json`);
}, MAKE_TIMEOUT_MS);

afterAll(async () => {
  child?.kill('SIGKILL');
  await made?.close();
});

/** Opens a payment from the store's origin with a form POST, as a merchant's page does. */
async function pay(page: Page, label: string, extra: Record<string, string> = {}): Promise<string> {
  const ref = txnRef(label);
  await page.goto(`${store}/`);
  const fields = {
    merchant_code: MERCHANT_CODE,
    pay_item_id: 'Default_Payable_MX_DEMO',
    txn_ref: ref,
    amount: '150000',
    currency: '566',
    site_redirect_url: `${store}/return`,
    cust_email: 'ada@example.com',
    cust_name: 'Ada Obi',
    ...extra,
  };
  await Promise.all([page.waitForURL(`${checkout}/**`), submitForm(page, `${checkout}/pay`, fields)]);
  return ref;
}

/** Settles a waiting payment with the sandbox's simulate control; the store hears 00, once. */
async function simulateSuccess(page: Page, ref: string): Promise<void> {
  await page.getByRole('timer').waitFor();
  await Promise.all([page.waitForURL(`${store}/return`), page.getByRole('button', { name: 'Simulate success' }).click()]);
  await expect.poll(() => page.locator('h1').getAttribute('data-resp')).toBe('00');
  const results = (await (await fetch(`${store}/results.json`)).json()) as { fields: Record<string, string> }[];
  expect(results.filter((r) => r.fields.txnref === ref).map((r) => r.fields.resp)).toEqual(['00']);
}

/** The value of a design token on the page's themed root. */
const token = (page: Page, name: string) =>
  page.evaluate((n) => {
    // The shell's outermost element wears the branding's class (core/src/shell/App.tsx).
    const themed = document.querySelector('[data-sandbox]')!;
    return getComputedStyle(themed).getPropertyValue(n).trim();
  }, name);

describe("an acquirer's checkout, assembled from a registry", () => {
  it('published every released package with its changesets applied, and installed Oja and the outside packages from the registry alone', () => {
    const released = releasedPackages(root).map(
      (d) => JSON.parse(fs.readFileSync(path.join(d, 'package.json'), 'utf8')) as { name: string; version: string },
    );
    expect(Object.keys(made.published).sort()).toEqual(released.map((p) => p.name).sort());
    // Every package a waiting changeset names is published past the workspace's version (changeset version ran).
    const named = new Set(
      fs
        .readdirSync(path.join(root, '.changeset'))
        .filter((f) => f.endsWith('.md') && f !== 'README.md')
        .flatMap((f) =>
          [...fs.readFileSync(path.join(root, '.changeset', f), 'utf8').matchAll(/^"(@oja\/[\w-]+)": (?:major|minor|patch)$/gm)].map((m) => m[1]),
        ),
    );
    for (const { name, version } of released.filter((p) => named.has(p.name)))
      expect(made.published[name].localeCompare(version, 'en', { numeric: true }), `${name} ${version} → ${made.published[name]}`).toBe(1);
    const lock = JSON.parse(fs.readFileSync(path.join(made.app, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; resolved?: string; link?: boolean }>;
    };
    const modules = path.join(made.app, 'node_modules');
    for (const name of ['@oja/core', '@oja/transfer', '@oja/server', '@oja/sdk', ACME.name, ZAP.name]) {
      const dir = path.join(modules, name);
      // A real folder, fetched from the local registry: not a link into a workspace, not a tarball on disk.
      expect(fs.lstatSync(dir).isSymbolicLink(), name).toBe(false);
      expect(lock.packages[`node_modules/${name}`]?.resolved, name).toMatch(new RegExp(`^${made.registry}`));
      expect(fs.existsSync(path.join(dir, 'src')), `${name} ships no sources`).toBe(false);
      expect(fs.existsSync(path.join(dir, 'dist/index.js')), `${name} ships dist/index.js`).toBe(true);
    }
    // The outside packages as `npx oja-build` built them: linaria's styles extracted to stylesheets, no `css` tag left.
    for (const name of [ACME.name, ZAP.name]) {
      const built = fs.readdirSync(path.join(modules, name, 'dist'));
      expect(built.filter((f) => f.endsWith('.css')).length, name).toBeGreaterThan(0);
      for (const f of built.filter((f) => f.endsWith('.js')))
        expect(fs.readFileSync(path.join(modules, name, 'dist', f), 'utf8'), `${name} ${f}`).not.toMatch(/\bcss`|@linaria\/core/);
    }
    for (const name of Object.keys(made.published).filter((n) => lock.packages[`node_modules/${n}`]))
      expect(lock.packages[`node_modules/${name}`].version, name).toBe(made.published[name]);
    const manifest = JSON.parse(fs.readFileSync(path.join(made.app, 'dist/client/manifest.json'), 'utf8'));
    // The lazy screen is named by its package, its strings stay with the server (scripts/build/chunks.mjs).
    expect(manifest.screens.transfer.js).toMatch(/^\/assets\/channel-oja-transfer-Screen-/);
    expect(manifest.screens.transfer.css).toMatch(/^\/assets\/channel-oja-transfer-Screen-.*\.css$/);
    expect(manifest.screens[ZAP.id].js).toMatch(/^\/assets\/channel-acme-oja-channel-zap-Screen-/);
    // The installed channel's initial-route strings (its dist/messages.js) come with the page, not in the scripts:
    // the row's title is in none of the initial route's modules, in either language.
    const initial = (manifest.entryModules as string[]).map((m) => fs.readFileSync(path.join(made.app, 'dist/client', m), 'utf8')).join('\n');
    expect(initial).not.toContain('Pay with Transfer');
    expect(initial).not.toContain('Payer par virement');
  });

  it('type-checks a consumer of the installed declarations under nodenext with strict flags, libraries checked too', () => {
    fs.writeFileSync(
      path.join(made.app, 'consumer.ts'),
      [
        "import type { ChannelPlugin } from '@oja/core';",
        "import { createSandbox } from '@oja/sandbox';",
        "import transfer from '@oja/transfer';",
        `import acme from '${ACME.name}';`,
        `import zap from '${ZAP.name}';`,
        'const plugins: ChannelPlugin[] = [transfer, zap];',
        'export const names = [...plugins.map((p) => p.id), acme.acquirer, typeof createSandbox];',
        '',
      ].join('\n'),
    );
    const tsc = path.join(made.app, 'node_modules/typescript/bin/tsc');
    expect(() =>
      execFileSync(process.execPath, [tsc, ...strictConsumerFlags({ lib: 'es2023,dom', types: 'node', jsx: true }), 'consumer.ts'], {
        cwd: made.app,
        encoding: 'utf8',
        stdio: 'pipe',
      }),
    ).not.toThrow();
  });

  it('every released package packs its built files and no sources, tests or stories; every export it names is in it', () => {
    const dirs = releasedPackages(root);
    // By name: a folder would select the workspaces nested in it too (core/ holds the ground floor's packages).
    const names = dirs.map((d) => JSON.parse(fs.readFileSync(path.join(d, 'package.json'), 'utf8')).name as string);
    const packed = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--json', ...names.flatMap((n) => ['-w', n])], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    ) as { name: string; files: { path: string }[] }[];
    expect(packed.map((p) => p.name).sort()).toEqual([...names].sort());
    for (const { name, files } of packed) {
      const paths = files.map((f) => f.path);
      const dir = dirs.find((d) => JSON.parse(fs.readFileSync(path.join(d, 'package.json'), 'utf8')).name === name)!;
      const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports: object; files: string[] };
      // Built packages ship dist/; @oja/build, plain modules, its bin/ and lib/ (what `files` names).
      const folders = manifest.files.filter((f) => !f.includes('.') && !f.startsWith('!'));
      expect(
        paths.filter((f) => !folders.some((d) => f.startsWith(`${d}/`)) && !/^(package\.json|LICENSE|README\.md|[\w-]+\.schema\.json)$/.test(f)),
        name,
      ).toEqual([]);
      expect(
        paths.filter((f) => /\.(test|stories|e2e)\.|\.tsx?$/.test(f) && !f.endsWith('.d.ts')),
        name,
      ).toEqual([]);
      for (const target of Object.values(manifest.exports).flatMap(builtTargets))
        expect(paths, `${name} exports ${target}`).toContain(target.replace(/^\.\//, ''));
    }
  });

  it('pays by transfer under the ACME branding: its logo and colours, the account, and 00 back at the store', async () => {
    const page = await b.newPage();
    const ref = await pay(page, 'acme', { acquirer: ACME.acquirer });
    if (!new URL(page.url()).pathname.startsWith('/payment/transfer')) await page.getByRole('link', { name: /Pay with Transfer/ }).click();
    await page.waitForURL((u) => u.origin === checkout && u.pathname === '/payment/transfer');
    await page.getByRole('img', { name: ACME.acquirer }).first().waitFor();
    // The branding's stylesheet, extracted when its package was built, is on the page.
    await expect.poll(() => token(page, '--oja-primary')).toBe(ACME.primary);

    await transfer.waitForAccount(page);
    await transfer.transferred(page);
    await simulateSuccess(page, ref);
  });

  it('pays through the outside channel: its row in the method list, its screen, settled by the sandbox, and 00 back at the store', async () => {
    const page = await b.newPage();
    const ref = await pay(page, 'zap');
    await page.getByRole('link', { name: /Pay with Transfer/ }).waitFor();
    await Promise.all([
      page.waitForURL((u) => u.origin === checkout && u.pathname === `/payment/${ZAP.id}`),
      page.getByRole('link', { name: new RegExp(ZAP.title) }).click(),
    ]);
    // Its screen (the account its sandbox part generated), then the wait, settled with the sandbox's simulate.
    await page.getByTestId('account-number').waitFor();
    await page.getByRole('button', { name: 'I have transferred' }).click();
    await simulateSuccess(page, ref);
  });

  it("keeps a payment of the outside channel's own market to it, by the config's market alone", async () => {
    const page = await b.newPage();
    // The merchant offers both channels; the market keeps Zap alone, which then opens by itself.
    await pay(page, 'zapland', { country: ZAP.country, channels: `TRANSFER,${ZAP.code}` });
    await page.waitForURL((u) => u.origin === checkout && u.pathname === `/payment/${ZAP.id}`);
    await page.getByTestId('account-number').waitFor();
    expect(await page.getByRole('link', { name: /Pay with Transfer/ }).count()).toBe(0);
  });

  it("shows Oja's own look for a payment of another acquirer, and a failed transfer shows the failure with a retry", async () => {
    const page = await b.newPage();
    await pay(page, 'acme-other', { acquirer: 'HALO' });
    if (!new URL(page.url()).pathname.startsWith('/payment/transfer')) await page.getByRole('link', { name: /Pay with Transfer/ }).click();
    await transfer.waitForAccount(page);
    expect(await page.getByRole('img', { name: ACME.acquirer }).count()).toBe(0);
    expect(await token(page, '--oja-primary')).not.toBe(ACME.primary);
    await transfer.transferred(page);
    await page.getByRole('timer').waitFor();
    await page.getByRole('button', { name: 'Simulate failure' }).click();
    await page.getByText('Payment Failed').waitFor();
    await page.getByRole('button', { name: 'Retry payment' }).waitFor();
  });
});
