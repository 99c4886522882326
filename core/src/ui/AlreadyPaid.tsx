import { useT } from '../i18n';
import { useCheckoutState } from '../state/checkout';
import { TickIcon } from './icons';
import { button, heading, muted, stack } from './styles';

/**
 * Where the payer goes back to the merchant: the page they came from when it is the merchant's own (their
 * checkout or order page), else the merchant's declared site. Undefined when neither is a usable http(s) address.
 */
export function merchantReturnUrl(siteOrigin: string, referrer?: string): string | undefined {
  const safe = (u: string | undefined) => {
    try {
      const url = u ? new URL(u) : undefined;
      return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : undefined;
    } catch {
      return undefined;
    }
  };
  const origin = safe(siteOrigin);
  if (!origin) return undefined;
  const from = safe(referrer);
  return from && from.origin === origin.origin ? from.href : `${origin.origin}/`;
}

/**
 * Shown instead of a payment when the merchant's reference is already paid (CONTRACT §5): nothing opens, nothing
 * is charged, and no result is sent (this page made no payment; the merchant had its result from the one that
 * did). The way back: a link to the merchant (REDIRECT), closing the window (POPUP), the overlay's own close
 * control (INLINE).
 */
export function AlreadyPaid({ referrer }: { /** http(s) page the payer came from, if known. */ referrer?: string }) {
  const t = useT();
  const { props } = useCheckoutState();
  const merchant = props.merchantName || props.merchantCode;
  const back = merchantReturnUrl(props.siteOrigin, referrer);
  return (
    <section className={stack} aria-labelledby="oja-paid-title" data-testid="already-paid">
      <div role="status">
        <TickIcon />
        <h1 id="oja-paid-title" className={heading}>
          {t('core.alreadyPaid.title')}
        </h1>
        <p className={muted}>{t('core.alreadyPaid.body', { merchant, reference: props.merchantTransactionReference })}</p>
      </div>
      {props.displayMode === 'INLINE' ? (
        <p className={muted}>{t('core.alreadyPaid.closeInline', { merchant })}</p>
      ) : props.displayMode === 'POPUP' ? (
        <button type="button" className={button} onClick={() => window.close()}>
          {t('core.alreadyPaid.close')}
        </button>
      ) : back ? (
        <a className={button} href={back}>
          {t('core.alreadyPaid.back', { merchant })}
        </a>
      ) : null}
    </section>
  );
}
