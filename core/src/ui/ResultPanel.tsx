import { css } from '@linaria/core';
import { Fragment, useEffect, useState } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { formatAmount } from '../money';
import { registerMessages, useT } from '../i18n';
import { useCheckoutState } from '../state/checkout';
import type { TransactionResponse } from '../state/checkout';
import { TickIcon } from './icons';
import { heading, muted, stack } from './styles';
import { resultMessages } from './resultMessages';

registerMessages(resultMessages);

/*
 * The one look of a result (`@oja/core/result-panel`): the outcome's mark, the title, the lines announced with it,
 * and the receipt. Core's result screen, a channel's own success view (MoMo's, Pocket's) and a page's success (the
 * revenue page's) all draw it, each with its own texts.
 */

const center = css`
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: 8px;
`;

/** The receipt under a success: label and value side by side, the value as it may be copied. */
const receipt = css`
  width: 100%;
  margin: 0;
  padding: 12px 14px;
  border-radius: var(--oja-radius-button, 8px);
  background: var(--oja-header-bg, #f6f8fb);
  display: grid;
  grid-template-columns: auto 1fr;
  gap: 6px 16px;
  align-items: center;
  text-align: left;
  > dt { color: var(--oja-muted, #5b6472); }
  > dd { margin: 0; text-align: right; font-weight: 600; overflow-wrap: anywhere; }
`;

/** One line of a receipt: its label and its value (text, or text with a control such as a copy button). */
export interface ReceiptRow {
  label: string;
  value: ReactNode;
  /** The value's test id, for tests that read one value. */
  testId?: string;
}

/** A receipt: what was paid, to whom, its references and date, as a definition list. */
export function ReceiptList({ rows, testId = 'receipt' }: { rows: readonly ReceiptRow[]; testId?: string }) {
  return (
    <dl className={receipt} data-testid={testId}>
      {rows.map((r) => (
        <Fragment key={r.label}>
          <dt>{r.label}</dt>
          <dd data-testid={r.testId}>{r.value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

export interface ResultPanelProps {
  /** The outcome's mark (a ResultMark, 56 px). Default the success tick. */
  mark?: ComponentType;
  title: string;
  /** The title's id (the section is labelled by it). Default `oja-result-title`. */
  titleId?: string;
  /** Takes the title element, e.g. to move the focus to it when the view opens. */
  titleRef?: (el: HTMLHeadingElement | null) => void;
  /** Lines under the title, announced with it. Default none. */
  lines?: readonly ReactNode[];
  /** The receipt's rows, drawn under the announcement. Default none. */
  receipt?: readonly ReceiptRow[];
  /** What follows: actions, a failure's reason. */
  children?: ReactNode;
}

/** A result: the mark, the title and its lines (announced politely), the receipt, then the children. */
export function ResultPanel({
  mark: Mark = TickIcon,
  title,
  titleId = 'oja-result-title',
  titleRef,
  lines = [],
  receipt,
  children,
}: ResultPanelProps) {
  return (
    <section className={stack} aria-labelledby={titleId}>
      <div className={center} role="status" aria-live="polite">
        <Mark />
        <h1 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className={heading}>
          {title}
        </h1>
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines are fixed for one view.
          <p key={i} className={muted}>
            {line}
          </p>
        ))}
      </div>
      {receipt && <ReceiptList rows={receipt} />}
      {children}
    </section>
  );
}

/** When the payment was made: the API's date, or when this page saw the result (CheckoutState.resultAt). */
function resultDate(result: TransactionResponse, seenAt: number | null): number | undefined {
  const t = typeof result.transactionDate === 'string' && result.transactionDate ? Date.parse(result.transactionDate) : (seenAt ?? Number.NaN);
  return Number.isFinite(t) ? t : undefined;
}

/**
 * A paid payment's receipt rows, for the payer to read before the merchant's page takes over: the amount, the
 * merchant, the payment's reference and its date. The date is written in UTC by the server and the first render,
 * then in the payer's own time zone once the page runs (a render of its own: no hydration mismatch).
 */
export function usePaymentReceipt(result: TransactionResponse | null): ReceiptRow[] {
  const t = useT();
  const { props, locale, resultAt } = useCheckoutState();
  const [timeZone, setTimeZone] = useState<string | undefined>('UTC');
  useEffect(() => setTimeZone(undefined), []);
  const amount = Number(result?.amount ?? props.checkoutAmount);
  const reference = (typeof result?.paymentReference === 'string' && result.paymentReference) || props.merchantTransactionReference;
  const at = resultDate(result ?? { responseCode: '' }, resultAt);
  return [
    {
      label: t('core.result.receipt.amount'),
      value: formatAmount(Number.isFinite(amount) ? amount : props.checkoutAmount, props.currencyCode, locale),
    },
    { label: t('core.result.receipt.merchant'), value: props.merchantName },
    { label: t('core.result.receipt.reference'), value: reference },
    ...(at === undefined
      ? []
      : [
          {
            label: t('core.result.receipt.date'),
            value: new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(at),
          },
        ]),
  ];
}
