import type { PageAnswer, PageContext, PageHeader } from '@oja/core';
import { isHttpUrl } from '@oja/sdk/url';
import revpay from './index';
import { notifyRevpay, validateReference } from './api';
import type { ReferenceDetails } from './api';
import {
  amountInKobo,
  FORM_PATH,
  isReference,
  KOBO_PER_NAIRA,
  NAIRA,
  notifyAmount,
  referenceOf,
  SUCCESS_PATH,
  txnRefFor,
  validateRevpay,
} from './rules';
import type { RevpayErrors, RevpayFields } from './rules';
import { isRevpayState } from './views';
import type { RevpayState, RevpayView } from './views';
import { sandbox } from './sandbox';

type Ctx = PageContext<RevpayState>;

const TITLE = 'revpay.title';
const view = (status: number, data: RevpayView, title = TITLE, header?: PageHeader): PageAnswer => ({
  kind: 'screen',
  status,
  title,
  data,
  ...(header && { header }),
});
/** A bill's page in a payment's frame: its agency is the payee (companion §3 "agencyName"), with the amount due. */
const billHeader = (details: ReferenceDetails, kobo = details.amount * KOBO_PER_NAIRA): PageHeader => ({
  payee: details.agencyName,
  amount: kobo,
  currencyCode: NAIRA,
});
const formView = (
  status: number,
  ref: string,
  details: ReferenceDetails,
  values: RevpayFields = { phone: '', email: '', amount: '' },
  errors: RevpayErrors = {},
  failure?: { key: string } | { text: string },
) => view(status, { kind: 'form', ref, details, values, errors, ...(failure && { failure }) }, TITLE, billHeader(details));
const formPath = (ref: string) => `${FORM_PATH}?ref=${encodeURIComponent(ref)}`;

/** The date and time the success page shows: the payer's language, Lagos time (the bill's). */
const paidAtText = (at: number, locale: string) =>
  new Intl.DateTimeFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Africa/Lagos' }).format(at);

/**
 * /revpay: GET validates the reference and shows the form; POST checks the form again (whatever the browser did)
 * and opens the payment, whose success comes back to /revpay-success (companion §2, §4 "Revenue", §7).
 */
async function serveForm(ctx: Ctx): Promise<PageAnswer> {
  const { method, query, body } = ctx.request;
  const ref = (method === 'POST' ? body.ref : query.get('ref'))?.trim();
  if (!isReference(ref)) return view(404, { kind: 'invalid' });
  const validation = await validateReference(ctx.http, ref);
  if (validation.kind === 'invalid') return view(404, { kind: 'invalid' });
  if (validation.kind === 'paid') return view(200, { kind: 'paid', ref }, 'revpay.paidTitle');
  const { details } = validation;
  if (method === 'GET') return formView(200, ref, details);
  const values: RevpayFields = { phone: body.phone ?? '', email: (body.email ?? '').trim(), amount: body.amount ?? '' };
  const errors = validateRevpay(values, details.amount * KOBO_PER_NAIRA);
  if (Object.keys(errors).length) return formView(400, ref, details, values, errors);
  const amount = amountInKobo(values.amount)!;
  const phone = values.phone.replace(/\s/g, '');
  const opening = await ctx.openPayment(
    {
      merchant_code: details.merchantCode,
      pay_item_id: details.payItemId,
      txn_ref: txnRefFor(ref, Date.now()),
      amount: String(amount),
      currency: NAIRA,
      cust_id: values.email,
      cust_email: values.email,
      cust_mobile_no: phone,
      cust_name: details.payerName,
      pay_item_name: details.revenueName,
      site_redirect_url: ctx.selfUrl(SUCCESS_PATH),
    },
    { ref, details, amount, email: values.email, phone },
  );
  if (opening.opened) return { kind: 'checkout', session: opening.session };
  if (opening.reason === 'unreachable') return formView(503, ref, details, values, {}, { key: 'revpay.paramsFailed' });
  // The API's refusal in its own words (companion §8); nothing was charged and the payer stays on the form.
  const failure = opening.responseDescription ? { text: opening.responseDescription } : { key: 'revpay.paramsFailed' };
  return formView(502, ref, details, values, {}, failure);
}

/** The receipt's link as the browser fetches it: the API's absolute link, or its path on this checkout (the sandbox's). */
function absoluteLink(ctx: Ctx, link: string | undefined): string | undefined {
  if (!link) return undefined;
  const url = link.startsWith('/') ? ctx.selfUrl(link) : link;
  return isHttpUrl(url) ? url : undefined;
}

/** The receipt's link in the page's language: the revenue service writes the receipt in the one its link names. */
function inLocale(link: string, locale: string): string {
  const url = new URL(link);
  url.searchParams.set('lang', locale);
  return url.href;
}

/**
 * /revpay-success: the payment this page opened, once the collections API says it is paid: notify the revenue
 * service (once; the receipt's link is kept), then the success view. No payment of this page's, or a corrupt
 * record: the checkout's home. Any other result (cancelled, expired) arrives as a form POST: back to the form.
 */
async function serveSuccess(ctx: Ctx): Promise<PageAnswer> {
  const { method, body } = ctx.request;
  if (method === 'POST') {
    const ref = referenceOf(body.txnref);
    return { kind: 'redirect', to: ref ? formPath(ref) : '/' };
  }
  const payment = ctx.payment;
  if (!payment || !isRevpayState(payment.state)) return { kind: 'redirect', to: '/' };
  const s = payment.state;
  if (!(await payment.isPaid())) return { kind: 'redirect', to: formPath(s.ref) };
  if (s.paidAt === undefined || s.receiptLink === undefined) {
    let link: string | undefined;
    try {
      link = absoluteLink(
        ctx,
        await notifyRevpay(ctx.http, {
          webguid: s.ref,
          paymentReference: s.details.paymentReference,
          amount: notifyAmount(s.amount),
          paymentId: payment.props.paymentId,
        }),
      );
    } catch {
      // Notify is asked again on the next visit; meanwhile the page says the receipt cannot be downloaded.
    }
    Object.assign(s, { paidAt: s.paidAt ?? Date.now(), ...(link && { receiptLink: link }) });
    await payment.setState(s);
  }
  return view(
    200,
    {
      kind: 'success',
      agencyName: s.details.agencyName,
      reference: s.details.paymentReference,
      payerName: s.details.payerName,
      amount: s.amount,
      paidAt: paidAtText(s.paidAt!, ctx.locale),
      ...(s.receiptLink && { receiptLink: inLocale(s.receiptLink, ctx.locale) }),
    },
    'revpay.success.title',
    billHeader(s.details, s.amount),
  );
}

/** The page with its server part and its sandbox part, for server builds (package export condition "oja-server"). */
export default {
  ...revpay,
  sandbox,
  serve: (ctx: Ctx) => (ctx.request.path === SUCCESS_PATH ? serveSuccess(ctx) : serveForm(ctx)),
};
