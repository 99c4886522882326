import { randomBytes } from 'node:crypto';
import { formatAmount } from '@oja/core';
import { alreadyPaid, escapeHtml, isPaid, markPaid, SANDBOX_BANK, sandboxRecord, sri, testPage, UNKNOWN_PAYMENT } from '@oja/sandbox';
import type { SandboxAnswer, SandboxContext, SandboxPart, SandboxPayment, SandboxRequest } from '@oja/sandbox';
import type { BinConfiguration, CardinalAuthenticationInformation, GatewayConfiguration, PayResponse } from './api';
import card from './index';
import { openPin, openSecureData } from './sandboxCrypto';
import { validateCardNumber } from './rules';
import {
  SANDBOX_CHALLENGE_CODE,
  SANDBOX_OTP,
  SANDBOX_PIN,
  savedCard,
  TEST_CARDS,
  testCard,
  tokenCard,
  tokenCardPan,
  typedCardConfiguration,
} from './sandboxCards';
import type { TestCard } from './sandboxCards';
import { CARD_SOURCES, FINGERPRINT_INTEGRITY_SETTING, FINGERPRINT_PATH } from './sources';

export { SANDBOX_CHALLENGE_CODE, SANDBOX_OTP, SANDBOX_PIN, SAVED_CARDS, TEST_CARDS, TOKEN_CARDS, tokenCardPan } from './sandboxCards';
export type { SavedCard, TestCard, TokenCard } from './sandboxCards';

/** The issuer's 3-D Secure pages, served on the sandbox's second origin (CONTRACT §5), as an issuer's are on its own. */
export const CHALLENGE_PATH = '/3ds/challenge';
export const COLLECT_PATH = '/3ds/collect';
export { FINGERPRINT_PATH };
/**
 * The stand-in for the device-fingerprint service's script (companion §7), served on the second origin. The real
 * one profiles the device; this one only shows that it ran, under the page's policy and integrity check.
 */
export const FINGERPRINT_STAND_IN = '/* Oja sandbox: device-fingerprint stand-in */ self.ojaSandboxFingerprint = true;\n';
/** authenticateCardinal's answer when the challenge was not passed or names another transaction: do not honour. */
export const CARDINAL_DECLINED_CODE = '05';
/** The bulk payments service's answer (HTTP 400) to a payment that is not a bulk one: invalid transaction. */
export const NOT_BULK_CODE = '12';
/** The answer (HTTP 405) to the card lookup sent as a GET, card data in the URL: invalid transaction. */
export const CARD_DATA_IN_URL_CODE = '12';
/** ECI of a transaction the payer authenticated on the challenge page (Visa: fully authenticated). */
export const AUTHENTICATED_ECI = '05';
/** ECI the payment answer carries while the challenge is still ahead (Visa: not authenticated). */
export const UNAUTHENTICATED_ECI = '07';
/** A Visa card's payment in this currency collects device data first (spec core §4 "Card flow"). */
const KENYAN_SHILLING = '404';
/** The sandbox wallet user's phone, where OTPs "go" when the merchant sent no customer number. */
const SANDBOX_PHONE = '08000000000';

const DESCRIPTIONS: Record<string, string> = {
  '00': 'Approved by Financial Institution',
  '05': 'Do not honour: 3-D Secure authentication was not completed',
  '14': 'No such card in the sandbox; use a test card from the README',
  '51': 'Insufficient funds',
  '54': 'Expired card',
  '55': 'Incorrect PIN',
  '91': 'Issuer or switch inoperative',
  Z8: 'Your card is not accepted by this merchant',
};

/**
 * The card being paid with, by its place among TEST_CARDS: never its number, since the record is kept in the
 * store (Redis when shared) and shown by GET /sandbox/payments.
 */
interface HeldCard {
  testCard: number;
  /** The saved card's instrument, when paying from the wallet. */
  walletInstrumentIdentifier?: string;
}

