import { describe, expect, it } from 'vitest';
import { offersProvider, optionProviders } from './props';

const option = (providers: unknown, enabled = true) => ({
  nonCardOptions: [{ providerCode: 'CUSTOMER_WALLET', enabled, additionalInformation: { providers } }],
});

describe('optionProviders (companion §3 CUSTOMER_WALLET providers)', () => {
  it("reads the enabled option's providers in the API's order, ids as text", () => {
    const list = optionProviders(
      option([
        { id: 7, code: 'PALMPAY', description: 'PalmPay', countryCode: 'NG' },
        { id: 'a1', code: 'opay', description: 'OPay' },
      ]),
      'CUSTOMER_WALLET',
    );
    expect(list).toEqual([
      { id: '7', code: 'PALMPAY', description: 'PalmPay', countryCode: 'NG' },
      { id: 'a1', code: 'opay', description: 'OPay', countryCode: '' },
    ]);
  });

  it('leaves out entries without an id or a code, and gives none for a disabled, absent or malformed option', () => {
    expect(optionProviders(option([null, { id: 1 }, { code: 'OPAY' }, { id: 2, code: 'ENAIRA' }]), 'CUSTOMER_WALLET').map((p) => p.id)).toEqual([
      '2',
    ]);
    expect(optionProviders(option([{ id: 1, code: 'OPAY' }], false), 'CUSTOMER_WALLET')).toEqual([]);
    expect(optionProviders(option('OPAY'), 'CUSTOMER_WALLET')).toEqual([]);
    expect(optionProviders({ nonCardOptions: [] }, 'CUSTOMER_WALLET')).toEqual([]);
  });

  it('offersProvider compares types case-insensitively', () => {
    const props = option([{ id: 1, code: 'OPay' }]);
    expect(offersProvider(props, 'CUSTOMER_WALLET', 'opay')).toBe(true);
    expect(offersProvider(props, 'CUSTOMER_WALLET', 'palmpay')).toBe(false);
  });
});
