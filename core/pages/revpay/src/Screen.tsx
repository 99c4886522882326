import { css } from '@linaria/core';
import { useState } from 'react';
import { createHttp, formatAmount, styles, useLocale, useT } from '@oja/core';
import { CopyButton } from '@oja/core/copy-button';
import { Field } from '@oja/core/field';
import { usePageView } from '@oja/core/page';
import { ReceiptList, ResultPanel } from '@oja/core/result-panel';
import type { ReceiptRow } from '@oja/core/result-panel';
import { FORM_PATH, KOBO_PER_NAIRA, NAIRA } from './rules';
import type { RevpayView } from './views';

/** The side panel shows from this width up (companion §9: hidden under 768px). */
const layout = css`
  display: flex;
  flex-direction: column;
  gap: 20px;
  aside { display: none; }
  @media (min-width: 768px) {
    aside {
      display: block;
      padding: 12px 14px;
      border-radius: 8px;
      background: var(--oja-page-bg, #f3f5f8);
      font-size: 14px;
    }
    aside ul { margin: 0; padding-left: 18px; }
  }
`;
const referenceRow = css`
  display: inline-flex;
  gap: 8px;
  align-items: center;
  justify-content: flex-end;
  flex-wrap: wrap;
`;

/** Frees a downloaded receipt's object URL once the browser has taken it, ms. */
const REVOKE_AFTER_MS = 10_000;

type Of<K extends RevpayView['kind']> = Extract<RevpayView, { kind: K }>;

function Invalid() {
  const t = useT();
  return (
    <section className={styles.stack} aria-labelledby="revpay-title">
      <h1 id="revpay-title" className={styles.heading}>
        {t('revpay.title')}
      </h1>
      <p role="alert" className={styles.errorText}>
        {t('revpay.invalidReference')}
      </p>
    </section>
  );
}

function Paid({ view }: { view: Of<'paid'> }) {
  const t = useT();
  return <ResultPanel title={t('revpay.paidTitle')} titleId="revpay-title" lines={[t('revpay.paidText', { ref: view.ref })]} />;
}

/** The form (companion §2, §5): five read-only facts of the bill, then phone, e-mail and amount; posted to the server. */
function RevpayForm({ view }: { view: Of<'form'> }) {
  const t = useT();
  const locale = useLocale();
  const { details, values, errors, failure } = view;
  const error = (k: keyof typeof errors) => (errors[k] ? t(errors[k]!) : null);
  return (
    <div className={layout}>
      <form method="post" action={FORM_PATH} className={styles.stack} noValidate aria-labelledby="revpay-title">
        <h1 id="revpay-title" className={styles.heading}>
          {t('revpay.details')}
        </h1>
        <p className={styles.muted}>{t('revpay.compulsory')}</p>
        {failure && (
          <p role="alert" className={styles.errorText} data-testid="revpay-failure">
            {'text' in failure ? failure.text : t(failure.key)}
          </p>
        )}
        <input type="hidden" name="ref" value={view.ref} />
        {/* The bill's facts, read-only: text in the receipt's look, not input boxes (the payer cannot change them). */}
        <ReceiptList
          testId="revpay-bill"
          rows={[
            { label: t('revpay.agency'), value: details.agencyName },
            { label: t('revpay.revenue'), value: details.revenueName },
            { label: t('revpay.payerName'), value: details.payerName },
            { label: t('revpay.reference'), value: details.paymentReference },
            { label: t('revpay.amountDue'), value: formatAmount(details.amount * KOBO_PER_NAIRA, NAIRA, locale) },
          ]}
        />
        <Field
          inputId="revpay-phone"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel"
          label={t('revpay.phone')}
          placeholder={t('revpay.phonePlaceholder')}
          defaultValue={values.phone}
          error={error('phone')}
        />
        <Field
          inputId="revpay-email"
          name="email"
          type="email"
          autoComplete="email"
          label={t('revpay.email')}
          defaultValue={values.email}
          error={error('email')}
        />
        <Field
          inputId="revpay-amount"
          name="amount"
          inputMode="decimal"
          label={t('revpay.amount')}
          defaultValue={values.amount}
          error={error('amount')}
        />
        <button type="submit" className={styles.button}>
          {t('revpay.submit')}
        </button>
      </form>
      <aside aria-labelledby="revpay-help">
        <h2 id="revpay-help">{t('revpay.help.title')}</h2>
        <ul>
          <li>{t('revpay.help.reference')}</li>
          <li>{t('revpay.help.amount')}</li>
          <li>{t('revpay.help.receipt')}</li>
        </ul>
      </aside>
    </div>
  );
}

/** Fetches the receipt and saves it as receipt.pdf (companion §7); on failure says so and opens the link in a new tab. */
async function downloadReceipt(link: string): Promise<void> {
  const blob = await createHttp('').get<Blob>(link, { responseType: 'blob' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'receipt.pdf';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}

/** The success page (companion §2 "/revpay-success"). */
function Success({ view }: { view: Of<'success'> }) {
  const t = useT();
  const locale = useLocale();
  const [download, setDownload] = useState<'idle' | 'pending' | 'failed'>('idle');
  const onDownload = async () => {
    if (download === 'pending') return;
    setDownload('pending');
    try {
      if (!view.receiptLink) throw new Error('no receipt link');
      await downloadReceipt(view.receiptLink);
      setDownload('idle');
    } catch {
      setDownload('failed');
      if (view.receiptLink) window.open(view.receiptLink, '_blank', 'noopener');
    }
  };
  const receipt: ReceiptRow[] = [
    { label: t('revpay.success.amount'), value: formatAmount(view.amount, NAIRA, locale), testId: 'revpay-amount' },
    { label: t('revpay.success.payee'), value: view.agencyName },
    { label: t('revpay.success.payer'), value: view.payerName },
    {
      label: t('revpay.success.reference'),
      value: (
        <span className={referenceRow}>
          <span data-testid="revpay-reference">{view.reference}</span>
          <CopyButton value={view.reference} what={t('revpay.success.copyWhat')} copiedLabel={t('revpay.success.copied')} />
        </span>
      ),
    },
    { label: t('revpay.success.date'), value: view.paidAt },
  ];
  return (
    <ResultPanel title={t('revpay.success.title')} titleId="revpay-success-title" lines={[t('revpay.success.subtitle')]} receipt={receipt}>
      {download === 'failed' && (
        <p role="alert" className={styles.errorText}>
          {t('revpay.success.downloadFailed')}
        </p>
      )}
      <button
        type="button"
        className={styles.button}
        onClick={onDownload}
        disabled={download === 'pending'}
        aria-busy={download === 'pending' || undefined}
      >
        {download === 'pending' ? t('revpay.success.downloading') : t('revpay.success.download')}
      </button>
    </ResultPanel>
  );
}

/** The revenue page's screen: the view the server answered (companion §2 "Revenue screens"). */
export default function RevpayScreen() {
  const { data } = usePageView<RevpayView>();
  switch (data.kind) {
    case 'form':
      return <RevpayForm view={data} />;
    case 'paid':
      return <Paid view={data} />;
    case 'invalid':
      return <Invalid />;
    case 'success':
      return <Success view={data} />;
  }
}
