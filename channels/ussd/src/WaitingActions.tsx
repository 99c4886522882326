import { ChangeMethodLink, styles, useT } from '@oja/core';
import { StillTrying } from '@oja/core/pending-layout';

/** A link-styled button, placed as the "Change payment method" link under it (core's styles.link). */
export const linkButton = styles.link;

export interface WaitingProps {
  /** Code's validity left, ms; undefined when the API gave none. */
  validityLeft?: number;
  /** Consecutive failed status requests. */
  failures: number;
  onChangeBank(): void;
}

/** Under both waiting screens: trouble reaching the API, a code past its validity, and the ways back. */
export function WaitingActions({ validityLeft, failures, onChangeBank }: WaitingProps) {
  const t = useT();
  return (
    <>
      <StillTrying failures={failures} />
      {validityLeft === 0 && (
        <p className={styles.notice} role="status">
          {t('ussd.codeExpired')}
        </p>
      )}
      <button type="button" className={linkButton} onClick={onChangeBank}>
        {t('ussd.changeBank')}
      </button>
      <ChangeMethodLink />
    </>
  );
}
