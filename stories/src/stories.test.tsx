/// <reference types="vite/client" />
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryAllByRole, render, waitFor } from '@testing-library/react';
import type { ByRoleMatcher } from '@testing-library/react';
import type { ReactNode } from 'react';
import { composeStories } from '@storybook/react';
import type { Meta } from '@storybook/react';
import preview from '../.storybook/preview';
import { loadInstalled } from '@oja/app/config';
import { STORY_BRANDINGS, STORY_LOCALES, acquirerOf, scenarioOf } from './harness';
import type { StoryBranding } from './harness';

/**
 * Every story of every screen, in English and French, under the brandings, as the toolbar would show it: rendered
 * through the preview's annotations with the globals set, played, then checked for missing translation keys,
 * the language, the branding and the accessible names of its controls.
 */

type StoryModule = { default: Meta } & Record<string, unknown>;
// The same places as stories/.storybook/main.ts.
const modules: Record<string, StoryModule> = {
  ...import.meta.glob<StoryModule>('../../core/src/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../../core/server/src/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../../core/app/src/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../../core/{gates,pages}/*/src/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../../channels/*/src/**/*.stories.tsx', { eager: true }),
  ...import.meta.glob<StoryModule>('../../branding/*/src/**/*.stories.tsx', { eager: true }),
};

const ROOT = path.resolve(__dirname, '../..');
/** Longest wait for a story's lazy screens (chunks are transformed on first use, slow on a busy machine), ms. */
const LAZY_TIMEOUT_MS = 8_000;
/** Per test: the wait above plus rendering and checks, ms. */
const STORY_TEST_MS = 20_000;
/** The plugins oja.config.json lists: their message namespaces are what a missing key starts with. */
const installed = await loadInstalled();
/** Every owner's namespace: core's, and the top-level keys of each installed plugin's messages. */
const NAMESPACES = [
  ...new Set([
    'core',
    ...[...installed.channels, ...installed.brandings, ...installed.gates, ...installed.pages].flatMap((p) => Object.keys(p.messages.en)),
  ]),
];
/**
 * A translation key showing instead of its text: an owner's namespace, a dot, a camelCase name. The name starts
 * lower case so that a sentence ending in "wallet." or "card." followed by the next element's text is no key.
 */
const MISSING_KEY = new RegExp(`\\b(${NAMESPACES.map((n) => n.replace(/[-]/g, '\\-')).join('|')})\\.[a-z][a-zA-Z]*`);
/** The header's words when no customer e-mail is given. */
const YOU_ARE_PAYING = { en: 'You are paying', fr: 'Vous payez' } as const;
const BRAND_NAME: Record<StoryBranding, string> = { '': 'Oja', ZIB: 'ZIB', MUL: 'MUL', HALO: 'HALO' };
/** Roles of the controls that must have an accessible name. */
const CONTROL_ROLES: ByRoleMatcher[] = ['button', 'link', 'textbox', 'spinbutton', 'checkbox', 'radio', 'searchbox', 'combobox', 'slider'];

/** Every *.stories.tsx under the places Storybook looks, found on disk (node_modules and dist aside). */
function storyFilesOnDisk(): string[] {
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.stories.tsx') && /\/src\//.test(full)) found.push(path.relative(ROOT, full));
    }
  };
  for (const top of ['core', 'channels', 'branding']) walk(path.join(ROOT, top));
  return found.sort();
}

/** A story composed with the preview's annotations: a component, plus its play function and annotations. */
type Composed = ((props: Record<string, unknown>) => ReactNode) & {
  storyName: string;
  play?: (context?: { canvasElement?: HTMLElement }) => Promise<void>;
  parameters: Record<string, unknown>;
  globals: Record<string, unknown>;
};

function compose(mod: StoryModule, locale: string, branding: string): Record<string, Composed> {
  return composeStories(mod, { ...preview, initialGlobals: { locale, branding } }) as Record<string, Composed>;
}

/** Everything a payer could read or hear: the text and the labelling attributes. */
function readableText(root: HTMLElement): string {
  const attrs = [...root.querySelectorAll('[aria-label],[title],[placeholder],[alt]')].flatMap((el) =>
    ['aria-label', 'title', 'placeholder', 'alt'].map((a) => el.getAttribute(a) ?? ''),
  );
  return [root.textContent ?? '', ...attrs].join('\n');
}

/** A password field has no ARIA role to query by name: its <label> names it. */
function labelledPassword(el: Element): boolean {
  return el instanceof HTMLInputElement && el.type === 'password' && [...(el.labels ?? [])].some((l) => /\S/.test(l.textContent ?? ''));
}

/** Buttons, links and inputs without an accessible name, described for the failure message. */
function unnamedControls(root: HTMLElement): string[] {
  const named = new Set<Element>(CONTROL_ROLES.flatMap((role) => queryAllByRole(root, role, { name: /\S/, hidden: true })));
  return [...root.querySelectorAll('button, a[href], input:not([type="hidden"])')]
    .filter((el) => !named.has(el) && !labelledPassword(el))
    .map((el) => el.outerHTML.slice(0, 160));
}

/** happy-dom's handle on its window: its settings, read when a request goes out. */
type HappyDomWindow = Window & {
  happyDOM?: {
    settings: {
      fetch: { interceptor: { beforeAsyncRequest?: (ctx: { window: { Response: typeof Response } }) => Promise<Response | void> } | null };
    };
  };
};

