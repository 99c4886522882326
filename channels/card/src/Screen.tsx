import { Suspense, useEffect } from 'react';
import { Route, Switch } from 'wouter';
import { ChangeMethodLink, go, registerMessages, styles, useCheckout, useT } from '@oja/core';
import { useLazyPart } from '@oja/core/lazy-part';
import { CardForm } from './CardForm';
import { PinPad } from './PinPad';
import { Otp } from './Otp';
import { CARD_PATH, cardFlow, hasCard, submitCard } from './flow';
import { screenMessages } from './screenMessages';
import { useDeviceFingerprint } from './fingerprint';

registerMessages(screenMessages);

/** A step that needs the card in memory: after a reload it is gone, so the payer enters it again. */
function NeedsCard({ children }: { children: React.ReactNode }) {
  const c = useCheckout();
  const ok = hasCard(c) || !!cardFlow(c).cardinal;
  useEffect(() => {
    if (!ok) go(c, CARD_PATH, true);
  }, [c, ok]);
  return ok ? children : <Entry />;
}

/**
 * The 3-D Secure step, a part of its own (its build key `card-Cardinal`): only a 3-D Secure card reaches it, so a
 * PIN or OTP payment never fetches its frames' code.
 */
const loadCardinal = () => import('./Cardinal');

function CardinalStep() {
  const t = useT();
  const Cardinal = useLazyPart('card-Cardinal', loadCardinal);
  return (
    <Suspense
      fallback={
        <p className={styles.muted} role="status">
          {t('card.cardinal.preparing')}
        </p>
      }
    >
      <Cardinal />
    </Suspense>
  );
}

function Entry() {
  const c = useCheckout();
  return <CardForm onSubmit={(card) => void submitCard(c, card)} back={<ChangeMethodLink />} />;
}

/** The card channel: entry, then PIN, OTP or 3-D Secure by route (spec core §2). */
export default function CardScreen() {
  useDeviceFingerprint();
  return (
    <Switch>
      <Route path="/pin">
        <NeedsCard>
          <PinPad />
        </NeedsCard>
      </Route>
      <Route path="/otp">
        <Otp />
      </Route>
      <Route path="/cardinal">
        <NeedsCard>
          <CardinalStep />
        </NeedsCard>
      </Route>
      <Route>
        <Entry />
      </Route>
    </Switch>
  );
}
