// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exportedNames, fileSafe, isServerStrings, lazyEntries, lazyNames, packageOf } from './chunks.mjs';
import type { PluginKind } from '@oja/app/oja-config';

let root: string;

/** Writes a file under the scratch app, its folders first. */
function write(file: string, text = 'export {};\n') {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

const owners = new Map<string, { kind: PluginKind; id: string }>([
  ['@acme/x', { kind: 'channels', id: 'acme-x' }],
  ['@other/x', { kind: 'channels', id: 'other-x' }],
  ['@acme/branding-x', { kind: 'brandings', id: 'acme' }],
  ['@acme/gate', { kind: 'gates', id: 'consent' }],
  ['@acme/page', { kind: 'pages', id: 'refpay' }],
  ['@acme/in-workspace', { kind: 'channels', id: 'mine' }],
]);
const options = () => ({ root, owners, cache: new Map() });

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-chunks-'));
  write('package.json', JSON.stringify({ name: 'scratch-app', private: true }));
  for (const name of ['@acme/x', '@other/x', '@acme/branding-x', '@acme/gate', '@acme/page', '@oja/core', 'some-lib']) {
    write(`node_modules/${name}/package.json`, JSON.stringify({ name }));
  }
  // A package's folder says nothing: this one sits in a workspace folder called "x" too.
  write('channels/x/package.json', JSON.stringify({ name: '@acme/in-workspace' }));
  // A nameless package.json inside a package (a module-type marker) is not a package.
  write('node_modules/@acme/x/dist/package.json', JSON.stringify({ type: 'module' }));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("a lazy module's names", () => {
  it('two channels whose folders are both "x" get distinct file names and keys', () => {
    const a = lazyNames('node_modules/@acme/x/src/Screen.tsx', options());
    const b = lazyNames('node_modules/@other/x/src/Screen.tsx', options());
    expect(a).toEqual({ key: 'acme-x', name: 'channel-acme-x-Screen' });
    expect(b).toEqual({ key: 'other-x', name: 'channel-other-x-Screen' });
  });

  it('a channel\'s other lazy modules are "<id>-<file>", from its built output too', () => {
    expect(lazyNames('node_modules/@acme/x/dist/api.js', options())).toEqual({ key: 'acme-x-api', name: 'channel-acme-x-api' });
  });

  it('go by the package, not the folder, in the workspace as well', () => {
    expect(lazyNames('channels/x/src/Screen.tsx', options())).toEqual({ key: 'mine', name: 'channel-acme-in-workspace-Screen' });
  });

  it("a branding's, a gate's and a page's are keyed as core loads them", () => {
    expect(lazyNames('node_modules/@acme/branding-x/src/Terms.tsx', options())).toEqual({
      key: 'branding-acme',
      name: 'branding-acme-branding-x-Terms',
    });
    expect(lazyNames('node_modules/@acme/gate/src/Screen.tsx', options())).toEqual({ key: 'gate-consent', name: 'gate-acme-gate-Screen' });
    expect(lazyNames('node_modules/@acme/page/src/Screen.tsx', options())).toEqual({ key: 'page-refpay', name: 'page-acme-page-Screen' });
    expect(lazyNames('node_modules/@acme/page/src/Receipt.tsx', options())).toEqual({ key: 'page-refpay-Receipt', name: 'page-acme-page-Receipt' });
  });

  it('core\'s are "core-<file>"; a library\'s own carry its package', () => {
    expect(lazyNames('node_modules/@oja/core/src/shell/ResultScreen.tsx', options())).toEqual({
      key: 'core-ResultScreen',
      name: 'core-ResultScreen',
    });
    expect(lazyNames(path.join(root, 'node_modules/some-lib/lib/locale.js'), options())).toEqual({
      key: 'lib-some-lib-locale',
      name: 'lib-some-lib-locale',
    });
  });

  it("entry points: one per file name, and an error naming both when two packages' names are alike once file-safe", () => {
    expect(lazyEntries(['node_modules/@acme/x/src/Screen.tsx', 'node_modules/@other/x/src/Screen.tsx'], options())).toEqual({
      'channel-acme-x-Screen': 'node_modules/@acme/x/src/Screen.tsx',
      'channel-other-x-Screen': 'node_modules/@other/x/src/Screen.tsx',
    });
    write('node_modules/acme-x/package.json', JSON.stringify({ name: 'acme-x' }));
    const alike = new Map([...owners, ['acme-x', { kind: 'channels' as const, id: 'plain-x' }]]);
    expect(() => lazyEntries(['node_modules/@acme/x/src/Screen.tsx', 'node_modules/acme-x/src/Screen.tsx'], { root, owners: alike })).toThrow(
      /node_modules\/@acme\/x\/src\/Screen\.tsx and node_modules\/acme-x\/src\/Screen\.tsx would both be channel-acme-x-Screen/,
    );
  });

  it('makes a scoped name file-safe', () => {
    expect(fileSafe('@acme/oja-branding-acme')).toBe('acme-oja-branding-acme');
  });
});

describe('the package of a file', () => {
  it('is the nearest package.json with a name', () => {
    expect(packageOf(path.join(root, 'node_modules/@acme/x/dist/index.js'))).toEqual({
      name: '@acme/x',
      dir: path.join(root, 'node_modules/@acme/x'),
    });
  });
});

describe('the message tables that stay off the initial route', () => {
  const packages = new Set(['@acme/x']);
  const at = (file: string) => isServerStrings(path.join(root, file), { packages });

  it("are a listed package's and core's top-level messages, wherever installed", () => {
    expect(at('node_modules/@acme/x/src/messages.ts')).toBe(true);
    expect(at('node_modules/@acme/x/dist/messages.js')).toBe(true);
    expect(at('node_modules/@oja/core/src/messages.ts')).toBe(true);
  });

  it("are not an unlisted package's, nor a messages module deeper in a package", () => {
    expect(at('node_modules/@other/x/src/messages.ts')).toBe(false);
    expect(at('node_modules/some-lib/src/messages.ts')).toBe(false);
    expect(at('node_modules/@acme/x/src/screen/messages.ts')).toBe(false);
  });
});

describe("a message table's exported names", () => {
  it('reads them from sources and from a built module alike', () => {
    expect(exportedNames("import type { Messages } from '@oja/core';\nexport const messages = { en, fr };\nexport const other = {};\n")).toEqual([
      'messages',
      'other',
    ]);
    expect(exportedNames('var messages = { en, fr };\nexport {\n  messages,\n  screen as other\n};\n')).toEqual(['messages', 'other']);
  });

  it('finds none in a module that exports nothing', () => {
    expect(exportedNames('const messages = {};\n')).toEqual([]);
  });
});
