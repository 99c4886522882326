// `npm run design-shots -- --before <rev> --after <rev|worktree>`: the before and after pictures of issue 34's ten
// most visible items for the design page (docs/contributors/design.md). Each side is a tree: a git revision, checked
// out in a temporary worktree (npm ci, its own static Storybook, and its own build when a shot needs a real page),
// or this worktree as it is. A shot is a story shot as the gallery shoots it (scripts/gallery/shoot.mjs), in English,
// under the default branding, or a real page of the built server with its sandbox; it is written as a small indexed
// PNG into docs/design/, with docs/design/shots.json, and the page's table between its markers is written anew.
// Without --before the last before pictures are kept (re-take the after ones alone).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, findChromium } from '../bin/chromium.mjs';
import { storiesOf, viewportOf } from './matrix.mjs';
import { smallPng } from './png.mjs';
import { render } from './shoot.mjs';
import { buildStorybook, isUpToDate, newestSourceMs, serveStatic } from './storybook.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the pictures and their record go, and the page whose table they fill. */
export const DESIGN_DIR = 'docs/design';
export const DESIGN_PAGE = 'docs/contributors/design.md';
export const MANIFEST = 'shots.json';
export const START_MARKER = '<!-- design-shots:start (written by npm run design-shots) -->';
export const END_MARKER = '<!-- design-shots:end -->';
/** A picture's ceiling, bytes: its colours are halved until it fits. */
export const PNG_MAX_BYTES = 60_000;
/** A phone shot is the whole page up to this height, px (a longer page is cut there). */
export const PHONE_MAX_HEIGHT_PX = 1_100;
/** A desktop shot is drawn at this share of its size. */
export const DESKTOP_SCALE = 0.5;
/** The real pages' payment: the sandbox's demo merchant (core/sandbox), NGN 1,500.00. */
const DEMO_PAYMENT = {
  merchant_code: 'MX_DEMO',
  pay_item_id: 'Default_Payable_MX_DEMO',
  amount: '150000',
  currency: '566',
  cust_email: 'ada@example.com',
  cust_name: 'Ada Obi',
};
/** How long a real page may take to show its state, ms. */
const PAGE_MS = 30_000;

/**
 * Real pages of the built server, for what no story shows: what each opens and waits for. `method-list`: a payment
 * offering every channel of the country, on its list. `google-pay-sheet`: Google Pay's screen with the sandbox's
 * stand-in sheet open (a story has no sandbox behind it). `inline-demo`: the demo store's "Pay inline", the checkout
 * in its overlay with the sandbox's demo settings.
 */
export const PAGES = {
  'method-list': 'the real method list (GET /pay, every channel of the country, the sandbox)',
  'google-pay-sheet': "the real Google Pay screen (GOOGLE_PAY only) with the sandbox's stand-in sheet open",
  'inline-demo': "the real INLINE overlay over the demo store (transfer only), with the sandbox's demo settings",
};

/**
 * Issue 34's ten most visible items, most visible first: each with the shots that show it. A shot names stories in
 * order of preference (the first the side's Storybook has is shot; a later one is "the nearest equivalent", said so
 * on the page) and, where no story shows it, a real page. English, the default branding; 360 px unless the item is
 * about a desktop. A story that comes with a fix is named first, before the one that stands in for it until then.
 */
