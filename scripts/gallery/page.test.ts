import { describe, expect, it } from 'vitest';
import { fileOf } from './matrix.mjs';
import type { Shot, TakenShot } from './matrix.mjs';
import { anchorOf, escapeHtml, galleryHtml, groupShots } from './page.mjs';

function taken(s: Shot, problem?: string): TakenShot {
  return { ...s, file: fileOf(s), imageWidth: s.width, imageHeight: s.width === 360 ? 1200 : 800, problem };
}
const entry = { id: 'channels-card--entry', title: 'Channels/Card', name: 'Entry' };
const declined = { id: 'channels-card--declined', title: 'Channels/Card', name: 'Declined <3DS>' };
const shell = { id: 'core-shell--methods', title: 'Core/Shell', name: 'Methods' };
const shots: TakenShot[] = [
  taken({ ...shell, branding: 'default', locale: 'en', width: 360 }),
  taken({ ...entry, branding: 'ZIB', locale: 'fr', width: 1280 }),
  taken({ ...entry, branding: 'default', locale: 'fr', width: 360 }),
  taken({ ...entry, branding: 'ZIB', locale: 'en', width: 360 }),
  taken({ ...entry, branding: 'default', locale: 'en', width: 1280 }),
  taken({ ...declined, branding: 'HALO', locale: 'en', width: 360 }, 'Storybook shows an error'),
];

function parse(html: string): Document {
  return new DOMParser().parseFromString(html, 'text/html');
}

describe('the gallery page', () => {
  it('groups shots by title, then by state, each row in the toolbar order (branding, language, width)', () => {
    const groups = groupShots(shots);
    expect(groups.map((g) => g.title)).toEqual(['Core/Shell', 'Channels/Card']);
    expect(groups[1].states.map((s) => s.id)).toEqual(['channels-card--entry', 'channels-card--declined']);
    expect(groups[1].states[0].shots.map((s) => `${s.branding} ${s.locale} ${s.width}`)).toEqual([
      'default en 1280',
      'default fr 360',
      'ZIB en 360',
      'ZIB fr 1280',
    ]);
  });

  it('has a heading per title and per state, and a figure per shot', () => {
    const doc = parse(galleryHtml(shots, { shotAt: '2026-11-24 21:00 UTC' }));
    expect(doc.documentElement.lang).toBe('en');
    expect(doc.title).toBe('Oja Checkout gallery');
    expect([...doc.querySelectorAll('h2')].map((h) => h.textContent)).toEqual(['Core/Shell', 'Channels/Card']);
    expect([...doc.querySelectorAll('h3')].map((h) => h.firstChild?.textContent)).toEqual(['Methods', 'Entry', 'Declined <3DS>']);
    expect(doc.querySelectorAll('main figure')).toHaveLength(shots.length);
    expect(doc.querySelector('.meta')?.textContent).toContain('6 screenshots of 3 states in 2 groups, shot 2026-11-24 21:00 UTC');
    const nav = [...doc.querySelectorAll('nav a')].map((a) => a.getAttribute('href'));
    expect(nav).toEqual([`#${anchorOf('Core/Shell')}`, '#t-channels-card']);
    expect(doc.getElementById('t-channels-card')?.tagName).toBe('SECTION');
  });

  it('shows each shot lazily, sized, linked to the full picture, with an alt text naming it whole', () => {
    const doc = parse(galleryHtml(shots, { shotAt: 'now' }));
    const img = doc.querySelector('img[alt="Channels/Card, Entry: French, default (Oja) branding, 360 px wide"]')!;
    expect(img.getAttribute('src')).toBe('shots/channels-card--entry/fr-default-360.jpg');
    expect(img.getAttribute('loading')).toBe('lazy');
    // A phone shown at half size, its height kept in proportion; a desktop at a quarter.
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['180', '600']);
    const desk = doc.querySelector('img[alt$="1280 px wide"]')!;
    expect([desk.getAttribute('width'), desk.getAttribute('height')]).toEqual(['320', '200']);
    expect(img.closest('a')?.getAttribute('href')).toBe(img.getAttribute('src'));
    const fig = img.closest('figure')!;
    expect([fig.getAttribute('data-branding'), fig.getAttribute('data-locale'), fig.getAttribute('data-width')]).toEqual(['default', 'fr', '360']);
    expect(fig.querySelector('figcaption')?.textContent).toBe('French · default (Oja) · 360 px');
  });

  it('marks a shot that did not render cleanly, and escapes what it shows', () => {
    const html = galleryHtml(shots, { shotAt: 'now' });
    expect(html).not.toContain('<3DS>');
    const failed = parse(html).querySelector('figure.failed')!;
    expect(failed.querySelector('img')?.getAttribute('alt')).toBe('Channels/Card, Declined <3DS>: English, HALO branding, 360 px wide');
    expect(failed.querySelector('figcaption')?.textContent).toContain('Did not render cleanly: Storybook shows an error');
    expect(escapeHtml(`<a href="x" title='y'>&`)).toBe('&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;');
  });

  it('offers a labelled checkbox per branding, language and width present, all ticked', () => {
    const doc = parse(galleryHtml(shots, { shotAt: 'now' }));
    const boxes = [...doc.querySelectorAll<HTMLInputElement>('#filters input[type=checkbox]')];
    expect(boxes.map((b) => `${b.name}=${b.value}:${b.closest('label')?.textContent?.trim()}`)).toEqual([
      'branding=default:default (Oja)',
      'branding=ZIB:ZIB',
      'branding=HALO:HALO',
      'locale=en:English',
      'locale=fr:French',
      'width=360:360 px',
      'width=1280:1280 px',
    ]);
    expect(boxes.every((b) => b.hasAttribute('checked'))).toBe(true);
    expect([...doc.querySelectorAll('legend')].map((l) => l.textContent)).toEqual(['Branding', 'Language', 'Width']);
    expect(doc.getElementById('shown')?.getAttribute('role')).toBe('status');
  });
});
