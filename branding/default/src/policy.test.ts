import { describe, expect, it } from 'vitest';
import { availableChannels } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { policyChannels, sampleProps } from '@oja/testing';
import branding from './index';

const channels = policyChannels;

const ids = (props: PaymentProps) => availableChannels(channels, props, branding).map((c) => c.id);

describe('default branding channel policy', () => {
  it("leaves what the channels' own rules say", () => {
    const props = sampleProps({ paymentChannels: ['CARD', 'QR', 'USSD'] });
    expect(ids(props)).toEqual(['card', 'qr', 'ussd']);
    expect(ids(props)).toEqual(availableChannels(channels, props).map((c) => c.id));
  });

  it('neither adds nor removes a channel for a card-only merchant', () => {
    expect(ids(sampleProps({ paymentChannels: ['CARD'] }))).toEqual(['card']);
  });
});
