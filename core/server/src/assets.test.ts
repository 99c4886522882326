// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAssets } from './assets';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-assets-'));
  fs.writeFileSync(path.join(dir, 'main-abc.js'), 'export const a = 1;');
  fs.writeFileSync(path.join(dir, 'main-abc.js.br'), zlib.brotliCompressSync('export const a = 1;'));
  fs.writeFileSync(path.join(dir, 'main-abc.css'), 'body{margin:0}');
  fs.writeFileSync(path.join(dir, 'main-abc.css.gz'), zlib.gzipSync('body{margin:0}'));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  vi.restoreAllMocks();
});

const get = (encoding = '') => new Request('http://checkout.test/assets/x', { headers: { 'accept-encoding': encoding } });

describe('createAssets', () => {
  it('answers a built file, precompressed when the browser accepts it, cached for a year', async () => {
    const asset = createAssets(dir);
    const plain = asset(get(), 'main-abc.js')!;
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await plain.text()).toBe('export const a = 1;');
    const br = asset(get('gzip, br'), 'main-abc.js')!;
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe('export const a = 1;');
    expect(asset(get('gzip, br'), 'main-abc.css')!.headers.get('content-encoding')).toBe('gzip');
  });

  it('refuses a name outside the build, or one that could leave the directory', () => {
    const asset = createAssets(dir);
    for (const name of ['nope.js', '../main-abc.js', '.hidden', 'a/b.js', '']) expect(asset(get(), name), name).toBeUndefined();
  });

  it('reads each file once, and never the disk for a name outside the build (a scan keeps nothing)', () => {
    const asset = createAssets(dir);
    const reads = vi.spyOn(fs, 'readFileSync');
    const stats = vi.spyOn(fs, 'existsSync');
    for (let i = 0; i < 1_000; i++) expect(asset(get(), `scan-${i}.js`)).toBeUndefined();
    for (let i = 0; i < 3; i++) asset(get(), 'main-abc.js');
    expect(reads).toHaveBeenCalledTimes(1);
    expect(stats).not.toHaveBeenCalled();
  });

  it('serves only what was built when it started', () => {
    const asset = createAssets(dir);
    fs.writeFileSync(path.join(dir, 'later.js'), 'export {};');
    expect(asset(get(), 'later.js')).toBeUndefined();
    expect(createAssets(path.join(dir, 'missing'))(get(), 'main-abc.js')).toBeUndefined();
  });
});
