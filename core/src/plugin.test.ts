import { describe, expect, it } from 'vitest';
import { defineChannel, definePage, RESERVED_PATHS } from './plugin';
import { missingKeys, validateChannel, validatePage } from './validation';
import type { ChannelPlugin, PagePlugin } from './plugin';
import { fixtureChannels } from '@oja/testing';
import { fixturePage } from '@oja/testing';
import { homePage } from '@oja/server';

const Icon = () => null;

/** A well-formed channel; each test breaks one part of it. */
function good(overrides: Partial<ChannelPlugin> = {}): Partial<ChannelPlugin> {
  return {
    id: 'transfer',
    code: 'TRANSFER',
    path: '/payment/transfer',
    isAvailable: () => true,
    row: { icon: Icon, title: 'transfer.row.title', description: 'transfer.row.description' },
    messages: {
      en: { transfer: { row: { title: 'Pay with Transfer', description: 'To a generated account' } } },
      fr: { transfer: { row: { title: 'Payer par virement', description: 'Vers un compte généré' } } },
    },
    ...overrides,
  };
}

describe('defineChannel', () => {
  it('returns the plain object it is given', () => {
    const plugin = good() as ChannelPlugin;
    expect(defineChannel(plugin)).toBe(plugin);
  });
});

describe('validateChannel', () => {
  it('finds nothing wrong with a well-formed channel', () => {
    expect(validateChannel(good())).toEqual([]);
  });

  it('finds nothing wrong with the test fixtures', () => {
    for (const c of fixtureChannels) expect(validateChannel(c), c.id).toEqual([]);
  });

  it.each(['', 'Transfer', '1transfer', 'bank_transfer', 'bank transfer', '-x'])('refuses the id %j', (id) => {
    expect(validateChannel(good({ id })).join('\n')).toMatch(/id must match/);
  });

  it('accepts a dashed id', () => {
    const id = 'uganda-mobile-money';
    const problems = validateChannel(
      good({
        id,
        path: '/payment/uganda-mobile-money',
        code: 'UGANDA_MOBILE_MONEY',
        row: undefined,
        messages: { en: { [id]: { a: 'A' } }, fr: { [id]: { a: 'A' } } },
      }),
    );
    expect(problems).toEqual([]);
  });

  it('accepts outside sources with lower-case keys and known directives', () => {
    expect(
      validateChannel(
        good({
          sources: [
            { key: '3ds-issuer', directives: ['frame'], why: 'issuer' },
            { key: 'fp', directives: ['script', 'img'], why: 'fp' },
          ],
        }),
      ),
    ).toEqual([]);
  });

  it.each([
    [{ key: 'Issuer', directives: ['frame'] }, /source key Issuer/],
    [{ key: 'a b', directives: ['frame'] }, /source key a b/],
    [{ key: 'x', directives: [] }, /source x directives/],
    [{ key: 'x', directives: ['style'] }, /source x directives/],
  ])('refuses the outside source %j', (source, problem) => {
    expect(validateChannel(good({ sources: [{ why: 'w', ...source } as never] })).join('\n')).toMatch(problem);
  });

  it('refuses a missing id', () => {
    expect(validateChannel(good({ id: undefined }))[0]).toMatch(/^\(no id\): id must match/);
  });

  it.each([undefined, '', 'transfer', 'Transfer', 'TRANSFER1', 'TRANS-FER'])('refuses the code %j', (code) => {
    expect(validateChannel(good({ code }))).toContain('transfer: code must be an upper-case channel code');
  });

  it.each([undefined, '', 'transfer', '/transfer', '/payments/transfer', 'payment/transfer'])('refuses the path %j', (path) => {
    expect(validateChannel(good({ path }))).toContain('transfer: path must start with /payment/');
  });

  it('needs an availability rule', () => {
    expect(validateChannel(good({ isAvailable: undefined }))).toContain('transfer: isAvailable must be a function');
  });

  it('needs a positive status interval', () => {
    const check = async () => ({ code: '09', response: {} });
    expect(validateChannel(good({ status: { intervalMs: 0, check } }))).toContain('transfer: status.intervalMs must be positive');
    expect(validateChannel(good({ status: { intervalMs: -1, check } }))).toContain('transfer: status.intervalMs must be positive');
    expect(validateChannel(good({ status: { intervalMs: 20_000, check } }))).toEqual([]);
  });

  it('takes a first delay and a timeout as durations or functions, nothing else', () => {
    const check = async () => ({ code: '09', response: {} });
    const status = (extra: object) => ({ status: { intervalMs: 4_000, check, ...extra } });
    expect(validateChannel(good(status({ firstDelayMs: 4_000, timeoutMs: 30_000 })))).toEqual([]);
    expect(validateChannel(good(status({ firstDelayMs: 0, timeoutMs: () => 30_000 })))).toEqual([]);
    expect(validateChannel(good(status({ firstDelayMs: -1 })))).toContain('transfer: status.firstDelayMs must be a duration (ms) or a function');
    expect(validateChannel(good(status({ timeoutMs: Number.NaN })))).toContain('transfer: status.timeoutMs must be a duration (ms) or a function');
    expect(validateChannel(good(status({ timeoutMs: '30000' as never })))).toContain(
      'transfer: status.timeoutMs must be a duration (ms) or a function',
    );
  });

  it('needs messages in en and fr', () => {
    expect(validateChannel(good({ messages: undefined }))).toContain('transfer: messages need en and fr');
    expect(validateChannel(good({ messages: { en: { transfer: {} } } as never }))).toContain('transfer: messages need en and fr');
  });

  it('names the keys fr lacks, and those en lacks', () => {
    const problems = validateChannel(
      good({
        row: undefined,
        messages: {
          en: { transfer: { title: 'T', copy: { account: 'Account', bank: 'Bank' } } },
          fr: { transfer: { title: 'T', copy: { account: 'Compte' }, extra: 'E' } },
        },
      }),
    );
    expect(problems).toEqual(['transfer: fr lacks transfer.copy.bank', 'transfer: en lacks transfer.extra']);
  });

  it('refuses messages outside the channel namespace', () => {
    const problems = validateChannel(
      good({
        row: undefined,
        messages: { en: { transfer: { a: 'A' }, core: { a: 'A' } }, fr: { transfer: { a: 'A' }, core: { a: 'A' } } },
      }),
    );
    expect(problems).toContain('transfer: messages must be namespaced under "transfer" only');
  });

  it('refuses a row whose title or description has no message', () => {
    const problems = validateChannel(good({ row: { icon: Icon, title: 'transfer.row.title', description: 'transfer.row.missing' } }));
    expect(problems).toEqual(['transfer: row key transfer.row.missing has no message']);
  });

  it('refuses a row key that names a group, not a message', () => {
    expect(validateChannel(good({ row: { icon: Icon, title: 'transfer.row', description: 'transfer.row.description' } }))).toEqual([
      'transfer: row key transfer.row has no message',
    ]);
  });

  it("checks a row's title but leaves a description that depends on the payment to its channel's tests", () => {
    expect(validateChannel(good({ row: { icon: Icon, title: 'transfer.row.title', description: () => 'transfer.row.description' } }))).toEqual([]);
    expect(validateChannel(good({ row: { icon: Icon, title: 'transfer.row.missing', description: () => 'transfer.row.description' } }))).toEqual([
      'transfer: row key transfer.row.missing has no message',
    ]);
  });

  it('reports every problem at once', () => {
    expect(validateChannel({ id: 'Bad' })).toHaveLength(5);
  });
});

