import { describe, expect, it } from 'vitest';
import { availableChannels, defineChannel } from '@oja/core';
import type { PaymentProps } from '@oja/core';
import { sampleProps } from '@oja/core/testing';
import zib from './index';

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
