import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { useCheckout, useT } from '@oja/core';
import { useVisit } from '@oja/core/visit';
import { CardForm, sealCard } from '@oja/card/steps';
import { PinPad } from '@oja/card/pin-pad';
import { creditVisit } from './visit';
import { submitPin, takeCard } from './flow';
import { StepFooter } from './StepFooter';

/**
 * The card's details and PIN through the card's own form and PIN pad (@oja/card/steps), loaded once the payer
 * reaches them: the card stays in this visit's secret, sealed with the PIN for the token request, never routed to
 * the card's own steps. The step's problem (a refused token, the permission message) shows in the footer; Back is above them (Screen.tsx).
 */
export default function CardSteps() {
  const t = useT();
  const c = useCheckout();
  const { step, busy, pinRefusals } = useSnapshot(useVisit(creditVisit).state);
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // As each of credit's steps does (Frame.tsx): the new step's heading takes the focus, here the card's own.
    const heading = frame.current?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus();
  }, [step]);
  return (
    <div ref={frame}>
      {step === 'pin' ? (
        // A refused PIN (or card) clears the pad for the next try: a fresh pad per refusal.
        <PinPad
          key={pinRefusals}
          onSubmit={(pin) => void submitPin(c, (card) => sealCard(card, pin))}
          busy={busy}
          error={null}
          footer={<StepFooter />}
        />
      ) : (
        <CardForm
          title={t('credit.steps.card.title')}
          submitLabel={t('credit.card.submit')}
          onSubmit={(card) => takeCard(c, card)}
          back={<StepFooter />}
        >
          <p>{t('credit.steps.card.subtitle')}</p>
        </CardForm>
      )}
    </div>
  );
}
