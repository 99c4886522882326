import { css } from '@linaria/core';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { heading, muted, stack } from '../ui/styles';
import { useLazyScreen } from '../shell/lazyScreen';

/*
 * The busy view: the page is making a call of its own (loading the banks, generating an account, sending the
 * request to the phone) and the payer has nothing to do yet. Not the wait for a payment made elsewhere, with its
 * countdown, "wait longer" and "still trying": that is WaitingView (`@oja/core/waiting-view`), which shares the
 * spinner, the centred actions and the sandbox's control kept here.
 */

/** The sandbox's control is never in a real payment: its own chunk, fetched only when the sandbox is on. */
const loadSimulateControl = () => import('./SimulateControl').then((m) => ({ default: m.SimulateControl }));

/** The sandbox's simulate control, fetched only when the sandbox is on (the waiting view and the provider frame show it). */
export function SandboxSimulateControl() {
  const Control = useLazyScreen('core-SimulateControl', loadSimulateControl);
  return (
    <Suspense fallback={null}>
      <Control />
    </Suspense>
  );
}

/** The round spinner, decorative; sized by largeSpinner or smallSpinner. */
export const spinner = css`
  border-radius: 50%;
  border: 4px solid var(--oja-border, #e3e8ef);
  border-top-color: var(--oja-primary, #0b5cad);
  animation: oja-spin 0.9s linear infinite;
  @keyframes oja-spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { animation-duration: 3s; }
`;
/** The spinner a view leads with. */
export const largeSpinner = css`
  width: 44px;
  height: 44px;
  margin: 8px auto;
`;
/** The spinner beside a line of text. */
export const smallSpinner = css`
  flex: 0 0 auto;
  width: 14px;
  height: 14px;
  border-width: 2px;
`;
/** A heading and its message, centred under the spinner. */
export const centred = css`
  text-align: center;
`;
/**
 * The actions under a centred view: full-width buttons, and links centred with them (not at the left edge).
 */
export const centredActions = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  text-align: center;
  > a, > button { align-self: center; }
  > :not(a):not(button) { align-self: stretch; }
  /* A list of steps reads from the start of its lines, even under a centred view. */
  ol, ul { text-align: start; }
  &:empty { display: none; }
`;

export interface PendingLayoutProps {
  /** What the page is doing, already translated: "Generating your account number…". */
  title: string;
  /** Under the title. Default none. */
  message?: string;
  /** The ways on while it works ("Change payment method"). Default none. */
  children?: ReactNode;
  /**
   * @deprecated A busy view never shows the sandbox's control (a waiting view does): `false` is accepted, and
   * ignored, until the last screens that pass it drop it.
   */
  simulate?: false;
}

/** The busy view: spinner and what the page is doing, announced politely. */
export function PendingLayout({ title, message, children }: PendingLayoutProps) {
  return (
    <section className={stack} aria-busy="true">
      <div className={`${spinner} ${largeSpinner}`} aria-hidden="true" />
      <div className={centred} role="status" aria-live="polite">
        <h1 className={heading}>{title}</h1>
        {message && <p className={muted}>{message}</p>}
      </div>
      <div className={centredActions}>{children}</div>
    </section>
  );
}

/**
 * @deprecated The "still trying" notice belongs to the waiting view: import it from `@oja/core/waiting-view`. Kept
 * here for the provider frames' screens (OPay, PalmPay) until they move.
 */
export { StillTrying, STILL_TRYING_AFTER_FAILURES } from './StillTrying';
