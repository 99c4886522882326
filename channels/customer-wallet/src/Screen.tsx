import { css } from '@linaria/core';
import { ChangeMethodLink, availableFor, registerMessages, selectChannel, styles, useCheckout, useCheckoutState, useT, withSession } from '@oja/core';
import { listedWallets } from './wallets';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

const list = css`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 10px;
  a {
    display: block;
    padding: 14px;
    border: 1px solid var(--oja-border, #e3e8ef);
    border-radius: var(--oja-radius-button, 8px);
    color: inherit;
    font-weight: 600;
    text-decoration: none;
  }
  a:focus-visible { border-color: var(--oja-primary, #0b5cad); }
  @media (hover: hover) { a:hover { border-color: var(--oja-primary, #0b5cad); } }
`;

/**
 * The wallet list (companion §2): the merchant's providers sorted by type, each a link to its wallet's route (real
 * links: they work before hydration); choosing one opens that wallet as a method of its own. Change payment method
 * returns to the method list.
 */
export default function CustomerWalletScreen() {
  const t = useT();
  const c = useCheckout();
  const { env, locale } = useCheckoutState();
  const open = availableFor(c);
  const wallets = listedWallets(c.state.props, (type) => {
    const wallet = c.registry.wallet(type);
    return wallet && open.includes(wallet) ? wallet : undefined;
  });
  return (
    <section className={styles.stack} aria-labelledby="customer-wallet-title">
      <h1 id="customer-wallet-title" className={styles.heading}>
        {t('customer-wallet.title')}
      </h1>
      {wallets.length ? (
        <>
          <p className={styles.muted}>{t('customer-wallet.intro')}</p>
          <ul className={list} aria-labelledby="customer-wallet-title">
            {wallets.map(({ provider, type, wallet }) => (
              <li key={type}>
                <a
                  data-wallet={type}
                  href={withSession(env, wallet.path, locale)}
                  onClick={(e) => {
                    e.preventDefault();
                    selectChannel(c, wallet);
                  }}
                >
                  {provider.description || provider.code}
                </a>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className={styles.muted}>{t('customer-wallet.empty')}</p>
      )}
      <ChangeMethodLink />
    </section>
  );
}