/** The card channel's state for one payment, under p.channels.card. */
export interface CardRecord {
  binLookups: number;
  /** Every pay request (POST /pay and the bulk service), including repeats. */
  payRequests: number;
  /** Pay requests that made a payment: the rest were answered from memory (a double click, a resend). */
  charges: number;
  /** OTPs "sent": the first, then one per resend. */
  otpSends: number;
  otpFailures: number;
  /** What the payment waits for after an answered pay request. */
  stage: 'otp' | 'challenge' | null;
  /** The T0 or S0 answer of that stage, repeated to a second pay request. */
  pending: PayResponse | null;
  /** The final answer, repeated to every later pay request of the attempt: a payment is charged once. */
  final: PayResponse | null;
  /** Device data collection (BIN answer's referenceId, and when its page was loaded). */
  collect: { ref: string; ranAt: number | null } | null;
  /** The pay request's cardinalReferenceId, when the page sent one. */
  cardinalReferenceId: string | null;
  challenge: { ref: string; transactionId: string; completedAt: number | null; failures: number } | null;
  /** The device-fingerprint script's last load for this payment (its org id, and when). */
  fingerprint?: { orgId: string; at: number };
  card?: HeldCard;
}

const records = sandboxRecord<CardRecord>('card');

export function cardRecord(p: SandboxPayment): CardRecord {
  return (
    records.get(p) ??
    records.set(p, {
      binLookups: 0,
      payRequests: 0,
      charges: 0,
      otpSends: 0,
      otpFailures: 0,
      stage: null,
      pending: null,
      final: null,
      collect: null,
      cardinalReferenceId: null,
      challenge: null,
    })
  );
}

function hold(r: CardRecord, card: TestCard, walletInstrumentIdentifier?: string) {
  r.card = { testCard: TEST_CARDS.indexOf(card), ...(walletInstrumentIdentifier && { walletInstrumentIdentifier }) };
}

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/**
 * A page reference: the payment's id and a random part, so that it names nothing of the card. Letters and digits
 * (base64url, `-` as `x`), not hex: a hex part has a run of 12 digits, card-number-like, in about one reference in 15.
 */
function newRef(p: SandboxPayment): string {
  return `${p.paymentId}.${randomBytes(12).toString('base64url').replace(/-/g, 'x')}`;
}

async function paymentOfRef(ref: unknown, ctx: SandboxContext): Promise<{ p: SandboxPayment; r: CardRecord } | undefined> {
  if (typeof ref !== 'string') return undefined;
  const dot = ref.lastIndexOf('.');
  const p = dot > 0 ? await ctx.payment({ paymentId: ref.slice(0, dot) }) : undefined;
  return p && { p, r: cardRecord(p) };
}

function answer(p: SandboxPayment, code: string, description = DESCRIPTIONS[code], reference = 'CRD'): PayResponse {
  const base = { responseCode: code, responseDescription: description, paymentId: p.paymentId, transactionReference: p.txnRef };
  if (code !== '00') return base;
  return {
    ...base,
    amount: p.props.checkoutAmount,
    paymentReference: `OJA|${reference}|${p.paymentId}`,
    retrievalReferenceNumber: `RR${p.paymentId}`,
  };
}

/**
 * Settled 00 by something other than this card's own approval (a transfer, another tab's simulate): every card
 * call then answers alreadyPaid. This card's approval is answered again as it was (a double click, a resend).
 */
function paidElsewhere(p: SandboxPayment, r: CardRecord): boolean {
  return isPaid(p) && r.final?.responseCode !== '00';
}

function startAttempt(r: CardRecord) {
  r.final = null;
  r.stage = null;
  r.pending = null;
  r.challenge = null;
}

/** The attempt's final answer; an approval settles the payment 00 for every channel (a paid payment stays paid). */
function settle(p: SandboxPayment, r: CardRecord, final: PayResponse, ctx: SandboxContext): PayResponse {
  if (final.responseCode === '00') markPaid(p, ctx.now(), typeof final.paymentReference === 'string' ? final.paymentReference : undefined);
  r.final = final;
  r.stage = null;
  r.pending = null;
  return final;
}

/** Past the end of its YYMM month, or not a YYMM at all. */
function isExpired(exp: string, now: number): boolean {
  const m = /^(\d{2})(\d{2})$/.exec(exp);
  if (!m) return true;
  const month = Number(m[2]);
  if (month < 1 || month > 12) return true;
  const today = new Date(now);
  return (2000 + Number(m[1])) * 12 + month < today.getUTCFullYear() * 12 + today.getUTCMonth() + 1;
}