export const DESIGN_ITEMS = [
  {
    item: 1,
    title: "The failure view's alternatives and pay on credit's lists: whole rows, the rest scrolls",
    shots: [
      // The stories of many rows come with the fix; before it, the nearest show fewer.
      { stories: ['core-result-screen--failed-many-alternatives', 'core-result-screen--failed-with-alternatives'], width: 360 },
      { stories: ['channels-pay-on-credit--offers-many', 'channels-pay-on-credit--offers-all'], width: 360 },
    ],
  },
  {
    item: 2,
    title: 'The method list at a phone width: every channel, dense but 44 px rows',
    shots: [{ stories: [], page: 'method-list', width: 360 }],
  },
  {
    item: 3,
    title: "INLINE: the demo settings inside the checkout's card, not on the merchant's scrim",
    shots: [{ stories: [], page: 'inline-demo', width: 1280 }],
  },
  {
    item: 4,
    title: "One success language: the result screen, MoMo and Pocket's own success, the revenue page's",
    shots: [
      { stories: ['core-result-screen--success-redirect'], width: 360 },
      { stories: ['channels-momo--success-receipt', 'channels-momo--success'], width: 360 },
      { stories: ['pages-revenue--success'], width: 360 },
    ],
  },
  {
    item: 5,
    title: 'The revenue flow (form and its side panel) and its receipt',
    shots: [
      { stories: ['pages-revenue--form'], width: 1280 },
      { stories: ['pages-revenue--paid', 'pages-revenue--success'], width: 360 },
    ],
  },
  {
    item: 6,
    title: "Amounts formatted one way everywhere (Google Pay's sandbox sheet grouped thousands)",
    // The sheet is the sandbox's stand-in of Google's script, which only the real page loads.
    shots: [{ stories: [], page: 'google-pay-sheet', width: 360 }],
  },
  {
    item: 7,
    title: 'Escrow shows the amount and the payee on the screen that hides the header',
    shots: [{ stories: ['gates-escrow--terms'], width: 360 }],
  },
  {
    item: 8,
    title: "The customer wallets' list: each provider's mark",
    shots: [{ stories: ['channels-customer-wallets-list--list'], width: 360 }],
  },
  {
    item: 9,
    title: "A decline in the method's own words (QR, OPay, PalmPay, eNaira), not the card's",
    shots: [{ stories: ['channels-qr--payment-failed'], width: 360 }],
  },
  {
    item: 10,
    title: 'One way back per screen, not a stack of exits',

    shots: [{ stories: ['channels-pay-with-app--five-digit-code-mobile'], width: 360 }],
  },
];

/** `--before <rev>`, `--after <rev|worktree>` (default worktree), `--items 1,4` (default all), `--keep` (the worktrees). */
export function parseDesignOptions(argv) {
  const o = { after: 'worktree', items: DESIGN_ITEMS.map((i) => i.item), keep: false };
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m) throw new Error(`Unexpected argument "${argv[i]}"`);
    const [, name, inline] = m;
    if (name === 'keep') {
      o.keep = true;
      continue;
    }
    if (!['before', 'after', 'items'].includes(name)) throw new Error(`Unknown option --${name}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
    if (name === 'items') {
      o.items = value.split(',').map((v) => {
        const n = Number(v.trim());
        if (!DESIGN_ITEMS.some((d) => d.item === n)) throw new Error(`Unknown item "${v}": one of ${DESIGN_ITEMS.map((d) => d.item).join(', ')}`);
        return n;
      });
    } else o[name] = value;
  }
  if (o.after === 'worktree' && o.before === 'worktree') throw new Error('--before names a git revision');
  return o;
}

/** A picture's file in docs/design/: item, shot and side. */
export function pictureOf(item, k, side) {
  return `item-${String(item).padStart(2, '0')}-${k + 1}-${side}.png`;
}

/**
 * What a side shoots for an item's shot, given the stories its Storybook has: the first story it has (`nearest`
 * when not the first wanted), else the real page, else nothing (`missing`).
 */
export function resolveShot(shot, storyIds) {
  const found = shot.stories.find((id) => storyIds.has(id));
  if (found) return { kind: 'story', id: found, width: shot.width, nearest: found !== shot.stories[0] ? shot.stories[0] : undefined };
  if (shot.page) return { kind: 'page', page: shot.page, width: shot.width, nearest: shot.stories[0] };
  return { kind: 'missing', width: shot.width, nearest: shot.stories[0] };
}

/** Every shot of the chosen items for one side: item, index, what to shoot and the picture's file. */
export function plan(items, storyIds, side) {
  return DESIGN_ITEMS.filter((d) => items.includes(d.item)).flatMap((d) =>
    d.shots.map((shot, k) => ({ item: d.item, k, file: pictureOf(d.item, k, side), ...resolveShot(shot, storyIds) })),
  );
}

/** How a shot was taken, in a few words: the story or page, the width, and a stand-in named as such. */
export function describeShot(s) {
  const what = s.kind === 'story' ? `story \`${s.id}\`` : s.kind === 'page' ? PAGES[s.page] : 'nothing (no such state)';
  const stand = s.nearest && s.kind !== 'missing' ? ` (nearest to \`${s.nearest}\`, which this tree does not have)` : '';
  return `${what}, ${s.width} px${stand}`;
}

