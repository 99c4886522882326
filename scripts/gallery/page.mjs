// The gallery's page: every shot, grouped by story title, a row per state showing its variants, with filters by
// branding, language and width. A local file: its small script runs from file:// with no server.
import { altOf, brandingName, BRANDINGS, languageName, LOCALES, WIDTHS_PX } from './matrix.mjs';

/** Shown width of a thumbnail, by shot width, CSS px: a phone at half size, a desktop at a quarter. */
const THUMB_WIDTH_PX = { 360: 180, 1280: 320 };
const THUMB_SCALE = 0.25;

const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ESCAPES[c]);

/** An id for a title's section: its words, lower-case, dash-joined. */
export const anchorOf = (title) =>
  `t-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;

/** Shots grouped by title (in order of first appearance), then by story (state). */
export function groupShots(shots) {
  const titles = new Map();
  for (const s of shots) {
    if (!titles.has(s.title)) titles.set(s.title, new Map());
    const states = titles.get(s.title);
    if (!states.has(s.id)) states.set(s.id, { id: s.id, name: s.name, shots: [] });
    states.get(s.id).shots.push(s);
  }
  // A variant's place in the toolbar's order.
  const rank = (all) => (v) => {
    const i = all.indexOf(v);
    return i < 0 ? all.length : i;
  };
  const byBranding = rank(BRANDINGS);
  const byLocale = rank(LOCALES);
  const byWidth = rank(WIDTHS_PX);
  return [...titles].map(([title, states]) => ({
    title,
    states: [...states.values()].map((st) => ({
      ...st,
      shots: st.shots.sort(
        (a, b) => byBranding(a.branding) - byBranding(b.branding) || byLocale(a.locale) - byLocale(b.locale) || byWidth(a.width) - byWidth(b.width),
      ),
    })),
  }));
}

function figure(shot) {
  const thumb = THUMB_WIDTH_PX[shot.width] ?? Math.round(shot.width * THUMB_SCALE);
  const height = Math.round((shot.imageHeight / shot.imageWidth) * thumb);
  const caption = `${languageName(shot.locale)} · ${brandingName(shot.branding)} · ${shot.width} px`;
  return `<figure data-branding="${escapeHtml(shot.branding)}" data-locale="${escapeHtml(shot.locale)}" data-width="${shot.width}"${shot.problem ? ' class="failed"' : ''}>
<a href="${escapeHtml(shot.file)}"><img src="${escapeHtml(shot.file)}" alt="${escapeHtml(altOf(shot))}" width="${thumb}" height="${height}" loading="lazy" decoding="async"></a>
<figcaption>${escapeHtml(caption)}${shot.problem ? `<br><strong>Did not render cleanly:</strong> ${escapeHtml(shot.problem)}` : ''}</figcaption>
</figure>`;
}

function filter(name, legend, values, label) {
  const boxes = values
    .map((v) => `<label><input type="checkbox" name="${name}" value="${escapeHtml(v)}" checked> ${escapeHtml(label(v))}</label>`)
    .join('\n');
  return `<fieldset><legend>${legend}</legend>\n${boxes}\n</fieldset>`;
}

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; color: #18212f; background: #f4f6f9; }
body { margin: 0; line-height: 1.45; }
header.top { position: sticky; top: 0; z-index: 1; background: #fff; border-bottom: 1px solid #c9d1dc; padding: 12px 24px; }
h1 { font-size: 1.4rem; margin: 0 0 4px; }
.meta { margin: 0 0 8px; color: #4a5568; }
form { display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: center; }
fieldset { border: 1px solid #c9d1dc; border-radius: 8px; padding: 4px 12px 8px; margin: 0; display: flex; flex-wrap: wrap; gap: 4px 4px; }
legend { font-weight: 600; padding: 0 4px; }
label { display: inline-flex; align-items: center; gap: 6px; min-height: 44px; padding: 0 8px; cursor: pointer; }
input[type=checkbox] { width: 20px; height: 20px; margin: 0; }
main { padding: 8px 24px 48px; }
nav ul { display: flex; flex-wrap: wrap; gap: 4px 16px; padding: 0; list-style: none; }
nav a { display: inline-block; padding: 10px 0; }
a { color: #0a4f96; }
:focus-visible { outline: 3px solid #1f6feb; outline-offset: 2px; }
section { margin-top: 32px; }
h2 { font-size: 1.25rem; border-bottom: 2px solid #c9d1dc; padding-bottom: 4px; }
h3 { font-size: 1rem; margin: 20px 0 8px; }
h3 code { font-size: 0.8rem; color: #4a5568; font-weight: 400; margin-left: 8px; }
.row { display: flex; flex-wrap: wrap; gap: 16px; align-items: flex-start; }
figure { margin: 0; background: #fff; border: 1px solid #c9d1dc; border-radius: 6px; padding: 6px; }
figure img { display: block; height: auto; background: #e9edf2; }
figure.failed { border: 2px solid #b42318; }
figcaption { font-size: 0.8rem; color: #4a5568; margin-top: 4px; max-width: 320px; }
[hidden] { display: none !important; }
`;

