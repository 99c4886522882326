import { useT } from '../i18n';
import { useCheckout, useCheckoutState } from '../state/checkout';
import { buildResult, embedder, postToMerchant } from '../state/completion';
import { CrossIcon } from './icons';
import { button, heading, muted, stack } from './styles';

/**
 * Shown when the merchant's request was refused (spec core §2). Go Back tells an embedding page (INLINE,
 * POPUP) with COMPLETED; otherwise it returns to the referrer, as a plain link that works without script.
 */
export function IncorrectTransaction({ referrer }: { /** http(s) page the payer came from, if known. */ referrer?: string }) {
  const t = useT();
  const c = useCheckout();
  const { props } = useCheckoutState();
  const embedded = props.displayMode === 'INLINE' || props.displayMode === 'POPUP';
  const goBackToEmbedder = () => {
    // COMPLETED goes once per payment, with the result fields of any completion (CONTRACT §3).
    if (c.state.delivered) return;
    c.state.delivered = true;
    postToMerchant(embedder(), props.siteOrigin, 'COMPLETED', buildResult(c.state.props, { responseCode: props.responseCode }));
  };
  return (
    <section className={stack} aria-labelledby="oja-incorrect-title">
      <div role="alert">
        <CrossIcon />
        <h1 id="oja-incorrect-title" className={heading}>
          {t('core.incorrect.title')}
        </h1>
        <p className={muted}>{t('core.incorrect.body')}</p>
      </div>
      {embedded && props.siteOrigin ? (
        <button type="button" className={button} onClick={goBackToEmbedder}>
          {t('core.incorrect.goBack')}
        </button>
      ) : referrer ? (
        <a className={button} href={referrer}>
          {t('core.incorrect.goBack')}
        </a>
      ) : (
        <button type="button" className={button} onClick={() => history.back()}>
          {t('core.incorrect.goBack')}
        </button>
      )}
    </section>
  );
}
