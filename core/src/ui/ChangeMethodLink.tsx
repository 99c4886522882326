import { useT } from '../i18n';
import { useCheckout, useCheckoutState, withSession } from '../state/checkout';
import { changeMethod, METHODS_PATH } from '../state/actions';
import { link } from './styles';

/** "Change payment method": a real link, so it works before the page is hydrated. */
export function ChangeMethodLink({ label }: { /** Translation key; default core.changeMethod. */ label?: string }) {
  const t = useT();
  const c = useCheckout();
  const { env, locale } = useCheckoutState();
  return (
    <a
      className={link}
      href={withSession(env, METHODS_PATH, locale)}
      onClick={(e) => {
        e.preventDefault();
        changeMethod(c);
      }}
    >
      {t(label ?? 'core.changeMethod')}
    </a>
  );
}
