import { ChangeMethodLink, styles, useT } from '@oja/core';
import { PendingLayout, StillTrying } from '@oja/core/pending-layout';
import { useCountdown } from '@oja/core/countdown';
import { MAX_EXTENSIONS } from './constants';

export interface WaitingProps {
  /** End of the current wait, server-clock ms. */
  waitDeadline: number;
  extensionsUsed: number;
  onExtend(): void;
  /** Consecutive failed status requests. */
  failures: number;
}

/** "Confirming your transfer": the wait's countdown, and up to three 5-minute extensions once it runs out. */
export function Waiting({ waitDeadline, extensionsUsed, onExtend, failures }: WaitingProps) {
  const t = useT();
  const left = useCountdown(waitDeadline);
  const canExtend = extensionsUsed < MAX_EXTENSIONS;
  return (
    <PendingLayout title={t('transfer.waitingTitle')} message={t('transfer.waitingMessage')} remainingMs={left}>
      <StillTrying failures={failures} />
      {left === 0 && (
        <div className={styles.stack} role="status">
          <p>{canExtend ? t('transfer.notYet') : t('transfer.stillChecking')}</p>
          {canExtend && (
            <>
              <button type="button" className={styles.button} onClick={onExtend}>
                {t('transfer.extend')}
              </button>
              <p className={styles.muted}>{t('transfer.extensionsLeft', { count: MAX_EXTENSIONS - extensionsUsed })}</p>
            </>
          )}
        </div>
      )}
      <ChangeMethodLink />
    </PendingLayout>
  );
}