interface Identified {
  card: TestCard;
  /** The lookup's card type: the test card's, or the Google Pay card's network. */
  typeName: TestCard['typeName'];
  config: GatewayConfiguration;
  exp: string;
  /** The PAN the PIN block was formatted with: '' for a saved card. */
  pinPan: string;
  walletInstrumentIdentifier?: string;
}

/** What names the card in a request: typed (sealed), saved in the wallet, or held in Google Pay. */
interface CardNaming {
  secureData: unknown;
  walletInstrumentIdentifier?: unknown;
  cardHash?: unknown;
  googlePayToken?: unknown;
}

const given = (v: unknown) => v !== undefined && v !== null && v !== '';

/** The test card a request names (typed, saved in the wallet or in Google Pay), or the 14 answer's description. */
function identify(p: SandboxPayment, named: CardNaming): Identified | { refused: string } {
  const opened = openSecureData(named.secureData);
  if (!opened) return { refused: 'Card data could not be read' };
  if (given(named.googlePayToken)) {
    const held = tokenCard(named.googlePayToken, p.merchantCode);
    if ('refused' in held) return held;
    // The page sends the card as Google Pay gives it (companion §4): last digits padded with 1, expiry in November.
    if (opened.pan !== tokenCardPan(held.last4) || !/^\d{2}11$/.test(opened.exp))
      return { refused: 'The card data does not match the Google Pay card' };
    const backing = testCard(held.backedBy)!;
    return { card: backing, typeName: held.typeName, config: held.cardTypeGatewayConfiguration, exp: opened.exp, pinPan: opened.pan };
  }
  if (given(named.walletInstrumentIdentifier)) {
    const saved = savedCard(named.walletInstrumentIdentifier);
    const { cardHash } = named;
    if (!saved || (cardHash !== undefined && cardHash !== null && cardHash !== saved.cardHash))
      return { refused: 'No such saved card in the sandbox wallet' };
    const backing = testCard(saved.backedBy)!;
    return {
      card: backing,
      typeName: backing.typeName,
      config: saved.cardTypeGatewayConfiguration,
      exp: opened.exp,
      pinPan: '',
      walletInstrumentIdentifier: saved.walletInstrumentIdentifier,
    };
  }
  // The page's own rule (length and Luhn): the sandbox refuses what the card entry would.
  if (validateCardNumber(opened.pan)) return { refused: 'Invalid card number' };
  const found = testCard(opened.pan);
  if (!found) return { refused: DESCRIPTIONS['14']! };
  return { card: found, typeName: found.typeName, config: typedCardConfiguration(found), exp: opened.exp, pinPan: opened.pan };
}

/** The sandbox issuer's words for a card response code (another channel's part answers a test card's result with them). */
export function cardCodeDescription(code: string): string | undefined {
  return DESCRIPTIONS[code];
}

/**
 * A typed test card sealed in secureData, with the PIN sealed in pinBlock, as another channel's sandbox part reads
 * them (pay on credit's card tokenisation): the card and the PIN it came with (null when none could be read), or
 * the code and reason it is refused (14 unreadable or unknown, 54 past its expiry). The PAN never leaves here.
 */
export function openTypedCard(
  secureData: unknown,
  pinBlock: unknown,
  now: number,
): { card: TestCard; pin: string | null } | { refused: { code: string; description: string } } {
  const opened = openSecureData(secureData);
  if (!opened || validateCardNumber(opened.pan)) return { refused: { code: '14', description: 'Card data could not be read' } };
  const found = testCard(opened.pan);
  if (!found) return { refused: { code: '14', description: DESCRIPTIONS['14']! } };
  if (isExpired(opened.exp, now)) return { refused: { code: '54', description: DESCRIPTIONS['54']! } };
  return { card: found, pin: openPin(pinBlock, opened.pan) };
}

/**
 * The checks every payment of a card passes, in the issuer's order: a card the sandbox knows, accepted by the
 * merchant, in date, with its PIN. Answers the final refusal, or the card to go on with.
 */
