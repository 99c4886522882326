import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { styles, useCheckout, useT } from '@oja/core';
import { BackLink } from '@oja/core/back-link';
import { back, creditOf } from './flow';
import { StepFooter } from './StepFooter';

/** Back (one step, companion §4), once there is a step behind: the step's one way back, at its top (core's BackLink). */
export function StepBack() {
  const t = useT();
  const c = useCheckout();
  const { history } = useSnapshot(creditOf(c).state);
  return history.length > 0 ? <BackLink label={t('credit.back')} onClick={() => back(c)} testId="credit-back" /> : null;
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
