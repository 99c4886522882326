// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPlugins, installedModule, parseConfig, readConfig } from './ojaConfig.mjs';

describe("oja.config.json's rules", () => {
  const parse = (value: unknown) => parseConfig(JSON.stringify(value));

  it('lists channels and brandings; gates, pages and markets are optional', () => {
    expect(parse({ channels: ['@oja/card'], brandings: ['@oja/branding-default'] })).toEqual({
      channels: ['@oja/card'],
      brandings: ['@oja/branding-default'],
      gates: [],
      pages: [],
      markets: [],
    });
  });

  it('refuses what is not an object of lists of package names', () => {
    expect(() => parseConfig('{ channels: [] }')).toThrow(/oja\.config\.json is not JSON/);
    expect(() => parse(['@oja/card'])).toThrow(/must hold an object/);
    expect(() => parse({ brandings: [] })).toThrow(/"channels" must be an array/);
    expect(() => parse({ channels: '@oja/card', brandings: [] })).toThrow(/"channels" must be an array/);
  });

  it('names an unknown key', () => {
    expect(() => parse({ channels: [], brandings: [], themes: [] })).toThrow(/unknown key "themes"/);
  });

  it('names a value that is not a package name', () => {
    expect(() => parse({ channels: [42], brandings: [] })).toThrow(/"channels" holds 42, not a package name/);
    expect(() => parse({ channels: ['Not A Package'], brandings: [] })).toThrow(/"Not A Package", which is not a valid npm package name/);
  });

  it('names a package listed twice, in one list or two', () => {
    expect(() => parse({ channels: ['@oja/card', '@oja/card'], brandings: [] })).toThrow(/@oja\/card is listed twice/);
    expect(() => parse({ channels: ['@acme/x'], brandings: ['@acme/x'] })).toThrow(/@acme\/x is listed twice \(in "channels" and "brandings"\)/);
  });
});

