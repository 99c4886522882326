import { defineBranding, drawnByServer } from '@oja/core';
import { theme } from './theme';
import { messages } from './messages';

/** The MUL acquirer: teal looks and the EN/FR toggle in the footer (spec channels §6). */
export default defineBranding({
  acquirer: 'MUL',
  className: theme,
  Logo: drawnByServer(() => import('./Logo')),
  languageToggle: true,
  messages,
});
