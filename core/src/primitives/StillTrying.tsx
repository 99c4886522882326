import { useT } from '../i18n';
import { notice } from '../ui/styles';

/** Consecutive failed status requests after which the payer is told the page keeps trying. */
export const STILL_TRYING_AFTER_FAILURES = 2;

/**
 * Under a wait: "We are having trouble confirming your payment. We will keep trying." once status requests keep
 * failing (useStatusPolling's `failures`), announced politely; nothing before. WaitingView shows it; a wait laid
 * out around a provider's frame (OPay, PalmPay, eNaira) shows it under the frame.
 */
export function StillTrying({ failures }: { failures: number }) {
  const t = useT();
  if (failures < STILL_TRYING_AFTER_FAILURES) return null;
  return (
    <p className={notice} role="status">
      {t('core.error.stillTrying')}
    </p>
  );
}