const altOf = (d, s, side) => `Item ${d.item} ${side}: ${s.kind === 'story' ? s.id : s.kind === 'page' ? s.page : 'not shown'}, ${s.width} px`;

/**
 * The page's table: a row per item, the before and after pictures side by side (images relative to `imageBase`),
 * then how each side was shot wherever a story stood in for another or a real page was used.
 */
export function designFragment(manifest, imageBase) {
  const { before, after } = manifest;
  const rev = (side) => {
    if (!side) return 'not shot';
    const short = side.sha?.slice(0, 7);
    return `\`${side.label}\`${short && !side.label.includes(short) ? ` (${short})` : ''}`;
  };
  const cell = (d, side, name) =>
    (side?.shots ?? [])
      .filter((s) => s.item === d.item)
      .map((s) => (s.kind === 'missing' || !s.bytes ? '(no such state)' : `![${altOf(d, s, name)}](${imageBase}/${s.file})`))
      .join(' ') || '(not shot)';
  const rows = DESIGN_ITEMS.map((d) => `| ${d.item} | ${d.title} | ${cell(d, before, 'before')} | ${cell(d, after, 'after')} |`);
  // A shot that is not the story named first, said once when both sides took it alike.
  const noteOf = (s) =>
    s && (s.kind !== 'story' || s.nearest || s.problem)
      ? `${describeShot(s)}${s.problem ? `; did not render cleanly: ${s.problem}` : ''}`
      : undefined;
  const find = (side, item, k) => side?.shots.find((s) => s.item === item && s.k === k);
  const notes = [];
  for (const d of DESIGN_ITEMS)
    d.shots.forEach((_, k) => {
      const [b, a] = [noteOf(find(before, d.item, k)), noteOf(find(after, d.item, k))];
      const n = d.shots.length > 1 ? `${d.item}.${k + 1}` : `${d.item}`;
      if (b && b === a) notes.push(`- Item ${n}, before and after: ${b}.`);
      else {
        if (b) notes.push(`- Item ${n}, before: ${b}.`);
        if (a) notes.push(`- Item ${n}, after: ${a}.`);
      }
    });
  return [
    `Before: ${rev(before)}${before?.shotAt ? `, shot ${before.shotAt}` : ''}. After: ${rev(after)}${after?.shotAt ? `, shot ${after.shotAt}` : ''}. English, the default branding; a phone is 360 px wide (the whole page, cut at ${PHONE_MAX_HEIGHT_PX} px), a desktop 1280 × 800 shown at half size.`,
    '',
    '| # | item | before | after |',
    '|---:|---|---|---|',
    ...rows,
    ...(notes.length ? ['', 'Shots that are a real page, or not the story named first:', '', ...notes] : []),
  ].join('\n');
}

/** The page with its table (between the markers) replaced by the fragment; the page must have both markers. */
export function spliceFragment(page, fragment) {
  const start = page.indexOf(START_MARKER);
  const end = page.indexOf(END_MARKER);
  if (start < 0 || end < start) throw new Error(`${DESIGN_PAGE} has no ${START_MARKER} … ${END_MARKER}`);
  return `${page.slice(0, start + START_MARKER.length)}\n${fragment}\n${page.slice(end)}`;
}

// ---- the trees, the server and the browser (not unit-tested: `npm run design-shots` runs them) ----

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const git = (...args) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

