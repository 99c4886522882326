import { describe, expect, it } from 'vitest';
import { autoOpenChannel, availableChannels, routedChannels } from './availability';
import type { ChannelPlugin } from './plugin';
import type { PaymentProps } from './props';
import { sampleProps, specMarkets } from '@oja/testing';
import {
  cardFixture,
  channelFixture,
  drcFixture,
  fixtureChannels,
  opayFixture,
  qrFixture,
  transferFixture,
  ugandaFixture,
  ussdFixture,
  walletFixture,
} from '@oja/testing';

const ids = (list: readonly ChannelPlugin[]) => list.map((c) => c.id);
/** In list order, as the registry sorts them. */
const installed = [...fixtureChannels].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
const available = (overrides: Partial<PaymentProps>, branding?: { channels?: { only?: string[]; force?: string[] } }) =>
  ids(availableChannels(installed, sampleProps(overrides), branding, specMarkets));

const cardOnly: Partial<PaymentProps> = { paymentChannels: ['CARD'], nonCardOptions: [] };
const opayOption = (enabled = true) => ({
  providerCode: 'CUSTOMER_WALLET',
  enabled,
  additionalInformation: { providers: [{ id: 1, code: 'OPAY', description: 'OPay', countryCode: 'NG' }] },
});

describe('availableChannels (spec core §5)', () => {
  it('offers only the card by default', () => {
    expect(available(cardOnly)).toEqual(['card']);
  });

  it('offers the card with whatever else the merchant accepts, in list order', () => {
    expect(
      available({
        paymentChannels: ['CARD', 'TRANSFER', 'QR', 'USSD'],
        nonCardOptions: [
          { providerCode: 'USSD', enabled: true },
          { providerCode: 'TRANSFER', enabled: true },
          { providerCode: 'QR', enabled: true },
        ],
      }),
    ).toEqual(['card', 'wallet', 'transfer', 'qr', 'ussd']);
  });

  it('drops an option the merchant disabled', () => {
    expect(available({ paymentChannels: ['CARD', 'TRANSFER'], nonCardOptions: [{ providerCode: 'TRANSFER', enabled: false }] })).toEqual([
      'card',
      'wallet',
    ]);
  });

  describe('currency 800 (UGX)', () => {
    const ugx: Partial<PaymentProps> = {
      currencyCode: '800',
      countryCode: 'UG',
      paymentChannels: ['CARD', 'UGANDA_MOBILE_MONEY', 'TRANSFER', 'QR'],
      nonCardOptions: [
        { providerCode: 'UGANDA_MOBILE_MONEY', enabled: true, additionalInformation: { categoryId: 7 } },
        { providerCode: 'TRANSFER', enabled: true },
        { providerCode: 'QR', enabled: true },
      ],
    };

    it('leaves only the card and Uganda mobile money', () => {
      expect(available(ugx)).toEqual(['card', 'uganda-mobile-money']);
    });

    it('leaves only the card when Uganda mobile money is not offered', () => {
      expect(available({ ...ugx, paymentChannels: ['CARD', 'TRANSFER', 'QR'], nonCardOptions: ugx.nonCardOptions!.slice(1) })).toEqual(['card']);
    });

    it('keeps Uganda mobile money away from other currencies', () => {
      expect(available({ ...ugx, currencyCode: '566' })).not.toContain('uganda-mobile-money');
      expect(available({ ...ugx, currencyCode: '566' })).toContain('transfer');
    });
  });

  describe('DRC mobile money', () => {
    const drc: Partial<PaymentProps> = {
      currencyCode: '976',
      countryCode: 'CD',
      paymentChannels: ['CARD', 'DRC_MOBILE_MONEY', 'TRANSFER', 'USSD'],
      nonCardOptions: [
        { providerCode: 'DRC_MOBILE_MONEY', enabled: true },
        { providerCode: 'TRANSFER', enabled: true },
        { providerCode: 'USSD', enabled: true },
      ],
    };

    it('leaves only the card and DRC mobile money when its provider is present', () => {
      expect(available(drc)).toEqual(['card', 'drc-mobile-money']);
    });

    it('narrows a USD payment too', () => {
      expect(available({ ...drc, currencyCode: '840' })).toEqual(['card', 'drc-mobile-money']);
    });

    it('narrows a DRC payment (country CD) even when the merchant does not offer DRC mobile money', () => {
      const list = available({ ...drc, paymentChannels: ['CARD', 'TRANSFER', 'USSD'], nonCardOptions: drc.nonCardOptions!.slice(1) });
      expect(list).toEqual(['card']);
    });

    it('narrows a payment of another country that offers DRC mobile money', () => {
      expect(available({ ...drc, countryCode: 'NG', currencyCode: '840' })).toEqual(['card', 'drc-mobile-money']);
    });

    it('is off when not offered outside the DRC, and narrows nothing then', () => {
      const list = available({
        ...drc,
        countryCode: 'NG',
        currencyCode: '566',
        paymentChannels: ['CARD', 'TRANSFER', 'USSD'],
        nonCardOptions: drc.nonCardOptions!.slice(1),
      });
      expect(list).not.toContain('drc-mobile-money');
      expect(list).toEqual(['card', 'wallet', 'transfer', 'ussd']);
    });
  });

  describe('wallet', () => {
    it('comes with the card when more than one channel exists', () => {
      expect(available({ paymentChannels: ['CARD', 'TRANSFER'], nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }] })).toEqual([
        'card',
        'wallet',
        'transfer',
      ]);
    });

    it('stays off with a single channel', () => {
      expect(available({ paymentChannels: ['CARD'], nonCardOptions: [] })).toEqual(['card']);
    });

    it('stays off in Kenya', () => {
      expect(
        available({
          countryCode: 'KE',
          currencyCode: '404',
          paymentChannels: ['CARD', 'TRANSFER'],
          nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }],
        }),
      ).toEqual(['card', 'transfer']);
    });
  });

  describe('OPay', () => {
    it('follows the customer-wallet flag', () => {
      expect(available({ ...cardOnly, nonCardOptions: [opayOption()] })).toEqual(['card', 'opay']);
      expect(available({ ...cardOnly, nonCardOptions: [opayOption(false)] })).toEqual(['card']);
    });

    it('stays off when the customer wallets listed are other providers', () => {
      const option = {
        ...opayOption(),
        additionalInformation: { providers: [{ id: 2, code: 'PALMPAY', description: 'PalmPay', countryCode: 'NG' }] },
      };
      expect(available({ ...cardOnly, nonCardOptions: [option] })).toEqual(['card']);
    });
  });

  describe('acquirer policy', () => {
    const everything: Partial<PaymentProps> = {
      paymentChannels: ['CARD', 'TRANSFER', 'QR', 'USSD', 'CUSTOMER_WALLET'],
      nonCardOptions: [
        { providerCode: 'TRANSFER', enabled: true },
        { providerCode: 'QR', enabled: true },
        { providerCode: 'USSD', enabled: true },
        opayOption(),
      ],
    };

    it('allows only card and transfer for a ZIB-like policy', () => {
      expect(available(everything)).toEqual(['card', 'wallet', 'transfer', 'qr', 'ussd', 'opay']);
      expect(available(everything, { channels: { only: ['CARD', 'TRANSFER'] } })).toEqual(['card', 'transfer']);
    });

    it('offers nothing the merchant refused even when the policy allows it', () => {
      expect(available(cardOnly, { channels: { only: ['CARD', 'TRANSFER'] } })).toEqual(['card']);
    });

    it('forces channels on for a HALO-like policy, keeping list order', () => {
      const halo = { channels: { force: ['CARD', 'TRANSFER', 'WALLET', 'QR', 'USSD', 'CREDIT', 'GOOGLE_PAY'] } };
      expect(available(cardOnly, halo)).toEqual(['card', 'wallet', 'transfer', 'qr', 'ussd']);
      // What the merchant offers besides stays.
      expect(available({ ...cardOnly, nonCardOptions: [opayOption()] }, halo)).toEqual(['card', 'wallet', 'transfer', 'qr', 'ussd', 'opay']);
    });

    it('a policy that names no installed channel changes nothing', () => {
      expect(available(cardOnly, { channels: { force: ['CREDIT'] } })).toEqual(['card']);
      expect(available(cardOnly, {})).toEqual(['card']);
    });
  });

  describe('market rules apply to every channel, whatever its own rule says', () => {
    // A channel written without a thought for markets: offered whenever the merchant lists it.
    const newcomer = channelFixture('newcomer', 'NEWCOMER');
    const withNewcomer = [...installed, newcomer];
    const listed = (overrides: Partial<PaymentProps>, branding?: { channels?: { only?: string[]; force?: string[] } }) =>
      ids(
        availableChannels(
          withNewcomer,
          sampleProps({
            paymentChannels: ['CARD', 'NEWCOMER', 'TRANSFER'],
            nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }],
            ...overrides,
          }),
          branding,
          specMarkets,
        ),
      );

    it('offers a new channel where no market rule applies', () => {
      expect(listed({})).toContain('newcomer');
    });

    it('keeps a new channel out of UGX and DRC payments without its knowing', () => {
      expect(listed({ currencyCode: '800', countryCode: 'UG' })).toEqual(['card']);
      expect(listed({ currencyCode: '976', countryCode: 'CD' })).toEqual(['card']);
    });

    it('wins over an acquirer forcing channels on (HALO on a UGX payment keeps card and Uganda mobile money)', () => {
      const halo = { channels: { force: ['CARD', 'TRANSFER', 'WALLET', 'QR', 'USSD', 'CREDIT', 'GOOGLE_PAY'] } };
      expect(
        listed(
          {
            currencyCode: '800',
            countryCode: 'UG',
            paymentChannels: ['CARD', 'UGANDA_MOBILE_MONEY'],
            nonCardOptions: [{ providerCode: 'UGANDA_MOBILE_MONEY', enabled: true }],
          },
          halo,
        ),
      ).toEqual(['card', 'uganda-mobile-money']);
    });

    it('keeps a baseline channel in every market without its being listed, and nothing else unlisted', () => {
      const anywhere = { ...channelFixture('anywhere', 'ANYWHERE', () => true), baseline: true };
      const list = ids(
        availableChannels(
          [...withNewcomer, anywhere],
          sampleProps({ currencyCode: '800', countryCode: 'UG', paymentChannels: ['CARD', 'NEWCOMER'], nonCardOptions: [] }),
          undefined,
          specMarkets,
        ),
      );
      expect(list).toEqual(['card', 'anywhere']);
    });

    it("takes its rules as data, the app's: none by default, a deployment's own", () => {
      const kenya = [{ id: 'kenya', when: [{ country: ['KE'] }], only: [] }];
      const props = sampleProps({
        countryCode: 'KE',
        paymentChannels: ['CARD', 'TRANSFER'],
        nonCardOptions: [{ providerCode: 'TRANSFER', enabled: true }],
      });
      expect(ids(availableChannels(installed, props))).toEqual(['card', 'transfer']);
      expect(ids(availableChannels(installed, props, undefined, kenya))).toEqual(['card']);
    });
  });

  it('never changes the installed list', () => {
    const before = ids(installed);
    available({ currencyCode: '800', paymentChannels: ['CARD', 'UGANDA_MOBILE_MONEY'], nonCardOptions: [] }, { channels: { only: ['CARD'] } });
    expect(ids(installed)).toEqual(before);
  });
});

