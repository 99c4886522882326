import { describe, expect, it } from 'vitest';
import { createRegistry } from './registry';
import { defineBranding, defineChannel } from './plugin';
import type { BrandingPlugin } from './plugin';
import { plainBranding } from './testing';
import { cardFixture, fixtureChannels, transferFixture, walletFixture } from './testing/fixtureChannels';

const branding = (acquirer: string): BrandingPlugin =>
  defineBranding({ acquirer, className: `oja-${acquirer.toLowerCase() || 'default'}`, Logo: () => null, messages: { en: {}, fr: {} } });

describe('createRegistry', () => {
  it('lists the channels by order', () => {
    const r = createRegistry([transferFixture, walletFixture, cardFixture], [plainBranding]);
    expect(r.channels.map((c) => c.id)).toEqual(['card', 'wallet', 'transfer']);
  });

  it('puts channels without an order last, keeping their registration order', () => {
    const a = defineChannel({ id: 'aa', code: 'AA', path: '/payment/aa', isAvailable: () => true, messages: { en: {}, fr: {} } });
    const b = defineChannel({ id: 'bb', code: 'BB', path: '/payment/bb', isAvailable: () => true, messages: { en: {}, fr: {} } });
    expect(createRegistry([b, a, transferFixture], [plainBranding]).channels.map((c) => c.id)).toEqual(['transfer', 'bb', 'aa']);
  });

  it('finds a channel by id and by code', () => {
    const r = createRegistry(fixtureChannels, [plainBranding]);
    expect(r.channel('transfer')).toBe(transferFixture);
    expect(r.byCode('CARD')).toBe(cardFixture);
    expect(r.channel('nope')).toBeUndefined();
    expect(r.byCode('NOPE')).toBeUndefined();
  });

  it('throws on a duplicate id, code or path', () => {
    const again = (o: object) => defineChannel({ ...transferFixture, id: 'other', code: 'OTHER', path: '/payment/other', ...o });
    expect(() => createRegistry([transferFixture, again({ id: 'transfer' })], [plainBranding])).toThrow(/duplicate id transfer/);
    expect(() => createRegistry([transferFixture, again({ code: 'TRANSFER', messages: { en: { other: {} }, fr: { other: {} } } })], [plainBranding])).toThrow(
      /other: duplicate code TRANSFER \(also transfer\)/,
    );
    expect(() => createRegistry([transferFixture, again({ path: '/payment/transfer', messages: { en: { other: {} }, fr: { other: {} } } })], [plainBranding])).toThrow(
      /duplicate path \/payment\/transfer/,
    );
  });

  it('throws with every invalid channel named', () => {
    const bad = defineChannel({ id: 'Bad', code: 'bad', path: '/bad', isAvailable: () => true, messages: { en: {}, fr: {} } });
    expect(() => createRegistry([bad], [plainBranding])).toThrow(/Invalid plugins:[\s\S]*id must match[\s\S]*code must be[\s\S]*path must start/);
  });

  it('throws without a default branding', () => {
    expect(() => createRegistry([cardFixture], [branding('ZIB')])).toThrow(/a default branding \(acquirer ""\) is required/);
    expect(() => createRegistry([cardFixture], [])).toThrow(/default branding/);
  });

  it('throws on a branding registered twice', () => {
    expect(() => createRegistry([], [plainBranding, branding('ZIB'), branding('ZIB')])).toThrow(/branding ZIB registered twice/);
    expect(() => createRegistry([], [plainBranding, branding('')])).toThrow(/branding \(default\) registered twice/);
  });

  it('finds the branding for an acquirer, in any case', () => {
    const zib = branding('ZIB');
    const r = createRegistry([], [plainBranding, zib]);
    expect(r.branding('ZIB')).toBe(zib);
    expect(r.branding('zib')).toBe(zib);
  });

  it('falls back to the default branding', () => {
    const r = createRegistry([], [branding('MUL'), plainBranding]);
    expect(r.branding('')).toBe(plainBranding);
    expect(r.branding(undefined)).toBe(plainBranding);
    expect(r.branding('HALO')).toBe(plainBranding);
  });
});
