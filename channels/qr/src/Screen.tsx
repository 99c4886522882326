import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, registerMessages, styles, useChannel, useT } from '@oja/core';
import { useStatusPolling } from '@oja/core/status-polling';
import { loadQrEncoder } from '@oja/core/qr';
import { generateQr } from './api';
import { QrPending } from './Pending';
import { qrVisit } from './visit';
import { screenMessages } from './screenMessages';
import { messageKeyForFailure } from '@oja/core/code-messages';
import { useVisit } from '@oja/core/visit';

registerMessages(screenMessages);

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
  const polling = useStatusPolling(plugin, snap.status === 'success');

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
  return <QrPending payment={snap.status === 'success' ? snap.response : null} failures={polling.failures} />;
}
