import { ChangeMethodLink, styles, useT } from '@oja/core';

/** The code's 15 minutes are over: the spec's message and Go back to the method list (spec core §4 step 7, §8). */
export function CodeExpired({ message }: { /** Already translated. */ message: string }) {
  const t = useT();
  return (
    <section className={styles.stack} aria-labelledby="pwa-expired-title">
      <div role="alert">
        <h1 id="pwa-expired-title" className={styles.heading}>
          {message}
        </h1>
      </div>
      <p className={styles.muted}>{t('pay-with-app.expiredHint')}</p>
      <ChangeMethodLink label="pay-with-app.goBack" />
    </section>
  );
}
