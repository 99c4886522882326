import { useSnapshot } from 'valtio';
import { ChangeMethodLink, styles, useCheckout, useT } from '@oja/core';
import { creditOf } from './flow';
import type { Problem } from './rules';

/*
 * The foot of every step, the card's too (CardSteps.tsx): a module of its own so that the card's part does not bring
 * the step frame's back link (it is drawn above the card's part, in Screen.tsx).
 */

/** A problem's words: our message by key, or the API's own description. */
export function useProblemText(): (p: Problem | null) => string | null {
  const t = useT();
  return (p) => (p ? ('key' in p ? t(p.key) : p.text) : null);
}

/** The current step's problem, announced. */
export function ProblemAlert() {
  const c = useCheckout();
  const { problem } = useSnapshot(creditOf(c).state);
  const text = useProblemText()(problem as Problem | null);
  return text ? (
    <p className={styles.errorText} role="alert">
      {text}
    </p>
  ) : null;
}

/** Under every step: its problem and the change of method (Back is at its top: StepBack). */
export function StepFooter() {
  return (
    <>
      <ProblemAlert />
      <ChangeMethodLink />
    </>
  );
}
