// Byte accounting of the client build for `npm run bench`: the initial route (the entry's JS plus every chunk it
// reaches through static imports, plus the initial stylesheets) and each lazily loaded screen (its JS closure
// minus what the initial route already loaded, plus its own stylesheet), gzip level 9 and brotli quality 11,
// file by file as the server sends them; then the budgets of the developers' guide.
// Plain ESM (no TypeScript) so that bench.mjs runs with node alone; types in bytes.d.mts.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const KiB = 1024;

/** Budgets of the developers' guide (KiB, gzip). */
export const DEFAULT_BUDGETS = Object.freeze({
  initialGzipKiB: 90,
  chunkGzipKiB: 15,
  /** A lazy module whose key or file name contains `match` gets `gzipKiB` instead (the card's encryption chunk). */
  chunkOverrides: Object.freeze([Object.freeze({ match: 'crypto', gzipKiB: 50 })]),
  forbidInitial: Object.freeze(['node-forge', 'qrcode-generator']),
  /** The merchant SDK's script, /inline-checkout.js (issue 5; 6 since issue 31: what Web Checkout merchants rely on, see docs/decisions.md). */
  sdkGzipKiB: 6,
});

export function gzipSize(buf) {
  return zlib.gzipSync(buf, { level: 9 }).length;
}

export function brotliSize(buf) {
  return zlib.brotliCompressSync(buf, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
  }).length;
}

/** Raw, gzip and brotli size of one file. */
export function measureFile(file) {
  const buf = fs.readFileSync(file);
  return { raw: buf.length, gzip: gzipSize(buf), brotli: brotliSize(buf) };
}

const ZERO = Object.freeze({ raw: 0, gzip: 0, brotli: 0 });
const add = (a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, brotli: a.brotli + b.brotli });
const sum = (list) => list.reduce((s, f) => add(s, f), { ...ZERO });

/** npm package name of a metafile input path (…/node_modules/<pkg>/… or …/node_modules/@scope/pkg/…). */
export function packageOf(input) {
  const all = [...String(input).matchAll(/node_modules\/((?:@[^/]+\/)?[^/]+)/g)];
  return all.length ? all[all.length - 1][1] : null;
}

/** The npm packages bundled into the given metafile outputs. */
export function packagesOf(meta, outputKeys) {
  const out = new Set();
  for (const k of outputKeys)
    for (const input of Object.keys(meta.outputs[k]?.inputs ?? {})) {
      const p = packageOf(input);
      if (p) out.add(p);
    }
  return [...out].sort();
}

/** The metafile output key of a URL or file name ("/assets/main-X.js" -> "dist/client/assets/main-X.js"). */
export function outputKeyOf(meta, urlOrName) {
  const base = path.posix.basename(String(urlOrName).split('?')[0]);
  const keys = Object.keys(meta.outputs).filter((k) => path.posix.basename(k) === base);
  if (keys.length > 1) throw new Error(`ambiguous output name ${base}: ${keys.join(', ')}`);
  return keys[0] ?? null;
}

/** The static-import closure of `start` (kind "import-statement" only), skipping anything in `exclude`. */
export function staticClosure(meta, start, exclude = new Set()) {
  const seen = new Set();
  const walk = (k) => {
    if (seen.has(k) || exclude.has(k) || !meta.outputs[k]) return;
    seen.add(k);
    for (const im of meta.outputs[k].imports ?? []) if (im.kind === 'import-statement') walk(im.path);
  };
  walk(start);
  return seen;
}

/** Outputs that the given outputs load with import(). */
export function dynamicTargets(meta, keys) {
  const out = new Set();
  for (const k of keys) for (const im of meta.outputs[k]?.imports ?? []) if (im.kind === 'dynamic-import' && meta.outputs[im.path]) out.add(im.path);
  return out;
}

function budgetFor(names, budgets) {
  const hay = names.map((n) => String(n).toLowerCase());
  const ov = (budgets.chunkOverrides ?? []).find((o) => hay.some((h) => h.includes(String(o.match).toLowerCase())));
  return ov ? { gzipKiB: ov.gzipKiB, rule: ov.match } : { gzipKiB: budgets.chunkGzipKiB, rule: null };
}

/**
 * Accounts the bytes of a build.
 * - `meta`: esbuild metafile of the client build; its output keys are resolved against `root`.
 * - `manifest`: { js, css[], screens: { key: { js, css } } } with URLs whose file names are in `assetsDir`.
 * Lazy outputs that import() reaches but the manifest does not list are accounted too (key = file name).
 */
