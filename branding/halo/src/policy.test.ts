import { describe, expect, it } from 'vitest';
import { availableChannels } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { policyChannels, sampleProps } from '@oja/testing';
import halo from './index';

const channels = policyChannels;

const ids = (props: PaymentProps) => availableChannels(channels, props, halo).map((c) => c.id);

describe('HALO channel policy (spec core §5: forces card, transfer, wallet, QR, USSD, credit and Google Pay on)', () => {
  it('forces its set on even when the merchant offers only card, keeping list order', () => {
    const props = sampleProps({ acquiredBy: 'HALO', paymentChannels: ['CARD'], nonCardOptions: [] });
    expect(availableChannels(channels, props).map((c) => c.id)).toEqual(['card']);
    expect(ids(props)).toEqual(['card', 'transfer', 'qr', 'ussd', 'wallet', 'credit', 'google']);
  });

  it('forces only channels that are installed', () => {
    const cardOnly = [channels[0]];
    expect(availableChannels(cardOnly, sampleProps({ acquiredBy: 'HALO', paymentChannels: ['CARD'] }), halo).map((c) => c.id)).toEqual(['card']);
  });
});