function check(
  p: SandboxPayment,
  r: CardRecord,
  body: Record<string, unknown>,
  ctx: SandboxContext,
): { passed: Identified } | { refusal: PayResponse } {
  const id = identify(p, { secureData: body.secureData, walletInstrumentIdentifier: body.instrumentIdentifier, googlePayToken: body.googlePayToken });
  if ('refused' in id) return { refusal: answer(p, '14', id.refused) };
  hold(r, id.card, id.walletInstrumentIdentifier);
  if (id.card.refusedAtBin) return { refusal: answer(p, id.card.result) };
  if (id.config.supportsExpiryDate && isExpired(id.exp, ctx.now())) return { refusal: answer(p, '54') };
  if (id.config.supportsPin && openPin(body.pinBlock, id.pinPan) !== (id.card.pin ?? SANDBOX_PIN)) return { refusal: answer(p, '55') };
  return { passed: id };
}

function maskedPhone(p: SandboxPayment): string {
  const digits = String(p.props.customerMobileNo ?? '').replace(/\D/g, '');
  const phone = digits.length >= 8 ? digits : SANDBOX_PHONE;
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

function otpSent(p: SandboxPayment): PayResponse {
  return {
    responseCode: 'T0',
    responseDescription: 'Kindly enter the OTP sent to your phone',
    requiresCentinelAuthorization: false,
    smsSent: true,
    emailSent: false,
    mobilePhoneNumber: maskedPhone(p),
    paymentId: p.paymentId,
  };
}

function challengeRequired(p: SandboxPayment, r: CardRecord, ctx: SandboxContext): PayResponse {
  const ref = newRef(p);
  const transactionId = hex(10);
  r.challenge = { ref, transactionId, completedAt: null, failures: 0 };
  return {
    responseCode: 'S0',
    responseDescription: 'Authenticate the payment with your bank',
    requiresCentinelAuthorization: true,
    cardinalInfo: {
      url: ctx.outsideUrl(`${CHALLENGE_PATH}?ref=${ref}`),
      callBackUrl: `/api/v1/payments/cardinalCallBackStatus?paymentId=${encodeURIComponent(p.paymentId)}`,
      payLoad: randomBytes(24).toString('base64'),
      accessToken: hex(16),
      transactionId,
      eciFlag: UNAUTHENTICATED_ECI,
    },
    paymentId: p.paymentId,
  };
}

/** The device data collection a Visa card starts with when it has 3-D Secure, or pays in KES. */
function collection(p: SandboxPayment, r: CardRecord, c: TestCard, ctx: SandboxContext): CardinalAuthenticationInformation | undefined {
  if (!c.threeDs && !(c.typeName === 'Visa' && p.props.currencyCode === KENYAN_SHILLING)) return undefined;
  r.collect ??= { ref: newRef(p), ranAt: null };
  return { referenceId: r.collect.ref, deviceDataCollectionUrl: ctx.outsideUrl(`${COLLECT_PATH}?ref=${r.collect.ref}`), accessToken: hex(16) };
}

async function binConfiguration(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const q = req.body;
  const p = await ctx.payment({ paymentId: q.paymentId ?? '' });
  if (!p) return UNKNOWN_PAYMENT;
  const r = cardRecord(p);
  // Paid another way (another tab, another channel): no new attempt starts.
  if (paidElsewhere(p, r)) return alreadyPaid(p);
  r.binLookups++;
  // A card entry starts the payer's next attempt (Retry after a refusal, another card after leaving the OTP or
  // the challenge): the answers of the one before no longer hold. An approved payment stays approved.
  if (r.final?.responseCode !== '00') startAttempt(r);
  const id = identify(p, {
    secureData: q.secureData,
    walletInstrumentIdentifier: q.walletInstrumentIdentifier,
    cardHash: q.cardHash,
    googlePayToken: q.googlePayToken,
  });
  if ('refused' in id) return { body: { responseCode: '14', responseDescription: id.refused } satisfies BinConfiguration };
  hold(r, id.card, id.walletInstrumentIdentifier);
  if (id.card.refusedAtBin)
    return { body: { responseCode: id.card.result, responseDescription: DESCRIPTIONS[id.card.result] } satisfies BinConfiguration };
  const info = collection(p, r, id.card, ctx);
  const body: BinConfiguration = {
    responseCode: '00',
    responseDescription: 'Successful',
    cardTypeGatewayConfiguration: id.config,
    cardType: { typeName: id.typeName },
    ...(info && { cardinalAuthenticationInformation: info }),
  };
  return { body };
}

/**
 * The lookup as spec core §7 lists it (GET, card data in the query) is refused: a URL ends up in access logs, so
 * the card data goes in a POST body. The refusal is loud, so that a page still sending the GET fails at once.
 */
function binConfigurationByGet(): SandboxAnswer {
  return {
    status: 405,
    body: {
      responseCode: CARD_DATA_IN_URL_CODE,
      responseDescription: 'POST /api/v1/merchantbins with the card data in a JSON body: card data never goes in a URL',
    },
  };
}

async function pay(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const p = await ctx.payment({ paymentId: req.body.paymentId ?? '' });
  if (!p) return UNKNOWN_PAYMENT;
  const r = cardRecord(p);
  if (paidElsewhere(p, r)) return alreadyPaid(p);
  r.payRequests++;
  if (r.final) return { body: r.final };
  if (r.stage === 'otp' && r.pending) {
    // The OTP screen's resend: the same payment, a fresh OTP. Anything else is a repeat of the first request.
    if (req.body.resendOtp === true || req.body.resendOtp === 'true') r.otpSends++;
    return { body: r.pending };
  }
  if (r.stage === 'challenge' && r.pending) return { body: r.pending };
  r.charges++;
  if (typeof req.body.cardinalReferenceId === 'string') r.cardinalReferenceId = req.body.cardinalReferenceId;
  const checked = check(p, r, req.body, ctx);
  if ('refusal' in checked) return { body: settle(p, r, checked.refusal, ctx) };
  const { card: c } = checked.passed;
  if (c.otp) {
    r.stage = 'otp';
    r.otpSends++;
    r.pending = otpSent(p);
    return { body: r.pending };
  }
  if (c.threeDs) {
    r.stage = 'challenge';
    r.pending = challengeRequired(p, r, ctx);
    return { body: r.pending };
  }
  return { body: settle(p, r, answer(p, c.result), ctx) };
}

function heldCard(r: CardRecord): TestCard | undefined {
  return r.card && TEST_CARDS[r.card.testCard];
}

async function authenticateOtp(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const p = await ctx.payment({ paymentId: req.body.paymentId ?? '' });
  if (!p) return UNKNOWN_PAYMENT;
  const r = cardRecord(p);
  if (paidElsewhere(p, r)) return alreadyPaid(p);
  // A repeated submit after the answer gets the answer again.
  if (r.final) return { body: r.final };
  const c = heldCard(r);
  if (r.stage !== 'otp' || !c) return { body: { responseCode: '25', responseDescription: 'No payment awaiting an OTP' } };
  if (String(req.body.twoFactorAuthenticationCode ?? '') !== SANDBOX_OTP) {
    r.otpFailures++;
    return { body: { responseCode: 'T1', responseDescription: 'Invalid OTP provided' } };
  }
  return { body: settle(p, r, answer(p, c.result), ctx) };
}

async function cardinalStatus(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const p = await ctx.payment({ paymentId: req.query.get('paymentId') ?? '' });
  if (!p) return UNKNOWN_PAYMENT;
  const { challenge } = cardRecord(p);
  if (!challenge) return { body: { responseCode: '25', responseDescription: 'No 3-D Secure authentication for this payment' } };
  if (challenge.completedAt === null) return { body: { responseCode: 'T1', responseDescription: 'Authentication in progress' } };
  return {
    body: { responseCode: 'T0', responseDescription: 'Authentication complete', eciFlag: AUTHENTICATED_ECI, transactionId: challenge.transactionId },
  };
}

async function authenticateCardinal(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const p = await ctx.payment({ paymentId: req.body.paymentId ?? '' });
  if (!p) return UNKNOWN_PAYMENT;
  const r = cardRecord(p);
  if (paidElsewhere(p, r)) return alreadyPaid(p);
  if (r.final) return { body: r.final };
  const c = heldCard(r);
  if (!r.challenge || !c) return { body: { responseCode: '25', responseDescription: 'No 3-D Secure authentication for this payment' } };
  const info = (req.body.cardinalInfo ?? {}) as Record<string, unknown>;
  const passed = r.challenge.completedAt !== null && info.transactionId === r.challenge.transactionId;
  return { body: settle(p, r, passed ? answer(p, c.result) : answer(p, CARDINAL_DECLINED_CODE), ctx) };
}

/**
 * The bulk payments service: one card payment for every pay item. Kept simple: no OTP and no 3-D Secure in
 * bulk, so a card that would meet them is approved once its checks (PIN, expiry) pass.
 */
async function bulkPayment(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const p = await ctx.payment({ paymentId: req.body.paymentId ?? '' });
  if (!p) return UNKNOWN_PAYMENT;
  if (p.props.isBulkPayment !== true) return { status: 400, body: { responseCode: NOT_BULK_CODE, responseDescription: 'Not a bulk payment' } };
  const r = cardRecord(p);
  if (paidElsewhere(p, r)) return alreadyPaid(p);
  r.payRequests++;
  if (r.final) return { body: r.final };
  r.charges++;
  const checked = check(p, r, req.body, ctx);
  return { body: settle(p, r, 'refusal' in checked ? checked.refusal : answer(p, checked.passed.card.result, undefined, 'BLK'), ctx) };
}

// The issuer's pages: plain HTML forms in the sandbox's shared test look (a strict CSP applies: no script).

/** An INLINE checkout is framed by the merchant's page, itself an ancestor of the issuer's frame. */
function framers(p: SandboxPayment): string[] {
  return p.props.displayMode === 'INLINE' && typeof p.props.siteOrigin === 'string' ? [p.props.siteOrigin] : [];
}

const UNKNOWN_PAGE: SandboxAnswer = {
  status: 404,
  ...testPage(
    SANDBOX_BANK,
    'Unknown verification — Oja Sandbox Bank',
    '<h1>Oja Sandbox Bank</h1>\n<p>This verification is unknown or no longer valid. Return to the checkout.</p>',
  ),
};

function donePage(p: SandboxPayment): SandboxAnswer {
  return {
    ...testPage(
      SANDBOX_BANK,
      'Verification complete — Oja Sandbox Bank',
      '<h1>Oja Sandbox Bank</h1>\n<p role="status">Verification complete. You can return to the checkout.</p>',
    ),
    frameAncestors: framers(p),
  };
}

function challengePage(p: SandboxPayment, ref: string, error: boolean): SandboxAnswer {
  const amount = formatAmount(Number(p.props.checkoutAmount) || 0, String(p.props.currencyCode ?? ''));
  const merchant = String(p.props.merchantName ?? '');
  const body = `<h1>Oja Sandbox Bank — verify your payment</h1>
<p>Payment of <strong class="amount">${escapeHtml(amount)}</strong>${merchant ? ` to <strong>${escapeHtml(merchant)}</strong>` : ''}.</p>
<form method="post" action="${CHALLENGE_PATH}">
<input type="hidden" name="ref" value="${escapeHtml(ref)}">
${error ? '<p id="code-error" role="alert">Incorrect code. Try again.</p>\n' : ''}<p><label for="code">Enter the code ${SANDBOX_CHALLENGE_CODE}</label>
<input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" required${error ? ' aria-invalid="true" aria-describedby="code-error"' : ''}></p>
<div class="actions"><button class="primary" type="submit">Submit</button></div>
</form>`;
  return { ...testPage(SANDBOX_BANK, 'Verify your payment — Oja Sandbox Bank', body), frameAncestors: framers(p) };
}

async function showChallenge(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const ref = req.query.get('ref');
  const found = await paymentOfRef(ref, ctx);
  const challenge = found?.r.challenge;
  if (!found || !challenge || challenge.ref !== ref) return UNKNOWN_PAGE;
  return challenge.completedAt === null ? challengePage(found.p, challenge.ref, false) : donePage(found.p);
}

async function submitChallenge(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const ref = req.body.ref;
  const found = await paymentOfRef(ref, ctx);
  const challenge = found?.r.challenge;
  if (!found || !challenge || challenge.ref !== ref) return UNKNOWN_PAGE;
  if (challenge.completedAt !== null) return donePage(found.p);
  if (String(req.body.code ?? '').trim() !== SANDBOX_CHALLENGE_CODE) {
    challenge.failures++;
    return challengePage(found.p, challenge.ref, true);
  }
  challenge.completedAt = ctx.now();
  return donePage(found.p);
}

async function collectDeviceData(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const ref = req.query.get('ref');
  const found = await paymentOfRef(ref, ctx);
  const collect = found?.r.collect;
  if (!found || !collect || collect.ref !== ref) return UNKNOWN_PAGE;
  collect.ranAt ??= ctx.now();
  return {
    ...testPage(SANDBOX_BANK, 'Device data collection — Oja Sandbox Bank', '<p>Device data collected.</p>'),
    frameAncestors: framers(found.p),
  };
}

/**
 * The device-fingerprint script: the same stand-in for every request, recorded on the payment its session names
 * (the merchant's Cybersource id followed by the payment id, companion §7).
 */
async function fingerprint(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  const orgId = req.query.get('org_id') ?? '';
  const session = req.query.get('session_id') ?? '';
  // The payment id is the session's trailing digits after the merchant's id: try each split.
  for (let i = 1; i < session.length && orgId; i++) {
    if (!/^\d+$/.test(session.slice(i))) continue;
    const p = await ctx.payment({ paymentId: session.slice(i) });
    if (p && p.props.cybersourceOrgId === orgId && p.props.cybersourceMerchantId === session.slice(0, i)) {
      cardRecord(p).fingerprint = { orgId, at: ctx.now() };
      break;
    }
  }
  return { script: FINGERPRINT_STAND_IN };
}

/** The card endpoints of the sandbox collections API (spec core §7), and the outside parties' pages and script. */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['*'],
  // The checkout's `/` lists them in sandbox mode (CONTRACT §4).
  testCards: TEST_CARDS.map((c) => ({
    number: c.pan,
    brand: c.typeName,
    pin: c.pin,
    otp: c.otp ? SANDBOX_OTP : undefined,
    challengeCode: c.threeDs ? SANDBOX_CHALLENGE_CODE : undefined,
    result: c.result,
  })),
  routes: [
    { method: 'POST', path: '/api/v1/merchantbins', handler: binConfiguration },
    { method: 'GET', path: '/api/v1/merchantbins', handler: binConfigurationByGet },
    { method: 'POST', path: '/api/v1/pay', handler: pay, structuredFields: ['deviceInformation', 'walletInfo'] },
    { method: 'POST', path: '/api/v1/pay/authenticateToken', handler: authenticateOtp },
    { method: 'GET', path: '/api/v1/payments/cardinalCallBackStatus', handler: cardinalStatus },
    { method: 'POST', path: '/api/v1/pay/authenticateCardinal', handler: authenticateCardinal, structuredFields: ['cardinalInfo'] },
    { method: 'POST', path: '/api/v1/payments', handler: bulkPayment, structuredFields: ['deviceInformation', 'payItems'] },
  ],
  outsideRoutes: [
    { method: 'GET', path: COLLECT_PATH, handler: collectDeviceData },
    { method: 'GET', path: CHALLENGE_PATH, handler: showChallenge },
    { method: 'POST', path: CHALLENGE_PATH, handler: submitChallenge },
    {
      method: 'GET',
      path: FINGERPRINT_PATH,
      handler: fingerprint,
      script: {
        text: FINGERPRINT_STAND_IN,
        why: "Sandbox only: the stand-in for the device-fingerprint service's script, loaded with the card screen",
      },
    },
  ],
  // The page checks the stand-in's integrity, as it would a real service's versioned script.
  settings: { [FINGERPRINT_INTEGRITY_SETTING]: sri(FINGERPRINT_STAND_IN) },
  // The merchant's Cybersource ids: a card payment then loads the device-fingerprint script (companion §7).
  requestFields: ['cybersource_org_id', 'cybersource_merchant_id'],
  paymentProps: (fields) => ({
    cybersourceOrgId: fields.cybersource_org_id || undefined,
    cybersourceMerchantId: fields.cybersource_merchant_id || undefined,
  }),
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
/** The card as the server runs it: its sandbox part and the outside sources its pages load from. */
export default { ...card, sandbox, sources: CARD_SOURCES };
