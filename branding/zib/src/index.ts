import { defineBranding, drawnByServer } from '@oja/core';
import { theme } from './theme';
import { messages } from './messages';

/** Path of ZIB's terms of use page (spec channels §2). */
export const TERMS_PATH = '/payment/zib-disclaimer';

/** The ZIB acquirer: maroon looks, card and transfer only (spec core §5), and a terms of use page. */
export default defineBranding({
  acquirer: 'ZIB',
  className: theme,
  Logo: drawnByServer(() => import('./Logo')),
  channels: { only: ['CARD', 'TRANSFER'] },
  routes: [{ path: TERMS_PATH, screen: () => import('./Terms'), linkLabel: 'zib.termsLink' }],
  messages,
});
