// Spec core §5 and companion §5 against the channels and brandings this checkout really installs (not core's
// fixtures): what a payer is offered for each market and acquirer.
import { describe, expect, it } from 'vitest';
import { autoOpenChannel, availableChannels, createRegistry } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { sampleProps } from '@oja/testing';
import { loadInstalled } from './config';

/** The plugins oja.config.json lists, as the build assembles them. */
const installed = await loadInstalled();

const registry = createRegistry(installed.channels, installed.brandings, { markets: installed.markets });
/**
 * Every channel code a merchant can offer (CONTRACT §2 "channels"): the installed channels', but for the customer
 * wallets with a row of their own, which come with the CUSTOMER_WALLET option.
 */
const EVERY_CODE = installed.channels.filter((c) => c.walletType === undefined).map((c) => c.code);
/** The codes a naira payment can offer: none that is a market's own (offering one puts a payment in that market). */
const NAIRA_CODES = EVERY_CODE.filter((code) => !installed.markets.some((m) => m.only.includes(code)));
/** The customer wallets' providers, as the sandbox's pay-page lists them (one of each type). */
const WALLET_PROVIDERS = {
  providers: ['OPAY', 'ENAIRA', 'MOMO', 'POCKET', 'PALMPAY'].map((code, i) => ({ id: String(i + 1), code, description: code })),
};
/** A payment offering these channels, as the sandbox's pay-page answers it (every one by default). */
const offering = (codes: string[], overrides: Partial<PaymentProps> = {}): PaymentProps =>
  sampleProps({
    paymentChannels: codes,
    nonCardOptions: codes
      .filter((c) => c !== 'CARD' && c !== 'WALLET')
      .map((providerCode) => ({
        providerCode,
        enabled: true,
        ...(providerCode === 'CUSTOMER_WALLET' && { additionalInformation: WALLET_PROVIDERS }),
      })),
    ...overrides,
  });
const everything = (overrides: Partial<PaymentProps> = {}) => offering(EVERY_CODE, overrides);
const offered = (props: PaymentProps) =>
  availableChannels(registry.channels, props, registry.branding(props.acquiredBy), registry.markets).map((c) => c.code);
const installedCodes = new Set(installed.channels.map((c) => c.code));
/** Of the codes the spec names, those installed, so the test keeps its meaning as channels arrive. */
const ofInstalled = (codes: string[]) => codes.filter((c) => installedCodes.has(c));

describe('availability with the installed plugins', () => {
  it('a naira payment offering everything shows every installed channel it offers', () => {
    // The customer wallets with a row of their own (OPay, following the customer-wallet flag) come with their option.
    expect(offered(offering(NAIRA_CODES)).filter((code) => registry.byCode(code)?.row)).toEqual(
      registry.channels.filter((c) => c.row && (NAIRA_CODES.includes(c.code) || c.walletType)).map((c) => c.code),
    );
  });

  it('customer wallets alone open the wallet list by itself: the wallets are part of their option', () => {
    const props = offering(['CUSTOMER_WALLET']);
    const available = availableChannels(registry.channels, props, registry.branding(''), registry.markets);
    expect(autoOpenChannel(available, props)?.code).toBe(ofInstalled(['CUSTOMER_WALLET'])[0]);
  });

  it('currency 800 leaves only card and Uganda mobile money, under every acquirer that allows it', () => {
    // Offering DRC mobile money as well would put the payment in the DRC market too: only the card would stay.
    const ugandan = offering(
      EVERY_CODE.filter((c) => c !== 'DRC_MOBILE_MONEY'),
      { currencyCode: '800', countryCode: 'UG' },
    );
    expect(offered(ugandan)).toEqual(ofInstalled(['CARD', 'UGANDA_MOBILE_MONEY']));
    // HALO forces the wallet, transfer and others on; the market takes them off again.
    for (const acquiredBy of ['MUL', 'HALO'] as const)
      expect(offered({ ...ugandan, acquiredBy })).toEqual(ofInstalled(['CARD', 'UGANDA_MOBILE_MONEY']));
    expect(offered({ ...ugandan, acquiredBy: 'ZIB' })).toEqual(['CARD']);
    expect(offered(everything({ currencyCode: '800', countryCode: 'UG' }))).toEqual(['CARD']);
  });

  it('Uganda mobile money is offered for currency 800 only', () => {
    for (const currencyCode of ['566', '840', '976', '404']) {
      expect(offered(offering(['CARD', 'UGANDA_MOBILE_MONEY'], { currencyCode, countryCode: 'UG' }))).not.toContain('UGANDA_MOBILE_MONEY');
    }
  });

  it('a naira payment offering DRC mobile money is in the DRC market', () => {
    expect(offered(everything())).toEqual(ofInstalled(['CARD', 'DRC_MOBILE_MONEY']));
  });

  it('a DRC payment leaves only card and DRC mobile money', () => {
    // A merchant in the DRC that does not offer DRC mobile money: the card alone.
    expect(offered(offering(NAIRA_CODES, { currencyCode: '976', countryCode: 'CD' }))).toEqual(['CARD']);
    expect(offered(everything({ currencyCode: '976', countryCode: 'CD' }))).toEqual(ofInstalled(['CARD', 'DRC_MOBILE_MONEY']));
    expect(offered(everything({ currencyCode: '840', countryCode: 'CD' }))).toEqual(ofInstalled(['CARD', 'DRC_MOBILE_MONEY']));
  });

  it('ZIB allows only card and transfer', () => {
    expect(offered(offering(NAIRA_CODES, { acquiredBy: 'ZIB' }))).toEqual(ofInstalled(['CARD', 'TRANSFER']));
  });

  it('HALO forces card, transfer, wallet, QR, USSD, credit and Google Pay on', () => {
    const forced = ofInstalled(['CARD', 'TRANSFER', 'WALLET', 'QR', 'USSD', 'CREDIT', 'GOOGLE_PAY']);
    const list = offered(sampleProps({ acquiredBy: 'HALO', paymentChannels: ['CARD'], nonCardOptions: [] }));
    expect([...list].sort()).toEqual([...forced].sort());
  });

  it('the wallet stays out of Kenya', () => {
    expect(offered(offering(NAIRA_CODES, { countryCode: 'KE', currencyCode: '404' }))).not.toContain('WALLET');
    expect(offered(offering(NAIRA_CODES))).toContain('WALLET');
  });

  it('a bulk payment opens the card, the one installed channel flagged bulk', () => {
    expect(installed.channels.filter((c) => c.bulk).map((c) => c.code)).toEqual(['CARD']);
    const props = offering(NAIRA_CODES, { isBulkPayment: true });
    expect(autoOpenChannel(availableChannels(registry.channels, props, registry.branding(''), registry.markets), props)?.code).toBe('CARD');
  });

  it('no installed channel but the card decides markets for itself', () => {
    // Market rules are core's data; a channel states only what is its own (STYLE: "A rule that spans channels lives once").
    for (const c of installed.channels) expect(Object.keys(c)).not.toContain('exclusive');
  });
});
