import type { BrandingPlugin, ChannelPlugin, GatePlugin, PagePlugin } from '@oja/core';
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
 * The installed plugins: adding a channel, a branding, a gate or a page is one line here (and the package itself).
 * Server builds resolve each channel with the "oja-server" condition, which adds its sandbox part, and each page
 * likewise with its `serve`. Core's own pages (the home page `/`) are the server's, not listed here.
 */
export const installed: { channels: ChannelPlugin[]; brandings: BrandingPlugin[]; gates: GatePlugin[]; pages: PagePlugin[] } = {
  channels: [card, wallet, transfer, qr, ussd, payWithApp],
  brandings: [brandingDefault, zib, mul, halo],
  gates: [],
  pages: [],
};
