import { defineBranding } from '@oja/core';
import { theme } from './theme';
import { Logo } from './Logo';
import { messages } from './messages';

/** The HALO acquirer: indigo looks, and a fixed set of channels forced on (spec core §5). */
export default defineBranding({
  acquirer: 'HALO',
  className: theme,
  Logo,
  channels: { force: ['CARD', 'TRANSFER', 'WALLET', 'QR', 'USSD', 'CREDIT', 'GOOGLE_PAY'] },
  messages,
});
