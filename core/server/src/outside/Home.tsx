import { useT } from '@oja/core';
import { messageKeyForCode } from '@oja/core/code-messages';
import { button, heading, muted, stack } from '@oja/core/styles';
import type { SandboxTestCard } from '@oja/core';

/** A sandbox test card as the home page lists it (the card channel owns the cards: CONTRACT §4). */
/** A test card as `/` lists it: the installed channels' sandbox parts declare them (SandboxPart.testCards). */
export type HomeTestCard = SandboxTestCard;

export interface HomeProps {
  /** The embedded sandbox is on: the page shows the test data. */
  sandbox: boolean;
  /** The demo merchant store's address (sandbox only). */
  storeBase?: string;
  testCards?: readonly HomeTestCard[];
}

/** What the JSON of POST /sandbox/simulate looks like (CONTRACT §4). */
const SIMULATE_EXAMPLE = [
  'POST /sandbox/simulate',
  '{ "merchant_code": "…",',
  '  "txn_ref": "…",',
  '  "outcome": "success" | "failed" | "expired" }',
].join('\n');

/** The checkout's `/`: what this is, and in sandbox mode where to start and the test data. */
export function Home({ sandbox, storeBase, testCards = [] }: HomeProps) {
  const t = useT();
  const steps = (c: HomeTestCard) => {
    const parts = [
      c.pin && t('home.steps.pin', { pin: c.pin }),
      c.otp && t('home.steps.otp', { otp: c.otp }),
      c.challengeCode && t('home.steps.challenge', { code: c.challengeCode }),
    ].filter(Boolean);
    return parts.length ? parts.join(t('home.steps.then')) : t('home.steps.none');
  };
  return (
    <section className={stack} aria-labelledby="oja-home-title">
      <h1 id="oja-home-title" className={heading}>
        {t('home.title')}
      </h1>
      <p>{t('home.intro')}</p>
      {!sandbox && <p className={muted}>{t('home.live')}</p>}
      {sandbox && (
        <>
          <p className={muted}>{t('home.sandbox')}</p>
          {storeBase && (
            <a className={button} href={storeBase}>
              {t('home.store')}
            </a>
          )}
          {testCards.length > 0 && (
            <>
              <h2 className={heading}>{t('home.cardsHeading')}</h2>
              <p className={muted}>{t('home.cardsNote')}</p>
              <ul data-testid="test-cards">
                {testCards.map((c) => (
                  <li key={c.number}>
                    {t('home.card', {
                      brand: c.brand,
                      number: c.number,
                      steps: steps(c),
                      result: `${c.result} ${t(messageKeyForCode(c.result))}`,
                    })}
                  </li>
                ))}
              </ul>
              <p className={muted}>{t('home.wrongCodes')}</p>
            </>
          )}
          <h2 className={heading}>{t('home.asyncHeading')}</h2>
          <p className={muted}>{t('home.asyncBody')}</p>
          <pre>
            <code>{SIMULATE_EXAMPLE}</code>
          </pre>
        </>
      )}
    </section>
  );
}
