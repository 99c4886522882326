import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, styles, useCheckout, useT } from '@oja/core';
import { BackLink } from '@oja/core/back-link';
import { back, creditOf } from './flow';
import type { Problem } from './rules';

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

/** Back (one step, companion §4), once there is a step behind: the step's one way back, at its top (core's BackLink). */
export function StepBack() {
  const t = useT();
  const c = useCheckout();
  const { history } = useSnapshot(creditOf(c).state);
  return history.length > 0 ? <BackLink label={t('credit.back')} onClick={() => back(c)} testId="credit-back" /> : null;
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

/**
 * One step's frame (companion §2 "a title and subtitle that change per step"): the heading takes the focus when
 * the step changes, so that keyboard and screen reader users start at the new step.
 */
export function StepFrame({
  title,
  subtitle,
  children,
  onSubmit,
}: {
  title: string;
  subtitle: ReactNode;
  children: ReactNode;
  onSubmit?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const c = useCheckout();
  const { history } = useSnapshot(creditOf(c).state);
  useEffect(() => {
    // Not on the first step as the page opens: the focus stays where the page put it.
    if (history.length > 0) heading.current?.focus();
  }, [history.length]);
  const content = (
    <>
      <StepBack />
      <h1 id="credit-title" className={styles.heading} ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p className={styles.muted}>{subtitle}</p>
      {children}
      <StepFooter />
    </>
  );
  return onSubmit ? (
    <form
      className={styles.stack}
      aria-labelledby="credit-title"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      {content}
    </form>
  ) : (
    <section className={styles.stack} aria-labelledby="credit-title">
      {content}
    </section>
  );
}
