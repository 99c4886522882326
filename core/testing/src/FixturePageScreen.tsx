import { useState } from 'react';
import { useT } from '@oja/core';
import { formatAmount } from '@oja/core';
import { usePageView } from '@oja/core/page';
import { button, heading, stack } from '@oja/core/styles';

/** What the fixture page's success path answers its screen with. */
export interface FixtureDoneData {
  ref: string;
  email: string;
  amount: number;
}

/** The fixture page's hydrated screen: the payment's success, with a button that works only once hydrated. */
export default function FixturePageScreen() {
  const t = useT();
  const { data } = usePageView<FixtureDoneData>();
  const [shown, setShown] = useState(false);
  return (
    <section className={stack} aria-labelledby="refpay-done-title">
      <h1 id="refpay-done-title" className={heading}>
        {t('refpay.done.title')}
      </h1>
      <p>{t('refpay.done.body', { amount: formatAmount(data.amount, '566'), ref: data.ref })}</p>
      {shown ? (
        <p data-testid="refpay-details">{t('refpay.done.details', { email: data.email })}</p>
      ) : (
        <button type="button" className={button} onClick={() => setShown(true)}>
          {t('refpay.done.show')}
        </button>
      )}
    </section>
  );
}
