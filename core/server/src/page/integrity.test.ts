// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { importMap, pageModules, pageParts, partStyles, screenCss, scriptHash, sri } from './integrity';
import type { PageAssets } from './render';

const assets: PageAssets = {
  js: '/assets/main.js',
  css: ['/assets/main.css'],
  entryModules: ['/assets/main.js', '/assets/chunk-shell.js'],
  screens: {
    card: {
      js: '/assets/card.js',
      css: '/assets/card.css',
      preload: ['/assets/card.js', '/assets/chunk-cards.js'],
      modules: ['/assets/card.js', '/assets/chunk-cards.js', '/assets/card-crypto.js'],
    },
    'card-crypto': { js: '/assets/card-crypto.js', css: '' },
    wallet: {
      js: '/assets/wallet.js',
      css: '/assets/wallet.css',
      modules: ['/assets/wallet.js', '/assets/chunk-cards.js', '/assets/card-crypto.js'],
    },
    transfer: { js: '/assets/transfer.js', css: '/assets/transfer.css' },
    'core-ResultScreen': { js: '/assets/result.js', css: '/assets/result.css' },
    'branding-zib': { js: '/assets/zib.js', css: '/assets/zib.css' },
    'branding-zib-Logo': { js: '/assets/zib-logo.js', css: '' },
    'branding-default-Logo': { js: '/assets/default-logo.js', css: '' },
  },
  integrity: Object.fromEntries(
    [
      'main.js',
      'main.css',
      'chunk-shell.js',
      'card.js',
      'card.css',
      'chunk-cards.js',
      'card-crypto.js',
      'wallet.js',
      'wallet.css',
      'transfer.js',
      'transfer.css',
      'result.js',
      'result.css',
      'zib.js',
      'zib.css',
      'zib-logo.js',
      'default-logo.js',
    ].map((f) => [`/assets/${f}`, sri(f)]),
  ),
};

describe('pageParts', () => {
  it("takes the payment's channels (their own modules too), core's parts and its branding's", () => {
    expect(pageParts(assets, ['card'], '', []).sort()).toEqual(['branding-default-Logo', 'card', 'card-crypto', 'core-ResultScreen'].sort());
    expect(pageParts(assets, ['transfer'], 'ZIB', []).sort()).toEqual(['branding-zib', 'branding-zib-Logo', 'core-ResultScreen', 'transfer'].sort());
  });

  it('takes only the gates the payment meets', () => {
    const gated = { screens: { ...assets.screens, 'gate-a': { js: '/assets/a.js', css: '' }, 'gate-b': { js: '/assets/b.js', css: '' } } };
    expect(
      pageParts(gated, [], '', ['a', 'b'])
        .filter((k) => k.startsWith('gate-'))
        .sort(),
    ).toEqual(['gate-a', 'gate-b']);
    expect(pageParts(gated, [], '', ['a']).filter((k) => k.startsWith('gate-'))).toEqual(['gate-a']);
    expect(pageParts(gated, [], '', []).filter((k) => k.startsWith('gate-'))).toEqual([]);
  });

  it("leaves out another branding's parts and the channels the payment cannot use", () => {
    const parts = pageParts(assets, ['transfer'], '', []);
    expect(parts).not.toContain('branding-zib');
    expect(parts).not.toContain('branding-zib-Logo');
    expect(parts).not.toContain('card');
    expect(parts).not.toContain('wallet');
  });
});

describe('pageModules', () => {
  it("is the entry's modules and everything each part may load", () => {
    expect(pageModules(assets, ['wallet']).sort()).toEqual(
      ['/assets/main.js', '/assets/chunk-shell.js', '/assets/wallet.js', '/assets/chunk-cards.js', '/assets/card-crypto.js'].sort(),
    );
  });
});

describe('importMap', () => {
  it('gives every module the page may load its integrity, and its hash is the CSP hash of its exact text', () => {
    const map = importMap(assets, pageParts(assets, ['card'], '', []))!;
    const parsed = JSON.parse(map.text) as { integrity: Record<string, string> };
    expect(Object.keys(parsed.integrity).sort()).toEqual(
      [
        '/assets/main.js',
        '/assets/chunk-shell.js',
        '/assets/card.js',
        '/assets/chunk-cards.js',
        '/assets/card-crypto.js',
        '/assets/result.js',
        '/assets/default-logo.js',
      ].sort(),
    );
    expect(parsed.integrity['/assets/card.js']).toBe(assets.integrity!['/assets/card.js']);
    expect(map.hash).toBe(`sha256-${createHash('sha256').update(map.text).digest('base64')}`);
    expect(map.text).not.toContain('<');
  });

  it('leaves out the modules of a channel the payment cannot use', () => {
    const text = importMap(assets, pageParts(assets, ['transfer'], '', []))!.text;
    expect(text).toContain('/assets/transfer.js');
    expect(text).not.toContain('/assets/card.js');
  });

  it('is none without integrity (a build that wrote none)', () => {
    expect(importMap({ ...assets, integrity: undefined }, ['card'])).toBeUndefined();
  });
});

describe('partStyles', () => {
  it("gives the parts' stylesheets their integrity, for the shell to insert them with it", () => {
    expect(partStyles(assets, ['card', 'card-crypto'])).toEqual({ '/assets/card.css': assets.integrity!['/assets/card.css'] });
  });
});

describe('screenCss', () => {
  it("names the parts' stylesheets by build key, none for a part without one", () => {
    expect(screenCss(assets, ['card', 'card-crypto', 'branding-zib', 'branding-zib-Logo'])).toEqual({
      card: '/assets/card.css',
      'branding-zib': '/assets/zib.css',
    });
  });

  it('names no other part, and none the build does not know', () => {
    expect(screenCss(assets, ['transfer', 'nobody'])).toEqual({ transfer: '/assets/transfer.css' });
    expect(screenCss(assets, [])).toEqual({});
  });
});

describe('sri and scriptHash', () => {
  it('are the base64 digests browsers compare: sha256 for both, the shortest SRI accepts', () => {
    expect(sri('abc')).toBe('sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');
    expect(sri(new TextEncoder().encode('abc'))).toBe(sri('abc'));
    expect(scriptHash('abc')).toBe('sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=');
  });
});
