import type { AttemptRecord, SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest } from '@oja/sandbox';
import { attemptRoute, badRequest, currentAttempt, sandboxRecord, settledStatus, textField, UNKNOWN_PAYMENT } from '@oja/sandbox';
import drcMobileMoney from './index';
import { CODE_WALLET_FAILED, DRC_COUNTRY, DRC_DIAL_PREFIX, PAYMENT_PATH, PROVIDERS_PATH, QUERY_PATH } from './constants';
import { namesMerchantCountry, orderCurrency } from './rules';
import { billerCode, isOrange } from './timing';

/** The DRC's wallets as the sandbox's provider list gives them (CONTRACT §5: at least ORANGE, VODACOM and AIRTEL). */
export const SANDBOX_PROVIDERS = [
  { id: '101', provider: 'ORANGE' },
  { id: '102', provider: 'VODACOM' },
  { id: '103', provider: 'AIRTEL' },
  { id: '104', provider: 'AFRIMONEY' },
] as const;

/** A number whose wallet refuses the payment: the payment call answers 02 (companion §8 "mobile wallet failure"). */
export const WALLET_REFUSES_NUMBER = '990000002';
/** A number whose wallet has too little money: the payment call answers 51. */
export const INSUFFICIENT_FUNDS_NUMBER = '990000051';
export const INSUFFICIENT_FUNDS_CODE = '51';

/** The wallet payment of one attempt: a retry after a failure or an expiry is a new generation. */
interface DrcRecord extends AttemptRecord {
  /** The wallet's label, upper-cased, as the query must name it. */
  provider: string;
  /** The number as the payment call sent it (with its prefix). */
  number: string;
  /** USSD prompts "sent" to the phone for this attempt (one per payment call). */
  prompts: number;
  /** The code a failed payment answers on query: 02 unless the payment call refused with its own. */
  failedCode: string;
}

const records = sandboxRecord<DrcRecord>(drcMobileMoney.id);

/** The mobile wallet API's answers: a code, its description and the data (an object, or the country list's billers). */
const answer = (code: string, description: string, data: unknown = {}): SandboxAnswer => ({ body: { code, description, data } });

/** The nine national digits of a number sent with the right prefix for its wallet (243 for ORANGE, +243 otherwise), or null. */
export function nationalNumber(provider: string, number: string): string | null {
  const prefix = `${isOrange(provider) ? '' : '+'}${DRC_DIAL_PREFIX}`;
  return number.startsWith(prefix) && number.length > prefix.length ? number.slice(prefix.length) : null;
}

/** Why the payment call's body is not one the API takes, or null (companion §7 "POST /api/v2/mobile-wallet/payment"). */
function paymentProblem(p: SandboxPayment, b: Record<string, unknown>): string | null {
  if (typeof b.paymentId !== 'string') return 'paymentId must be a string';
  const provider = SANDBOX_PROVIDERS.find((w) => w.provider === b.mobileWalletProvider);
  if (!provider) return 'mobileWalletProvider must be one of the country list providers';
  if (b.merchantId !== provider.id) return "merchantId must be the chosen provider's id";
  if (b.merchantCode !== p.merchantCode || b.transactionReference !== p.txnRef || textField(b.payableCode) === undefined)
    return "merchantCode, payableCode and transactionReference must be the payment's";
  if (b.orderAmount !== p.props.checkoutAmount) return 'orderAmount must be the checkout amount';
  if (b.orderCurrency !== orderCurrency(String(p.props.currencyCode))) return 'orderCurrency must be USD for currency 840, CDF otherwise';
  if (typeof b.orderId !== 'string' || !/^\d{10,16}$/.test(b.orderId)) return 'orderId must be a timestamp string';
  if (typeof b.transType !== 'string' || !b.transType) return 'transType is required';
  const country = namesMerchantCountry(provider.provider) ? DRC_COUNTRY : undefined;
  if (b.merchantCountry !== country) return country ? `merchantCountry must be ${country}` : 'merchantCountry is omitted for AFRIMONEY';
  if (typeof b.customerMobileNumber !== 'string' || !nationalNumber(provider.provider, b.customerMobileNumber))
    return `customerMobileNumber must be prefixed ${isOrange(provider.provider) ? '243' : '+243'}`;
  return null;
}