beforeAll(() => {
  // A frame (3-D Secure's issuer page) gets an empty page: nothing serves the story tests, and a failed load
  // would log, or a server that happens to listen on the test origin would answer.
  const settings = (window as HappyDomWindow).happyDOM?.settings;
  if (settings) {
    settings.fetch.interceptor = {
      beforeAsyncRequest: async (ctx) =>
        new ctx.window.Response('<!doctype html><title>Story frame</title>', { headers: { 'content-type': 'text/html' } }),
    };
  }
});

let errors: unknown[][];
beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
  vi.spyOn(console, 'info').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  sessionStorage.clear();
});

/** Renders a composed story the way Storybook does (render, then play) and waits for its lazy parts. */
async function renderStory(story: Composed, expected: string | undefined) {
  const Story = story;
  const { container } = render(<Story />);
  // The first paint too (the shell's fallbacks while lazy screens load), not only the settled screen.
  expect(readableText(container).match(MISSING_KEY)?.[0] ?? null, 'a translation key is showing at first paint').toBeNull();
  if (story.play) await story.play({ canvasElement: container });
  await waitFor(
    () => {
      if (expected) expect(container.textContent).toContain(expected);
      // The shell's fallback while a lazy screen loads.
      expect(container.querySelector('p[role="status"]')?.textContent ?? '').not.toMatch(/^(Loading|Chargement)…$/);
    },
    { timeout: LAZY_TIMEOUT_MS },
  );
  return container;
}

/**
 * The brandings a story is tested under: all of them for a module's first story, otherwise the default and one
 * other in turn, so every branding meets every module and the run stays short.
 */
function brandingsFor(allowed: readonly StoryBranding[], index: number): StoryBranding[] {
  if (index === 0 || allowed.length <= 2) return [...allowed];
  const others = allowed.slice(1);
  return [allowed[0], others[(index - 1) % others.length]];
}

const entries = Object.entries(modules).sort(([a], [b]) => a.localeCompare(b));

describe('story modules', () => {
  it('imports every *.stories.tsx that Storybook finds', () => {
    const imported = Object.keys(modules)
      .map((p) => path.relative(ROOT, path.resolve(__dirname, p)))
      .sort();
    expect(imported).toEqual(storyFilesOnDisk());
    expect(imported.length).toBeGreaterThanOrEqual(5);
  });

  it.each(entries.map(([file, mod]) => [file, mod] as const))(
    '%s: every story follows the toolbar language (en and fr)',
    async (_file, mod) => {
      for (const locale of STORY_LOCALES) {
        const stories = Object.values(compose(mod, locale, 'default'));
        expect(stories.length).toBeGreaterThan(0);
        for (const story of stories) {
          // No story pins a language: the harness takes it from the globals.
          expect(story.globals.locale, story.storyName).toBe(locale);
          const Story = story;
          const { container, unmount } = render(<Story />);
          const root = container.querySelector('[data-oja-story]');
          expect(root?.getAttribute('data-locale'), story.storyName).toBe(locale);
          // The shell's header renders synchronously in that language (with or without a customer e-mail).
          const header = container.querySelector('header')?.textContent ?? '';
          const other = locale === 'en' ? YOU_ARE_PAYING.fr : YOU_ARE_PAYING.en;
          expect(header, story.storyName).not.toContain(other);
          unmount();
        }
      }
    },
    60_000,
  );
});

for (const [file, mod] of entries) {
  const names = Object.keys(compose(mod, 'en', 'default'));
  describe(`${mod.default.title} (${path.basename(file)})`, () => {
    const cases = names.flatMap((name, index) => {
      const s = scenarioOf(compose(mod, 'en', 'default')[name].parameters);
      const brandings = brandingsFor(s.brandings ?? STORY_BRANDINGS, index);
      return STORY_LOCALES.flatMap((locale) => brandings.map((branding) => [name, locale, branding] as const));
    });

    it.each(cases)(
      '%s [%s, branding %j]',
      async (name, locale, branding) => {
        const story = compose(mod, locale, branding || 'default')[name];
        const s = scenarioOf(story.parameters);
        const expected = s.expect?.[locale];
        const container = await renderStory(story, expected);

        const root = container.querySelector('[data-oja-story]')!;
        expect(root.getAttribute('data-locale')).toBe(locale);
        expect(acquirerOf(root.getAttribute('data-branding'))).toBe(branding);
        // The branding's logo is in the footer ("powered by"); a page outside a payment has neither.
        const footer = container.querySelector('footer');
        if (s.outside || s.page) expect(footer).toBeNull();
        // Drawn by the server on a real page; a story draws it itself, as soon as its module is in.
        else await waitFor(() => expect(queryAllByRole(footer!, 'img', { name: BRAND_NAME[branding] })).toHaveLength(1));

        const text = readableText(document.body);
        expect(text.match(MISSING_KEY)?.[0] ?? null, 'a translation key is showing').toBeNull();
        const header = container.querySelector('header')?.textContent ?? '';
        if (locale === 'fr') {
          expect(text.includes(YOU_ARE_PAYING.fr) || (!!expected && text.includes(expected)), 'French text').toBe(true);
          expect(header).not.toContain(YOU_ARE_PAYING.en);
        } else {
          expect(header).not.toContain(YOU_ARE_PAYING.fr);
        }

        expect(unnamedControls(document.body), 'controls without an accessible name').toEqual([]);
        if (!s.throws) expect(errors, 'console.error while rendering').toEqual([]);
      },
      STORY_TEST_MS,
    );
  });
}
