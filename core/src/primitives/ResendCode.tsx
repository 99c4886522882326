import { useEffect, useState } from 'react';
import { useT } from '../i18n';
import { link, muted } from '../ui/styles';
import { formatMmSs, useCountdown } from './countdown';

/** "Code sent" shows this long after a resend, ms (spec core §9). */
export const CODE_SENT_MS = 3_000;

export interface ResendCodeProps {
  /** Server-clock ms the last code was sent; the resend is offered `afterMs` later. */
  sentAt: number;
  afterMs: number;
  /** Sends a fresh code; answers whether it went. */
  onResend(): Promise<boolean>;
  /** Refuses a resend while the step's call is in flight. */
  busy?: boolean;
  /** The channel's words, as translation keys: "Resend OTP in {{time}}", "Resend OTP", its end announced, "Code sent". */
  keys: { resendIn: string; resend: string; resendReady: string; codeSent: string };
}

/**
 * An OTP step's resend (spec core §2 "Card OTP", companion §2 credit): the countdown shown but not read out, the
 * link once it ends (announced once), and "Code sent" for 3 s after a resend.
 */
export function ResendCode({ sentAt, afterMs, onResend, busy, keys }: ResendCodeProps) {
  const t = useT();
  const [sentNotice, setSentNotice] = useState(false);
  const remaining = useCountdown(sentAt ? sentAt + afterMs : null);
  useEffect(() => {
    if (!sentNotice) return;
    const timer = setTimeout(() => setSentNotice(false), CODE_SENT_MS);
    return () => clearTimeout(timer);
  }, [sentNotice]);
  const resend = () => {
    if (busy) return;
    void onResend().then((sent) => {
      if (sent) setSentNotice(true);
    });
  };
  if (sentNotice) {
    return (
      <p className={muted} role="status">
        {t(keys.codeSent)}
      </p>
    );
  }
  return (
    <div>
      {remaining > 0 ? (
        <p className={muted} role="timer" aria-live="off">
          {t(keys.resendIn, { time: formatMmSs(remaining) })}
        </p>
      ) : (
        <button type="button" className={link} onClick={resend}>
          {t(keys.resend)}
        </button>
      )}
      {/* Announced once, when the resend becomes possible; the seconds are not read out. */}
      <span className="oja-sr-only" aria-live="polite">
        {remaining > 0 ? '' : t(keys.resendReady)}
      </span>
    </div>
  );
}
