import { css } from '@linaria/core';
import { useId, useRef } from 'react';
import type { ReactNode, Ref } from 'react';
import { registerMessages, useT } from '../i18n';
import { waitingMessages } from './waitingMessages';
import { formatMmSs, useCountdown } from './countdown';
import { StillTrying } from './StillTrying';
import { SandboxSimulateControl, centred, centredActions, largeSpinner, smallSpinner, spinner } from './PendingLayout';
import { button, errorText, heading, muted, notice, stack } from '../ui/styles';
import { BackLink } from './BackLink';
import { ChangeMethodLink } from '../ui/ChangeMethodLink';
import { useCheckoutState } from '../state/checkout';

registerMessages(waitingMessages);

/*
 * The one view for "pay elsewhere, we are waiting" (adyen-web's QRLoaderContainer): the payer approves on a phone,
 * in a bank's app, at a bank. It owns the layout, the countdown, the end of the wait with its "wait longer" offer,
 * "still trying" while status requests fail, the check-now button and the way out. A channel gives it its texts
 * (its own keys, already translated) and its own content (a QR code, a dial code, the account to pay).
 */

// The task leads (QR): the instruction above it, the wait a quiet line under it.
const lead = css`
  text-align: center;
  > h1 { margin: 4px 0 0; }
`;
const clock = css`
  font-variant-numeric: tabular-nums;
  font-size: 22px;
  font-weight: 700;
`;
const statusLine = css`
  display: flex;
  align-items: center;
  justify-content: center;
  gap: 8px;
  margin: 0;
  color: var(--oja-muted, #5b6577);
  font-size: 14px;
`;

/** What the view says once its countdown is over, and the "wait longer" offer that may come with it. */
export interface WaitEnded {
  /** Already translated: "We have not received your transfer yet.", or the code's end of validity. */
  text: string;
  /**
   * "Wait longer", when the channel still allows it: its label, what it does (a new deadline, which starts the
   * countdown again), and a note under it ("2 extensions left"). Default none: the text alone, announced politely.
   */
  waitLonger?: { label: string; onClick(): void; note?: string };
}

/** A button that asks the status now (MoMo's "I have authorized this payment"). */
export interface CheckNow {
  /** Already translated. */
  label: string;
  /** The label while the request is under way. */
  busyLabel: string;
  /** A request is under way: the button is disabled and says so. */
  busy: boolean;
  onClick(): void;
  /** Said when the last check did not confirm the payment (already translated), as an alert. Default none. */
  failed?: string | null;
  /** The button, for a channel that moves the focus to it. */
  ref?: Ref<HTMLButtonElement>;
}

export interface WaitingViewProps {
  /** The heading, already translated (the channel's own key): what the payer does, or what is awaited. */
  title: string;
  /** Under the heading, already translated. Default none. */
  message?: string;
  /**
   * What the payer acts on, shown first under the heading (QR: the code to scan). The status is then a quiet
   * line under it (`statusLine`) instead of the large spinner above the heading. Default none: the status leads.
   */
  task?: ReactNode;
  /** With `task`: the quiet line that says what is awaited ("Confirming transaction status"). Default none. */
  statusLine?: string;
  /**
   * End of the current wait, server-clock ms (from the server's expiry or a server-clock start): counted down large
   * as mm:ss (`format`), announced politely once a minute. null or omitted: no countdown.
   */
  deadline?: number | null;
  /** Called once when the countdown reaches zero. Default none. */
  onEnd?: () => void;
  /** The countdown's text; default mm:ss (formatMmSs). */
  format?: (ms: number) => string;
  /** Shown once the countdown is over. Default none: the view stays as it is at 00:00. */
  ended?: WaitEnded;
  /** Consecutive failed status requests (useStatusPolling's `failures`): "still trying" from the second on. Default 0. */
  failures?: number;
  /** A check-now button. Default none. */
  checkNow?: CheckNow;
  /** The channel's own content under the countdown: the code to dial, the steps, a prompt sent again. */
  children?: ReactNode;
  /** More ways on, above the way out ("Change bank"). Default none. */
  actions?: ReactNode;
  /**
   * The way out: default core's "Change payment method" link at the foot. A channel with a step to go back to gives
   * its own instead (MoMo's Cancel, back to the number), the view's one way back: core's BackLink at its top.
   */
  leave?: { label: string; onClick(): void };
  /** Show the sandbox's simulate control (only ever when the sandbox is on). Default true. */
  simulate?: boolean;
  /** The view's content is still coming (the QR code being generated): aria-busy. Default false. */
  busy?: boolean;
}

