import { defineBranding } from '@oja/core';
import { theme } from './theme';
import { Logo } from './Logo';
import { messages } from './messages';

/** The MUL acquirer: teal looks and the EN/FR toggle in the footer (spec channels §6). */
export default defineBranding({
  acquirer: 'MUL',
  className: theme,
  Logo,
  languageToggle: true,
  messages,
});