describe('reading it from an app', () => {
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-config-'));
    fs.mkdirSync(path.join(root, 'node_modules/@acme/x'), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules/@acme/x/package.json'), JSON.stringify({ name: '@acme/x' }));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));
  const config = (value: unknown) => fs.writeFileSync(path.join(root, 'oja.config.json'), JSON.stringify(value));

  it('finds each package installed in node_modules', () => {
    config({ channels: ['@acme/x'], brandings: [] });
    expect(readConfig(root).channels).toEqual(['@acme/x']);
  });

  it('names a package that is not installed', () => {
    config({ channels: ['@acme/x'], brandings: ['@acme/branding-missing'] });
    expect(() => readConfig(root)).toThrow(/@acme\/branding-missing \(in "brandings"\) cannot be resolved/);
  });

  it('says so when the file is missing', () => {
    fs.rmSync(path.join(root, 'oja.config.json'));
    expect(() => readConfig(root)).toThrow(/oja\.config\.json is missing/);
  });
});

describe("the listed packages' default exports", () => {
  const channel = (id: string) => ({ id, code: id.toUpperCase(), path: `/${id}`, messages: { en: {}, fr: {} } });
  const branding = (acquirer: string) => ({ acquirer, className: 'b', messages: { en: {}, fr: {} } });

  it('tells which package is which plugin, keyed as core loads them', () => {
    const owners = checkPlugins(
      { channels: ['@acme/x'], brandings: ['@acme/b', '@oja/branding-default'] },
      { channels: [channel('x')], brandings: [branding('ACME'), branding('')] },
    );
    expect([...owners]).toEqual([
      ['@acme/x', { kind: 'channels', id: 'x' }],
      ['@acme/b', { kind: 'brandings', id: 'acme' }],
      ['@oja/branding-default', { kind: 'brandings', id: 'default' }],
    ]);
  });

  it('names a package whose default export is not a plugin of its kind', () => {
    expect(() => checkPlugins({ channels: ['@acme/x'] }, { channels: [undefined] })).toThrow(
      /@acme\/x \(in oja\.config\.json "channels"\) does not export a channel \(defineChannel\) as its default export$/,
    );
    expect(() => checkPlugins({ brandings: ['@acme/x'] }, { brandings: [channel('x')] })).toThrow(
      /@acme\/x .* does not export a branding \(defineBranding\) .*: acquirer, className missing or of the wrong type/,
    );
    expect(() => checkPlugins({ gates: ['@acme/g'] }, { gates: [{ id: 'g', messages: {} }] })).toThrow(
      /@acme\/g .* a gate \(defineGate\) .*: screen missing/,
    );
    expect(() => checkPlugins({ pages: ['@acme/p'] }, { pages: [{ id: 'p', messages: {} }] })).toThrow(
      /@acme\/p .* a page \(definePage\) .*: paths missing/,
    );
  });

  it('names two packages whose plugins share an id', () => {
    expect(() => checkPlugins({ channels: ['@acme/x', '@other/x'] }, { channels: [channel('x'), channel('x')] })).toThrow(
      /@acme\/x and @other\/x .* have the same id "x"/,
    );
  });
});

describe('the generated oja:installed module', () => {
  it("imports each package's default export, in the config's order", () => {
    const markets = [{ id: 'uganda', when: [{ currency: ['800'] }], only: ['UGANDA_MOBILE_MONEY'] }];
    const text = installedModule({
      channels: ['@oja/card', '@acme/x'],
      brandings: ['@oja/branding-default'],
      gates: [],
      pages: ['@acme/p'],
      markets,
    });
    expect(text).toContain(
      'import plugin0 from "@oja/card";\nimport plugin1 from "@acme/x";\nimport plugin2 from "@oja/branding-default";\nimport plugin3 from "@acme/p";',
    );
    expect(text).toContain(
      `export const installed = {\n  channels: [plugin0, plugin1],\n  brandings: [plugin2],\n  gates: [],\n  pages: [plugin3],\n  markets: ${JSON.stringify(markets)},\n};`,
    );
    expect(text).toContain(
      'export const packages = {"channels":["@oja/card","@acme/x"],"brandings":["@oja/branding-default"],"gates":[],"pages":["@acme/p"]};',
    );
  });
});

describe("the markets of oja.config.json (data, never core's)", () => {
  const config = (markets: unknown) => JSON.stringify({ channels: [], brandings: [], markets });

  it('takes markets of currencies, countries or an offered provider, and none when it names none', () => {
    const markets = [
      { id: 'uganda', when: [{ currency: ['800'] }], only: ['UGANDA_MOBILE_MONEY'] },
      { id: 'drc', when: [{ country: ['CD'] }, { offered: 'DRC_MOBILE_MONEY' }], only: ['DRC_MOBILE_MONEY'] },
    ];
    expect(parseConfig(config(markets)).markets).toEqual(markets);
    expect(parseConfig(JSON.stringify({ channels: [], brandings: [] })).markets).toEqual([]);
  });

  it('refuses a market it cannot apply, saying what is wrong', () => {
    expect(() => parseConfig(config({}))).toThrow(/"markets" must be an array/);
    expect(() => parseConfig(config([{ id: 'x', when: [], only: ['A'] }]))).toThrow(/at least one condition/);
    expect(() => parseConfig(config([{ id: 'x', when: [{ currency: '800' }], only: ['A'] }]))).toThrow(/currency \[...\]/);
    expect(() => parseConfig(config([{ id: 'x', when: [{ planet: ['mars'] }], only: ['A'] }]))).toThrow(/a condition names/);
    expect(() => parseConfig(config([{ id: 'X', when: [{ country: ['KE'] }], only: [] }]))).toThrow(/id must be/);
    expect(() => parseConfig(config([{ id: 'x', when: [{ country: ['KE'] }] }]))).toThrow(/only must list/);
    const twice = { id: 'x', when: [{ country: ['KE'] }], only: ['A'] };
    expect(() => parseConfig(config([twice, twice]))).toThrow(/id x twice/);
  });
});
