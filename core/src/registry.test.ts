import { describe, expect, it } from 'vitest';
import { createRegistry } from './validation';
import { defineBranding, defineChannel, definePage } from './plugin';
import type { BrandingPlugin, PagePlugin } from './plugin';
import { fixturePage } from '@oja/testing';
import { plainBranding } from '@oja/testing';
import { cardFixture, fixtureChannels, opayFixture, transferFixture, walletFixture } from '@oja/testing';

const NoLogo = () => null;
const branding = (acquirer: string): BrandingPlugin =>
  defineBranding({ acquirer, className: `oja-${acquirer.toLowerCase() || 'default'}`, Logo: NoLogo, messages: { en: {}, fr: {} } });

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

  it('throws when a channel continues into one that is not installed, or into itself', () => {
    const lender = (into: string[]) => defineChannel({ ...transferFixture, continuesInto: into });
    expect(createRegistry([cardFixture, lender(['card'])], [plainBranding]).channels).toHaveLength(2);
    expect(() => createRegistry([lender(['card'])], [plainBranding])).toThrow('transfer: continuesInto card is not another installed channel');
    expect(() => createRegistry([lender(['transfer'])], [plainBranding])).toThrow(
      'transfer: continuesInto transfer is not another installed channel',
    );
  });

  it('throws on a duplicate id, code or path', () => {
    const again = (o: object) => defineChannel({ ...transferFixture, id: 'other', code: 'OTHER', path: '/payment/other', ...o });
    expect(() => createRegistry([transferFixture, again({ id: 'transfer' })], [plainBranding])).toThrow(/duplicate id transfer/);
    expect(() =>
      createRegistry([transferFixture, again({ code: 'TRANSFER', messages: { en: { other: {} }, fr: { other: {} } } })], [plainBranding]),
    ).toThrow(/other: duplicate code TRANSFER \(also transfer\)/);
    expect(() =>
      createRegistry([transferFixture, again({ path: '/payment/transfer', messages: { en: { other: {} }, fr: { other: {} } } })], [plainBranding]),
    ).toThrow(/duplicate path \/payment\/transfer/);
  });

  it('finds a customer wallet by the provider type it declares, whatever its case', () => {
    const r = createRegistry(fixtureChannels, [plainBranding]);
    expect(r.wallet('opay')).toBe(opayFixture);
    expect(r.wallet('OPAY')).toBe(opayFixture);
    expect(r.wallet('momo')).toBeUndefined();
  });

  it('throws on two wallets of one type, and on a type that is not lower case', () => {
    const other = defineChannel({
      ...opayFixture,
      id: 'other',
      code: 'OTHER',
      path: '/payment/other',
      messages: { en: { other: {} }, fr: { other: {} } },
    });
    expect(() => createRegistry([opayFixture, other], [plainBranding])).toThrow(/other: duplicate walletType opay \(also opay\)/);
    expect(() => createRegistry([{ ...other, walletType: 'OPay' }], [plainBranding])).toThrow(/walletType must be a lower-case provider type/);
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

  describe('pages outside a payment', () => {
    const bill = (o: Partial<PagePlugin> = {}) =>
      definePage({ id: 'bill', paths: ['/bill', '/bill-done'], completionPath: '/bill-done', messages: { en: {}, fr: {} }, ...o });

    it('keeps existing call sites: no pages unless given', () => {
      const r = createRegistry(fixtureChannels, [plainBranding]);
      expect(r.pages).toEqual([]);
      expect(r.pageAt('/')).toBeUndefined();
    });

    it('finds a page by id and by exact path', () => {
      const r = createRegistry(fixtureChannels, [plainBranding], { pages: [bill(), fixturePage] });
      expect(r.page('refpay')).toBe(fixturePage);
      expect(r.pageAt('/bill-done')).toMatchObject({ id: 'bill' });
      expect(r.pageAt('/refpay')).toBe(fixturePage);
      expect(r.pageAt('/refpay/more')).toBeUndefined();
      expect(r.pageAt('/payment-methods')).toBeUndefined();
    });

    it("says which page's completion path a redirect URL on the checkout's own origin is", () => {
      const r = createRegistry([], [plainBranding], { pages: [bill(), bill({ id: 'home', paths: ['/'], completionPath: undefined })] });
      expect(r.completionPath('https://pay.example/bill-done', 'https://pay.example')).toBe('/bill-done');
      expect(r.completionPath('https://pay.example/bill-done?x=1#y', 'https://pay.example')).toBe('/bill-done');
      expect(r.completionPath('https://shop.example/bill-done', 'https://pay.example')).toBeUndefined();
      expect(r.completionPath('https://pay.example/bill', 'https://pay.example')).toBeUndefined();
      expect(r.completionPath('https://pay.example/', 'https://pay.example')).toBeUndefined();
      expect(r.completionPath('::', 'https://pay.example')).toBeUndefined();
    });

    it("throws on a page's bad shape, a path twice, or an id a channel or page already has", () => {
      expect(() => createRegistry([], [plainBranding], { pages: [bill({ paths: ['/pay'], completionPath: undefined })] })).toThrow(
        /page bill: path \/pay is the checkout's own/,
      );
      expect(() => createRegistry([], [plainBranding], { pages: [bill(), bill({ id: 'other' })] })).toThrow(
        /page other: duplicate path \/bill \(also page bill\)/,
      );
      expect(() => createRegistry([transferFixture], [plainBranding], { pages: [bill({ id: 'transfer' })] })).toThrow(
        /page transfer: duplicate id transfer \(also transfer\)/,
      );
    });
  });
});
