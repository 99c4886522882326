import { describe, expect, it } from 'vitest';
import { availableChannels } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { policyChannels, sampleProps } from '@oja/testing';
import zib from './index';

const channels = policyChannels;

const ids = (props: PaymentProps) => availableChannels(channels, props, zib).map((c) => c.id);

describe('ZIB channel policy (spec core §5: only card and transfer)', () => {
  it('leaves only card and transfer even when QR and USSD are offered', () => {
    const props = sampleProps({ acquiredBy: 'ZIB', paymentChannels: ['CARD', 'TRANSFER', 'QR', 'USSD', 'WALLET', 'CREDIT', 'GOOGLE_PAY'] });
    expect(availableChannels(channels, props).map((c) => c.id)).toContain('qr');
    expect(ids(props)).toEqual(['card', 'transfer']);
  });

  it('allows transfer but does not add it when the merchant does not offer it', () => {
    expect(ids(sampleProps({ acquiredBy: 'ZIB', paymentChannels: ['CARD', 'QR', 'USSD'] }))).toEqual(['card']);
  });
});
