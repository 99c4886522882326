import { createContext, useContext, useEffect } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { I18nContext } from '../i18n';
import type { I18n } from '../i18n';
import { CODE_SUCCESS } from '../codes';
import type { PageHeader, PageView } from '../pageData';
import { PayeeHeader } from '../ui/Header';
import { body, card, page } from '../ui/styles';
import { markHydrated } from './hydration';

const PageViewContext = createContext<PageView | null>(null);

/** The path and data a page's screen shows (PagePlugin.screen): what its `serve` answered. */
export function usePageView<T = unknown>(): PageView<T> {
  const view = useContext(PageViewContext);
  if (!view) throw new Error('usePageView outside a page');
  return view as PageView<T>;
}

/** A page's header as a payment's: the payee, and the amount when the page gives one. */
function PageHeaderBar({ header }: { header: PageHeader }) {
  const paying = header.amount !== undefined && !!header.currencyCode;
  return (
    <PayeeHeader
      props={{
        merchantName: header.payee,
        // Without an amount, drawn as a refused request's header: the payee alone.
        responseCode: paying ? CODE_SUCCESS : '',
        checkoutAmount: header.amount ?? 0,
        currencyCode: header.currencyCode ?? '',
        passFeeToCustomer: false,
        surcharge: 0,
      }}
    />
  );
}

/**
 * The frame every page outside a payment shares: the checkout's card, and a payment's header when the page asks for
 * one (PageView.header), without a payment's footer.
 */
export function PageLayout({ header, children }: { header?: PageHeader; children: ReactNode }) {
  return (
    <div className={page}>
      <main className={card}>
        {header && <PageHeaderBar header={header} />}
        <div className={body}>{children}</div>
      </main>
    </div>
  );
}

function Hydrated() {
  useEffect(() => {
    markHydrated('shell');
    markHydrated('screen');
  }, []);
  return null;
}

export interface PageRootProps {
  view: PageView;
  i18n: I18n;
  /** The page's screen module's default export, already loaded (server and browser alike, so both render it). */
  Screen: ComponentType;
}

/** A page outside a payment with its screen: rendered by the server, hydrated by the browser. */
export function PageRoot({ view, i18n, Screen }: PageRootProps) {
  return (
    <I18nContext.Provider value={i18n}>
      <PageViewContext.Provider value={view}>
        <PageLayout header={view.header}>
          <Screen />
        </PageLayout>
        <Hydrated />
      </PageViewContext.Provider>
    </I18nContext.Provider>
  );
}
