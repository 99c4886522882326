import { css } from '@linaria/core';
import { Suspense } from 'react';
import type { ReactNode } from 'react';
import { registerMessages, useT } from '../i18n';
import { pendingMessages } from './pendingMessages';
import { formatMmSs } from './countdown';
import { heading, muted, notice, stack } from '../ui/styles';
import { useCheckoutState } from '../state/checkout';
import { useLazyScreen } from '../shell/lazyScreen';

registerMessages(pendingMessages);

/** The sandbox's control is never in a real payment: its own chunk, fetched only when the sandbox is on. */
const loadSimulateControl = () => import('./SimulateControl').then((m) => ({ default: m.SimulateControl }));

/** The sandbox's simulate control, fetched only when the sandbox is on (the provider frame shows it too). */
export function SandboxSimulateControl() {
  const Control = useLazyScreen('core-SimulateControl', loadSimulateControl);
  return (
    <Suspense fallback={null}>
      <Control />
    </Suspense>
  );
}

const spinner = css`
  border-radius: 50%;
  border: 4px solid var(--oja-border, #e3e8ef);
  border-top-color: var(--oja-primary, #0b5cad);
  animation: oja-spin 0.9s linear infinite;
  @keyframes oja-spin { to { transform: rotate(360deg); } }
  @media (prefers-reduced-motion: reduce) { animation-duration: 3s; }
`;
const largeSpinner = css`
  width: 44px;
  height: 44px;
  margin: 8px auto;
`;
const smallSpinner = css`
  flex: 0 0 auto;
  width: 14px;
  height: 14px;
  border-width: 2px;
`;
const center = css`
  text-align: center;
`;
/**
 * The actions under a centred wait: full-width buttons, and links centred with them (not at the left edge). For a
 * wait laid out by its channel (QR) as for this one.
 */
export const pendingActions = css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 12px;
  text-align: center;
  > a, > button { align-self: center; }
  > :not(a):not(button) { align-self: stretch; }
  /* A list of steps reads from the start of its lines, even under a centred wait. */
  ol, ul { text-align: start; }
  &:empty { display: none; }
`;
const clock = css`
  font-variant-numeric: tabular-nums;
  font-size: 22px;
  font-weight: 700;
`;

export interface PendingLayoutProps {
  /** Already translated. */
  title: string;
  message?: string;
  /** Time left, ms; shown as mm:ss and announced. Omit for no countdown. */
  remainingMs?: number;
  /** Formats the time left; default mm:ss. */
  format?: (ms: number) => string;
  /** Actions under the status (extend, retry...). */
  children?: ReactNode;
  /** Show the sandbox's simulate control (default true; only shown when the sandbox is on). */
  simulate?: boolean;
}

/** The shared "waiting for the bank" screen: spinner, status and countdown announced politely. */
export function PendingLayout({ title, message, remainingMs, format = formatMmSs, children, simulate = true }: PendingLayoutProps) {
  const { env } = useCheckoutState();
  return (
    <section className={stack} aria-busy="true">
      <div className={`${spinner} ${largeSpinner}`} aria-hidden="true" />
      <div className={center} role="status" aria-live="polite">
        <h1 className={heading}>{title}</h1>
        {message && <p className={muted}>{message}</p>}
      </div>
      {remainingMs !== undefined && <PendingCountdown remainingMs={remainingMs} format={format} />}
      <div className={pendingActions}>{children}</div>
      {simulate && env.sandbox && <SandboxSimulateControl />}
    </section>
  );
}

/** The time left of a wait, large, as mm:ss by default; announced once a minute, not every second. */
export function PendingCountdown({ remainingMs, format = formatMmSs }: { remainingMs: number; format?: (ms: number) => string }) {
  const t = useT();
  return (
    <p className={center}>
      <span className={clock} role="timer" aria-live="off" aria-label={t('core.pending.timeLeft', { time: format(remainingMs) })}>
        {format(remainingMs)}
      </span>
      <span className="oja-sr-only" aria-live="polite">
        {t('core.pending.minutesLeft', { minutes: Math.ceil(remainingMs / 60_000) })}
      </span>
    </p>
  );
}

const statusLine = css`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  margin: 0;
  color: var(--oja-muted, #5b6577);
  font-size: 14px;
`;

/** A small spinner, decorative: beside a text that says what is awaited. */
export function SmallSpinner() {
  return <span className={`${spinner} ${smallSpinner}`} aria-hidden="true" />;
}

/**
 * A wait that is not the screen's subject (the payer has something to do first, e.g. scan a code): one quiet line
 * with a small spinner, announced politely, under what the payer acts on.
 */
export function PendingStatusLine({ text }: { /** Already translated. */ text: string }) {
  return (
    <p className={statusLine} role="status" aria-live="polite">
      <SmallSpinner />
      <span>{text}</span>
    </p>
  );
}

/** Consecutive failed status requests after which the payer is told the page keeps trying. */
export const STILL_TRYING_AFTER_FAILURES = 2;

/**
 * Under a wait: "We are having trouble confirming your payment. We will keep trying." once status requests keep
 * failing (useStatusPolling's `failures`), announced politely; nothing before.
 */
export function StillTrying({ failures }: { failures: number }) {
  const t = useT();
  if (failures < STILL_TRYING_AFTER_FAILURES) return null;
  return (
    <p className={notice} role="status">
      {t('core.error.stillTrying')}
    </p>
  );
}
