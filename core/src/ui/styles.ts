import { css } from '@linaria/core';

/**
 * Shared looks, on the branding's CSS custom properties. Every channel uses these rather than its own
 * button or field styles, so a branding restyles every screen at once.
 */
export const page = css`
  :global() {
    *, *::before, *::after { box-sizing: border-box; }
    html { -webkit-text-size-adjust: 100%; }
    body { margin: 0; background: var(--oja-page-bg, #eef1f5); color: var(--oja-text, #1c2434);
      font: 15px/1.45 var(--oja-font, system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif); }
    :focus-visible { outline: 3px solid var(--oja-focus, #1f6feb); outline-offset: 2px; }
    /* A heading focused on arrival (FocusAfterNavigation) is where reading resumes, not a control: no ring. */
    h1[tabindex='-1']:focus { outline: none; }
    .oja-sr-only { position: absolute; width: 1px; height: 1px; padding: 0; margin: -1px; overflow: hidden;
      clip: rect(0, 0, 0, 0); white-space: nowrap; border: 0; }
  }
  min-height: 100vh;
  display: flex;
  flex-direction: column;
  align-items: center;
  padding: 0;
  @media (min-width: 481px) { padding: 24px 12px; }
  /*
   * A phone: the card is the screen. It fills the height under a short screen, and the page under it is the card's
   * colour from the first paint (no grey band before the script, none under a short screen).
   */
  @media (max-width: 480px) {
    :global() { body { background: var(--oja-surface, #fff); } }
    &:not(.oja-embedded) > main { flex: 1 0 auto; }
  }
  /*
   * INLINE (\`oja-embedded\`): the page is the merchant's dialog. Its frame is the card's width, the page around
   * the card is transparent (the merchant's scrim shows), and the card keeps its rounded corners at every width.
   * Without \`:has\` (an old browser) the page's grey shows around the card, as before.
   */
  :global() {
    html:has(.oja-embedded), html:has(.oja-embedded) body { background: transparent; }
  }
  &.oja-embedded { background: transparent; padding: 0; }
  &.oja-embedded > main { border-radius: var(--oja-radius, 12px); }
`;

/** Above the card, the sandbox's "Demo settings" button: its room is there before the button loads. */
export const demoArea = css`
  width: 100%;
  max-width: 420px;
  min-height: 44px;
  margin-bottom: 8px;
  display: flex;
  /* At the top left, above the card (companion §2 "Demo panel"). */
  justify-content: flex-start;
  @media (max-width: 480px) { padding: 6px 8px 0; min-height: 50px; }
  /* INLINE: inside the card, at its foot (the page around the card is the merchant's scrim). */
  .oja-embedded & { margin: 0; padding: 8px 16px 12px; }
`;

export const card = css`
  width: 100%;
  max-width: 420px;
  background: var(--oja-surface, #fff);
  @media (min-width: 481px) { border-radius: var(--oja-radius, 12px); box-shadow: 0 2px 16px rgba(20, 30, 50, 0.1); }
  overflow: hidden;
`;

export const body = css`
  padding: 16px 20px 20px;
`;

/** Space above the shell's cancel button, under the screen. */
export const cancelArea = css`
  margin-top: 8px;
  &:empty { display: none; }
`;

export const heading = css`
  font-size: 18px;
  font-weight: 600;
  margin: 4px 0 12px;
`;

export const muted = css`
  color: var(--oja-muted, #5b6577);
  font-size: 14px;
`;

export const button = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  width: 100%;
  min-height: 46px;
  padding: 10px 16px;
  border: 0;
  border-radius: var(--oja-radius-button, 8px);
  background: var(--oja-primary, #0b5cad);
  color: var(--oja-on-primary, #fff);
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  text-decoration: none;
  &:disabled, &[aria-disabled="true"] { opacity: 0.55; cursor: not-allowed; }
`;

export const secondaryButton = css`
  background: transparent;
  color: var(--oja-primary-text, #0b5cad);
  border: 1px solid var(--oja-border, #cfd6e0);
`;

export const dangerButton = css`
  background: var(--oja-danger, #b42318);
  color: #fff;
`;

export const link = css`
  /* A control on its own line: a 44 px target however short its text (the guide's target size). */
  /* At the start of its line in a form (a column of the stack); a centred wait centres it (pendingActions). */
  display: inline-flex;
  align-self: flex-start;
  align-items: center;
  justify-content: flex-start;
  text-align: start;
  min-width: 44px;
  min-height: 44px;
  color: var(--oja-primary-text, #0b5cad);
  background: none;
  border: 0;
  padding: 0;
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  text-decoration: underline;
  text-underline-offset: 3px;
  &:disabled { opacity: 0.55; cursor: not-allowed; }
`;

/**
 * A secondary action that must not compete with the screen's own (the shell's cancel): muted text, no box, a
 * 44 px target, centred under the screen.
 */
export const quietButton = css`
  display: block;
  width: 100%;
  min-height: 44px;
  padding: 10px 4px;
  border: 0;
  border-radius: var(--oja-radius-button, 8px);
  background: none;
  color: var(--oja-muted, #5b6577);
  font: inherit;
  font-size: 14px;
  /* On a phone, one line for the spec's "Cancel payment and return to {merchant}" with a usual name. */
  @media (max-width: 480px) { font-size: 13px; }
  /* Regular weight, as the muted texts of its sizes: a pair of its own would be one more font lookup before the
     first paint (README, "the first screen's type"). */
  font-weight: 400;
  text-align: center;
  text-decoration: underline;
  text-decoration-color: transparent;
  text-underline-offset: 3px;
  cursor: pointer;
  @media (hover: hover) { &:hover { color: var(--oja-text, #1c2434); text-decoration-color: currentColor; } }
`;

export const stack = css`
  display: flex;
  flex-direction: column;
  gap: 12px;
  > p, > h1, > h2 { margin: 0; }
`;

export const notice = css`
  border-radius: 8px;
  padding: 10px 12px;
  background: var(--oja-warning-bg, #fff6e5);
  color: var(--oja-warning-text, #6b4500);
  font-size: 14px;
`;

export const errorText = css`
  color: var(--oja-danger, #b42318);
  font-size: 14px;
`;

/**
 * A row the payer picks (a payment method, a wallet, a saved card): mark, text, and the chevron pinned at its own
 * size (`ChevronIcon`), so every row's chevron is the same width however long its text. Compact (56 px, ten rows
 * read at a glance on a phone), and the row is the control: its descendants take no pointer events, so a tap
 * anywhere in its box (padding, gaps, text, mark) hits the link or button itself, before hydration as after.
 */
export const choiceRow = css`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  min-height: 56px;
  margin: 0;
  padding: 8px 10px;
  border: 1px solid var(--oja-border, #e3e8ef);
  border-radius: var(--oja-radius-button, 8px);
  color: inherit;
  font: inherit;
  line-height: 1.3;
  text-align: left;
  text-decoration: none;
  background: var(--oja-surface, #fff);
  cursor: pointer;
  * { pointer-events: none; }
  /* Only where there is a real hover: a phone keeps :hover on the last row tapped. */
  @media (hover: hover) { &:hover { border-color: var(--oja-primary, #0b5cad); } }
  svg:first-child { flex: 0 0 auto; color: var(--oja-primary, #0b5cad); }
  > svg:last-child { flex: 0 0 18px; margin-left: auto; color: var(--oja-muted, #5b6577); }
`;
