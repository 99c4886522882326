import { attemptRoute, badRequest, markPaid, sandboxRecord, textField } from '@oja/sandbox';
import type { SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest } from '@oja/sandbox';
import { cardCodeDescription, openTypedCard, SANDBOX_OTP } from '@oja/card/sandbox';
import credit from './index';
import type { Bank, Offer } from './api';
import {
  ACCEPT_OFFER_PATH,
  ACCOUNT_NUMBER_LENGTH,
  BANK_OTP_PATH,
  BANKS_PATH,
  CODE_INVALID_OTP,
  CODE_TOKEN_OTP_FAILED,
  CODE_TOKEN_SENT,
  GENERATE_OTP_PATH,
  INVALID_TOKEN_SUPPLIED,
  OFFERS_PATH,
  TOKEN_PATH,
  TOKEN_VALIDATE_PATH,
  VALIDATE_OTP_PATH,
} from './constants';

/** The sandbox's credit customers by phone (CONTRACT §5): one with bank and non-bank offers, one with none. */
export const OFFERS_PHONE = '08012345678';
export const NO_OFFER_PHONE = '08000000000';
const CUSTOMERS: Record<string, { customerId: string; offers: boolean }> = {
  [OFFERS_PHONE]: { customerId: 'CUS-2001', offers: true },
  [NO_OFFER_PHONE]: { customerId: 'CUS-2000', offers: false },
};
/** The OTP every credit step takes: the card's sandbox OTP. */
export const SANDBOX_CREDIT_OTP = SANDBOX_OTP;
/** The card whose token request cannot send its OTP (LS3): the card test card that is "unable to process". */
const TOKEN_OTP_FAILS_RESULT = '91';

/** The institutions (companion §3 "bank list entries"): provider code, CBN code. */
export const SANDBOX_BANKS: readonly Bank[] = [
  { id: '1', code: 'ACCESS', name: 'Access Bank', bankCode: '044' },
  { id: '2', code: 'ECOBANK', name: 'Ecobank Nigeria', bankCode: '050' },
  { id: '3', code: 'FIDELITY', name: 'Fidelity Bank', bankCode: '070' },
  { id: '4', code: 'FIRSTBANK', name: 'First Bank of Nigeria', bankCode: '011' },
  { id: '5', code: 'GTBANK', name: 'Guaranty Trust Bank', bankCode: '058' },
  { id: '6', code: 'OJABANK', name: 'Oja Sandbox Bank', bankCode: '999' },
  { id: '7', code: 'STANBIC', name: 'Stanbic IBTC Bank', bankCode: '221' },
  { id: '8', code: 'STERLING', name: 'Sterling Bank', bankCode: '232' },
  { id: '9', code: 'UBA', name: 'United Bank for Africa', bankCode: '033' },
  { id: '10', code: 'ZENITH', name: 'Zenith Bank', bankCode: '057' },
];
/** The bank that lends when the payer names no account of their own. */
const DEFAULT_LENDING_BANK = SANDBOX_BANKS.find((b) => b.code === 'OJABANK')!;

/** The lenders that are not banks, with their terms: initial payment and interest in percent, tenure in days. */
const LENDERS = [
  { code: 'OJACREDIT', name: 'Oja Credit', initialPct: 10, interestPct: 10, tenure: 30 },
  { code: 'SBXLEND', name: 'Sandbox Lending', initialPct: 20, interestPct: 15, tenure: 60 },
];
/** A bank's terms: nothing up front, 5% over 90 days. */
const BANK_TERMS = { initialPct: 0, interestPct: 5, tenure: 90 };

/** The credit record of a payment: who signed in, what was offered, the OTPs and tokens, never the card. */
interface CreditRecord {
  /** The customer the sign-in OTP validated (or '' until then). */
  customerId: string;
  /** The phone the last sign-in OTP went to. */
  otpPhone: string;
  otpSends: number;
  offered: Offer[];
  bankOtp: { offerId: string; reference: string } | null;
  token: { offerId: string; reference: string; authorized: boolean } | null;
  tokenRequests: number;
  accepts: number;
}

const records = sandboxRecord<CreditRecord>('credit');

function recordOf(p: SandboxPayment): CreditRecord {
  return (
    records.get(p) ??
    records.set(p, { customerId: '', otpPhone: '', otpSends: 0, offered: [], bankOtp: null, token: null, tokenRequests: 0, accepts: 0 })
  );
}

