import { PAY_RULES } from '@oja/sdk/schema';
import { definePage } from '@oja/core';
import type { PageAnswer, PageContext } from '@oja/core';
import { useT } from '@oja/core';
import { formatAmount } from '@oja/core';
import { isAlreadyPaid } from '@oja/core';
import { button, errorText, heading, muted, stack } from '@oja/core/styles';
import { fixturePageMessages } from './fixturePageMessages';
import type { FixtureDoneData } from './FixturePageScreen';

/*
 * A page outside a payment for tests only (never installed in the app): a bill paid by reference, the shape of
 * the revenue flow (companion §2 "Revenue screens"). GET /refpay?ref= checks the reference; POST /refpay opens a
 * payment whose redirect is its own /refpay-done; the checkout comes back there on success.
 */

/** The bills it knows: reference -> amount due, minor units (NGN). */
export const FIXTURE_BILLS: Readonly<Record<string, number>> = { 'REF-0001': 250_000, 'REF-0002': 99_000 };
export const FIXTURE_MERCHANT = 'MX_DEMO';
export const FIXTURE_PAY_ITEM = 'Default_Payable_MX_DEMO';
export const FIXTURE_FORM_PATH = '/refpay';
export const FIXTURE_DONE_PATH = '/refpay-done';
const NAIRA = '566';

/** What the page keeps with the payment it opens (the spec's "receipt info in the session"). */
export interface FixtureState {
  ref: string;
  email: string;
}

const dueFor = (ref: string | null | undefined) => (ref && Object.hasOwn(FIXTURE_BILLS, ref) ? FIXTURE_BILLS[ref] : undefined);

function BillForm({
  reference,
  due,
  email,
  error,
}: {
  reference: string;
  due: number;
  email: string;
  error?: { key: string; params?: Record<string, string> };
}) {
  const t = useT();
  const amount = formatAmount(due, NAIRA);
  return (
    <form method="post" action={FIXTURE_FORM_PATH} className={stack} aria-labelledby="refpay-title">
      <h1 id="refpay-title" className={heading}>
        {t('refpay.title')}
      </h1>
      <p>{t('refpay.due', { ref: reference, amount })}</p>
      <input type="hidden" name="ref" value={reference} />
      <label>
        {t('refpay.email')}
        <input
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={email}
          aria-invalid={!!error}
          aria-describedby={error ? 'refpay-error' : undefined}
        />
      </label>
      {error && (
        <p id="refpay-error" className={errorText}>
          {t(error.key, error.params)}
        </p>
      )}
      <button type="submit" className={button}>
        {t('refpay.pay', { amount })}
      </button>
    </form>
  );
}

function Notice({ messageKey }: { messageKey: string }) {
  const t = useT();
  return (
    <section className={stack} aria-labelledby="refpay-title">
      <h1 id="refpay-title" className={heading}>
        {t('refpay.title')}
      </h1>
      <p className={muted}>{t(messageKey)}</p>
    </section>
  );
}

const notice = (status: number, messageKey: string): PageAnswer => ({
  kind: 'document',
  status,
  title: 'refpay.title',
  content: <Notice messageKey={messageKey} />,
});
const form = (status: number, reference: string, due: number, email = '', error?: { key: string; params?: Record<string, string> }): PageAnswer => ({
  kind: 'document',
  status,
  title: 'refpay.title',
  content: <BillForm reference={reference} due={due} email={email} error={error} />,
});

/** Is the bill paid already? The collections API's requery knows (a failure counts as "not known to be paid"). */
const billPaid = (ctx: PageContext<FixtureState>, ref: string, due: number) =>
  isAlreadyPaid(ctx.http, { merchant_code: FIXTURE_MERCHANT, txn_ref: ref, amount: due });

async function serveForm(ctx: PageContext<FixtureState>): Promise<PageAnswer> {
  const { method, query, body } = ctx.request;
  const ref = method === 'POST' ? body.ref : query.get('ref');
  const due = dueFor(ref);
  if (!ref || due === undefined) return notice(404, 'refpay.unknown');
  if (await billPaid(ctx, ref, due)) return notice(200, 'refpay.paid');
  if (method === 'GET') return form(200, ref, due);
  // POST: every field checked again here, whatever the form allowed.
  const email = (body.email ?? '').trim();
  if (!PAY_RULES.cust_email.pattern.test(email)) return form(400, ref, due, email, { key: 'refpay.invalidEmail' });
  const opening = await ctx.openPayment(
    {
      merchant_code: FIXTURE_MERCHANT,
      pay_item_id: FIXTURE_PAY_ITEM,
      txn_ref: ref,
      amount: String(due),
      currency: NAIRA,
      cust_id: email,
      site_redirect_url: ctx.selfUrl(FIXTURE_DONE_PATH),
    },
    { ref, email },
  );
  if (opening.opened) return { kind: 'checkout', session: opening.session };
  return form(502, ref, due, email, {
    key: 'refpay.failed',
    params: { code: opening.responseCode || opening.reason, description: opening.responseDescription },
  });
}

async function serveDone(ctx: PageContext<FixtureState>): Promise<PageAnswer> {
  const { method, body } = ctx.request;
  // A result other than 00 arrives as a merchant's would (REDIRECT mode: a form POST): back to the bill's form.
  if (method === 'POST')
    return { kind: 'redirect', to: dueFor(body.txnref) === undefined ? '/' : `${FIXTURE_FORM_PATH}?ref=${encodeURIComponent(body.txnref)}` };
  const payment = ctx.payment;
  // No payment of this page's on the URL (the spec: no receipt info in the session): the checkout's home.
  if (!payment) return { kind: 'redirect', to: '/' };
  const { ref, email } = payment.state;
  if (!(await payment.isPaid())) return { kind: 'redirect', to: `${FIXTURE_FORM_PATH}?ref=${encodeURIComponent(ref)}` };
  const data: FixtureDoneData = { ref, email, amount: payment.props.amount };
  return { kind: 'screen', title: 'refpay.done.title', data };
}

/** The fixture page: paths, methods, its server part, its hydrated screen, its completion path and strings. */
export const fixturePage = definePage<FixtureState>({
  id: 'refpay',
  paths: [FIXTURE_FORM_PATH, FIXTURE_DONE_PATH],
  methods: ['GET', 'POST'],
  completionPath: FIXTURE_DONE_PATH,
  screen: () => import('./FixturePageScreen'),
  messages: fixturePageMessages,
  serve: (ctx) => (ctx.request.path === FIXTURE_DONE_PATH ? serveDone(ctx) : serveForm(ctx)),
});