describe('missingKeys', () => {
  it('lists dotted paths present in a but not in b', () => {
    expect(missingKeys({ a: { b: 'x', c: { d: 'y' } }, e: 'z' }, { a: { b: 'x' } })).toEqual(['a.c', 'e']);
  });

  it('counts a string where a group should be as missing', () => {
    expect(missingKeys({ a: { b: 'x' } }, { a: 'flat' })).toEqual(['a']);
  });

  it('finds nothing for equal shapes', () => {
    expect(missingKeys({ a: { b: 'x' } }, { a: { b: 'y' } })).toEqual([]);
  });
});

describe('validatePage', () => {
  /** A well-formed page; each test breaks one part of it. */
  const page = (overrides: Partial<PagePlugin> = {}): Partial<PagePlugin> => ({
    id: 'bill',
    paths: ['/bill', '/bill-done'],
    completionPath: '/bill-done',
    messages: { en: { bill: { title: 'Pay a bill' } }, fr: { bill: { title: 'Payer une facture' } } },
    serve: () => ({ kind: 'redirect', to: '/' }),
    ...overrides,
  });

  it("accepts a well-formed page, the fixture page and core's home page", () => {
    expect(validatePage(page())).toEqual([]);
    expect(validatePage(fixturePage)).toEqual([]);
    expect(validatePage(homePage())).toEqual([]);
    expect(definePage(fixturePage)).toBe(fixturePage);
  });

  it("needs a url-safe id that is not core's namespace", () => {
    expect(validatePage(page({ id: 'Bill' }))[0]).toMatch(/^page Bill: id must match/);
    expect(validatePage(page({ id: 'core', messages: { en: { core: {} }, fr: { core: {} } } }))[0]).toMatch(/not be "core"/);
  });

  it('needs at least one path, each exact and lower-case', () => {
    expect(validatePage(page({ paths: [], completionPath: undefined }))).toEqual(['page bill: paths must list at least one path']);
    for (const path of ['bill', '/Bill', '/bill/', '/bill?x=1', '//bill', '/bill/*']) {
      expect(validatePage(page({ paths: [path], completionPath: undefined })), path).toEqual([
        `page bill: path ${path} must be lower-case segments like /revpay`,
      ]);
    }
    expect(validatePage(page({ paths: ['/'], completionPath: undefined }))).toEqual([]);
  });

  it("refuses the checkout's own paths and anything below them", () => {
    for (const path of RESERVED_PATHS.filter((p) => /^\/[a-z-]+$/.test(p))) {
      expect(validatePage(page({ paths: [path], completionPath: undefined })), path).toContain(
        `page bill: path ${path} is the checkout's own (${path})`,
      );
    }
    expect(validatePage(page({ paths: ['/payment/bill'], completionPath: undefined }))).toEqual([
      "page bill: path /payment/bill is the checkout's own (/payment)",
    ]);
    // A path that merely starts with the same letters is the page's.
    expect(validatePage(page({ paths: ['/revpay', '/payments-help'], completionPath: undefined }))).toEqual([]);
  });

  it('needs its completion path among its paths, methods GET and POST only, serve a function', () => {
    expect(validatePage(page({ completionPath: '/elsewhere' }))).toEqual(['page bill: completionPath must be one of its paths']);
    expect(validatePage(page({ methods: [] }))).toEqual(['page bill: methods may be GET and POST only']);
    expect(validatePage(page({ methods: ['PUT' as 'GET'] }))).toEqual(['page bill: methods may be GET and POST only']);
    expect(validatePage(page({ serve: 'yes' as never }))).toEqual(['page bill: serve must be a function']);
    // The browser's build has no server part.
    expect(validatePage(page({ serve: undefined }))).toEqual([]);
  });

  it('needs its strings in en and fr, the same keys, under its own namespace', () => {
    expect(validatePage(page({ messages: undefined }))).toEqual(['page bill: messages need en and fr']);
    expect(validatePage(page({ messages: { en: { bill: { a: 'A', b: 'B' } }, fr: { bill: { a: 'A' } } } }))).toEqual(['page bill: fr lacks bill.b']);
    expect(validatePage(page({ messages: { en: { bill: {}, core: { a: 'A' } }, fr: { bill: {}, core: { a: 'A' } } } }))).toContain(
      'page bill: messages must be namespaced under "bill" only',
    );
  });
});
