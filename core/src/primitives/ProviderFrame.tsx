import { css } from '@linaria/core';
import { useState } from 'react';
import type { ReactNode } from 'react';
import { registerMessages, useT } from '../i18n';
import { PendingLayout, SandboxSimulateControl } from './PendingLayout';
import { formatMmSs } from './countdown';
import { frameMessages } from './frameMessages';
import { waitingMessages } from './waitingMessages';
import { button, errorText, heading, link, muted, stack } from '../ui/styles';
import { availableFor, useCheckout, useCheckoutState, withSession } from '../state/checkout';
import { changeMethod, METHODS_PATH, selectChannel } from '../state/actions';

registerMessages(frameMessages);
// The clock under the frame is read out as the waiting view's is.
registerMessages(waitingMessages);

const frameBox = css`
  position: relative;
  min-height: 400px;
  border: 1px solid var(--oja-border, #e3e8ef);
  border-radius: var(--oja-radius-button, 8px);
  overflow: hidden;
  > iframe { display: block; width: 100%; height: 400px; border: 0; }
`;
const overlay = css`
  position: absolute;
  inset: 0;
  display: flex;
  align-items: center;
  justify-content: center;
  background: var(--oja-surface, #fff);
`;

/** An outside page's frame and the loader over it. */
export const frameStyles = { box: frameBox, overlay };

/**
 * What a provider's page may do inside the checkout: run its scripts, keep its own origin (its cookies, on its own
 * origin, never the checkout's) and submit its forms. Never navigate the checkout away (no allow-top-navigation),
 * open pop-ups or dialogs: the payer stays on the checkout, which learns the outcome from the status check.
 */
export const PROVIDER_FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms';

export interface ProviderFrameProps {
  /** The heading, already translated: "Pay with OPay". */
  title: string;
  /** The provider's page; undefined while the payment is being initialised (a loader instead of the frame). */
  url?: string;
  /** The frame's accessible name, already translated. */
  frameTitle: string;
  /** Under the heading once the page is shown, already translated (what to do in the frame). */
  message?: string;
  /** Time left, ms, shown under the frame and read out as the waiting view's countdown is; omit for none. */
  remainingMs?: number;
  /** Under the frame: the Back link, a notice. */
  children?: ReactNode;
  /** The payment could not be initialised: the message and the retry button's label (translated), and the retry. */
  failure?: { message: string; retryLabel: string; onRetry: () => void };
}

/**
 * A provider's payment page in a frame (companion §2 "OPay, eNaira and PalmPay pages"): a loader while the payment
 * is initialised, then the page with a loader over it until it has loaded. The page comes from the provider's
 * origin, which the page's policy allows only on payments that can use that provider (ChannelPlugin.sources).
 * A failed initialisation shows its message and a retry instead.
 */
export function ProviderFrame({ title, url, frameTitle, message, remainingMs, children, failure }: ProviderFrameProps) {
  const t = useT();
  const { env } = useCheckoutState();
  const [loadedUrl, setLoadedUrl] = useState<string | null>(null);
  if (failure) {
    return (
      <section className={stack}>
        <p className={errorText} role="alert">
          {failure.message}
        </p>
        <button type="button" className={button} onClick={failure.onRetry}>
          {failure.retryLabel}
        </button>
        {children}
      </section>
    );
  }
  if (!url) {
    return <PendingLayout title={t('core.frame.initialising')}>{children}</PendingLayout>;
  }
  const loaded = loadedUrl === url;
  return (
    <section className={stack} aria-labelledby="provider-frame-title">
      <h1 id="provider-frame-title" className={heading}>
        {title}
      </h1>
      {message && <p className={muted}>{message}</p>}
      <div className={frameStyles.box} aria-busy={!loaded}>
        <iframe
          src={url}
          title={frameTitle}
          onLoad={() => setLoadedUrl(url)}
          sandbox={PROVIDER_FRAME_SANDBOX}
          // The checkout's address carries the payment's session: never sent to the provider.
          referrerPolicy="no-referrer"
          allow=""
          data-testid="provider-frame"
        />
        {!loaded && (
          <div className={frameStyles.overlay}>
            <PendingLayout title={t('core.frame.loading')} />
          </div>
        )}
      </div>
      {remainingMs !== undefined && <PendingClock remainingMs={remainingMs} />}
      {children}
      {env.sandbox && <SandboxSimulateControl />}
    </section>
  );
}

/** The time left under the frame, quieter than the waiting view's clock, announced as it is: once a minute. */
function PendingClock({ remainingMs }: { remainingMs: number }) {
  const t = useT();
  return (
    <p className={muted} role="timer" aria-live="off">
      {t('core.frame.timeLeft', { time: formatMmSs(remainingMs) })}
      <span className="oja-sr-only" aria-live="polite">
        {t('core.waiting.minutesLeft', { count: Math.ceil(remainingMs / 60_000) })}
      </span>
    </p>
  );
}

/**
 * Back from a provider's page: to the channel of the option the provider belongs to (the wallet list, by its code:
 * 'CUSTOMER_WALLET') when this payment can use it, else to the method list. A real link: it works before hydration.
 */
export function BackLink({ label, option }: { /** Translation key. */ label: string /** The option's channel code. */; option: string }) {
  const t = useT();
  const c = useCheckout();
  const { env, locale } = useCheckoutState();
  const list = c.registry.byCode(option);
  const to = list && availableFor(c).includes(list) ? list : undefined;
  return (
    <a
      className={link}
      href={withSession(env, to?.path ?? METHODS_PATH, locale)}
      onClick={(e) => {
        e.preventDefault();
        if (to) selectChannel(c, to);
        else changeMethod(c);
      }}
    >
      {t(label)}
    </a>
  );
}
