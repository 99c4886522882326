// Subresource Integrity and the script inventory (PCI DSS 6.4.3, 11.6.1): every script and stylesheet a built
// page loads, initial or lazy, is in dist/client/script-inventory.json with its hash; the page carries that hash;
// and the browser refuses a file changed on the way.
import fs from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import type { ScriptInventory } from '../scripts/build/inventory.mjs';
import { TEST_CARDS, card, checkoutBase, openPay, payFields, sleep, txnRef, useBrowser, whenHydrated } from './helpers';

const b = useBrowser();
let inventory: ScriptInventory;
/** Integrity by URL, of every script and stylesheet the inventory lists. */
let listed: Map<string, string>;

beforeAll(() => {
  inventory = JSON.parse(fs.readFileSync(path.join(inject('clientDir'), 'script-inventory.json'), 'utf8')) as ScriptInventory;
  listed = new Map([...inventory.scripts, ...inventory.stylesheets].map((e) => [e.url, e.integrity]));
});

const sri = (bytes: Buffer) => `sha256-${createHash('sha256').update(bytes).digest('base64')}`;

/** The scripts, preloads, stylesheets and import map entries of a page's HTML, each with the integrity it names. */
function referencesOf(html: string): Array<{ url: string; integrity: string | undefined; tag: string }> {
  const attr = (tag: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
  const tags = [...html.matchAll(/<(script|link)\b[^>]*>/g)]
    .map((m) => m[0])
    .filter((t) => /\bsrc=|rel="(stylesheet|modulepreload|preload)"/.test(t));
  const refs = tags.map((tag) => ({ url: attr(tag, 'src') ?? attr(tag, 'href')!, integrity: attr(tag, 'integrity'), tag }));
  const map = /<script type="importmap">(.*?)<\/script>/.exec(html)?.[1];
  const fromMap = Object.entries((map ? JSON.parse(map).integrity : {}) as Record<string, string>).map(([url, integrity]) => ({
    url,
    integrity,
    tag: 'importmap',
  }));
  return [...refs, ...fromMap];
}

/**
 * Every stylesheet the page carries inline is a listed file, byte for byte, and its policy admits exactly those by
 * hash (never 'unsafe-inline'). Returns how many it carries.
 */
function expectInlineStylesListed(res: Response, html: string): number {
  const styles = [...html.matchAll(/<style data-href="([^"]+)">([^<]*)<\/style>/g)];
  const policy = res.headers.get('content-security-policy') ?? '';
  for (const [, url, text] of styles) {
    expect(sri(Buffer.from(text, 'utf8')), url).toBe(listed.get(url));
    expect(policy).toContain(`'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`);
  }
  expect(policy).not.toContain('unsafe-inline');
  return styles.length;
}

async function pageHtml(url: string): Promise<string> {
  const res = await fetch(url);
  return res.text();
}

describe('the script inventory', () => {
  it('has a hash and a reason for every script and stylesheet of the build', () => {
    const built = fs
      .readdirSync(path.join(inject('clientDir'), 'assets'))
      .filter((f) => /\.(js|css)$/.test(f))
      .map((f) => `/assets/${f}`);
    expect([...listed.keys()].sort()).toEqual(built.sort());
    for (const e of [...inventory.scripts, ...inventory.stylesheets]) expect(e.why.length, e.url).toBeGreaterThan(10);
    expect(inventory.sandboxScripts.map((s) => s.url)).toEqual([expect.stringContaining('/fp/tags.js'), expect.stringContaining('/gp/p/js/pay.js')]);
  });

  it.each([
    ['the method list of every channel', () => payFields(txnRef('sri-list'), { channels: 'CARD,WALLET,TRANSFER,QR,USSD,PAY_WITH_APP' })],
    ['an Incorrect Transaction page', () => payFields(txnRef('sri-bad'), { amount: '' })],
    ['a ZIB payment', () => payFields(txnRef('sri-zib'), { acquirer: 'ZIB', channels: 'CARD,TRANSFER' })],
  ])('every script and stylesheet of %s carries the inventory hash, and the file served matches it', async (_name, fields) => {
    const refs = referencesOf(await pageHtml(`${checkoutBase()}/pay?${new URLSearchParams(fields())}`));
    expect(refs.filter((r) => r.tag === 'importmap').length).toBeGreaterThan(0);
    for (const r of refs) {
      expect(listed.get(r.url), `${r.url} in the inventory`).toBeDefined();
      expect(r.integrity, r.tag).toBe(listed.get(r.url));
      const served = Buffer.from(await (await fetch(`${checkoutBase()}${r.url}`, { headers: { 'accept-encoding': 'br' } })).arrayBuffer());
      expect(sri(served), `${r.url} as served`).toBe(listed.get(r.url));
    }
  });

  it('a stylesheet the page carries inline is the listed file, byte for byte, and the page allows exactly it', async () => {
    const res = await fetch(`${checkoutBase()}/pay?${new URLSearchParams(payFields(txnRef('sri-inline'), { channels: 'TRANSFER' }))}`);
    // The initial route's stylesheet and the transfer screen's.
    expect(expectInlineStylesListed(res, await res.text())).toBeGreaterThanOrEqual(2);
  });

  it("the page data names the stylesheets of the page's own lazy parts, each with its inventory hash, and no part without one", async () => {
    const envOf = async (fields: Record<string, string>) => {
      const html = await pageHtml(`${checkoutBase()}/pay?${new URLSearchParams(fields)}`);
      const data = JSON.parse(/<script type="application\/json" id="oja-data">(.*?)<\/script>/s.exec(html)![1]) as {
        env: { screenCss: Record<string, string>; integrity?: Record<string, string> };
      };
      return data.env;
    };
    const transfer = await envOf(payFields(txnRef('sri-css-transfer'), { channels: 'TRANSFER' }));
    const every = await envOf(payFields(txnRef('sri-css-list'), { channels: 'CARD,WALLET,TRANSFER,QR,USSD,PAY_WITH_APP' }));
    for (const env of [transfer, every]) {
      for (const [key, url] of Object.entries(env.screenCss)) {
        expect(url, key).toMatch(/^\/assets\/.+\.css$/);
        expect(env.integrity?.[url], key).toBe(listed.get(url));
      }
      expect(Object.keys(env.integrity ?? {}).sort()).toEqual(Object.values(env.screenCss).sort());
    }
    expect(Object.keys(transfer.screenCss)).toContain('transfer');
    expect(Object.keys(transfer.screenCss).filter((k) => k === 'card' || k.startsWith('card-'))).toEqual([]);
    expect(Object.keys(every.screenCss)).toEqual(expect.arrayContaining(['card', 'transfer', 'core-ResultScreen']));
  });

  it("the home page's stylesheet is the listed file, inline, and the page allows exactly it", async () => {
    const res = await fetch(`${checkoutBase()}/`);
    const html = await res.text();
    // A page without a script carries the shell's stylesheet inline as a payment's page does (no linked one).
    expect(expectInlineStylesListed(res, html)).toBeGreaterThan(0);
    // Anything it still links carries its hash.
    for (const r of referencesOf(html)) expect(r.integrity, r.url).toBe(listed.get(r.url));
  });

  it('every script and stylesheet a browser loads through a card payment, lazy ones included, is in it', async () => {
    const page = await b.newPage();
    const loaded = new Set<string>();
    page.on('response', (r) => {
      const u = new URL(r.url());
      if (u.origin === checkoutBase() && u.pathname.startsWith('/assets/')) loaded.add(u.pathname);
    });
    await openPay(page, payFields(txnRef('sri-flow'), { channels: 'CARD,TRANSFER' }));
    await card.choose(page);
    await card.enter(page, TEST_CARDS.threeDs);
    await page
      .frameLocator('[data-testid="issuer-frame"]')
      .getByLabel(/Enter the code/)
      .waitFor();
    expect([...loaded].some((u) => u.includes('card-Screen'))).toBe(true);
    expect([...loaded].some((u) => u.includes('card-crypto'))).toBe(true);
    // The card screen's stylesheet, which the shell inserts from the page data.
    expect([...loaded].some((u) => /card-Screen-.*\.css$/.test(u))).toBe(true);
    for (const u of loaded) expect(listed.has(u), u).toBe(true);
  });
});

describe('a file changed on the way is refused', () => {
  /** Serves the first asset matching `pattern` with something appended (a skimmer, say). */
  async function tamper(page: Page, pattern: RegExp, addition: string): Promise<string[]> {
    const hit: string[] = [];
    await page.route(
      (url) => url.origin === checkoutBase() && pattern.test(url.pathname),
      async (route: Route) => {
        const response = await route.fetch();
        hit.push(new URL(route.request().url()).pathname);
        await route.fulfill({ response, body: `${await response.text()}\n${addition}` });
      },
    );
    return hit;
  }
  const skimmed = (page: Page) => page.evaluate(() => (window as { skimmed?: boolean }).skimmed === true);
  const integrityErrors = (page: Page) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (/integrity/i.test(m.text())) errors.push(m.text());
    });
    return errors;
  };

  it("a lazily loaded screen's chunk: the screen does not load, nothing of it runs", async () => {
    const page = await b.newPage();
    const errors = integrityErrors(page);
    const hit = await tamper(page, /^\/assets\/channel-oja-card-Screen-.*\.js$/, 'window.skimmed = true;');
    await openPay(page, payFields(txnRef('sri-lazy'), { channels: 'CARD,TRANSFER' }));
    await (await whenHydrated(page.getByRole('link', { name: /Pay with Card/ }))).click();
    await page.getByRole('alert').waitFor();
    expect(hit.length).toBeGreaterThan(0);
    expect(await page.getByLabel('Card number').count()).toBe(0);
    expect(await skimmed(page)).toBe(false);
    expect(errors.join('\n')).toMatch(/channel-oja-card-Screen/);
  });

  it('the entry: the page stays as the server rendered it, never hydrated', async () => {
    const page = await b.newPage();
    const errors = integrityErrors(page);
    await tamper(page, /^\/assets\/main-.*\.js$/, 'window.skimmed = true;');
    await openPay(page, payFields(txnRef('sri-entry'), { channels: 'CARD,TRANSFER' }));
    await expect.poll(() => errors.length).toBeGreaterThan(0);
    // Long enough for a page whose entry ran to have hydrated.
    await sleep(1_500);
    expect(await skimmed(page)).toBe(false);
    expect(await page.locator('html[data-hydrated]').count()).toBe(0);
  });

  // The first screen's stylesheets come inline with the page (their hashes in its CSP); the ones the shell links
  // later, such as the result screen's fetched once the page is idle, carry their integrity.
  it('a stylesheet: refused', async () => {
    const page = await b.newPage();
    const errors = integrityErrors(page);
    await tamper(page, /^\/assets\/core-ResultScreen-.*\.css$/, 'body { display: none }');
    await openPay(page, payFields(txnRef('sri-css'), { channels: 'CARD,TRANSFER' }));
    await expect.poll(() => errors.join('\n')).toMatch(/core-ResultScreen-.*\.css/);
    expect(await page.locator('body').isVisible()).toBe(true);
  });
});