const ok = (body: Record<string, unknown> = {}): SandboxAnswer => ({
  body: { responseCode: '00', responseDescription: 'Successful', ...body },
});
const refused = (responseCode: string, responseDescription: string, more: Record<string, unknown> = {}): SandboxAnswer => ({
  body: { responseCode, responseDescription, ...more },
});
const invalidOtp = () => refused(CODE_INVALID_OTP, 'Invalid OTP provided', { message: INVALID_TOKEN_SUPPLIED });
const text = (v: unknown) => textField(v) ?? '';
const reference = (p: SandboxPayment, kind: string, n: number) => `${kind}-${p.paymentId}-${n}`;

/** OTP generation to the customer (companion §7 "generate"); with an offer's fields, the bank's OTP. */
function generate(p: SandboxPayment, req: SandboxRequest): SandboxAnswer {
  if (req.body.offerId !== undefined) return bankOtp(p, req);
  const phone = text(req.body.customerId);
  const r = recordOf(p);
  if (!/^0\d{10}$/.test(phone)) return refused('LS3', 'Invalid phone number');
  if (!CUSTOMERS[phone]) return refused('LS1', 'No customer with this phone number');
  r.otpPhone = phone;
  r.otpSends += 1;
  return ok({ otpRequestReference: reference(p, 'OTP', r.otpSends) });
}

function validate(p: SandboxPayment, req: SandboxRequest): SandboxAnswer {
  const r = recordOf(p);
  const phone = text(req.body.customerId);
  if (!r.otpPhone || phone !== r.otpPhone) return badRequest('No OTP was sent to this customer for this payment');
  if (text(req.body.otp) !== SANDBOX_CREDIT_OTP) return invalidOtp();
  r.customerId = CUSTOMERS[phone]!.customerId;
  return ok({ customerId: r.customerId, mobileNo: phone });
}

function makeOffer(p: SandboxPayment, provider: Offer['provider'], terms: { initialPct: number; interestPct: number; tenure: number }): Offer {
  const amount = Number(p.props.checkoutAmount);
  return {
    offerId: `OFR-${provider.code}-${terms.tenure}`,
    provider,
    amountOffered: amount,
    initialPayment: Math.round((amount * terms.initialPct) / 100),
    amountPayable: Math.round((amount * (100 + terms.interestPct)) / 100),
    tenure: terms.tenure,
  };
}

/**
 * The offers (companion §7 "POST /api/v1/credit"): none for the no-offer customer; otherwise the bank's (the payer's
 * own bank when an account was named, else the sandbox bank) and two other lenders'.
 */
function offers(p: SandboxPayment, req: SandboxRequest): SandboxAnswer {
  const r = recordOf(p);
  const customerId = text(req.body.customerId);
  if (!customerId) return badRequest('customerId is required');
  if (Number(req.body.amount) !== Number(p.props.checkoutAmount)) return badRequest('amount must be the checkout amount');
  const accountNumber = text(req.body.accountNumber);
  const named = SANDBOX_BANKS.find((b) => b.code === text(req.body.providerCode));
  if (accountNumber && (!named || !/^\d{10}$/.test(accountNumber)))
    return badRequest(`accountNumber must be ${ACCOUNT_NUMBER_LENGTH} digits at a listed bank`);
  const noOffer = Object.values(CUSTOMERS).find((c) => c.customerId === customerId && !c.offers);
  const bank = named ?? DEFAULT_LENDING_BANK;
  r.offered = noOffer
    ? []
    : [
        ...LENDERS.map((l) => makeOffer(p, { code: l.code, name: l.name, isBank: false }, l)),
        makeOffer(p, { code: bank.code, name: bank.name, isBank: true }, BANK_TERMS),
      ];
  return ok({ offers: r.offered });
}

function offered(r: CreditRecord, offerId: unknown): Offer | undefined {
  return r.offered.find((o) => o.offerId === offerId);
}

function bankOtp(p: SandboxPayment, req: SandboxRequest): SandboxAnswer {
  const r = recordOf(p);
  const offer = offered(r, req.body.offerId);
  if (!offer?.provider.isBank) return badRequest("offerId must be one of this payment's bank offers");
  r.otpSends += 1;
  r.bankOtp = { offerId: offer.offerId, reference: reference(p, 'BOTP', r.otpSends) };
  return ok({ otpRequestReference: r.bankOtp.reference });
}