function run(cmd, args, cwd) {
  return new Promise((resolve, reject) => {
    let log = '';
    const child = spawn(cmd, args, { cwd, env: { ...process.env, CI: '1', STORYBOOK_DISABLE_TELEMETRY: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = (c) => {
      log = (log + c.toString()).slice(-6_000);
    };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code} in ${cwd}:\n${log}`))));
  });
}

/** The tree a side is shot from: this worktree, or the revision checked out in a temporary worktree with its dependencies. */
async function treeOf(spec) {
  if (spec === 'worktree')
    return { label: `worktree at ${git('rev-parse', '--short', 'HEAD')}`, sha: git('rev-parse', 'HEAD'), dir: ROOT, temporary: false };
  const sha = git('rev-parse', '--verify', `${spec}^{commit}`);
  const dir = path.join(os.tmpdir(), `oja-design-${sha}`);
  if (!fs.existsSync(path.join(dir, 'package.json'))) {
    console.log(`Checking out ${spec} (${sha.slice(0, 7)}) into ${dir}…`);
    git('worktree', 'add', '--detach', dir, sha);
  }
  if (!fs.existsSync(path.join(dir, 'node_modules', '.package-lock.json'))) {
    console.log('  npm ci…');
    await run('npm', ['ci', '--no-audit', '--no-fund'], dir);
  }
  return { label: spec, sha, dir, temporary: true };
}

/** Its static Storybook, built unless up to date. */
async function storybookOf(tree) {
  const dir = path.join(tree.dir, 'dist/storybook');
  if (!isUpToDate(tree.dir, dir)) {
    console.log(`  building the static Storybook of ${tree.label}…`);
    await buildStorybook(tree.dir, dir);
  }
  return dir;
}

/** Its server build, built unless newer than every source. */
async function serverBuildOf(tree) {
  const server = path.join(tree.dir, 'dist/server/server.mjs');
  if (!fs.existsSync(server) || fs.statSync(server).mtimeMs < newestSourceMs(tree.dir)) {
    console.log(`  building ${tree.label} (npm run build)…`);
    await run('npm', ['run', 'build'], tree.dir);
  }
  return server;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** The built checkout with its sandbox and demo store on free loopback ports, as the e2e tests start it. */
async function startServer(tree, server) {
  const [port, merchantPort, outsidePort] = [await freePort(), await freePort(), await freePort()];
  let log = '';
  const child = spawn(process.execPath, [server], {
    cwd: tree.dir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      MERCHANT_PORT: String(merchantPort),
      OUTSIDE_PORT: String(outsidePort),
      CHECKOUT_API_BASE: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c) => {
    log = (log + c).slice(-4_000);
  });
  child.stderr.on('data', (c) => {
    log = (log + c).slice(-4_000);
  });
  const base = `http://127.0.0.1:${port}`;
  const store = `http://127.0.0.1:${merchantPort}`;
  const until = Date.now() + 20_000;
  for (const url of [`${base}/healthz`, `${store}/`]) {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
      if (Date.now() > until) {
        child.kill('SIGKILL');
        throw new Error(`the server did not answer ${url}:\n${log}`);
      }
      const ok = await fetch(url, { signal: AbortSignal.timeout(1_000) }).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    base,
    store,
    close: async () => {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

/** Opens a real page in its state (PAGES). */
async function openPage(page, server, which) {
  if (which === 'method-list') {
    const fields = { ...DEMO_PAYMENT, txn_ref: `DESIGN-${Date.now().toString(36)}`, site_redirect_url: `${server.store}/return` };
    await page.goto(`${server.base}/pay?${new URLSearchParams(fields)}`);
    await page.getByText('Pay with Card').first().waitFor({ timeout: PAGE_MS });
  } else if (which === 'google-pay-sheet') {
    const fields = {
      ...DEMO_PAYMENT,
      channels: 'GOOGLE_PAY',
      txn_ref: `DESIGN-${Date.now().toString(36)}`,
      site_redirect_url: `${server.store}/return`,
    };
    await page.goto(`${server.base}/pay?${new URLSearchParams(fields)}`);
    const button = page.getByRole('button', { name: 'Pay with Google Pay' });
    const sheet = page.getByRole('dialog', { name: 'Google Pay (sandbox)' });
    // The button answers once the page has hydrated: press until the sheet opens.
    for (const until = Date.now() + PAGE_MS; !(await sheet.isVisible()); ) {
      if (Date.now() > until) throw new Error("the stand-in's sheet never opened");
      await button.click({ timeout: PAGE_MS });
      await sheet.waitFor({ timeout: 1_000 }).catch(() => {});
    }
  } else {
    await page.goto(`${server.store}/`);
    // Transfer only: a short card, its foot (where the demo settings now are) in view.
    await page.locator('#channels').selectOption('TRANSFER');
    await page.getByRole('button', { name: 'Pay inline' }).click();
    const handle = await page.waitForSelector('[data-oja-checkout] iframe', { timeout: PAGE_MS });
    let frame = null;
    for (const until = Date.now() + PAGE_MS; !frame && Date.now() < until; ) {
      frame = await handle.contentFrame();
      if (!frame) await new Promise((r) => setTimeout(r, 100));
    }
    if (!frame) throw new Error('the INLINE frame never loaded');
    await frame.getByRole('button', { name: /Demo settings/ }).waitFor({ timeout: PAGE_MS });
  }
  await page.waitForLoadState('networkidle', { timeout: PAGE_MS }).catch(() => {});
  await page.evaluate(() => document.fonts.ready);
}

/** A screenshot (PNG) as RGBA pixels at a scale, drawn by Chromium's own canvas. */
async function pixelsOf(tool, png, scale) {
  await tool.setContent('<canvas></canvas>');
  return tool.evaluate(
    async ({ src, scale }) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      const w = Math.round(img.naturalWidth * scale);
      const h = Math.round(img.naturalHeight * scale);
      const canvas = document.querySelector('canvas');
      canvas.width = w;
      canvas.height = h;
      const ctx = canvas.getContext('2d');
      ctx.imageSmoothingQuality = 'high';
      ctx.drawImage(img, 0, 0, w, h);
      const data = ctx.getImageData(0, 0, w, h).data;
      let bin = '';
      for (let i = 0; i < data.length; i += 0x8000) bin += String.fromCharCode(...data.subarray(i, i + 0x8000));
      return { width: w, height: h, rgba: btoa(bin) };
    },
    { src: `data:image/png;base64,${png.toString('base64')}`, scale },
  );
}

/** The page as it stands, as a small PNG: a phone's whole page (cut), a desktop's viewport at half size. */
async function picture(page, tool, width) {
  const vp = viewportOf(width);
  const full = vp.fullPage ? await page.evaluate(() => document.documentElement.scrollHeight) : vp.height;
  const height = Math.min(full, vp.fullPage ? PHONE_MAX_HEIGHT_PX : vp.height);
  const png = await page.screenshot({
    type: 'png',
    fullPage: vp.fullPage,
    clip: { x: 0, y: 0, width, height },
    animations: 'disabled',
    caret: 'hide',
  });
  const px = await pixelsOf(tool, png, vp.fullPage ? 1 : DESKTOP_SCALE);
  const rgba = Buffer.from(px.rgba, 'base64');
  for (let colours = 256; ; colours /= 2) {
    const small = smallPng(px.width, px.height, rgba, colours);
    if (small.length <= PNG_MAX_BYTES || colours <= 16) return small;
  }
}

/** Shoots one side's plan into the design folder; answers the side's record. */
async function shootSide(tree, shots, out, browser) {
  const storyIds = new Set();
  const sb = await storybookOf(tree);
  for (const s of storiesOf(JSON.parse(fs.readFileSync(path.join(sb, 'index.json'), 'utf8')))) storyIds.add(s.id);
  const planned = shots(storyIds);
  const site = await serveStatic(sb);
  const server = planned.some((s) => s.kind === 'page') ? await startServer(tree, await serverBuildOf(tree)) : undefined;
  const context = await browser.newContext({ deviceScaleFactor: 1, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const tool = await context.newPage();
  const taken = [];
  try {
    for (const s of planned) {
      const target = path.join(out, s.file);
      fs.rmSync(target, { force: true });
      if (s.kind === 'missing') {
        taken.push(s);
        continue;
      }
      try {
        let problem;
        if (s.kind === 'story') {
          const seen = await render(page, site.base, { id: s.id, locale: 'en', branding: 'default', width: s.width });
          problem = seen.problem;
        } else {
          const vp = viewportOf(s.width);
          await page.setViewportSize({ width: vp.width, height: vp.height });
          await openPage(page, server, s.page);
        }
        const png = await picture(page, tool, s.width);
        fs.writeFileSync(target, png);
        taken.push({ ...s, bytes: png.length, problem });
        console.log(`  item ${s.item}.${s.k + 1}: ${describeShot(s)}, ${(png.length / 1024).toFixed(0)} KB${problem ? ` (${problem})` : ''}`);
      } catch (e) {
        taken.push({ ...s, problem: e.message.split('\n')[0] });
        console.log(`  item ${s.item}.${s.k + 1}: failed: ${e.message.split('\n')[0]}`);
      }
    }
  } finally {
    await context.close();
    await site.close();
    await server?.close();
  }
  return { label: tree.label, sha: tree.sha, shotAt: `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`, shots: taken };
}

export async function runDesign(argv) {
  const o = parseDesignOptions(argv);
  const out = path.join(ROOT, DESIGN_DIR);
  const manifestFile = path.join(out, MANIFEST);
  const manifest = fs.existsSync(manifestFile) ? JSON.parse(fs.readFileSync(manifestFile, 'utf8')) : {};
  const chromiumPath = findChromium();
  if (!chromiumPath) throw new Error('No Chromium found: install Debian\'s "chromium" package or set CHROMIUM_PATH.');
  fs.mkdirSync(out, { recursive: true });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: chromiumPath, args: [...CHROMIUM_ARGS] });
  const temporary = [];
  try {
    for (const [side, spec] of [
      ['before', o.before],
      ['after', o.after],
    ]) {
      if (!spec) continue;
      const started = Date.now();
      const tree = await treeOf(spec);
      if (tree.temporary) temporary.push(tree);
      console.log(`Shooting ${side} from ${tree.label}…`);
      const record = await shootSide(tree, (ids) => plan(o.items, ids, side), out, browser);
      // Items not shot this time keep their last pictures.
      const kept = (manifest[side]?.shots ?? []).filter((s) => !o.items.includes(s.item));
      manifest[side] = { ...record, shots: [...kept, ...record.shots].sort((a, b) => a.item - b.item || a.k - b.k) };
      console.log(`  ${side} done in ${seconds(Date.now() - started)}`);
    }
  } finally {
    await browser.close();
    if (!o.keep)
      for (const t of temporary) {
        git('worktree', 'remove', '--force', t.dir);
      }
  }
  // Two spaces, as the formatter (biome) writes JSON.
  fs.writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  // Pictures of shots no longer listed (an item's shots changed) go.
  const listed = new Set(['before', 'after'].flatMap((side) => (manifest[side]?.shots ?? []).map((s) => s.file)));
  for (const f of fs.readdirSync(out)) if (f.endsWith('.png') && !listed.has(f)) fs.rmSync(path.join(out, f));
  const pageFile = path.join(ROOT, DESIGN_PAGE);
  const imageBase = path.posix.relative(path.posix.dirname(DESIGN_PAGE), DESIGN_DIR);
  fs.writeFileSync(pageFile, spliceFragment(fs.readFileSync(pageFile, 'utf8'), designFragment(manifest, imageBase)));
  const failed = ['before', 'after'].flatMap((side) =>
    (manifest[side]?.shots ?? []).filter((s) => s.problem).map((s) => `${side} ${s.item}.${s.k + 1}: ${s.problem}`),
  );
  for (const f of failed) console.log(`  not clean: ${f}`);
  console.log(`Pictures in ${DESIGN_DIR}/, the table in ${DESIGN_PAGE}`);
  return failed.length ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runDesign(process.argv.slice(2)).then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      console.error(`design-shots: ${e.message}`);
      process.exitCode = 2;
    },
  );
}
