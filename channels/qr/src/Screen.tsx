import { useEffect } from 'react';
import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, formatAmount, registerMessages, styles, useChannel, useCheckoutState, useT } from '@oja/core';
import { useStatusPolling } from '@oja/core/status-polling';
import { SmallSpinner, WaitingView } from '@oja/core/waiting-view';
import { QrCode, loadQrEncoder } from '@oja/core/qr';
import { generateQr } from './api';
import type { QrPayment } from './api';
import { qrVisit } from './visit';
import { screenMessages } from './screenMessages';
import { messageKeyForFailure } from '@oja/core/code-messages';
import { useVisit } from '@oja/core/visit';

registerMessages(screenMessages);

const facts = css`
  display: flex;
  justify-content: center;
  flex-wrap: wrap;
  gap: 4px 24px;
  margin: 0;
  text-align: center;
  dt { color: var(--oja-muted, #5b6577); font-size: 13px; }
  dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
`;
/** The code's room while it is generated: the same size as the code, so nothing moves when it comes. */
const codeRoom = css`
  width: 100%;
  max-width: 240px;
  aspect-ratio: 1;
  margin: 0 auto;
  display: flex;
  align-items: center;
  justify-content: center;
  border: 1px dashed var(--oja-border, #e3e8ef);
  border-radius: var(--oja-radius-button, 8px);
`;

/** QR: generate the code on entry, then poll the status every 2 s until a final code (spec core §4 "QR"). */
export default function QrScreen() {
  const t = useT();
  const plugin = useChannel();
  const v = useVisit(qrVisit);
  const slot = v.state.code;
  const snap = useSnapshot(slot);

  // Try again asks anew; the call before it, if any, is aborted.
  const generate = () => void v.run(slot, generateQr);

  useEffect(() => {
    // The encoder (its own chunk) comes while the code is generated, so the code shows as soon as it is in.
    void loadQrEncoder().catch(() => undefined);
    // Generated once per visit: "Retry payment" on the result starts a new visit.
    if (slot.status === 'idle') generate();
  }, [v]);

  // From the moment the code is shown: 00 completes as successful, XS1 as expired, anything else final as failed.
  const polling = useStatusPolling(plugin, snap.status === 'success', { visit: v });

  if (snap.status === 'error') {
    return (
      <section className={styles.stack} aria-labelledby="qr-heading">
        <h1 id="qr-heading" className={styles.heading}>
          {t('qr.heading')}
        </h1>
        <p className={styles.errorText} role="alert">
          {t('qr.generateFailed')} {t(messageKeyForFailure(slot.error))}
        </p>
        <button type="button" className={styles.button} onClick={generate}>
          {t('qr.retry')}
        </button>
        <ChangeMethodLink />
      </section>
    );
  }
  return <QrWaiting payment={snap.status === 'success' ? snap.response : null} failures={polling.failures} />;
}

export interface QrWaitingProps {
  /** The generated code; null while it is being generated. */
  payment: QrPayment | null;
  /** Consecutive failed status requests. */
  failures: number;
}

/**
 * The QR wait: the instruction to scan and the code lead, with the amount and merchant, the validity's countdown
 * when the API gives one, then "Confirming transaction status" as a quiet line: the payer has a code to scan
 * before there is anything to confirm. While the code is generated, the same layout says so, so that the heading
 * the payer's focus is on stays and its new text is announced.
 */
export function QrWaiting({ payment, failures }: QrWaitingProps) {
  const t = useT();
  const { props, locale } = useCheckoutState();
  const amount = formatAmount(props.checkoutAmount, props.currencyCode, locale);
  return (
    <WaitingView
      title={payment ? t('qr.instruction') : t('qr.generating')}
      busy={payment === null}
      task={
        <>
          {payment ? (
            <QrCode value={payment.rawQRData} label={t('qr.codeLabel', { amount, merchant: props.merchantName })} />
          ) : (
            <div className={codeRoom} aria-hidden="true">
              <SmallSpinner />
            </div>
          )}
          <dl className={facts}>
            <div>
              <dt>{t('qr.amount')}</dt>
              <dd>{amount}</dd>
            </div>
            <div>
              <dt>{t('qr.merchant')}</dt>
              <dd>{props.merchantName}</dd>
            </div>
          </dl>
        </>
      }
      statusLine={payment ? t('qr.confirming') : undefined}
      deadline={payment?.expiresAt ?? null}
      // The status has the last word (XS1); until it comes, say why the code may not work any more.
      ended={{ text: t('qr.validityOver') }}
      failures={failures}
      simulate={payment !== null}
    />
  );
}
