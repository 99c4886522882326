import { CODE_SUCCESS, HttpError } from '@oja/core';
import type { CallContext, PaymentProps } from '@oja/core';
import type { Sealed, WalletCard } from '@oja/card/steps';
import {
  ACCEPT_OFFER_PATH,
  BANK_OTP_PATH,
  BANKS_PATH,
  CODE_TOKEN_SENT,
  GENERATE_OTP_PATH,
  OFFERS_PATH,
  TOKEN_PATH,
  TOKEN_VALIDATE_PATH,
  VALIDATE_OTP_PATH,
  WALLET_SIGN_IN_PATH,
} from './constants';
import { NoOffers } from './rules';

/** Any credit call's answer: its code, its description, and whatever else it carries. */
export interface CreditAnswer {
  responseCode: string;
  responseDescription?: string;
  [field: string]: unknown;
}

/** A bank of the institution list (companion §3 "bank list entries"). */
export interface Bank {
  id: string;
  code: string;
  name: string;
  bankCode: string;
}

/** A lender (companion §3 "Offer fields"). */
export interface OfferProvider {
  code: string;
  name: string;
  isBank: boolean;
}

/** A loan offer: amounts in minor units, tenure in days (companion §2 "Offers list"). */
export interface Offer {
  offerId: string;
  provider: OfferProvider;
  amountOffered: number;
  initialPayment: number;
  amountPayable: number;
  tenure: number;
}

/** The signed-in customer (companion §3 "userData (mobileNo), customerId, walletCards"). */
export interface Customer {
  customerId: string;
  mobileNo: string;
  walletCards: WalletCard[];
}

/** The bank account the payer named on the bank details step (companion §3 "bank details"). */
export interface BankAccount {
  bank: Bank;
  accountNumber: string;
}

