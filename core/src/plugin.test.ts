import { describe, expect, it } from 'vitest';
import { defineChannel, missingKeys, validateChannel } from './plugin';
import type { ChannelPlugin } from './plugin';
import { fixtureChannels } from './testing/fixtureChannels';

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
    expect(validateChannel(good({ sources: [{ key: '3ds-issuer', directives: ['frame'], why: 'issuer' }, { key: 'fp', directives: ['script', 'img'], why: 'fp' }] }))).toEqual([]);
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
