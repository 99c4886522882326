import { css } from '@linaria/core';
import type { TransactionResponse } from '../state/checkout';
import { deliver } from '../shell/delivery';
import { classify } from '../codes';
import { messageKeyForCode } from '../codeMessages';
import type { Outcome } from '../codes';
import { useT } from '../i18n';
import { useCheckout, useCheckoutState, availableFor } from '../state/checkout';
import { retry } from '../state/attemptActions';
import { MethodRows } from './MethodList';
import { ScrollList } from '../primitives/ScrollList';
import { CrossIcon, TickIcon } from './icons';
import { CancelledIcon, ExpiredIcon, WarningIcon } from './resultIcons';
import { button, muted } from './styles';
import { ReceiptList, ResultPanel, usePaymentReceipt } from './ResultPanel';

/** Why it failed: one panel under the screen's one heading, the failure's title leading its description. */
const reason = css`
  width: 100%;
  padding: 12px 14px;
  border-radius: var(--oja-radius-button, 8px);
  background: var(--oja-header-bg, #f6f8fb);
  text-align: center;
  > p { margin: 0; }
`;
const reasonTitle = css`
  font-weight: 600;
`;
/** The other methods: at most 45vh tall (spec core §2), in core's scrolling list. */
const alternatives = css`
  max-height: 45vh;
`;
const alternativesHeading = css`
  text-align: center;
`;

/**
 * How a success leaves: in REDIRECT a button to return now rather than after SUCCESS_SHOWN_MS (the same one-time
 * delivery). None on a page another tab or page beat to it (the mode message says the merchant has it already).
 */
function Return() {
  const t = useT();
  const c = useCheckout();
  const { props, delivered, deliveredElsewhere } = useCheckoutState();
  if (deliveredElsewhere || props.displayMode !== 'REDIRECT') return null;
  return (
    <button type="button" className={button} disabled={delivered} onClick={() => void deliver(c)}>
      {t('core.result.returnNow', { merchant: props.merchantName })}
    </button>
  );
}

/**
 * The spec's code messages that speak of a card, and their words for any other method: a failed QR or mobile-money
 * payment is never told to "use a different card" (ChannelPlugin.paysByCard).
 */
const METHOD_WORDED: Record<string, string> = {
  'core.code.declined': 'core.code.declinedMethod',
  'core.code.declinedUseAnotherCard': 'core.code.declinedMethod',
  'core.code.insufficientFunds': 'core.code.insufficientFundsMethod',
  'core.code.limitExceeded': 'core.code.limitExceededMethod',
  'core.code.notAccepted': 'core.code.notAcceptedMethod',
};

/** The catalogue's default message: the failure has no code-specific one. */
const GENERIC_FAILURE_KEY = 'core.error.default';

const ICON: Record<Outcome, () => React.JSX.Element> = {
  successful: TickIcon,
  inProgress: WarningIcon,
  expired: ExpiredIcon,
  cancelled: CancelledIcon,
  failed: CrossIcon,
};

/**
 * The mode message under a finished result (spec core §2 "Result screen"). An in-progress result (09) is not
 * returned to the merchant (spec core §4), so it promises no redirect.
 */
function modeMessageKey(outcome: Outcome, displayMode: string, siteRedirectUrl: string): string {
  if (outcome === 'inProgress') return 'core.result.noMode';
  if (displayMode === 'REDIRECT') return 'core.result.redirect';
  if (displayMode === 'INLINE') return siteRedirectUrl ? 'core.result.inlineBack' : 'core.result.inlineDone';
  return 'core.result.noMode';
}

export function ResultScreen() {
  const t = useT();
  const c = useCheckout();
  const { result, props, channel, deliveredElsewhere } = useCheckoutState();
  if (!result) return null;
  const outcome = classify(result.responseCode);
  const failed = outcome === 'failed';
  const others = failed ? availableFor(c).filter((p) => p.id !== channel && p.row) : [];
  // A channel may name its own failure title and description (translation keys) in the result.
  const codeKey = messageKeyForCode(result.responseCode);
  const byMethod = channel && !c.registry.channel(channel)?.paysByCard ? METHOD_WORDED[codeKey] : undefined;
  const descriptionKey = typeof result.messageKey === 'string' ? result.messageKey : (byMethod ?? codeKey);
  const description = t(descriptionKey);
  // The generic failure view (spec core §8): a failure with nothing more specific to say is titled "Oops, something went wrong...".
  const failureTitleKey =
    typeof result.titleKey === 'string'
      ? result.titleKey
      : descriptionKey === GENERIC_FAILURE_KEY
        ? 'core.error.generic'
        : 'core.result.failureTitle';
  // A page another one beat to the delivery (any delivered result: 00, XS1, Z6) promises no redirect.
  const modeMessage = deliveredElsewhere ? 'core.result.deliveredElsewhere' : modeMessageKey(outcome, props.displayMode, props.siteRedirectUrl);
  return (
    <ResultPanel mark={ICON[outcome]} title={t(`core.result.${outcome}`)} lines={failed ? [] : [t(modeMessage, { merchant: props.merchantName })]}>
      {outcome === 'successful' && (
        <>
          <SuccessReceipt result={result as TransactionResponse} />
          <Return />
        </>
      )}
      {failed && (
        <>
          <div className={reason}>
            <p className={reasonTitle} data-testid="failure-title">
              {t(failureTitleKey)}
            </p>
            <p className={muted}>{description}</p>
          </div>
          <button type="button" className={button} onClick={() => retry(c)}>
            {t('core.result.retry')}
          </button>
          {others.length > 0 && (
            <>
              <p id="oja-alternatives" className={`${muted} ${alternativesHeading}`}>
                {t('core.result.alternatives')}
              </p>
              <ScrollList className={alternatives} label={t('core.result.alternatives')} testId="alternatives">
                <MethodRows channels={others} labelledBy="oja-alternatives" />
              </ScrollList>
            </>
          )}
        </>
      )}
    </ResultPanel>
  );
}

function SuccessReceipt({ result }: { result: TransactionResponse }) {
  return <ReceiptList rows={usePaymentReceipt(result)} />;
}
