import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { accountBytes, accountSdk, checkBudgets, DEFAULT_BUDGETS, gzipSize, KiB, packageOf, staticClosure } from './bytes.mjs';
import type { Manifest, Metafile } from './bytes.mjs';

// A synthetic build: main -> a (static) -> b (static); main -> lazy transfer (import()), which imports a (already on
// the initial route) and its own chunk t; main -> lazy card (import()), which imports card-own; b -> unlisted (import()).
const A = 'dist/client/assets';
const files: Record<string, string | Buffer> = {
  'main-1.js': 'import "./a.js";import("./transfer-1.js");import("./card-1.js");'.repeat(20),
  'a.js': 'export const a = "react stand-in";'.repeat(200),
  'b.js': 'export const b = 1;'.repeat(50),
  'transfer-1.js': 'export const transfer = "screen";'.repeat(30),
  't.js': 'export const t = 2;'.repeat(30),
  'card-1.js': 'export const card = 3;'.repeat(10),
  // incompressible, so that its gzip size is known to be about its raw size
  'card-own.js': randomBytes(20 * KiB),
  'late-1.js': 'export const late = 4;'.repeat(5),
  'main.css': '.m{color:red}'.repeat(100),
  'transfer.css': '.t{color:blue}'.repeat(40),
};
const out = (name: string) => `${A}/${name}`;
const meta: Metafile = {
  outputs: {
    [out('main-1.js')]: {
      entryPoint: 'core/app/src/client.tsx',
      inputs: { 'core/app/src/client.tsx': {} },
      imports: [
        { path: out('a.js'), kind: 'import-statement' },
        { path: out('transfer-1.js'), kind: 'dynamic-import' },
        { path: out('card-1.js'), kind: 'dynamic-import' },
      ],
    },
    [out('a.js')]: {
      inputs: { 'node_modules/react/index.js': {}, 'node_modules/@scope/pkg/x.js': {} },
      imports: [{ path: out('b.js'), kind: 'import-statement' }],
    },
    [out('b.js')]: { inputs: { 'core/src/b.ts': {} }, imports: [{ path: out('late-1.js'), kind: 'dynamic-import' }] },
    [out('transfer-1.js')]: {
      entryPoint: 'channels/transfer/src/Screen.tsx',
      inputs: { 'channels/transfer/src/Screen.tsx': {} },
      imports: [
        { path: out('a.js'), kind: 'import-statement' },
        { path: out('t.js'), kind: 'import-statement' },
      ],
    },
    [out('t.js')]: { inputs: { 'channels/transfer/src/t.ts': {} }, imports: [] },
    [out('card-1.js')]: {
      entryPoint: 'channels/card/src/Screen.tsx',
      inputs: { 'channels/card/src/Screen.tsx': {} },
      imports: [{ path: out('card-own.js'), kind: 'import-statement' }],
    },
    [out('card-own.js')]: { inputs: { 'node_modules/node-forge/lib/rsa.js': {} }, imports: [] },
    [out('late-1.js')]: { entryPoint: 'core/src/Late.tsx', inputs: { 'core/src/Late.tsx': {} }, imports: [] },
    // esbuild's own CSS output, deleted by the build: never counted (the manifest's CSS is)
    [out('main-X.css')]: { inputs: {}, imports: [] },
  },
};
const manifest: Manifest = {
  js: '/assets/main-1.js',
  css: ['/assets/main.css'],
  screens: {
    transfer: { js: '/assets/transfer-1.js', css: '/assets/transfer.css' },
    'card-crypto': { js: '/assets/card-1.js', css: '' },
  },
};