/**
 * "Pay elsewhere, we are waiting": heading and message announced politely, the channel's content, the countdown,
 * then "still trying", the end of the wait ("wait longer"), check now, the channel's actions and the way out.
 */
export function WaitingView({
  title,
  message,
  task,
  statusLine,
  deadline = null,
  onEnd,
  format = formatMmSs,
  ended,
  failures = 0,
  checkNow,
  children,
  actions,
  leave,
  simulate = true,
  busy = false,
}: WaitingViewProps) {
  const { env } = useCheckoutState();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const left = useCountdown(deadline, onEnd);
  const over = deadline !== null && left === 0;
  const leads = task === undefined;
  const waitLonger = () => {
    ended?.waitLonger?.onClick();
    // The offer goes with the prompt: the focus goes to the heading rather than nowhere.
    headingRef.current?.focus();
  };
  return (
    <section className={stack} aria-labelledby={titleId} aria-busy={busy || undefined}>
      {leave && <BackLink label={leave.label} onClick={leave.onClick} />}
      {leads && <div className={`${spinner} ${largeSpinner}`} aria-hidden="true" />}
      <div className={leads ? centred : lead} role="status" aria-live="polite">
        <h1 id={titleId} ref={headingRef} tabIndex={-1} className={heading}>
          {title}
        </h1>
        {message && <p className={muted}>{message}</p>}
      </div>
      {task}
      {deadline !== null && <WaitCountdown remainingMs={left} format={format} />}
      {statusLine && <WaitStatusLine text={statusLine} />}
      <div className={centredActions}>
        {children}
        <StillTrying failures={failures} />
        {over && ended && (
          <div className={stack} role={ended.waitLonger ? 'alert' : 'status'}>
            <p className={notice}>{ended.text}</p>
            {ended.waitLonger && (
              <>
                <button type="button" className={button} onClick={waitLonger}>
                  {ended.waitLonger.label}
                </button>
                {ended.waitLonger.note && <p className={muted}>{ended.waitLonger.note}</p>}
              </>
            )}
          </div>
        )}
        {checkNow?.failed && (
          <p className={errorText} role="alert">
            {checkNow.failed}
          </p>
        )}
        {checkNow && (
          <button ref={checkNow.ref} type="button" className={button} onClick={checkNow.onClick} disabled={checkNow.busy} aria-busy={checkNow.busy}>
            {checkNow.busy ? checkNow.busyLabel : checkNow.label}
          </button>
        )}
        {actions}
        {!leave && <ChangeMethodLink />}
      </div>
      {simulate && env.sandbox && <SandboxSimulateControl />}
    </section>
  );
}

/** The time left, large, as mm:ss by default; read out once a minute (a polite live region), not every second. */
export function WaitCountdown({ remainingMs, format = formatMmSs }: { remainingMs: number; format?: (ms: number) => string }) {
  const t = useT();
  return (
    <p className={centred}>
      <span className={clock} role="timer" aria-live="off" aria-label={t('core.waiting.timeLeft', { time: format(remainingMs) })}>
        {format(remainingMs)}
      </span>
      <span className="oja-sr-only" aria-live="polite">
        {t('core.waiting.minutesLeft', { count: Math.ceil(remainingMs / 60_000) })}
      </span>
    </p>
  );
}

/** A small spinner, decorative: beside a text that says what is awaited, or in the room of what is coming. */
export function SmallSpinner() {
  return <span className={`${spinner} ${smallSpinner}`} aria-hidden="true" />;
}

/** The wait as a quiet line under what the payer acts on, announced politely. */
function WaitStatusLine({ text }: { text: string }) {
  return (
    <p className={statusLine} role="status" aria-live="polite">
      <SmallSpinner />
      <span>{text}</span>
    </p>
  );
}

export { StillTrying, STILL_TRYING_AFTER_FAILURES } from './StillTrying';