/** The card tokenisation request (companion §3): the test card decides, as the card's sandbox does. */
function token(p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext): SandboxAnswer {
  const r = recordOf(p);
  const offer = offered(r, req.body.offerId);
  if (!offer || offer.provider.isBank) return badRequest("offerId must be one of this payment's offers from a lender that is not a bank");
  if (!text(req.body.customerId)) return badRequest('customerId is required');
  if (text(req.body.transactionRef) !== p.txnRef) return badRequest("transactionRef must be the payment's reference");
  r.tokenRequests += 1;
  const opened = openTypedCard(req.body.secureData, req.body.pinBlock, ctx.now());
  if ('refused' in opened) return refused(opened.refused.code, opened.refused.description);
  const { card, pin } = opened;
  if (card.refusedAtBin) return refused(card.result, cardCodeDescription(card.result) ?? 'Declined');
  // Every credit card step asks for the PIN: a PIN card's own, any four digits for the others.
  if (pin === null || pin !== (card.pin ?? pin) || !/^\d{4}$/.test(pin)) return refused('55', cardCodeDescription('55') ?? 'Incorrect PIN');
  if (card.result === TOKEN_OTP_FAILS_RESULT) return refused(CODE_TOKEN_OTP_FAILED, 'Error generating OTP');
  if (card.result !== '00') return refused(card.result, cardCodeDescription(card.result) ?? 'Declined');
  r.token = { offerId: offer.offerId, reference: reference(p, 'TKN', r.tokenRequests), authorized: false };
  return refused(CODE_TOKEN_SENT, 'Token generated: OTP sent', { tokenReference: r.token.reference, mobilePhoneNumber: '080******78' });
}

function authorizeToken(p: SandboxPayment, req: SandboxRequest): SandboxAnswer {
  const r = recordOf(p);
  if (!r.token || r.token.offerId !== req.body.offerId) return badRequest('No token for this offer');
  if (text(req.body.otp) !== SANDBOX_CREDIT_OTP) return invalidOtp();
  r.token.authorized = true;
  return ok();
}

/** Accepting the offer (companion §3 "Accept-offer request"): the payment is approved, once. */
function accept(p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext): SandboxAnswer {
  const r = recordOf(p);
  const offer = offered(r, req.body.offerId);
  if (!offer) return badRequest("offerId must be one of this payment's offers");
  if (req.body.isBankOffer !== offer.provider.isBank) return badRequest('isBankOffer does not match the offer');
  if (offer.provider.isBank) {
    if (!r.bankOtp || r.bankOtp.offerId !== offer.offerId || r.bankOtp.reference !== req.body.otpRequestReference)
      return badRequest('otpRequestReference does not name the OTP sent for this offer');
    const account = text(req.body.accountNumber);
    if (account && !/^\d{10}$/.test(account)) return badRequest(`accountNumber must be ${ACCOUNT_NUMBER_LENGTH} digits`);
    if (text(req.body.otp) !== SANDBOX_CREDIT_OTP) return invalidOtp();
  } else if (!r.token?.authorized || r.token.offerId !== offer.offerId) {
    return badRequest("The offer's card token is not authorized");
  }
  r.accepts += 1;
  const paymentReference = `OJA|CREDIT|${p.paymentId}`;
  markPaid(p, ctx.now(), paymentReference);
  return ok({
    responseDescription: 'Approved by Financial Institution',
    paymentId: p.paymentId,
    transactionReference: p.txnRef,
    amount: p.props.checkoutAmount,
    paymentReference,
    retrievalReferenceNumber: `RR${p.paymentId}C`,
  });
}

/**
 * The credit endpoints of the sandbox collections API (companion §7, CONTRACT §5). Every one names its payment (a
 * paid one refuses them all: attemptRoute) but the bank list; fault injection reaches each like any API path. The
 * wallet sign-in is the wallet's own call, answered by the wallet's part.
 */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['NG'],
  routes: [
    { method: 'GET', path: BANKS_PATH, handler: () => ({ body: { responseCode: '00', banks: SANDBOX_BANKS } }) },
    attemptRoute(GENERATE_OTP_PATH, generate),
    attemptRoute(VALIDATE_OTP_PATH, validate),
    attemptRoute(OFFERS_PATH, offers),
    attemptRoute(BANK_OTP_PATH, bankOtp),
    attemptRoute(TOKEN_PATH, token),
    attemptRoute(TOKEN_VALIDATE_PATH, authorizeToken),
    attemptRoute(ACCEPT_OFFER_PATH, accept),
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...credit, sandbox };