export function accountBytes({ meta, manifest, root, assetsDir, budgets = DEFAULT_BUDGETS }) {
  const cache = new Map();
  const fileOfKey = (k) => path.resolve(root, k);
  const fileOfUrl = (u) => path.join(assetsDir, path.posix.basename(String(u).split('?')[0]));
  const measure = (file) => {
    if (!cache.has(file)) cache.set(file, measureFile(file));
    return cache.get(file);
  };
  const row = (name, file) => ({ file: name, ...measure(file) });

  const entryKey = outputKeyOf(meta, manifest.js);
  if (!entryKey) throw new Error(`the manifest's entry ${manifest.js} is not an output of the metafile`);

  // Initial route
  const initialSet = staticClosure(meta, entryKey);
  const initialJs = [...initialSet].map((k) => ({ ...row(path.posix.basename(k), fileOfKey(k)), packages: packagesOf(meta, [k]) }));
  const initialCss = (manifest.css ?? []).filter(Boolean).map((u) => row(path.posix.basename(u), fileOfUrl(u)));
  const initialPackages = packagesOf(meta, initialSet);
  const initial = {
    entry: path.posix.basename(entryKey),
    files: { js: initialJs, css: initialCss },
    js: sum(initialJs),
    css: sum(initialCss),
    total: sum([...initialJs, ...initialCss]),
    packages: initialPackages,
    budgetGzipKiB: budgets.initialGzipKiB,
  };

  // Lazy screens
  const lazy = [];
  const listed = new Set();
  for (const [key, screen] of Object.entries(manifest.screens ?? {})) {
    const k = outputKeyOf(meta, screen.js);
    if (!k) throw new Error(`screen ${key}: ${screen.js} is not an output of the metafile`);
    listed.add(k);
    lazy.push({ key, outKey: k, css: screen.css ? [screen.css] : [] });
  }
  // import() targets reachable from the initial route or from a lazy screen, not listed in the manifest
  const queue = [...dynamicTargets(meta, initialSet)];
  for (const l of lazy) for (const t of dynamicTargets(meta, staticClosure(meta, l.outKey, initialSet))) queue.push(t);
  const seenLazy = new Set(listed);
  while (queue.length) {
    const k = queue.shift();
    if (seenLazy.has(k) || initialSet.has(k)) continue;
    seenLazy.add(k);
    lazy.push({ key: path.posix.basename(k), outKey: k, css: [], unlisted: true });
    for (const t of dynamicTargets(meta, staticClosure(meta, k, initialSet))) queue.push(t);
  }

  const chunks = lazy.map(({ key, outKey, css, unlisted }) => {
    const closure = staticClosure(meta, outKey, initialSet);
    const js = [...closure].map((k) => row(path.posix.basename(k), fileOfKey(k)));
    const cssRows = css.filter(Boolean).map((u) => row(path.posix.basename(u), fileOfUrl(u)));
    const budget = budgetFor([key, path.posix.basename(outKey)], budgets);
    return {
      key,
      file: path.posix.basename(outKey),
      ...(unlisted ? { unlisted: true } : {}),
      files: { js, css: cssRows },
      js: sum(js),
      css: sum(cssRows),
      total: sum([...js, ...cssRows]),
      packages: packagesOf(meta, closure),
      budgetGzipKiB: budget.gzipKiB,
      budgetRule: budget.rule,
    };
  });

  const report = { initial, chunks };
  report.violations = checkBudgets(report, budgets);
  return report;
}

/**
 * The merchant SDK's script (dist/client/inline-checkout.js, loaded by merchants' pages, not by the checkout's):
 * its sizes against its own budget.
 */
export function accountSdk(file, budgets = DEFAULT_BUDGETS) {
  return { file: path.basename(file), ...measureFile(file), budgetGzipKiB: budgets.sdkGzipKiB };
}

/** Every budget the report breaks, as readable lines (empty when all is well). */
export function checkBudgets(report, budgets = DEFAULT_BUDGETS) {
  const out = [];
  const kib = (n) => (n / KiB).toFixed(1);
  const { initial } = report;
  if (initial.total.gzip > budgets.initialGzipKiB * KiB) {
    out.push(
      `initial route is ${kib(initial.total.gzip)} KiB gzip (JS ${kib(initial.js.gzip)} + CSS ${kib(initial.css.gzip)}), budget ${budgets.initialGzipKiB} KiB`,
    );
  }
  for (const p of budgets.forbidInitial ?? []) if (initial.packages.includes(p)) out.push(`${p} is on the initial route`);
  if (report.sdk && report.sdk.gzip > budgets.sdkGzipKiB * KiB) {
    out.push(`merchant SDK ${report.sdk.file} is ${kib(report.sdk.gzip)} KiB gzip, budget ${budgets.sdkGzipKiB} KiB`);
  }
  for (const c of report.chunks) {
    const b = budgetFor([c.key, c.file], budgets);
    if (c.total.gzip > b.gzipKiB * KiB) {
      out.push(
        `lazy ${c.key} is ${kib(c.total.gzip)} KiB gzip (JS ${kib(c.js.gzip)} + CSS ${kib(c.css.gzip)}), budget ${b.gzipKiB} KiB${b.rule ? ` (rule "${b.rule}")` : ''}`,
      );
    }
  }
  return out;
}
