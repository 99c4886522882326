import {
  ChangeMethodLink,
  MethodRowLink,
  availableFor,
  methodRowList,
  registerMessages,
  selectChannel,
  styles,
  useCheckout,
  useCheckoutState,
  useT,
  withSession,
} from '@oja/core';
import { listedWallets } from './wallets';
import { WalletMark } from './WalletMark';
import { screenMessages } from './screenMessages';

registerMessages(screenMessages);

/**
 * The wallet list (companion §2): the merchant's providers sorted by type, each a row of the method list's shape
 * with the provider's mark, a link to its wallet's route (real links: they work before hydration); choosing one opens that wallet as a method of its own. Change payment method
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
          <ul className={methodRowList} aria-labelledby="customer-wallet-title">
            {wallets.map(({ provider, type, wallet }) => (
              <li key={type}>
                <MethodRowLink
                  data={{ 'data-wallet': type }}
                  href={withSession(env, wallet.path, locale)}
                  onSelect={() => selectChannel(c, wallet)}
                  mark={<WalletMark type={type} />}
                  title={provider.description || provider.code}
                />
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
