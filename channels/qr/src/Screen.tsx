import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, failureMessageKey, HttpError, registerMessages, styles, useChannel, useCheckout, useT } from '@oja/core';
import { createAsyncSlot, runSlot, useStatusPolling } from '@oja/core/primitives';
import type { AsyncSlot } from '@oja/core/primitives';
import { loadQrEncoder } from '@oja/core/qr';
import { generateQr } from './api';
import type { QrPayment } from './api';
import { QrPending } from './Pending';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** A failure the payer's connection may explain, rather than the service's answer. */
const isNetwork = (e: Error | null) => e instanceof HttpError && (e.code === 'network' || e.code === 'timeout');

/** QR: generate the code on entry, then poll the status every 2 s until a final code (spec core §4 "QR"). */
export default function QrScreen() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const slotRef = useRef<AsyncSlot<QrPayment>>(undefined);
  slotRef.current ??= createAsyncSlot<QrPayment>();
  const slot = slotRef.current;
  const snap = useSnapshot(slot);
  const request = useRef<AbortController>(undefined);

  const generate = () => {
    request.current?.abort();
    const ctrl = new AbortController();
    request.current = ctrl;
    void runSlot(slot, () => generateQr(c.http, c.state.props, ctrl.signal));
  };

  useEffect(() => {
    // The encoder (its own chunk) comes while the code is generated, so the code shows as soon as it is in.
    void loadQrEncoder().catch(() => undefined);
    generate();
    return () => request.current?.abort();
    // Generated once per visit; Retry asks again, and "Retry payment" on the result remounts the screen.
  }, []);

  // From the moment the code is shown: 00 completes as successful, XS1 as expired, anything else final as failed.
  const polling = useStatusPolling(plugin, snap.status === 'success');

  if (snap.status === 'error') {
    return (
      <section className={styles.stack} aria-labelledby="qr-heading">
        <h1 id="qr-heading" className={styles.heading}>{t('qr.heading')}</h1>
        <p className={styles.errorText} role="alert">
          {t('qr.generateFailed')} {t(failureMessageKey(slot.error, isNetwork(slot.error) ? 'core.error.network' : 'core.error.default'))}
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