let root = '';
let assetsDir = '';
const gz = (name: string) => gzipSize(fs.readFileSync(path.join(assetsDir, name)));

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-bench-bytes-'));
  assetsDir = path.join(root, A);
  fs.mkdirSync(assetsDir, { recursive: true });
  for (const [name, body] of Object.entries(files)) fs.writeFileSync(path.join(assetsDir, name), body);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe('byte accounting', () => {
  it('walks static imports only for the initial route', () => {
    expect([...staticClosure(meta, out('main-1.js'))].sort()).toEqual([out('a.js'), out('b.js'), out('main-1.js')]);
    const r = accountBytes({ meta, manifest, root, assetsDir });
    expect(r.initial.entry).toBe('main-1.js');
    expect(r.initial.files.js.map((f) => f.file).sort()).toEqual(['a.js', 'b.js', 'main-1.js']);
    expect(r.initial.js.gzip).toBe(gz('main-1.js') + gz('a.js') + gz('b.js'));
    expect(r.initial.js.raw).toBe(['main-1.js', 'a.js', 'b.js'].reduce((s, f) => s + Buffer.byteLength(files[f]), 0));
    expect(r.initial.js.brotli).toBeGreaterThan(0);
    expect(r.initial.packages).toEqual(['@scope/pkg', 'react']);
  });

  it('counts the initial CSS from the manifest, separately and in the total', () => {
    const r = accountBytes({ meta, manifest, root, assetsDir });
    expect(r.initial.files.css.map((f) => f.file)).toEqual(['main.css']);
    expect(r.initial.css.gzip).toBe(gz('main.css'));
    expect(r.initial.total.gzip).toBe(r.initial.js.gzip + r.initial.css.gzip);
    expect(r.initial.total.brotli).toBe(r.initial.js.brotli + r.initial.css.brotli);
  });

  it('counts a lazy screen as its closure minus the initial route, plus its CSS', () => {
    const r = accountBytes({ meta, manifest, root, assetsDir });
    const transfer = r.chunks.find((c) => c.key === 'transfer')!;
    expect(transfer.files.js.map((f) => f.file).sort()).toEqual(['t.js', 'transfer-1.js']);
    expect(transfer.files.css.map((f) => f.file)).toEqual(['transfer.css']);
    expect(transfer.total.gzip).toBe(gz('transfer-1.js') + gz('t.js') + gz('transfer.css'));
    expect(transfer.budgetGzipKiB).toBe(15);
  });

  it('lists import() targets the manifest does not name', () => {
    const r = accountBytes({ meta, manifest, root, assetsDir });
    expect(r.chunks.map((c) => c.key).sort()).toEqual(['card-crypto', 'late-1.js', 'transfer']);
    expect(r.chunks.find((c) => c.key === 'late-1.js')!.unlisted).toBe(true);
  });

  it('gives the card encryption chunk its own budget, and finds no violation in a build within budget', () => {
    const r = accountBytes({ meta, manifest, root, assetsDir });
    const card = r.chunks.find((c) => c.key === 'card-crypto')!;
    expect(card.budgetGzipKiB).toBe(50);
    expect(card.budgetRule).toBe('crypto');
    expect(card.total.gzip).toBeGreaterThan(15 * KiB); // over the plain chunk budget, within card's
    expect(card.packages).toEqual(['node-forge']);
    expect(r.violations).toEqual([]);
  });

  it('detects a forbidden package on the initial route', () => {
    const bad: Metafile = structuredClone(meta);
    bad.outputs[out('main-1.js')].imports!.push({ path: out('card-own.js'), kind: 'import-statement' });
    const r = accountBytes({ meta: bad, manifest, root, assetsDir });
    expect(r.initial.packages).toContain('node-forge');
    expect(r.violations).toContain('node-forge is on the initial route');
    // and the card screen no longer counts what the initial route already loaded
    expect(r.chunks.find((c) => c.key === 'card-crypto')!.files.js.map((f) => f.file)).toEqual(['card-1.js']);
  });

  it('detects budget overruns, initial and lazy', () => {
    const tight = { ...DEFAULT_BUDGETS, initialGzipKiB: 0.1, chunkGzipKiB: 0.05, chunkOverrides: [{ match: 'card', gzipKiB: 10 }] };
    const r = accountBytes({ meta, manifest, root, assetsDir, budgets: tight });
    expect(r.violations.some((v) => v.startsWith('initial route is'))).toBe(true);
    expect(r.violations.some((v) => v.startsWith('lazy transfer is'))).toBe(true);
    expect(r.violations.some((v) => v.startsWith('lazy card-crypto is') && v.includes('budget 10 KiB'))).toBe(true);
    expect(checkBudgets(r, DEFAULT_BUDGETS)).toEqual([]);
  });

  it('holds the merchant SDK to its own budget', () => {
    const sdk = accountSdk(path.join(assetsDir, 'card-own.js'));
    expect(sdk).toMatchObject({ file: 'card-own.js', budgetGzipKiB: DEFAULT_BUDGETS.sdkGzipKiB, gzip: gz('card-own.js') });
    const r = accountBytes({ meta, manifest, root, assetsDir });
    // 20 KiB of noise is over 6 KiB; the same file under a budget of 25 KiB is not.
    expect(checkBudgets({ ...r, sdk })).toEqual([`merchant SDK card-own.js is ${(sdk.gzip / KiB).toFixed(1)} KiB gzip, budget 6 KiB`]);
    expect(checkBudgets({ ...r, sdk }, { ...DEFAULT_BUDGETS, sdkGzipKiB: 25 })).toEqual([]);
  });

  it('names packages from node_modules paths', () => {
    expect(packageOf('node_modules/node-forge/lib/rsa.js')).toBe('node-forge');
    expect(packageOf('../node_modules/@linaria/core/dist/index.mjs')).toBe('@linaria/core');
    expect(packageOf('node_modules/a/node_modules/qrcode-generator/qrcode.js')).toBe('qrcode-generator');
    expect(packageOf('core/src/index.ts')).toBeNull();
  });
});
