// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { createRegistry, planPayment } from '@oja/core';
import type { PaymentProps, Registry } from '@oja/core';
import { defineBranding } from '@oja/core';
import type { ChannelPlugin } from '@oja/core';
import { plainBranding, sampleProps } from '@oja/testing';
import { cardFixture, transferFixture } from '@oja/testing';
import { fixtureGates, gatedProps } from '@oja/testing';
import { CODE_ALREADY_PAID } from '@oja/core';
import { contentSecurityPolicy } from './headers';
import { pageScreenSecurity, pageSecurity } from './pagePolicy';
import { sri } from './integrity';
import type { PageAssets } from './render';

const OUTSIDE = 'http://127.0.0.1:4402';
const card: ChannelPlugin = {
  ...cardFixture,
  sources: [
    { key: '3ds-issuer', directives: ['frame'], why: 'issuer' },
    { key: 'device-fingerprint', directives: ['script'], why: 'fingerprint' },
  ],
};
/** An acquirer that offers only the transfer (its policy leaves the card out). */
const transferOnly = defineBranding({ ...plainBranding, acquirer: 'TRF', channels: { only: ['TRANSFER'] } });
const registry = createRegistry([card, transferFixture], [plainBranding, transferOnly]);
const origins = { '3ds-issuer': [OUTSIDE], 'device-fingerprint': [OUTSIDE] };
const assets: PageAssets = {
  js: '/assets/main.js',
  css: ['/assets/main.css'],
  entryModules: ['/assets/main.js'],
  screens: {
    card: { js: '/assets/card.js', css: '/assets/card.css' },
    transfer: { js: '/assets/transfer.js', css: '/assets/transfer.css' },
    'transfer-qr': { js: '/assets/transfer-qr.js', css: '' },
    'core-ResultScreen': { js: '/assets/result.js', css: '/assets/result.css' },
    'branding-default-Logo': { js: '/assets/default-logo.js', css: '' },
    'branding-trf-Logo': { js: '/assets/trf-logo.js', css: '' },
  },
  integrity: {
    '/assets/main.js': sri('m'),
    '/assets/main.css': sri('c'),
    '/assets/card.js': sri('k'),
    '/assets/card.css': sri('kc'),
    '/assets/transfer.js': sri('t'),
    '/assets/transfer.css': sri('tc'),
    '/assets/transfer-qr.js': sri('tq'),
    '/assets/result.js': sri('r'),
    '/assets/result.css': sri('rc'),
    '/assets/default-logo.js': sri('d'),
    '/assets/trf-logo.js': sri('l'),
  },
};

/** A page's security as the server plans it: from the payment's plan, open when answered 00 with a session. */
const securityOf = (reg: Registry, props: PaymentProps, session: string, pageAssets: PageAssets = assets) =>
  pageSecurity({
    registry: reg,
    plan: planPayment(reg, props),
    acquiredBy: props.acquiredBy,
    open: props.responseCode === '00' && session !== '',
    assets: pageAssets,
    origins,
  });
const security = (props = sampleProps(), session = 'sess') => securityOf(registry, props, session);
const policyOf = (s: ReturnType<typeof security>) => contentSecurityPolicy({ displayMode: 'REDIRECT', siteOrigin: '', ...s.policy });

