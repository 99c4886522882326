import { describe, expect, it } from 'vitest';
import { createI18n, localeFromAcceptLanguage, parseLocale, pickLocale, registerMessages } from './i18n';
import type { MessageBundle } from './i18n';
import { coreMessages } from './messages';
import { missingKeys } from './validation';
import { resultMessages } from './ui/resultMessages';
import { cancelMessages } from './ui/cancelMessages';
import { demoMessages } from './ui/demoMessages';
import { copyMessages } from './primitives/copyMessages';
import { waitingMessages } from './primitives/waitingMessages';
import { sandboxMessages } from './primitives/sandboxMessages';

/** Every bundle core ships: the first screen's and those loaded with later screens. */
const bundles: Record<string, MessageBundle> = {
  coreMessages,
  resultMessages,
  cancelMessages,
  demoMessages,
  copyMessages,
  waitingMessages,
  sandboxMessages,
};

describe("core's messages", () => {
  it.each(Object.entries(bundles))('%s has the same keys in en and fr', (_, bundle) => {
    expect(missingKeys(bundle.en, bundle.fr)).toEqual([]);
    expect(missingKeys(bundle.fr, bundle.en)).toEqual([]);
  });

  it.each(Object.entries(bundles))('%s keeps every key under the core namespace', (_, bundle) => {
    expect(Object.keys(bundle.en)).toEqual(['core']);
    expect(Object.keys(bundle.fr)).toEqual(['core']);
  });

  it('never defines one key in two bundles', () => {
    const seen = new Map<string, string>();
    const walk = (name: string, node: object, prefix: string) => {
      for (const [k, v] of Object.entries(node)) {
        const path = prefix ? `${prefix}.${k}` : k;
        if (v && typeof v === 'object') walk(name, v, path);
        else {
          expect(seen.get(path), `${path} in ${name}`).toBeUndefined();
          seen.set(path, name);
        }
      }
    };
    for (const [name, bundle] of Object.entries(bundles)) walk(name, bundle.en, '');
  });
});

describe('createI18n', () => {
  it('interpolates {{merchant}}', () => {
    const t = createI18n('en', [coreMessages, resultMessages]).t;
    expect(t('core.cancel.button', { merchant: 'Oja Demo Store' })).toBe('Cancel payment and return to Oja Demo Store');
    expect(t('core.result.redirect', { merchant: 'Shop & Co' })).toBe("You're being redirected to Shop & Co, please do not close this page.");
  });

  it('answers in its locale', () => {
    const i18n = createI18n('fr', [coreMessages]);
    expect(i18n.locale).toBe('fr');
    expect(i18n.t('core.cancel.button', { merchant: 'Oja Demo Store' })).toBe('Annuler le paiement et revenir à Oja Demo Store');
  });

  it('returns the key itself for a missing key', () => {
    const t = createI18n('en', [coreMessages]).t;
    expect(t('core.nothing.here')).toBe('core.nothing.here');
    expect(t('transfer.row.title')).toBe('transfer.row.title');
  });

  it('merges bundles that share a namespace key by key', () => {
    const t = createI18n('en', [coreMessages, cancelMessages]).t;
    expect(t('core.cancel.button', { merchant: 'M' })).toBe('Cancel payment and return to M');
    expect(t('core.cancel.title')).toBe('Cancel Payment?');
  });

  it('picks up messages registered after it was made (a screen loaded later)', () => {
    const i18n = createI18n('en', [coreMessages]);
    expect(i18n.t('core.test.late')).toBe('core.test.late');
    registerMessages({ en: { core: { test: { late: 'Loaded later' } } }, fr: { core: { test: { late: 'Chargé plus tard' } } } });
    expect(i18n.t('core.test.late')).toBe('Loaded later');
    expect(i18n.t('core.header.youArePaying')).toBe('You are paying');
  });

  it('keeps each owner namespace when several bundles are merged', () => {
    const t = createI18n('en', [
      coreMessages,
      resultMessages,
      { en: { transfer: { title: 'Pay with Transfer' } }, fr: { transfer: { title: 'Payer par virement' } } },
      { en: { zib: { terms: 'Terms of use' } }, fr: { zib: { terms: "Conditions d'utilisation" } } },
    ]).t;
    expect(t('core.result.retry')).toBe('Retry payment');
    expect(t('transfer.title')).toBe('Pay with Transfer');
    expect(t('zib.terms')).toBe('Terms of use');
  });
});

describe('parseLocale', () => {
  it('reads French variants and defaults to English', () => {
    expect(parseLocale('fr')).toBe('fr');
    expect(parseLocale('fr-CA')).toBe('fr');
    expect(parseLocale('FR')).toBe('fr');
    expect(parseLocale('en-GB')).toBe('en');
    expect(parseLocale('de')).toBe('en');
    expect(parseLocale(null)).toBe('en');
    expect(parseLocale(undefined)).toBe('en');
  });
});

describe('localeFromAcceptLanguage (CONTRACT §5 "Languages")', () => {
  it.each([
    ['fr', 'fr'],
    ['fr-FR', 'fr'],
    ['fr-CD,fr;q=0.9', 'fr'],
    ['FR-be', 'fr'],
    ['fr-FR,fr;q=0.9,en-US;q=0.8,en;q=0.7', 'fr'],
    ['en;q=0.5, fr-CD;q=0.9', 'fr'],
    ['de, fr;q=0.1', 'fr'],
    ['de-DE,de;q=0.9,fr;q=0.5,en;q=0.4', 'fr'],
    ['en-US,en;q=0.9,fr;q=0.8', 'en'],
    ['fr;q=0.5, en;q=0.5', 'fr'],
    ['en;q=0.5, fr;q=0.5', 'en'],
    ['fr;q=0, en;q=0.1', 'en'],
    ['fr;q=0', 'en'],
    ['de', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [undefined, 'en'],
    ['frisian, fr', 'fr'],
    ['fry;q=1, fr;q=0.2', 'fr'],
    [';;;,,q=,fr;q=abc', 'fr'],
  ])('reads %j as %s', (header, locale) => {
    expect(localeFromAcceptLanguage(header)).toBe(locale);
  });
});

describe('pickLocale', () => {
  it('lets an explicit lang win over the browser', () => {
    expect(pickLocale('en', 'fr-FR')).toBe('en');
    expect(pickLocale('fr', 'en-US')).toBe('fr');
  });

  it('follows the browser without one', () => {
    expect(pickLocale(undefined, 'fr-FR')).toBe('fr');
    expect(pickLocale('', 'fr-CD')).toBe('fr');
    expect(pickLocale(null, 'en-GB')).toBe('en');
  });
});

describe('counts', () => {
  const bundle: MessageBundle = {
    en: { x: { left: { one: '{{count}} minute left', other: '{{count}} minutes left' }, plain: '{{count}} of 4' } },
    fr: { x: { left: { one: '{{count}} minute restante', other: '{{count}} minutes restantes' }, plain: '{{count}} sur 4' } },
  };

  it("takes the plural form the language's rules pick for the count", () => {
    const en = createI18n('en', [bundle]).t;
    expect([0, 1, 2].map((count) => en('x.left', { count }))).toEqual(['0 minutes left', '1 minute left', '2 minutes left']);
    const fr = createI18n('fr', [bundle]).t;
    // French counts 0 and 1 as one.
    expect([0, 1, 2].map((count) => fr('x.left', { count }))).toEqual(['0 minute restante', '1 minute restante', '2 minutes restantes']);
  });

  it('leaves a message without plural forms as it is', () => {
    expect(createI18n('en', [bundle]).t('x.plain', { count: 3 })).toBe('3 of 4');
  });
});