/** Answers the call's answer when its code is `success`, else rejects with it as the error's body (companion §8). */
function expect(answer: CreditAnswer, success = CODE_SUCCESS): CreditAnswer {
  if (answer?.responseCode !== success) throw new HttpError(`Credit call refused: ${String(answer?.responseCode)}`, 'invalid', 200, answer);
  return answer;
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

function ids(props: PaymentProps) {
  return { merchantCode: props.merchantCode, payableCode: props.payableCode, paymentId: props.paymentId };
}

/** Sends the sign-in OTP to the customer's phone (companion §7 "generate"): the customer is named by the phone. */
export async function generateOtp({ http, props, signal }: CallContext, phone: string): Promise<CreditAnswer> {
  return expect(await http.post<CreditAnswer>(GENERATE_OTP_PATH, { paymentId: props.paymentId, customerId: phone }, { signal }));
}

/** Validates the sign-in OTP (companion §7 "validate"): the customer the lenders know by that phone. */
export async function validateOtp({ http, props, signal }: CallContext, phone: string, otp: string): Promise<Customer> {
  const r = expect(await http.post<CreditAnswer>(VALIDATE_OTP_PATH, { paymentId: props.paymentId, otp, customerId: phone }, { signal }));
  return { customerId: str(r.customerId) || phone, mobileNo: str(r.mobileNo) || phone, walletCards: [] };
}

/** Signs in with the payer's wallet (companion §7 "Wallet sign-in"): the wallet names the customer. A refusal is an HttpError (403). */
export async function walletSignIn({ http, props, signal }: CallContext, username: string, password: string): Promise<Customer> {
  const r = expect(await http.post<CreditAnswer>(WALLET_SIGN_IN_PATH, { username, password }, { params: ids(props), signal }));
  const user = (r.user ?? {}) as Record<string, unknown>;
  const customerId = str(r.walletId);
  if (!customerId) throw new HttpError('Wallet answer without a wallet id', 'invalid');
  return { customerId, mobileNo: str(user.mobileNo), walletCards: Array.isArray(r.paymentMethods) ? (r.paymentMethods as WalletCard[]) : [] };
}

/** The institutions (companion §7 "GET /api/v1/credit/banks"): well-formed entries only, bare or under `banks` or `data`. */
export async function listBanks({ http, signal }: CallContext): Promise<Bank[]> {
  const r = await http.get<unknown>(BANKS_PATH, { signal });
  const o = r as { banks?: unknown; data?: unknown };
  const list = Array.isArray(r) ? r : Array.isArray(o.banks) ? o.banks : Array.isArray(o.data) ? o.data : [];
  return (list as Array<Record<string, unknown> | null>).flatMap((b) => {
    const bank = { id: str(b?.id), code: str(b?.code), name: str(b?.name).trim(), bankCode: str(b?.bankCode) };
    return bank.id && bank.code && bank.name ? [bank] : [];
  });
}

function readOffer(o: Record<string, unknown> | null): Offer | null {
  const p = (o?.provider ?? {}) as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' ? v : Number(v));
  const offer = {
    offerId: str(o?.offerId),
    provider: { code: str(p.code), name: str(p.name), isBank: p.isBank === true },
    amountOffered: num(o?.amountOffered),
    initialPayment: num(o?.initialPayment),
    amountPayable: num(o?.amountPayable),
    tenure: num(o?.tenure),
  };
  const amounts = [offer.amountOffered, offer.initialPayment, offer.amountPayable, offer.tenure];
  return offer.offerId && offer.provider.code && offer.provider.name && amounts.every(Number.isFinite) ? offer : null;
}

/**
 * The customer's loan offers for this payment (companion §7 "POST /api/v1/credit"), with the bank account when the
 * payer named one. No offer rejects with NoOffers: "an empty offers list is treated as an error" (companion §5).
 */
export async function getOffers({ http, props, signal }: CallContext, customerId: string, account: BankAccount | null): Promise<Offer[]> {
  const r = expect(
    await http.post<CreditAnswer>(
      OFFERS_PATH,
      {
        amount: props.checkoutAmount,
        paymentId: props.paymentId,
        customerId,
        merchantCode: props.merchantCode,
        payableCode: props.payableCode,
        merchantTransactionReference: props.merchantTransactionReference,
        accountNumber: account?.accountNumber ?? '',
        providerCode: account?.bank.code ?? '',
      },
      { signal },
    ),
  );
  const offers = (Array.isArray(r.offers) ? (r.offers as Array<Record<string, unknown> | null>) : []).flatMap((o) => readOffer(o) ?? []);
  if (!offers.length) throw new NoOffers();
  return offers;
}

/** Asks a bank lender to send its OTP for the offer (companion §7 "bank OTP"): its otpRequestReference. */
export async function requestBankOtp(
  { http, props, signal }: CallContext,
  customerId: string,
  offer: Offer,
  account: BankAccount | null,
): Promise<string> {
  const r = expect(
    await http.post<CreditAnswer>(
      BANK_OTP_PATH,
      {
        paymentId: props.paymentId,
        customerId,
        offerId: offer.offerId,
        providerCode: offer.provider.code,
        accountNumber: account?.accountNumber ?? '',
        bankCode: account?.bank.bankCode ?? '',
      },
      { signal },
    ),
  );
  return str(r.otpRequestReference);
}

/**
 * The card tokenisation request (companion §3): the card and PIN sealed, the offer and customer. Its success is T0
 * (the token is made and an OTP is on its way); any other code rejects with the answer.
 */
export async function requestToken({ http, props, signal }: CallContext, sealed: Sealed, offer: Offer, customerId: string): Promise<CreditAnswer> {
  const body = {
    pinBlock: sealed.pinBlock,
    paymentId: props.paymentId,
    payableCode: props.payableCode,
    merchantCode: props.merchantCode,
    secureData: sealed.secureData,
    offerId: offer.offerId,
    customerId,
    providerCode: offer.provider.code,
    transactionRef: props.merchantTransactionReference,
  };
  return expect(await http.post<CreditAnswer>(TOKEN_PATH, body, { signal }), CODE_TOKEN_SENT);
}

/** Authorizes the card's token with the OTP it sent (companion §4 "then authorize token"). */
export async function authorizeToken({ http, props, signal }: CallContext, otp: string, offer: Offer, customerId: string): Promise<CreditAnswer> {
  const body = { paymentId: props.paymentId, otp, customerId, offerId: offer.offerId, transactionRef: props.merchantTransactionReference };
  return expect(await http.post<CreditAnswer>(TOKEN_VALIDATE_PATH, body, { signal }));
}

/** What accepting an offer names: a bank offer its account, OTP and OTP reference (companion §3 "Accept-offer request for banks"). */
export interface Acceptance {
  customerId: string;
  offer: Offer;
  otp: string;
  account: BankAccount | null;
  otpRequestReference: string;
}

/** The accept-offer request (companion §3): for a bank offer the bank's fields; for another lender the offer alone. */
export function acceptOfferRequest(props: PaymentProps, a: Acceptance): Record<string, unknown> {
  const common = {
    customerId: a.customerId,
    offerId: a.offer.offerId,
    providerCode: a.offer.provider.code,
    merchantCode: props.merchantCode,
    paymentId: props.paymentId,
    isBankOffer: a.offer.provider.isBank,
  };
  if (!a.offer.provider.isBank) return common;
  return {
    ...common,
    accountNumber: a.account?.accountNumber ?? '',
    bankCode: a.account?.bank.bankCode ?? '',
    otp: a.otp,
    otpRequestReference: a.otpRequestReference,
  };
}

/** Accepts the offer (companion §7 "accept offer"): the transaction response, whatever its code, completes the payment. */
export async function acceptOffer({ http, props, signal }: CallContext, a: Acceptance): Promise<CreditAnswer> {
  const r = await http.post<CreditAnswer>(ACCEPT_OFFER_PATH, acceptOfferRequest(props, a), { signal });
  if (typeof r.responseCode !== 'string' || !r.responseCode) throw new HttpError('Accept-offer answer without a code', 'invalid');
  return r;
}