describe('pageSecurity', () => {
  it("allows the card's outside sources on a payment that can use the card, and tells the page", () => {
    const s = security(sampleProps({ paymentChannels: ['CARD', 'TRANSFER'] }));
    expect(s.policy.sources).toEqual({ frame: [OUTSIDE], script: [OUTSIDE] });
    expect(s.env.sources).toEqual(origins);
    const csp = policyOf(s);
    expect(csp).toContain(`frame-src 'self' ${OUTSIDE}`);
    expect(csp).toMatch(new RegExp(`script-src 'self' 'sha256-[^']+' ${OUTSIDE}`));
  });

  it("allows the card's sources and modules where an available channel continues into the card's steps", () => {
    const lender: ChannelPlugin = { ...transferFixture, continuesInto: ['card'] };
    const lending = createRegistry([card, lender], [plainBranding, transferOnly]);
    const s = securityOf(lending, sampleProps({ paymentChannels: ['CARD', 'TRANSFER'], acquiredBy: 'TRF' }), 'sess');
    expect(s.policy.sources).toEqual({ frame: [OUTSIDE], script: [OUTSIDE] });
    expect(s.importMap).toContain('/assets/card.js');
  });

  it('allows none on a payment whose channels do not include the card', () => {
    const s = security(sampleProps({ paymentChannels: ['CARD', 'TRANSFER'], acquiredBy: 'TRF' }));
    expect(s.policy.sources).toEqual({});
    expect(s.env.sources).toEqual({});
    expect(policyOf(s)).not.toContain(OUTSIDE);
  });

  it.each([
    ['refused (Incorrect Transaction)', sampleProps({ responseCode: 'Z5' }), 'sess'],
    ['already paid', sampleProps({ responseCode: CODE_ALREADY_PAID }), ''],
    ['without a session (unknown one)', sampleProps(), ''],
  ])('allows none on a page outside a payment: %s', (_name, props, session) => {
    const s = security(props, session);
    expect(s.policy.sources).toEqual({});
    expect(policyOf(s)).not.toContain(OUTSIDE);
  });

  it("puts the modules of the payment's channels in its import map, their stylesheets in the page data, and the map's hash in the policy", () => {
    const s = security(sampleProps({ paymentChannels: ['CARD'], nonCardOptions: [] }));
    expect(JSON.parse(s.importMap!).integrity).toEqual({
      '/assets/main.js': sri('m'),
      '/assets/card.js': sri('k'),
      '/assets/result.js': sri('r'),
      '/assets/default-logo.js': sri('d'),
    });
    expect(s.env.integrity).toEqual({ '/assets/card.css': sri('kc'), '/assets/result.css': sri('rc') });
    expect(s.policy.scriptHashes).toHaveLength(1);
    expect(JSON.parse(security(sampleProps({ responseCode: 'Z5' }), '').importMap!).integrity).toEqual({
      '/assets/main.js': sri('m'),
      '/assets/result.js': sri('r'),
      '/assets/default-logo.js': sri('d'),
    });
  });

  it("names in the page data the stylesheets of the page's own parts only, and no part without one", () => {
    // The transfer-only acquirer: a payment that opens the transfer alone.
    const transfer = security(sampleProps({ paymentChannels: ['CARD', 'TRANSFER'], acquiredBy: 'TRF' }));
    expect(transfer.env.screenCss).toEqual({ transfer: '/assets/transfer.css', 'core-ResultScreen': '/assets/result.css' });
    expect(Object.values(transfer.env.integrity!)).not.toContain(sri('kc'));
    expect(security(sampleProps({ paymentChannels: ['CARD', 'TRANSFER'] })).env.screenCss).toEqual({
      card: '/assets/card.css',
      transfer: '/assets/transfer.css',
      'core-ResultScreen': '/assets/result.css',
    });
    // A page outside a payment (Incorrect Transaction): core's parts alone.
    expect(security(sampleProps({ responseCode: 'Z5' }), '').env.screenCss).toEqual({ 'core-ResultScreen': '/assets/result.css' });
  });

  it('maps the screens of the gates this payment meets, and no other', () => {
    const gated = createRegistry([card, transferFixture], [plainBranding], { gates: fixtureGates });
    const withGates: PageAssets = {
      ...assets,
      screens: { ...assets.screens, 'gate-terms': { js: '/assets/gate-terms.js', css: '' }, 'gate-offer': { js: '/assets/gate-offer.js', css: '' } },
      integrity: { ...assets.integrity, '/assets/gate-terms.js': sri('gt'), '/assets/gate-offer.js': sri('go') },
    };
    const mapOf = (props: ReturnType<typeof sampleProps>) =>
      Object.keys(JSON.parse(securityOf(gated, props, 'sess', withGates).importMap!).integrity);
    expect(mapOf(sampleProps())).not.toContain('/assets/gate-terms.js');
    expect(mapOf(sampleProps())).not.toContain('/assets/gate-offer.js');
    expect(mapOf(sampleProps(gatedProps))).toEqual(expect.arrayContaining(['/assets/gate-terms.js', '/assets/gate-offer.js']));
    expect(mapOf(sampleProps({ escrowFee: 2, cancellationPeriod: 3, refundDuration: 7 }))).not.toContain('/assets/gate-offer.js');
  });

  it("maps the modules of the branding the page shows: an unknown acquirer's is the default's", () => {
    const mapOf = (acquiredBy: string) => Object.keys(JSON.parse(security(sampleProps({ acquiredBy })).importMap!).integrity);
    expect(mapOf('TRF')).toContain('/assets/trf-logo.js');
    expect(mapOf('TRF')).not.toContain('/assets/default-logo.js');
    expect(mapOf('NOBODY')).toContain('/assets/default-logo.js');
    expect(mapOf('NOBODY')).not.toContain('/assets/trf-logo.js');
  });
});

describe('pageSecurity, worked out once per kind of page', () => {
  const cardAndTransfer = () => sampleProps({ paymentChannels: ['CARD', 'TRANSFER'] });

  it('gives back the same answer for pages of the same channels, branding and gates, whatever the payment', () => {
    const first = security(cardAndTransfer(), 'one');
    expect(security({ ...cardAndTransfer(), amount: 999, paymentId: 'another' }, 'two')).toBe(first);
  });

  it('works out another for other channels and branding, a closed page, another build or registry', () => {
    const first = security(cardAndTransfer());
    const trf = security(sampleProps({ paymentChannels: ['CARD', 'TRANSFER'], acquiredBy: 'TRF' }));
    expect(trf).not.toBe(first);
    // The TRF branding routes the transfer alone: other channels, another branding.
    expect(trf.importMap).toContain('/assets/trf-logo.js');
    expect(trf.importMap).not.toContain('/assets/card.js');
    expect(security(cardAndTransfer(), '')).not.toBe(first);
    expect(security(cardAndTransfer(), '').channels).toEqual([]);
    const otherBuild: PageAssets = { ...assets, integrity: { ...assets.integrity, '/assets/card.js': sri('k2') } };
    const rebuilt = securityOf(registry, cardAndTransfer(), 'sess', otherBuild);
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.importMap).toContain(sri('k2'));
    const otherRegistry = createRegistry([card, transferFixture], [plainBranding, transferOnly]);
    expect(securityOf(otherRegistry, cardAndTransfer(), 'sess')).not.toBe(first);
    expect(securityOf(otherRegistry, cardAndTransfer(), 'sess')).toEqual(first);
  });

  it("works out a page plugin's screen once per build and page", () => {
    const withPage: PageAssets = { ...assets, screens: { ...assets.screens, 'page-rev': { js: '/assets/rev.js', css: '' } } };
    const first = pageScreenSecurity(withPage, 'rev');
    expect(pageScreenSecurity(withPage, 'rev')).toBe(first);
    expect(pageScreenSecurity(withPage, 'other')).not.toBe(first);
    expect(pageScreenSecurity({ ...withPage }, 'rev')).not.toBe(first);
    expect(pageScreenSecurity({ ...withPage }, 'rev')).toEqual(first);
  });
});
