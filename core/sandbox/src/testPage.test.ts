// @vitest-environment node
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sandboxPagePolicy } from './sandbox';
import { contrastWithWhite, MIN_ACCENT_CONTRAST, SANDBOX_BANK, TEST_PAGE_BANNER, testPage } from './testPage';

const party = { name: 'Test <Bank> & "Co"', accent: '#003b71' };

/** The text of the page's one style element. */
function styleOf(html: string): string {
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)];
  expect(styles).toHaveLength(1);
  return styles[0][1];
}

describe('testPage', () => {
  it('puts the test banner and the party in the header, the body in main', () => {
    const { html } = testPage(SANDBOX_BANK, 'Verify', '<h1>Verify</h1>');
    expect(TEST_PAGE_BANNER).toBe('Test page — Oja sandbox. No real money moves.');
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toMatch(
      new RegExp(`<header>\\n<p class="test-banner">${TEST_PAGE_BANNER}</p>\\n<div class="party">.*<span>Oja Sandbox Bank</span></div>\\n</header>`),
    );
    expect(html).toContain('<main>\n<h1>Verify</h1>\n</main>');
    // No script, no style attribute: the strict policy would refuse either.
    expect(html).not.toMatch(/<script|style=/i);
  });

  it('escapes the title and the party name, and leaves the body as given', () => {
    const { html } = testPage(party, 'Pay <now> & "later"', '<p>kept <b>as is</b></p>');
    expect(html).toContain('<title>Pay &lt;now&gt; &amp; &quot;later&quot;</title>');
    expect(html).toContain('<span>Test &lt;Bank&gt; &amp; &quot;Co&quot;</span>');
    expect(html).not.toContain('<Bank>');
    expect(html).toContain('<p>kept <b>as is</b></p>');
  });

  it("names the style element's sha256 in styleHashes, and the page's policy allows exactly it", () => {
    const { html, styleHashes } = testPage(party, 'T', '');
    const expected = `sha256-${createHash('sha256').update(styleOf(html), 'utf8').digest('base64')}`;
    expect(styleHashes).toEqual([expected]);
    expect(sandboxPagePolicy([], styleHashes)).toBe(`default-src 'none'; style-src '${expected}'; form-action 'self'; frame-ancestors 'self'`);
  });

  it("gives each party its accent, so each party's page has its own hash", () => {
    const a = testPage(party, 'T', '');
    const b = testPage({ ...party, accent: '#6d28d9' }, 'T', '');
    expect(styleOf(a.html)).toContain(':root{--accent:#003b71}');
    expect(styleOf(b.html)).toContain(':root{--accent:#6d28d9}');
    expect(a.styleHashes).not.toEqual(b.styleHashes);
  });

  it('keeps controls at least 44 px tall with a visible focus ring, and the sheet system fonts only', () => {
    const sheet = styleOf(testPage(party, 'T', '').html);
    expect(sheet).toMatch(/button\{[^}]*min-height:2\.75rem/);
    expect(sheet).toMatch(/input\[type=text\]\{[^}]*min-height:2\.75rem/);
    expect(sheet).toMatch(/:focus-visible\{outline:3px solid/);
    expect(sheet).toContain('font:1rem/1.45 system-ui,');
    // Nothing loaded: the policy allows no font, image or other source.
    expect(sheet).not.toMatch(/url\(|@import|@font-face/);
  });

  it('refuses an accent that is not #rrggbb (it goes into the sheet) or too pale for white text', () => {
    expect(() => testPage({ ...party, accent: 'red;}body{display:none' }, 'T', '')).toThrow(/#rrggbb/);
    expect(() => testPage({ ...party, accent: '#1dcf9f' }, 'T', '')).toThrow(/too light/);
    expect(contrastWithWhite('#000000')).toBeCloseTo(21);
    expect(contrastWithWhite('#ffffff')).toBeCloseTo(1);
    expect(contrastWithWhite(SANDBOX_BANK.accent)).toBeGreaterThanOrEqual(MIN_ACCENT_CONTRAST);
  });
});
