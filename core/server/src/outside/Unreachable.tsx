import { useT } from '@oja/core';
import { CrossIcon } from '@oja/core/shell';
import { button, heading, muted, stack } from '@oja/core/styles';

export interface UnreachableProps {
  /**
   * The pay request's fields as the payer's browser sent them, posted to /pay again by Try again: the same
   * merchant_code and txn_ref name the same payment, so a retry never makes a second one.
   */
  fields: Record<string, string>;
}

/**
 * Shown (503) when the collections API could not be reached for a pay request, after the server's own retries:
 * the payer's details were not wrong, and Try again works without the merchant's page and without script.
 */
export function Unreachable({ fields }: UnreachableProps) {
  const t = useT();
  return (
    <section className={stack} aria-labelledby="oja-unreachable-title">
      <div role="alert">
        <CrossIcon />
        <h1 id="oja-unreachable-title" className={heading}>
          {t('core.unreachable.title')}
        </h1>
        <p className={muted}>{t('core.unreachable.body')}</p>
      </div>
      <p className={muted}>{t('core.unreachable.safe')}</p>
      <form method="post" action="/pay">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className={button}>
          {t('core.unreachable.tryAgain')}
        </button>
      </form>
    </section>
  );
}

export interface UnavailableProps {
  /** This checkout's path (and query) the payer was at: Try again asks for it again. */
  retryPath: string;
}

/**
 * Shown (503) when the checkout cannot reach its own store of sessions (Redis away): the payer's place is kept
 * there, so Try again, once it is back, continues where they were. Plain HTML: no script needed.
 */
export function Unavailable({ retryPath }: UnavailableProps) {
  const t = useT();
  return (
    <section className={stack} aria-labelledby="oja-unavailable-title">
      <div role="alert">
        <CrossIcon />
        <h1 id="oja-unavailable-title" className={heading}>
          {t('core.unavailable.title')}
        </h1>
        <p className={muted}>{t('core.unavailable.body')}</p>
      </div>
      <p className={muted}>{t('core.unavailable.safe')}</p>
      <a className={button} href={retryPath}>
        {t('core.unavailable.tryAgain')}
      </a>
    </section>
  );
}

export interface SessionGoneProps {
  /** The merchant's page the payer came from, when the browser said (an http(s) address): the way back. */
  back?: string;
}

/**
 * Shown (404) for a payment page whose session the checkout no longer has (expired, a restarted instance with the
 * memory store, a link from an old page): what happened in the payer's terms, and the way back to the shop. Never
 * "Incorrect Transaction", which is for a merchant's wrong fields. Plain HTML: no script needed.
 */
export function SessionGone({ back }: SessionGoneProps) {
  const t = useT();
  return (
    <section className={stack} aria-labelledby="oja-session-gone-title">
      <div role="alert">
        <h1 id="oja-session-gone-title" className={heading}>
          {t('core.sessionGone.title')}
        </h1>
        <p className={muted}>{t('core.sessionGone.body')}</p>
      </div>
      <p className={muted}>{t('core.sessionGone.paid')}</p>
      {back ? (
        <a className={button} href={back}>
          {t('core.sessionGone.back')}
        </a>
      ) : (
        <p className={muted}>{t('core.sessionGone.backHint')}</p>
      )}
    </section>
  );
}
