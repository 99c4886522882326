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
  return {
    locale,
    t(key, params) {
      sync();
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

export const I18nContext = createContext<I18n>({ locale: 'en', t: (k) => k });
export const useT = () => useContext(I18nContext).t;
export const useLocale = () => useContext(I18nContext).locale;
