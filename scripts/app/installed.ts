import type { BrandingPlugin, ChannelPlugin, GatePlugin } from '@oja/core';
import card from '@oja/card';
import wallet from '@oja/wallet';
import transfer from '@oja/transfer';
import qr from '@oja/qr';
import ussd from '@oja/ussd';
import payWithApp from '@oja/pay-with-app';
import brandingDefault from '@oja/branding-default';
import zib from '@oja/branding-zib';
import mul from '@oja/branding-mul';
import halo from '@oja/branding-halo';

/**
 * The installed plugins: adding a channel, a branding or a gate is one line here (and the package itself).
 * Server builds resolve each channel with the "oja-server" condition, which adds its sandbox part.
 */
export const installed: { channels: ChannelPlugin[]; brandings: BrandingPlugin[]; gates: GatePlugin[] } = {
  channels: [card, wallet, transfer, qr, ussd, payWithApp],
  brandings: [brandingDefault, zib, mul, halo],
  gates: [],
};
