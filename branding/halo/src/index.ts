import { defineBranding, drawnByServer } from '@oja/core';
import { theme } from './theme';
import { messages } from './messages';

/** The HALO acquirer: indigo looks, and a fixed set of channels forced on (spec core §5). */
export default defineBranding({
  acquirer: 'HALO',
  className: theme,
  Logo: drawnByServer(() => import('./Logo')),
  channels: { force: ['CARD', 'TRANSFER', 'WALLET', 'QR', 'USSD', 'CREDIT', 'GOOGLE_PAY'] },
  messages,
});
