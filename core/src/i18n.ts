import rosetta from 'rosetta';
import { createContext, useContext } from 'react';

export type Locale = 'en' | 'fr';
export const LOCALES: readonly Locale[] = ['en', 'fr'];
/** Nested messages; the top-level key is the owner's namespace (core, transfer, zib, ...). */
export type Messages = { [key: string]: string | Messages };

export interface I18n {
  locale: Locale;
  t(key: string, params?: Record<string, unknown>): string;
}

export type MessageBundle = { en: Messages; fr: Messages };

const registered: MessageBundle[] = [];
let registeredVersion = 0;

/**
 * Adds the messages of a lazily loaded screen, so its strings travel with its chunk rather than on the
 * initial route. They may share their owner's namespace: bundles are merged deeply, key by key.
 */
export function registerMessages(bundle: MessageBundle): void {
  if (registered.includes(bundle)) return;
  registered.push(bundle);
  registeredVersion += 1;
}

function deepMerge(target: Messages, source: Messages): Messages {
  for (const [k, v] of Object.entries(source)) {
    const current = target[k];
    target[k] = v && typeof v === 'object' ? deepMerge(current && typeof current === 'object' ? current : {}, v) : v;
  }
  return target;
}

/** One language's table from several bundles, merged deeply. */
export function mergeLocale(bundles: MessageBundle[], locale: Locale): Messages {
  return bundles.reduce<Messages>((acc, b) => deepMerge(acc, b[locale] ?? {}), {});
}

/**
 * One rosetta instance per page (or per server render), fed by every owner. rosetta's `set` merges only the
 * top level, so the tables are merged deeply here first and owners sharing a namespace never overwrite
 * each other.
 */
export function createI18n(locale: Locale, bundles: MessageBundle[]): I18n {
  const r = rosetta<Messages>();
  let synced = -1;
  const sync = () => {
    if (synced === registeredVersion) return;
    synced = registeredVersion;
    for (const l of LOCALES) r.set(l, mergeLocale([...bundles, ...registered], l));
  };
  r.locale(locale);
  const plural = new Intl.PluralRules(locale);
  return {
    locale,
    t(key, params) {
      sync();
      // A count picks its plural form by the language's rules: `key.one`, `key.other` (French counts 0 as one).
      const count = params?.count;
      if (typeof count === 'number') {
        const form = r.t(`${key}.${plural.select(count)}`, params as never, locale) || r.t(`${key}.other`, params as never, locale);
        if (form) return form;
      }
      const out = r.t(key, params as never, locale);
      // A missing key shows itself (and fails the tests that look for it) rather than an empty string.
      return out === '' ? key : out;
    },
  };
}

export function parseLocale(value: string | null | undefined): Locale {
  const v = (value ?? '').toLowerCase();
  return v.startsWith('fr') ? 'fr' : 'en';
}

/** The locale a language tag names, if the checkout speaks it (`fr`, `fr-CD`, `EN-gb`); `*` and others name none. */
function supportedLocale(tag: string): Locale | undefined {
  const primary = tag.toLowerCase().split('-')[0];
  return LOCALES.find((l) => l === primary);
}

/**
 * The browser's preferred language among those the checkout speaks (CONTRACT §5 "Languages"), from an
 * Accept-Language header: tags by q-value, highest first (ties keep their order), q=0 meaning "not this one".
 * English when the header names none of them.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  const ranked = String(header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(p)).find(Boolean);
      return { locale: supportedLocale(tag.trim()), q: q ? Number(q[1]) : 1, index };
    })
    .filter((t) => t.locale && t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return ranked[0]?.locale ?? 'en';
}

/** The page's language: the merchant's or the URL's explicit `lang` wins, else the browser's Accept-Language. */
export function pickLocale(explicit: string | null | undefined, acceptLanguage: string | null | undefined): Locale {
  return explicit ? parseLocale(explicit) : localeFromAcceptLanguage(acceptLanguage);
}

export const I18nContext = createContext<I18n>({ locale: 'en', t: (k) => k });
export const useT = () => useContext(I18nContext).t;
export const useLocale = () => useContext(I18nContext).locale;
