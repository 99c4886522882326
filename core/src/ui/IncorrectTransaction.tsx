import { useT } from '../i18n';
import { useCheckoutState } from '../state/checkout';
import { embedder, postToMerchant } from '../state/completion';
import { CrossIcon } from './icons';
import { button, heading, muted, stack } from './styles';

/**
 * Shown when the merchant's request was refused (spec core §2). Go Back tells an embedding page (INLINE,
 * POPUP) with COMPLETED; otherwise it returns to the referrer, as a plain link that works without script.
 */
export function IncorrectTransaction({ referrer }: { /** http(s) page the payer came from, if known. */ referrer?: string }) {
  const t = useT();
  const { props } = useCheckoutState();
  const embedded = props.displayMode === 'INLINE' || props.displayMode === 'POPUP';
  return (
    <section className={stack} aria-labelledby="oja-incorrect-title">
      <div role="alert">
        <CrossIcon />
        <h1 id="oja-incorrect-title" className={heading}>{t('core.incorrect.title')}</h1>
        <p className={muted}>{t('core.incorrect.body')}</p>
      </div>
      {embedded && props.siteOrigin ? (
        <button
          type="button"
          className={button}
          onClick={() => postToMerchant(embedder(), props.siteOrigin, 'COMPLETED', { resp: props.responseCode, txnref: props.merchantTransactionReference })}
        >
          {t('core.incorrect.goBack')}
        </button>
      ) : referrer ? (
        <a className={button} href={referrer}>{t('core.incorrect.goBack')}</a>
      ) : (
        <button type="button" className={button} onClick={() => history.back()}>
          {t('core.incorrect.goBack')}
        </button>
      )}
    </section>
  );
}
