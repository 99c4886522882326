import { defineBranding, drawnByServer } from '@oja/core';
import { theme } from './theme';
import { messages } from './messages';

/** The branding of payments with no (or an unknown) acquirer: Oja's own look, no channel policy. */
export default defineBranding({
  acquirer: '',
  className: theme,
  Logo: drawnByServer(() => import('./Logo')),
  messages,
});
