// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { generatedChannelFiles, generatedCode, generatedId, writeGeneratedApp } from './generated.mjs';
import { checkPlugins, parseConfig, readConfig } from '@oja/app/oja-config';
import { isServerStrings, lazyNames } from '../build/chunks.mjs';

const root = path.resolve(__dirname, '../..');
let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('generated channels', () => {
  it('have distinct ids and upper-case letter codes, as core validates them', () => {
    expect([1, 2, 20].map(generatedId)).toEqual(['gen01', 'gen02', 'gen20']);
    expect([1, 2, 26, 27, 52, 53].map(generatedCode)).toEqual(['GEN_A', 'GEN_B', 'GEN_Z', 'GEN_AA', 'GEN_AZ', 'GEN_BA']);
    for (let i = 1; i <= 60; i++) expect(generatedCode(i)).toMatch(/^[A-Z_]+$/);
    expect(new Set(Array.from({ length: 60 }, (_, i) => generatedCode(i + 1))).size).toBe(60);
  });

  it('are each a package like a real channel: a row with a drawn icon, a lazy screen, strings in en and fr', () => {
    const files = generatedChannelFiles(7);
    const pkg = JSON.parse(files['package.json']);
    expect(pkg).toMatchObject({ name: '@oja-bench/gen07', type: 'module', sideEffects: false, exports: { '.': './src/index.js' } });
    expect(files['src/index.js']).toContain("code: 'GEN_G'");
    expect(files['src/index.js']).toContain("row: { icon: drawnByServer(() => import('./Icon.js')), title: 'gen07.row.title'");
    expect(files['src/index.js']).toContain("screen: () => import('./Screen.js')");
    const messages = JSON.parse(files['src/messages.js'].replace(/^export const messages = /, '').replace(/;\n$/, ''));
    expect(messages.en.gen07.row.title).toBe('Pay with Generated 7');
    expect(Object.keys(messages.fr.gen07.row)).toEqual(Object.keys(messages.en.gen07.row));
  });

  it("are installed in an app folder of their own, listed after the repository's plugins; the build's rules find them", () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-generated-test-'));
    const base = parseConfig(fs.readFileSync(path.join(root, 'oja.config.json'), 'utf8'));
    const config = writeGeneratedApp(dir, base, 3);
    expect(config.channels).toEqual([...base.channels, '@oja-bench/gen01', '@oja-bench/gen02', '@oja-bench/gen03']);
    expect(config.brandings).toEqual(base.brandings);
    // Found from the app's folder, the repository's own packages from the repository.
    expect(readConfig(root, path.join(dir, 'oja.config.json'))).toEqual(config);
    const pkgDir = path.join(dir, 'node_modules/@oja-bench/gen02');
    const listed = new Set(config.channels);
    expect(isServerStrings(path.join(pkgDir, 'src/messages.js'), { packages: listed, cache: new Map() })).toBe(true);
    const owners = new Map([['@oja-bench/gen02', { kind: 'channels' as const, id: 'gen02' }]]);
    expect(lazyNames(path.join(pkgDir, 'src/Screen.js'), { root, owners, cache: new Map() })).toEqual({
      key: 'gen02',
      name: 'channel-oja-bench-gen02-Screen',
    });
    expect(() =>
      checkPlugins({ channels: ['@oja-bench/gen02'] }, { channels: [{ id: 'gen02', code: 'GEN_B', path: '/payment/gen02', messages: {} }] }),
    ).not.toThrow();
  });

  it('leave the repository config alone; a package found nowhere is named', () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-generated-test-'));
    const before = fs.readFileSync(path.join(root, 'oja.config.json'), 'utf8');
    writeGeneratedApp(dir, { channels: [], brandings: [] }, 1);
    expect(fs.readFileSync(path.join(root, 'oja.config.json'), 'utf8')).toBe(before);
    fs.writeFileSync(path.join(dir, 'oja.config.json'), JSON.stringify({ channels: ['@oja-bench/gen99'], brandings: [] }));
    expect(() => readConfig(root, path.join(dir!, 'oja.config.json'))).toThrow('@oja-bench/gen99 (in "channels") cannot be resolved');
  });
});
