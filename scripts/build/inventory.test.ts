// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { buildInventory, sri } from './inventory.mjs';

const integrity = Object.fromEntries(
  [
    'main.js',
    'chunk-a.js',
    'main.css',
    'card-Screen.js',
    'card-Screen.css',
    'card-api.js',
    'chunk-b.js',
    'core-ResultScreen.js',
    'branding-zib-Terms.js',
  ].map((f) => [`/assets/${f}`, sri(f)]),
);
const manifest = {
  js: '/assets/main.js',
  css: ['/assets/main.css'],
  entryModules: ['/assets/main.js', '/assets/chunk-a.js'],
  screens: {
    card: {
      js: '/assets/card-Screen.js',
      css: '/assets/card-Screen.css',
      modules: ['/assets/card-Screen.js', '/assets/chunk-b.js', '/assets/card-api.js'],
    },
    'card-api': { js: '/assets/card-api.js', css: '', modules: ['/assets/card-api.js', '/assets/chunk-b.js'] },
    'core-ResultScreen': { js: '/assets/core-ResultScreen.js', css: '' },
    'branding-zib': { js: '/assets/branding-zib-Terms.js', css: '' },
  },
  integrity,
};
const plugins = {
  channels: ['card', 'wallet'],
  sources: [
    { channel: 'card', key: 'device-fingerprint', directives: ['script'], why: 'fingerprint' },
    { channel: 'card', key: '3ds-issuer', directives: ['frame'], why: 'issuer' },
  ],
  sandboxScripts: [{ channel: 'card', path: '/fp/tags.js', text: 'self.x = 1;', why: 'stand-in' }],
};
const inventory = buildInventory({ manifest, sdk: { text: 'mode=__MODE__', placeholder: '__MODE__' }, plugins });

describe('sri', () => {
  // The same digest as core's sri (core/src/server/integrity.ts), which the server checks the files against at start.
  it('is the sha256 SRI of the bytes', () => {
    expect(sri('abc')).toBe('sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');
    expect(sri(Buffer.from('abc'))).toBe(sri('abc'));
  });
});

describe('the script inventory', () => {
  it('lists every script with its hash and why it is there', () => {
    expect(inventory.scripts.map((s) => s.url).sort()).toEqual(
      Object.keys(integrity)
        .filter((u) => u.endsWith('.js'))
        .sort(),
    );
    for (const s of inventory.scripts) expect(s.integrity, s.url).toBe(integrity[s.url]);
    const why = Object.fromEntries(inventory.scripts.map((s) => [s.url, s.why]));
    expect(why['/assets/main.js']).toMatch(/entry/);
    expect(why['/assets/chunk-a.js']).toMatch(/initial route/);
    expect(why['/assets/card-Screen.js']).toMatch(/card channel's screen/);
    expect(why['/assets/card-api.js']).toMatch(/card channel's api module/);
    expect(why['/assets/chunk-b.js']).toBe('Code shared by lazily loaded parts: card, card-api');
    expect(why['/assets/core-ResultScreen.js']).toMatch(/Core's ResultScreen/);
    expect(why['/assets/branding-zib-Terms.js']).toMatch(/zib branding/);
  });

  it('lists the stylesheets likewise', () => {
    expect(inventory.stylesheets.map((s) => [s.url, s.integrity])).toEqual([
      ['/assets/main.css', integrity['/assets/main.css']],
      ['/assets/card-Screen.css', integrity['/assets/card-Screen.css']],
    ]);
  });

  it('gives the merchant SDK its hash as each mode serves it', () => {
    expect(inventory.merchantSdk.map((s) => [s.mode, s.integrity])).toEqual([
      ['TEST', sri('mode=TEST')],
      ['LIVE', sri('mode=LIVE')],
    ]);
  });

  it("names the channels' outside sources and the sandbox's stand-in scripts with their hashes", () => {
    expect(inventory.outsideSources.map((s) => [s.key, s.channel, s.why])).toEqual([
      ['device-fingerprint', 'card', 'fingerprint'],
      ['3ds-issuer', 'card', 'issuer'],
    ]);
    expect(inventory.sandboxScripts).toEqual([
      { url: '(sandbox second origin, OUTSIDE_PORT)/fp/tags.js', channel: 'card', integrity: sri('self.x = 1;'), why: 'stand-in' },
    ]);
  });

  it('refuses an asset it cannot place (a hash without a reason)', () => {
    expect(() =>
      buildInventory({
        manifest: { ...manifest, integrity: { ...integrity, '/assets/stray.svg': sri('x') } },
        sdk: { text: '', placeholder: 'x' },
        plugins,
      }),
    ).toThrow(/stray\.svg/);
  });
});
