import { createHash } from 'node:crypto';
import { escapeHtml } from './sandbox';
import type { SandboxAnswer } from '@oja/core';
import { contrastRatio } from '@oja/core/tokens';

/** What every sandbox page says first, so that no evaluator mistakes a stand-in for a real bank or wallet. */
export const TEST_PAGE_BANNER = 'Test page — Oja sandbox. No real money moves.';

/** Least contrast of white text on a party's accent (WCAG 2 AA, normal text), ratio. */
export const MIN_ACCENT_CONTRAST = 4.5;

/** The bank or wallet a test page stands in for: its name in the header bar and its accent colour (`#rrggbb`). */
export interface TestPageParty {
  name: string;
  accent: string;
}

/** The sandbox's own bank: the 3-D Secure issuer and the first of the bank apps. */
export const SANDBOX_BANK: TestPageParty = { name: 'Oja Sandbox Bank', accent: '#003b71' };

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** Contrast ratio of white on the colour (1 to 21). */
export function contrastWithWhite(hex: string): number {
  return contrastRatio('#ffffff', hex);
}

// Compact on purpose: the issuer's and the providers' pages sit in a 400 px frame of the checkout. Sizes in rem
// (16 px), buttons and inputs at least 44 px tall (touch targets), the focus ring visible on every control.
const SHEET = `*,*::before,*::after{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:#f3f4f6;color:#1f2937;font:1rem/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
.test-banner{margin:0;padding:.25rem .5rem;background:#fef3c7;color:#713f12;border-bottom:1px solid #f59e0b;font-size:.75rem;font-weight:600;text-align:center}
.party{display:flex;align-items:center;gap:.5rem;padding:.375rem .75rem;background:var(--accent);color:#fff;font-weight:700}
.party-mark{display:inline-flex;align-items:center;justify-content:center;width:1.5rem;height:1.5rem;border-radius:50%;background:#fff;color:var(--accent);font-size:.875rem}
main{max-width:26rem;margin:.75rem auto;padding:.75rem 1rem;background:#fff;border:1px solid #e5e7eb;border-radius:.75rem;box-shadow:0 1px 3px rgba(0,0,0,.08)}
@media (max-width:28rem){main{margin:.375rem;padding:.625rem .75rem}}
h1{margin:0 0 .25rem;font-size:1.0625rem;line-height:1.3}
p{margin:.25rem 0}
.amount{display:block;margin:.125rem 0;font-size:1.375rem;font-weight:700;color:#111827;font-variant-numeric:tabular-nums}
label{display:block;font-weight:600;margin-bottom:.25rem}
input[type=text]{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #6b7280;border-radius:.5rem;font:inherit;font-size:1.125rem;letter-spacing:.1em}
input[aria-invalid=true]{border-color:#b91c1c}
[role=alert]{color:#b91c1c;font-weight:600}
[role=status]{font-weight:600}
.actions{display:flex;flex-direction:column;gap:.5rem;margin-top:.5rem}
.actions form{margin:0}
button{width:100%;min-height:2.75rem;padding:.5rem 1rem;border-radius:.5rem;font:inherit;font-weight:700;cursor:pointer}
.primary{background:var(--accent);color:#fff;border:2px solid var(--accent)}
.secondary{background:#fff;color:var(--accent);border:2px solid var(--accent)}
button:hover{filter:brightness(1.1)}
:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
`;

/** The party's stylesheet: the shared sheet with its accent. */
function sheetOf(party: TestPageParty): string {
  if (!HEX_COLOUR.test(party.accent)) throw new Error(`Test page accent must be #rrggbb: ${party.accent}`);
  // Buttons and the header bar set white text on the accent: a pale accent would fail the page's own accessibility.
  if (contrastWithWhite(party.accent) < MIN_ACCENT_CONTRAST) throw new Error(`Test page accent too light for white text: ${party.accent}`);
  return `:root{--accent:${party.accent}}\n${SHEET}`;
}

/** The CSP source of a style element's text: its sha256, base64, as `style-src` takes it (without quotes). */
export function styleHash(css: string): string {
  return sri(css);
}

/**
 * A sandbox page standing in for a bank's or wallet's (3-D Secure issuer, bank app, provider page): the shared look
 * with the party's name and accent, under the test banner. `title` is text (escaped here); `body` is HTML the caller
 * built, its values escaped with escapeHtml. The one style element is allowed by its hash in the answer's CSP.
 */
export function testPage(party: TestPageParty, title: string, body: string): Required<Pick<SandboxAnswer, 'html' | 'styleHashes'>> {
  const sheet = sheetOf(party);
  const name = escapeHtml(party.name);
  return {
    html: `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><style>${sheet}</style></head>
<body>
<header>
<p class="test-banner">${TEST_PAGE_BANNER}</p>
<div class="party"><span class="party-mark" aria-hidden="true">${escapeHtml(party.name.charAt(0))}</span><span>${name}</span></div>
</header>
<main>
${body}
</main>
</body>
</html>
`,
    styleHashes: [styleHash(sheet)],
  };
}

/**
 * The sha256 of a stand-in's bytes, base64: its Subresource Integrity as a page's `integrity` attribute carries it
 * (the digest the server and the build give the checkout's own files), and a style's CSP source.
 */
export function sri(bytes: Uint8Array | string): string {
  return `sha256-${createHash('sha256').update(bytes).digest('base64')}`;
}
