import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { ChangeMethodLink, styles, useChannel, useCheckout, useT } from '@oja/core';
import { SelectField } from '@oja/core/select-field';
import { useCountdown } from '@oja/core/countdown';
import { canConfirm } from './state';
import type { PwaState } from './state';
import type { PwaCode } from './api';
import { PAGES, goToPage } from './pages';
import { CodeExpired } from './CodeExpired';

/** http(s) links open in a new tab, so the checkout (and its wait) stays where the payer left it. */
const opensInNewTab = (link: string) => /^https?:/i.test(link);

/**
 * The phone's page (spec core §2 "Deep-link screen"): choose a bank, launch its app, confirm, go back, or enter
 * the code manually.
 */
export function DeepLink({ state }: { state: PwaState }) {
  const t = useT();
  const c = useCheckout();
  const plugin = useChannel();
  const snap = useSnapshot(state);
  const left = useCountdown(snap.codeDeadline);
  const [chosen, setChosen] = useState('');
  if (snap.codeDeadline !== null && left === 0) return <CodeExpired message={t('pay-with-app.deepLink.expired')} />;
  const { institutions } = snap.start.response!.code as PwaCode;
  const institution = institutions.find((i) => i.id === chosen);
  const link = institution?.deepLink;
  const confirmable = canConfirm(snap);
  return (
    <section className={styles.stack} aria-labelledby="pwa-deeplink-title">
      <h1 id="pwa-deeplink-title" className={styles.heading}>
        {t('pay-with-app.title')}
      </h1>
      <p className={styles.muted}>{t('pay-with-app.deepLink.intro')}</p>
      <SelectField
        label={t('pay-with-app.deepLink.bank')}
        placeholder={t('pay-with-app.deepLink.bankPlaceholder')}
        value={chosen}
        onChange={(e) => setChosen(e.target.value)}
        hint={!institution ? t('pay-with-app.deepLink.chooseFirst') : !link ? t('pay-with-app.deepLink.noLink') : undefined}
      >
        {institutions.map((i) => (
          <option key={i.id} value={i.id}>
            {i.name}
          </option>
        ))}
      </SelectField>
      {link ? (
        <a
          className={styles.button}
          href={link}
          data-testid="pwa-launch"
          onClick={() => {
            state.approvalStarted = true;
          }}
          {...(opensInNewTab(link) && { target: '_blank', rel: 'noopener noreferrer' })}
        >
          {t('pay-with-app.deepLink.launch')}
        </a>
      ) : (
        <button type="button" className={styles.button} disabled data-testid="pwa-launch">
          {t('pay-with-app.deepLink.launch')}
        </button>
      )}
      {/* Unavailable until something was launched, yet focusable (aria-disabled): keyboard and screen reader users find it and hear why. */}
      <button
        type="button"
        className={`${styles.button} ${styles.secondaryButton}`}
        aria-disabled={!confirmable || undefined}
        aria-describedby={confirmable ? undefined : 'pwa-confirm-first'}
        data-testid="pwa-confirm"
        onClick={() => {
          if (confirmable) goToPage(c, plugin, PAGES.status);
        }}
      >
        {t('pay-with-app.deepLink.confirm')}
      </button>
      {!confirmable && (
        <p id="pwa-confirm-first" className={styles.muted}>
          {t('pay-with-app.deepLink.confirmFirst')}
        </p>
      )}
      <button type="button" className={styles.link} onClick={() => goToPage(c, plugin, PAGES.code('mobile'))}>
        {t('pay-with-app.deepLink.enterCode')}
      </button>
      <ChangeMethodLink />
    </section>
  );
}
