import { defineGate } from '@oja/core';
import type { GatePlugin } from '@oja/core';
import { useT } from '@oja/core';
import { useGate } from '@oja/core';

/**
 * Gate plugins for core's own tests and stories, shaped like the companion's cashback and escrow gates (core names
 * neither): a plain defineGate object each, whose screen ends the gate with useGate().
 */

function OfferScreen() {
  const t = useT();
  const { accept, skip } = useGate();
  return (
    <>
      <h1>{t('offer.title')}</h1>
      <button type="button" onClick={accept}>
        {t('offer.accept')}
      </button>
      <button type="button" onClick={skip}>
        {t('offer.skip')}
      </button>
    </>
  );
}

function TermsScreen() {
  const t = useT();
  const { accept } = useGate();
  return (
    <>
      <h1>{t('terms.title')}</h1>
      <button type="button" onClick={accept}>
        {t('terms.accept')}
      </button>
    </>
  );
}

/** Like cashback: shown when the payment carries a reward; may be skipped. */
export const offerGateFixture: GatePlugin = defineGate({
  id: 'offer',
  order: 10,
  condition: (p) => !!p.tucRewardDescription && (p.tucRewardPercentage ?? 0) > 0,
  screen: async () => ({ default: OfferScreen }),
  messages: {
    en: { offer: { title: 'An offer for you', accept: 'Take the offer', skip: 'Skip this instead' } },
    fr: { offer: { title: 'Une offre pour vous', accept: "Prendre l'offre", skip: 'Passer' } },
  },
});

/** Like escrow: shown when the payment carries all three terms; hides the header while pending. */
export const termsGateFixture: GatePlugin = defineGate({
  id: 'terms',
  order: 20,
  hidesHeader: true,
  condition: (p) => p.escrowFee !== undefined && p.cancellationPeriod !== undefined && p.refundDuration !== undefined,
  screen: async () => ({ default: TermsScreen }),
  messages: {
    en: { terms: { title: 'Terms before paying', accept: 'Continue to payment' } },
    fr: { terms: { title: 'Conditions avant paiement', accept: 'Continuer vers le paiement' } },
  },
});

/** Every fixture gate, in no particular order (the registry sorts them). */
export const fixtureGates: GatePlugin[] = [termsGateFixture, offerGateFixture];

/** Payment fields that meet both fixture gates. */
export const gatedProps = { tucRewardPercentage: 5, tucRewardDescription: '5% back', escrowFee: 2, cancellationPeriod: 3, refundDuration: 7 };
