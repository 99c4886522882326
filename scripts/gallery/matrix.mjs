// The gallery's variants: which stories, in which languages, under which brandings, at which widths, and the
// Storybook address and file name of each shot.

/** The toolbar's brandings (stories/.storybook/preview.tsx), as the `branding` global spells them. */
export const BRANDINGS = ['default', 'ZIB', 'MUL', 'HALO'];
/** The toolbar's languages. */
export const LOCALES = ['en', 'fr'];
/** A phone and a desktop, px. */
export const WIDTHS_PX = [360, 1280];
/** The desktop shot's height (the phone's is the full page), px. */
export const DESKTOP_HEIGHT_PX = 800;
/** Where the page starts at a phone's width before it is shot whole, px. */
export const PHONE_HEIGHT_PX = 800;
/** Below this width a shot is the whole page, px. */
const FULL_PAGE_BELOW_PX = 1024;

const LANGUAGE_NAMES = { en: 'English', fr: 'French' };

/** How a shot is taken at a width: the viewport, and whether the whole page is shot. */
export function viewportOf(width) {
  return { width, height: width < FULL_PAGE_BELOW_PX ? PHONE_HEIGHT_PX : DESKTOP_HEIGHT_PX, fullPage: width < FULL_PAGE_BELOW_PX };
}

/** A comma-separated option's values among the allowed ones (case-insensitive), all of them when not given. */
function pick(option, allowed, what) {
  if (option === undefined) return [...allowed];
  const wanted = String(option)
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const found = wanted.map((w) => {
    const hit = allowed.find((a) => String(a).toLowerCase() === w.toLowerCase());
    if (hit === undefined) throw new Error(`Unknown ${what} "${w}": one of ${allowed.join(', ')}`);
    return hit;
  });
  // In the toolbar's order, each once.
  return allowed.filter((a) => found.includes(a));
}

/**
 * The command line's options: `--only <substring of story id>`, `--branding`, `--locale`, `--width` (each a
 * comma-separated list), `--out <dir>`, `--storybook <dir>` (a static build to use as it is).
 */
export function parseOptions(argv) {
  const raw = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`Unexpected argument "${arg}"`);
    const [, name, inline] = m;
    if (!['only', 'branding', 'locale', 'width', 'out', 'storybook'].includes(name)) throw new Error(`Unknown option --${name}`);
    const value = inline ?? argv[++i];
    if (value === undefined || value.startsWith('--')) throw new Error(`--${name} needs a value`);
    raw[name] = value;
  }
  return {
    only: raw.only,
    brandings: pick(raw.branding, BRANDINGS, 'branding'),
    locales: pick(raw.locale, LOCALES, 'language'),
    widths: pick(raw.width, WIDTHS_PX.map(String), 'width').map(Number),
    out: raw.out,
    storybook: raw.storybook,
    /** Every story, language, branding and width: the gallery is shot anew, not merged into the last one. */
    complete: raw.only === undefined && raw.branding === undefined && raw.locale === undefined && raw.width === undefined,
  };
}

/** The stories of a Storybook index (`index.json`), docs left out, in the sidebar's order. */
export function storiesOf(index, only) {
  return Object.values(index.entries)
    .filter((e) => e.type === 'story' && (!only || e.id.includes(only)))
    .map((e) => ({ id: e.id, title: e.title, name: e.name }));
}

/** Every shot of the stories under the chosen variants, a story's shots together. */
export function shotsOf(stories, o) {
  const shots = [];
  for (const story of stories)
    for (const branding of o.brandings)
      for (const locale of o.locales) for (const width of o.widths) shots.push({ ...story, branding, locale, width });
  return shots;
}

/** A shot's file, relative to the gallery's folder. */
export function fileOf(shot) {
  return `shots/${shot.id}/${shot.locale}-${shot.branding.toLowerCase()}-${shot.width}.jpg`;
}

/** The story's frame in a language and branding (Storybook's `globals` parameter). */
export function frameUrl(base, shot) {
  return `${base}/iframe.html?id=${encodeURIComponent(shot.id)}&viewMode=story&globals=locale:${shot.locale};branding:${shot.branding}`;
}

/** The words that tell one shot from every other: story, state, language, branding and width. */
export function altOf(shot) {
  return `${shot.title}, ${shot.name}: ${LANGUAGE_NAMES[shot.locale] ?? shot.locale}, ${brandingName(shot.branding)} branding, ${shot.width} px wide`;
}

export function brandingName(branding) {
  return branding === 'default' ? 'default (Oja)' : branding;
}

export function languageName(locale) {
  return LANGUAGE_NAMES[locale] ?? locale;
}

/** A key per shot, for merging a partial run into the last full one. */
export const keyOf = (shot) => fileOf(shot);
