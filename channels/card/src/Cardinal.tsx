import { css } from '@linaria/core';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, complete, styles, useChannel, useCheckout, useT } from '@oja/core';
import type { StatusAnswer } from '@oja/core';
import { PendingLayout } from '@oja/core/pending-layout';
import { useStatusPolling } from '@oja/core/status-polling';
import { cardFlow, CODE_OTP, finishCardinal, pay } from './flow';
import type { PayResponse } from './api';

/** The device data collection frame is removed after this long, ms (spec core §9). */
export const DEVICE_COLLECTION_MS = 7_000;

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
const hidden = css`
  position: absolute;
  width: 1px;
  height: 1px;
  border: 0;
  opacity: 0;
  pointer-events: none;
`;

/** An issuer URL as the frame may load it: resolved against the API base, http(s) only. */
export function frameUrl(url: string | undefined, apiBase: string): string | null {
  if (!url) return null;
  try {
    const u = new URL(url, apiBase || window.location.origin);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
}

/**
 * 3-D Secure (spec core §4 "3-D secure screen"): device data collection in a hidden frame (removed after 7 s),
 * then the payment, then the issuer's page in a frame under a spinner while the status is asked every 2 s;
 * on T0 the payment is authenticated with the issuer's ECI flag and transaction id.
 */
export function Cardinal() {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const f = cardFlow(c);
  const flow = useSnapshot(f);
  const [collecting, setCollecting] = useState(() => !f.cardinal && !!f.config?.cardinalAuthenticationInformation?.deviceDataCollectionUrl);
  const [loaded, setLoaded] = useState(false);
  const paid = useRef(false);
  const ddc = f.config?.cardinalAuthenticationInformation;
  const collectUrl = frameUrl(ddc?.deviceDataCollectionUrl, c.state.env.apiBase);
  const issuerUrl = frameUrl(flow.cardinal?.url, c.state.env.apiBase);

  const payOnce = () => {
    if (paid.current || cardFlow(c).cardinal) return;
    paid.current = true;
    void pay(c, ddc?.referenceId);
  };

  useEffect(() => {
    if (f.cardinal) return;
    // Without a collection page the payment goes at once; with one, when it has loaded (or 7 s at most).
    if (!collectUrl) {
      payOnce();
      return;
    }
    const timer = setTimeout(() => {
      setCollecting(false);
      payOnce();
    }, DEVICE_COLLECTION_MS);
    return () => clearTimeout(timer);
  }, []);

  // An issuer page the frame may not load (not http or https) cannot be completed: the payment fails here.
  const unusable = !!flow.cardinal && !issuerUrl;
  useEffect(() => {
    if (unusable) complete(c, '', { messageKey: 'core.error.default' });
  }, [c, unusable]);

  // T1 keeps asking; T0 authenticates; any other code completes with it.
  useStatusPolling(plugin, !!issuerUrl, (answer: StatusAnswer) => {
    if (answer.code !== CODE_OTP) return true;
    void finishCardinal(c, answer.response as PayResponse);
    return false;
  });

  return (
    <section className={styles.stack} aria-labelledby="cardinal-title">
      <h1 id="cardinal-title" className={styles.heading}>
        {t('card.cardinal.title')}
      </h1>
      {collecting && collectUrl && (
        <iframe
          className={hidden}
          src={collectUrl}
          title={t('card.cardinal.preparing')}
          aria-hidden="true"
          tabIndex={-1}
          onLoad={payOnce}
          sandbox="allow-scripts allow-same-origin allow-forms"
        />
      )}
      {issuerUrl ? (
        <>
          <p className={styles.muted}>{t('card.cardinal.message')}</p>
          <div className={frameBox} aria-busy={!loaded}>
            <iframe
              src={issuerUrl}
              title={t('card.cardinal.frameTitle')}
              onLoad={() => setLoaded(true)}
              sandbox="allow-scripts allow-same-origin allow-forms"
              data-testid="issuer-frame"
            />
            {!loaded && (
              <div className={overlay}>
                <PendingLayout title={t('card.cardinal.preparing')} simulate={false} />
              </div>
            )}
          </div>
        </>
      ) : (
        <PendingLayout title={t('card.cardinal.preparing')} simulate={false} />
      )}
      {flow.error && (
        <p className={styles.errorText} role="alert">
          {t(flow.error)}
        </p>
      )}
      <ChangeMethodLink label="card.cardinal.back" />
    </section>
  );
}

/** Loaded as a part of its own (card-Cardinal): only a 3-D Secure card reaches it. */
export default Cardinal;
