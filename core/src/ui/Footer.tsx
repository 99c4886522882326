import { css } from '@linaria/core';
import { useLocation } from 'wouter';
import { useT, LOCALES } from '../i18n';
import type { Locale } from '../i18n';
import { useCheckout, useCheckoutState, brandingOf, withSession } from '../state/checkout';
import { setLocale } from '../state/actions';
import { link } from './styles';
import { Drawn } from './Drawn';

const footer = css`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: 4px 16px;
  padding: 10px 20px 12px;
  font-size: 13px;
  color: var(--oja-muted, #5b6577);
`;
const powered = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  svg { height: 24px; width: auto; }
`;
const toggle = css`
  display: inline-flex;
  gap: 4px;
  a { display: inline-grid; place-items: center; min-width: 44px; min-height: 44px; padding: 0 8px; border-radius: 6px;
    color: inherit; text-decoration: none; border: 1px solid transparent; }
  a[aria-current='true'] { border-color: currentColor; font-weight: 700; }
`;

export function Footer() {
  const t = useT();
  const c = useCheckout();
  const { env, locale } = useCheckoutState();
  const branding = brandingOf(c);
  // The router's path, the same on the server and in the browser.
  const [path] = useLocation();
  const onLocale = (e: React.MouseEvent, l: Locale) => {
    e.preventDefault();
    setLocale(c, l);
    // The URL keeps the language, so a reload or a link followed before hydration speaks it too.
    c.navigate(withSession(env, path, l), { replace: true });
  };
  return (
    <footer className={footer}>
      <span className={powered}>
        {t('core.footer.poweredBy')} <Drawn picture={branding.Logo} slot="logo-footer" />
      </span>
      {branding.routes
        ?.filter((r) => r.linkLabel)
        .map((r) => (
          <a key={r.path} className={link} href={withSession(env, r.path, locale)}>
            {t(r.linkLabel!)}
          </a>
        ))}
      {branding.languageToggle && (
        <nav className={toggle} aria-label={t('core.footer.language')}>
          {LOCALES.map((l) => (
            <a key={l} href={withSession(env, path, l)} lang={l} aria-current={l === locale} onClick={(e) => onLocale(e, l)}>
              {l.toUpperCase()}
            </a>
          ))}
        </nav>
      )}
    </footer>
  );
}
