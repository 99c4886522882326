import { css } from '@linaria/core';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, styles, useChannel, useCheckout, useT } from '@oja/core';
import { BackLink } from '@oja/core/back-link';
import { CopyValue } from '@oja/core/copy-value';
import { formatHms, useCountdown } from '@oja/core/countdown';
import type { Device, PwaState } from './state';
import type { PwaCode } from './api';
import { PAGES, goToPage } from './pages';
import { CodeExpired } from './CodeExpired';
import { EligibleBanks } from './EligibleBanks';

const timer = css`
  font-weight: 700;
  font-variant-numeric: tabular-nums;
  white-space: nowrap;
`;
const steps = css`
  margin: 0;
  padding-left: 22px;
  li + li { margin-top: 4px; }
`;
const subheading = css`
  font-size: 15px;
  font-weight: 600;
`;

const STEPS = ['step1', 'step2', 'step3', 'step4'] as const;

/**
 * The code page (spec core §2 "Five-digit-code screen"): the code to copy, the steps, the eligible banks, the
 * code's validity as 00h mm m ss s, Confirm payment; Go back to the deep links on a phone, at the top.
 */
export function FiveDigitCode({ state, device }: { state: PwaState; device: Device }) {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const snap = useSnapshot(state);
  const left = useCountdown(snap.codeDeadline);
  const [banksOpen, setBanksOpen] = useState(false);
  const expired = snap.codeDeadline !== null && left === 0;
  useEffect(() => {
    // The payer has the code in front of them: back on the deep links, Confirm transaction is live.
    if (!expired) state.approvalStarted = true;
  }, [state, expired]);
  if (expired) return <CodeExpired message={t('pay-with-app.code.expired')} />;
  const { reference, institutions } = snap.start.response!.code as PwaCode;
  return (
    <section className={styles.stack} aria-labelledby="pwa-code-title">
      {/* On a phone the code page came from the deep links: Go back to them is its one way back, at its top. */}
      {device === 'mobile' && <BackLink label={t('pay-with-app.goBack')} onClick={() => goToPage(c, plugin, PAGES.deepLink('mobile'))} />}
      <h1 id="pwa-code-title" className={styles.heading}>
        {t('pay-with-app.title')}
      </h1>
      <p className={styles.muted}>{t('pay-with-app.code.intro')}</p>
      <CopyValue label={t('pay-with-app.code.label')} value={reference} what={t('pay-with-app.code.copyWhat')} testId="pwa-code" />
      <p className={styles.muted}>
        {t('pay-with-app.code.validity')}{' '}
        <span className={timer} role="timer" aria-live="off" data-testid="pwa-code-validity">
          {formatHms(left)}
        </span>
      </p>
      <h2 className={subheading}>{t('pay-with-app.code.stepsTitle')}</h2>
      <ol className={steps}>
        {STEPS.map((step) => (
          <li key={step}>{t(`pay-with-app.code.${step}`)}</li>
        ))}
      </ol>
      <button type="button" className={styles.link} aria-haspopup="dialog" onClick={() => setBanksOpen(true)}>
        {t('pay-with-app.code.eligible')}
      </button>
      <button type="button" className={styles.button} onClick={() => goToPage(c, plugin, PAGES.status)}>
        {t('pay-with-app.code.confirm')}
      </button>
      <ChangeMethodLink />
      {banksOpen && <EligibleBanks institutions={institutions} onClose={() => setBanksOpen(false)} />}
    </section>
  );
}
