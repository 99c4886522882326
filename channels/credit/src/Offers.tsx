import { css } from '@linaria/core';
import { useSnapshot } from 'valtio';
import { changeMethod, formatAmount, styles, useCheckout, useCheckoutState, useT } from '@oja/core';
import { PendingLayout } from '@oja/core/pending-layout';
import { ScrollList } from '@oja/core/scroll-list';
import { continueWithOffer, creditOf, loadOffers } from './flow';
import { hasMoreOffers, offersFailure, shownOffers } from './rules';
import type { Offer } from './api';
import { StepFrame } from './Frame';

// The offers scroll within 210px (companion §9 "Offers list max height 210px"), in core's scrolling list.
const offersLimit = css`
  max-height: 210px;
`;
const offerList = css`
  margin: 0;
  /* Full width, as the button under it. */
  padding: 0;
  border: 0;
  display: flex;
  flex-direction: column;
  gap: 8px;
  > label {
    display: grid;
    grid-template-columns: auto 1fr;
    gap: 4px 10px;
    padding: 10px;
    border: 1px solid var(--oja-border, #cfd6e0);
    border-radius: 8px;
    cursor: pointer;
  }
  dl { margin: 0; display: grid; grid-template-columns: 1fr auto; gap: 2px 8px; font-size: 14px; }
  dd { margin: 0; text-align: right; font-weight: 600; }
`;
const lender = css`
  font-weight: 600;
`;

function OfferDetails({ offer }: { offer: Offer }) {
  const t = useT();
  const { props, locale } = useCheckoutState();
  const money = (minor: number) => formatAmount(minor, props.currencyCode, locale);
  return (
    <span>
      <span className={lender}>
        {offer.provider.name}
        {offer.provider.isBank && ` · ${t('credit.offers.bank')}`}
      </span>
      <dl>
        <dt>{t('credit.offers.amountOffered')}</dt>
        <dd>{money(offer.amountOffered)}</dd>
        <dt>{t('credit.offers.initialPayment')}</dt>
        <dd>{money(offer.initialPayment)}</dd>
        <dt>{t('credit.offers.amountPayable')}</dt>
        <dd>{money(offer.amountPayable)}</dd>
        <dt>{t('credit.offers.tenure')}</dt>
        <dd>{t('credit.offers.days', { count: offer.tenure })}</dd>
      </dl>
    </span>
  );
}

/**
 * The offers (companion §2 "Offers list", §8): bank providers first, only theirs until "See more options"; each
 * offer's amounts and tenure; Continue needs a choice. No offer: "No Offer Available" with the other methods; the
 * API's own description likewise; a failure "Failed to get offers" with Retry.
 */
export function OffersStep() {
  const t = useT();
  const c = useCheckout();
  const s = creditOf(c).state;
  const snap = useSnapshot(s);
  const title = t('credit.steps.offers.title');

  if (snap.offers.status === 'error') {
    const failure = offersFailure(snap.offers.error);
    const otherMethods = (
      <button type="button" className={styles.button} onClick={() => changeMethod(c)}>
        {t('credit.offers.otherMethods')}
      </button>
    );
    if (failure.kind === 'failed')
      return (
        <StepFrame title={t('credit.offers.failedTitle')} subtitle={t('credit.offers.failedText')}>
          <button type="button" className={styles.button} onClick={() => loadOffers(c)} data-testid="credit-offers-retry">
            {t('credit.offers.retry')}
          </button>
        </StepFrame>
      );
    return failure.kind === 'none' ? (
      <StepFrame title={t('credit.offers.noneTitle')} subtitle={t('credit.offers.noneText')}>
        {otherMethods}
      </StepFrame>
    ) : (
      <StepFrame title={title} subtitle={failure.text}>
        {otherMethods}
      </StepFrame>
    );
  }
  if (snap.offers.status !== 'success') {
    return (
      <StepFrame title={title} subtitle={t('credit.steps.offers.subtitle')}>
        <PendingLayout title={t('credit.offers.loading')} simulate={false} />
      </StepFrame>
    );
  }
  const offers = (snap.offers.response ?? []) as Offer[];
  const shown = shownOffers(offers, snap.showAllOffers);
  return (
    <StepFrame title={title} subtitle={t('credit.steps.offers.subtitle')} onSubmit={() => void continueWithOffer(c)}>
      <ScrollList className={offersLimit} label={t('credit.offers.list')}>
        <fieldset className={offerList} data-testid="credit-offers">
          <legend className="oja-sr-only">{t('credit.offers.list')}</legend>
          {shown.map((o) => (
            <label key={o.offerId} data-scroll-row="">
              <input
                type="radio"
                name="offer"
                value={o.offerId}
                checked={snap.selectedOffer?.offerId === o.offerId}
                onChange={() => {
                  s.selectedOffer = { ...o, provider: { ...o.provider } };
                  s.problem = null;
                }}
              />
              <OfferDetails offer={o} />
            </label>
          ))}
        </fieldset>
      </ScrollList>
      {hasMoreOffers(offers, snap.showAllOffers) && (
        <button type="button" className={styles.link} onClick={() => (s.showAllOffers = true)}>
          {t('credit.offers.seeMore')}
        </button>
      )}
      <button type="submit" className={styles.button} aria-disabled={snap.busy || undefined} data-testid="credit-offer-continue">
        {t('credit.offers.continue')}
      </button>
    </StepFrame>
  );
}
