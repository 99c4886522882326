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

/**
 * One rosetta instance per page (or per server render), fed by every owner. rosetta's `set` merges shallowly,
 * so each owner writes only its own top-level namespace and never overwrites another's.
 */
export function createI18n(locale: Locale, bundles: Array<{ en: Messages; fr: Messages }>): I18n {
  const r = rosetta<Messages>();
  for (const b of bundles) for (const l of LOCALES) r.set(l, b[l]);
  r.locale(locale);
  return {
    locale,
    t(key, params) {
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
