import { css } from '@linaria/core';
import type { MouseEvent, ReactNode } from 'react';
import { ChevronIcon } from './icons';
import { choiceRow } from './styles';

/** The list of such rows: no bullets, 8 px between rows (ten rows and their gaps in about 640 px). */
export const methodRowList = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
`;

/**
 * The mark at 24 px (a channel draws its icon at 28): with the row's padding, gaps and chevron, a 320 px row (a
 * 360 px phone) leaves the title 236 px, room for every title of the installed channels in one line.
 */
const methodRow = css`
  svg:first-child { width: 24px; height: 24px; }
`;

/** Title, then description: one line each, ended by an ellipsis when the row is too narrow. */
const text = css`
  display: flex;
  flex: 1 1 auto;
  flex-direction: column;
  min-width: 0;
  > span { overflow: hidden; white-space: nowrap; text-overflow: ellipsis; }
  > span:first-child { font-weight: 600; }
  > span + span { font-size: 13px; color: var(--oja-muted, #5b6577); }
`;

export interface MethodRowLinkProps {
  /** The address the row opens: a real link, followed by the browser before the page is hydrated. */
  href: string;
  /** Handles the click once hydrated (the default navigation is prevented). */
  onSelect: () => void;
  /** The decorative mark (aria-hidden), drawn first in the row. */
  mark: ReactNode;
  title: string;
  /** One line under the title; none for a row that is its title alone. */
  description?: string;
  /** Data attributes naming the row for tests and the bench (`{ 'data-method': 'card' }`). */
  data?: Record<`data-${string}`, string>;
}

/**
 * A row the payer picks a method with (the method list, the customer wallets). The row is the link: mark, title,
 * description and chevron all sit inside the `<a>` (choiceRow: no margin, descendants without pointer events), so
 * every point of the row hits the anchor, before the page is hydrated (a plain link the server renders) as after.
 * Title and description keep to one line each: a list of ten rows reads at a glance on a 360 px phone.
 */
export function MethodRowLink({ href, onSelect, mark, title, description, data }: MethodRowLinkProps) {
  return (
    <a
      className={`${choiceRow} ${methodRow}`}
      href={href}
      {...data}
      onClick={(e: MouseEvent) => {
        e.preventDefault();
        onSelect();
      }}
    >
      {mark}
      <span className={text}>
        <span>{title}</span>
        {description && <span>{description}</span>}
      </span>
      <ChevronIcon />
    </a>
  );
}
