import { describe, expect, it } from 'vitest';
import { marketsOf } from './markets';
import { sampleProps, specMarkets } from '@oja/testing';

const names = (overrides: Parameters<typeof sampleProps>[0]) => marketsOf(sampleProps(overrides), specMarkets).map((m) => m.id);

describe("market rules (spec core §5, companion §5, as the app's configuration gives them)", () => {
  it('a naira payment is in no market', () => {
    expect(names({ currencyCode: '566', countryCode: 'NG' })).toEqual([]);
  });

  it('currency 800 is the Uganda market: Uganda mobile money (beside the baseline card)', () => {
    expect(names({ currencyCode: '800', countryCode: 'UG' })).toEqual(['uganda']);
    expect(specMarkets.find((m) => m.id === 'uganda')!.only).toEqual(['UGANDA_MOBILE_MONEY']);
  });

  it('a DRC payment, or any payment offering DRC mobile money, is the DRC market: DRC mobile money (beside the baseline card)', () => {
    expect(names({ currencyCode: '976', countryCode: 'CD' })).toEqual(['drc']);
    expect(names({ currencyCode: '840', countryCode: 'cd' })).toEqual(['drc']);
    expect(names({ currencyCode: '840', countryCode: 'NG', paymentChannels: ['CARD', 'DRC_MOBILE_MONEY'], nonCardOptions: [] })).toEqual(['drc']);
    expect(names({ currencyCode: '840', countryCode: 'NG', nonCardOptions: [{ providerCode: 'DRC_MOBILE_MONEY', enabled: false }] })).toEqual([]);
    expect(specMarkets.find((m) => m.id === 'drc')!.only).toEqual(['DRC_MOBILE_MONEY']);
  });

  it('an empty condition never applies', () => {
    expect(marketsOf(sampleProps(), [{ id: 'empty', when: [{}], only: [] }])).toEqual([]);
  });
});
