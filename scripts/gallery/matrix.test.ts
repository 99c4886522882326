import { describe, expect, it } from 'vitest';
import { altOf, BRANDINGS, fileOf, frameUrl, keyOf, LOCALES, parseOptions, shotsOf, storiesOf, viewportOf, WIDTHS_PX } from './matrix.mjs';
import type { StorybookIndex } from './matrix.mjs';

const index: StorybookIndex = {
  entries: {
    'channels-card--entry': { id: 'channels-card--entry', title: 'Channels/Card', name: 'Entry', type: 'story' },
    'channels-card--docs': { id: 'channels-card--docs', title: 'Channels/Card', name: 'Docs', type: 'docs' },
    'core-shell--methods': { id: 'core-shell--methods', title: 'Core/Shell', name: 'Methods', type: 'story' },
  },
};

describe('the variant matrix', () => {
  it('is every toolbar branding and language at a phone and a desktop width', () => {
    expect(BRANDINGS).toEqual(['default', 'ZIB', 'MUL', 'HALO']);
    expect(LOCALES).toEqual(['en', 'fr']);
    expect(WIDTHS_PX).toEqual([360, 1280]);
  });

  it('takes every story, docs left out, or those whose id contains --only', () => {
    expect(storiesOf(index).map((s) => s.id)).toEqual(['channels-card--entry', 'core-shell--methods']);
    expect(storiesOf(index, 'shell')).toEqual([{ id: 'core-shell--methods', title: 'Core/Shell', name: 'Methods' }]);
  });

  it('shoots each story under every branding, language and width: 16 shots a story, a story together', () => {
    const shots = shotsOf(storiesOf(index), parseOptions([]));
    expect(shots).toHaveLength(2 * 4 * 2 * 2);
    expect(shots.slice(0, 16).every((s) => s.id === 'channels-card--entry')).toBe(true);
    expect(new Set(shots.map(keyOf)).size).toBe(shots.length);
    expect(shots[0]).toEqual({ id: 'channels-card--entry', title: 'Channels/Card', name: 'Entry', branding: 'default', locale: 'en', width: 360 });
  });

  it('narrows to the options, case-insensitive and in the toolbar order', () => {
    const o = parseOptions(['--only', 'card', '--branding', 'halo,zib', '--locale=fr', '--width', '1280']);
    expect(o).toMatchObject({ only: 'card', brandings: ['ZIB', 'HALO'], locales: ['fr'], widths: [1280], complete: false });
    expect(shotsOf(storiesOf(index, o.only), o)).toHaveLength(2);
    expect(parseOptions([]).complete).toBe(true);
    expect(parseOptions(['--out', 'x', '--storybook', 'y'])).toMatchObject({ out: 'x', storybook: 'y', complete: true });
  });

  it('refuses unknown options and values, and options without a value', () => {
    expect(() => parseOptions(['--branding', 'acme'])).toThrow('Unknown branding "acme": one of default, ZIB, MUL, HALO');
    expect(() => parseOptions(['--width', '768'])).toThrow('Unknown width "768"');
    expect(() => parseOptions(['--locale', 'de'])).toThrow('Unknown language "de"');
    expect(() => parseOptions(['--colour', 'red'])).toThrow('Unknown option --colour');
    expect(() => parseOptions(['--only'])).toThrow('--only needs a value');
    expect(() => parseOptions(['card'])).toThrow('Unexpected argument "card"');
  });

  it('shoots the whole page at a phone width, the first 800 px at a desktop width', () => {
    expect(viewportOf(360)).toEqual({ width: 360, height: 800, fullPage: true });
    expect(viewportOf(1280)).toEqual({ width: 1280, height: 800, fullPage: false });
  });

  it("names each shot's file, frame and alt text by its story, state, language, branding and width", () => {
    const shot = { id: 'channels-card--entry', title: 'Channels/Card', name: 'Entry', branding: 'MUL', locale: 'fr', width: 360 };
    expect(fileOf(shot)).toBe('shots/channels-card--entry/fr-mul-360.jpg');
    expect(frameUrl('http://127.0.0.1:1', shot)).toBe(
      'http://127.0.0.1:1/iframe.html?id=channels-card--entry&viewMode=story&globals=locale:fr;branding:MUL',
    );
    expect(altOf(shot)).toBe('Channels/Card, Entry: French, MUL branding, 360 px wide');
    expect(altOf({ ...shot, branding: 'default', locale: 'en', width: 1280 })).toBe(
      'Channels/Card, Entry: English, default (Oja) branding, 1280 px wide',
    );
  });
});
