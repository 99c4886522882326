import { css } from '@linaria/core';
import { link } from '../ui/styles';

/*
 * A screen's one way back a step (credit's Back, MoMo's Cancel back to the number, pay with app's Go back): a link
 * with a back chevron at the top of the screen, above its heading, where a payer looks for "back". The foot keeps
 * what leaves the step's flow: "Change payment method" and the shell's cancel (docs/decisions.md "One way back").
 */

const back = css`
  gap: 2px;
  margin-left: -6px;
  text-decoration: none;
  > svg { flex: 0 0 20px; }
  &:hover > span { text-decoration: underline; text-underline-offset: 3px; }
`;

export interface BackLinkProps {
  /** Already translated: the spec's own word for this screen's way back ("Back", "Cancel", "Go back"). */
  label: string;
  onClick(): void;
  testId?: string;
}

/** The way back a step, at the top of a screen. */
export function BackLink({ label, onClick, testId }: BackLinkProps) {
  return (
    <button type="button" className={`${link} ${back}`} onClick={onClick} data-testid={testId}>
      <svg viewBox="0 0 24 24" width={20} height={20} aria-hidden="true" focusable="false">
        <path d="M15 6l-6 6 6 6" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
      </svg>
      <span>{label}</span>
    </button>
  );
}
