import { css } from '@linaria/core';
import type { ComponentType } from 'react';
import { scenario } from './harness';
import type { CheckoutScenario, StoryBranding } from './harness';

/** The grounds a logo meets, in the branding's own colours: the page, a card, the header. */
const sheet = css`
  display: grid;
  gap: 12px;
  padding: 16px 0;
  & > :nth-child(1) { background: var(--oja-page-bg); }
  & > :nth-child(2) { background: var(--oja-surface); }
  & > :nth-child(3) { background: var(--oja-header-bg); }
`;
/** One ground a logo is drawn on, with it at the header's size and at the footer's. */
const ground = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 24px;
  padding: 16px;
  border: 1px solid var(--oja-border, #d3dae5);
  border-radius: var(--oja-radius, 12px);
  svg { width: auto; }
  svg:last-child { height: 22px; }
`;
const GROUNDS = ['page', 'card', 'header'];

/**
 * A branding's logo at the header's 44 px and the footer's 22 px, on each ground it is drawn on: a story that
 * shows a logo's details and contrast at a glance, under its own branding only.
 */
export function logoSheet(Logo: ComponentType, acquirer: StoryBranding): CheckoutScenario {
  function LogoSheet() {
    return (
      <div className={sheet}>
        {GROUNDS.map((g) => (
          <div key={g} className={ground}>
            <Logo />
            <Logo />
          </div>
        ))}
      </div>
    );
  }
  return scenario({ screen: LogoSheet, brandings: [acquirer] });
}
