import { describe, expect, it } from 'vitest';
import { availableChannels, defineChannel } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { sampleProps } from '@oja/core/testing';
import branding from './index';

/** A channel offered when the merchant lists its code (the card always is): enough to see the policy at work. */
function fixture(id: string, code: string, isAvailable = (p: PaymentProps) => p.paymentChannels.includes(code)) {
  return defineChannel({ id, code, path: `/payment/${id}`, isAvailable, messages: { en: { [id]: { t: 'x' } }, fr: { [id]: { t: 'x' } } } });
}

const channels = [
  fixture('card', 'CARD', () => true),
  fixture('transfer', 'TRANSFER'),
  fixture('qr', 'QR'),
  fixture('ussd', 'USSD'),
  fixture('wallet', 'WALLET'),
  fixture('credit', 'CREDIT'),
  fixture('google', 'GOOGLE_PAY'),
];

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