/** POST /api/v2/mobile-wallet/payment: a USSD prompt "sent" to the phone (00), or the test numbers' refusals. */
function pay(p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext): SandboxAnswer {
  const problem = paymentProblem(p, req.body);
  if (problem) return badRequest(problem);
  const provider = billerCode(String(req.body.mobileWalletProvider));
  const number = String(req.body.customerMobileNumber);
  const r = currentAttempt(records, p, (generation) => ({ generation, provider, number, prompts: 0, failedCode: CODE_WALLET_FAILED }));
  Object.assign(r, { provider, number, failedCode: CODE_WALLET_FAILED });
  const data = { paymentId: p.paymentId, transactionReference: p.txnRef, mobileWalletProvider: provider };
  const national = nationalNumber(provider, number);
  const refusal =
    national === WALLET_REFUSES_NUMBER
      ? { code: CODE_WALLET_FAILED, description: 'Mobile wallet payment failed' }
      : national === INSUFFICIENT_FUNDS_NUMBER
        ? { code: INSUFFICIENT_FUNDS_CODE, description: 'Insufficient funds in the mobile wallet' }
        : null;
  if (refusal) {
    // The attempt failed: the requery says so, and the payer's next payment call is a new attempt.
    r.failedCode = refusal.code;
    p.outcome = { value: 'failed', at: ctx.now() };
    return answer(refusal.code, refusal.description, data);
  }
  r.prompts += 1;
  return answer('00', 'USSD prompt sent to the customer', { ...data, status: 'PENDING' });
}

/** POST /api/v2/mobile-wallet/query: 09 until settled (POST /sandbox/simulate), then 00, the failure code or XS1. */
async function query(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  if (typeof req.body.paymentId !== 'string') return badRequest('paymentId must be a string');
  const p = await ctx.payment({ paymentId: req.body.paymentId });
  if (!p) return UNKNOWN_PAYMENT;
  const r = records.get(p);
  if (!r) return answer('25', 'No mobile wallet payment for this payment');
  if (req.body.mobileWalletProvider !== r.provider) return badRequest("mobileWalletProvider must be the payment's wallet, upper-cased");
  const { responseCode, responseDescription, ...data } = settledStatus(p, {
    expired: false,
    failedCode: r.failedCode,
    references: { paymentReference: `OJA|DRC|${p.paymentId}`, retrievalReferenceNumber: `RR${p.paymentId}${r.generation}` },
    describe: { failed: 'Mobile wallet payment failed', expired: 'Mobile wallet payment expired', pending: 'Awaiting the customer PIN' },
  });
  return answer(String(responseCode), String(responseDescription), { ...data, mobileWalletProvider: r.provider });
}

/** The DRC mobile wallet endpoints of the sandbox collections API (companion §7). */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['CD'],
  routes: [
    {
      method: 'GET',
      path: PROVIDERS_PATH,
      handler: (req) => {
        const country = (req.query.get('country') ?? '').toUpperCase();
        if (!/^[A-Z]{2}$/.test(country)) return badRequest('country must be two letters');
        // Mobile wallets of the DRC only: any other country has none here.
        const billers = country === DRC_COUNTRY ? [{ countryCode: DRC_COUNTRY, billerName: 'Mobile Money', providers: SANDBOX_PROVIDERS }] : [];
        return answer('00', 'Successful', billers);
      },
    },
    // A paid payment gets no new prompt (attemptRoute): a payer who paid in another tab is not asked to pay twice.
    attemptRoute(PAYMENT_PATH, pay),
    { method: 'POST', path: QUERY_PATH, handler: query },
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...drcMobileMoney, sandbox };