// Hides the figures outside the ticked values, then the rows and sections left empty; says how many are shown.
const SCRIPT = `
const form = document.getElementById('filters');
const count = document.getElementById('shown');
function apply() {
  const ticked = (name) => new Set([...form.querySelectorAll('input[name="' + name + '"]:checked')].map((i) => i.value));
  const b = ticked('branding'), l = ticked('locale'), w = ticked('width');
  let shown = 0;
  for (const f of document.querySelectorAll('main figure')) {
    f.hidden = !(b.has(f.dataset.branding) && l.has(f.dataset.locale) && w.has(f.dataset.width));
    if (!f.hidden) shown++;
  }
  for (const el of document.querySelectorAll('main .state, main section')) el.hidden = !el.querySelector('figure:not([hidden])');
  count.textContent = shown + ' of ' + document.querySelectorAll('main figure').length + ' screenshots shown';
}
form.addEventListener('change', apply);
apply();
`;

/**
 * The gallery's HTML. A shot: `{ id, title, name, branding, locale, width, file, imageWidth, imageHeight,
 * problem? }`. `run`: when it was shot and what from.
 */
export function galleryHtml(shots, run) {
  const groups = groupShots(shots);
  const present = (key) => [...new Set(shots.map((s) => s[key]))];
  const brandings = BRANDINGS.filter((b) => present('branding').includes(b));
  const locales = LOCALES.filter((l) => present('locale').includes(l));
  const widths = WIDTHS_PX.filter((w) => present('width').includes(w));
  const states = groups.reduce((n, g) => n + g.states.length, 0);
  const sections = groups
    .map(
      (g) => `<section id="${anchorOf(g.title)}" aria-labelledby="${anchorOf(g.title)}-h">
<h2 id="${anchorOf(g.title)}-h">${escapeHtml(g.title)}</h2>
${g.states
  .map(
    (st) => `<div class="state">
<h3>${escapeHtml(st.name)}<code>${escapeHtml(st.id)}</code></h3>
<div class="row">
${st.shots.map(figure).join('\n')}
</div>
</div>`,
  )
  .join('\n')}
</section>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Oja Checkout gallery</title>
<style>${STYLE}</style>
</head>
<body>
<header class="top">
<h1>Oja Checkout gallery</h1>
<p class="meta">${shots.length} screenshots of ${states} states in ${groups.length} groups, shot ${escapeHtml(run.shotAt)} from the stories.</p>
<form id="filters" aria-label="Filters">
${filter('branding', 'Branding', brandings, brandingName)}
${filter('locale', 'Language', locales, languageName)}
${filter('width', 'Width', widths.map(String), (w) => `${w} px`)}
<p id="shown" role="status" aria-live="polite"></p>
</form>
</header>
<main>
<nav aria-label="Groups"><ul>
${groups.map((g) => `<li><a href="#${anchorOf(g.title)}">${escapeHtml(g.title)}</a></li>`).join('\n')}
</ul></nav>
${sections}
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