describe('autoOpenChannel', () => {
  const open = (list: ChannelPlugin[], overrides: Partial<PaymentProps> = {}) => autoOpenChannel(list, sampleProps(overrides))?.id;

  it('opens the card for a bulk payment', () => {
    expect(open([cardFixture, walletFixture, transferFixture], { isBulkPayment: true })).toBe('card');
  });

  it('opens the channel flagged bulk for a bulk payment, whatever its code, and nothing when none is', () => {
    const payer = { ...channelFixture('bulk-payer', 'BULK_PAYER', () => true), bulk: true };
    const baselineOnly = { ...cardFixture, bulk: false };
    expect(open([baselineOnly, transferFixture, payer], { isBulkPayment: true })).toBe('bulk-payer');
    expect(open([baselineOnly, transferFixture], { isBulkPayment: true })).toBeUndefined();
  });

  it('opens a lone non-card channel', () => {
    expect(open([transferFixture])).toBe('transfer');
    expect(open([ugandaFixture])).toBe('uganda-mobile-money');
  });

  it('opens nothing when the payer has a choice', () => {
    expect(open([cardFixture, transferFixture])).toBeUndefined();
    expect(open([transferFixture, qrFixture, ussdFixture])).toBeUndefined();
  });

  it('counts customer wallets as part of their option: the wallet list alone opens by itself', () => {
    const list = channelFixture('customer-wallet', 'CUSTOMER_WALLET');
    expect(open([list, opayFixture])).toBe('customer-wallet');
    expect(open([opayFixture])).toBeUndefined();
    expect(open([list, opayFixture, transferFixture])).toBeUndefined();
  });

  it('opens nothing for the card alone or an empty list', () => {
    expect(open([cardFixture])).toBeUndefined();
    expect(open([])).toBeUndefined();
  });

  it('follows availableChannels: a UGX payment without its mobile money opens nothing by itself', () => {
    const list = availableChannels(
      installed,
      sampleProps({ currencyCode: '800', paymentChannels: ['CARD'], nonCardOptions: [] }),
      undefined,
      specMarkets,
    );
    expect(autoOpenChannel(list, sampleProps())).toBeUndefined();
    const drcOnly = availableChannels(
      [drcFixture, opayFixture],
      sampleProps({ paymentChannels: ['DRC_MOBILE_MONEY'], nonCardOptions: [] }),
      undefined,
      specMarkets,
    );
    expect(autoOpenChannel(drcOnly, sampleProps())?.id).toBe('drc-mobile-money');
  });
});

describe('routedChannels', () => {
  const lender = { ...channelFixture('google-pay', 'GOOGLE_PAY'), continuesInto: ['card'] };
  const all = [cardFixture, transferFixture, lender];

  it('routes the steps an available channel continues into, after the available ones, once', () => {
    expect(ids(routedChannels(all, [lender]))).toEqual(['google-pay', 'card']);
    expect(ids(routedChannels(all, [cardFixture, lender]))).toEqual(['card', 'google-pay']);
  });

  it('routes only the available channels when none continues into another', () => {
    expect(ids(routedChannels(all, [transferFixture]))).toEqual(['transfer']);
    expect(routedChannels(all, [])).toEqual([]);
  });
});
