import { Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { registerMessages, useT } from '@oja/core';
import { useVisit } from '@oja/core/visit';
import { useLazyPart } from '@oja/core/lazy-part';
import { PendingLayout } from '@oja/core/pending-layout';
import { creditVisit } from './visit';
import { PhoneStep, WalletStep } from './SignIn';
import { OtpStep } from './Otp';
import { BankStep } from './BankDetails';
import { OffersStep } from './Offers';
import { StepBack } from './Frame';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/** The card's steps, a part of their own (the card form, PIN pad and their strings): fetched when reached. */
const loadCardSteps = () => import('./CardSteps');
/** Their build key: the channel's id and the module's file name. */
const CARD_STEPS_PART = 'credit-CardSteps';

function CardPart() {
  const t = useT();
  const Part = useLazyPart(CARD_STEPS_PART, loadCardSteps);
  // Back is the card steps' one way back at their top, drawn here: the card part stays within its budget.
  return (
    <>
      <StepBack />
      <Suspense fallback={<PendingLayout title={t('credit.steps.card.title')} simulate={false} />}>
        <Part />
      </Suspense>
    </>
  );
}

/** Pay on credit (companion §2 "Pay on credit page"): one step at a time, Back one step at a time. */
export default function CreditScreen() {
  const { step } = useSnapshot(useVisit(creditVisit).state);
  switch (step) {
    case 'signInOtp':
      return <OtpStep purpose="signIn" />;
    case 'wallet':
      return <WalletStep />;
    case 'bank':
      return <BankStep />;
    case 'offers':
      return <OffersStep />;
    case 'card':
    case 'pin':
      return <CardPart />;
    case 'otp':
      return <OtpStep purpose="accept" />;
    default:
      return <PhoneStep />;
  }
}
