import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import type { SandboxPayment } from '@oja/core';

/**
 * The merchant notifications Interswitch sends (docs.interswitchgroup.com/docs/webhooks): one POST of JSON per event,
 * signed in this header with the merchant's secret. The sandbox sends the same (docs/merchants/webhooks.md).
 */
export const WEBHOOK_SIGNATURE_HEADER = 'X-Interswitch-Signature';

/** The transaction events (Interswitch's "TRANSACTION Event Types"), in the order a payment meets them. */
export const WEBHOOK_EVENTS = ['TRANSACTION.CREATED', 'TRANSACTION.UPDATED', 'TRANSACTION.COMPLETED'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/**
 * The sandbox's test webhook secrets, by merchant code, beside their MAC keys (legacyHash.ts): the secret a merchant
 * copies from Quickteller Business's dashboard in production. Any other merchant registers its own (POST /sandbox/webhooks).
 */
export const SANDBOX_WEBHOOK_SECRETS: Readonly<Record<string, string>> = {
  MX_DEMO: 'sandbox-webhook-secret-MX_DEMO-7f3c9a1e5b',
  MX6072: 'sandbox-webhook-secret-MX6072-2d8e4b6f0a',
};

/** The merchant's test webhook secret, if the sandbox has one. */
export const testWebhookSecret = (merchantCode: string): string | undefined =>
  Object.hasOwn(SANDBOX_WEBHOOK_SECRETS, merchantCode) ? SANDBOX_WEBHOOK_SECRETS[merchantCode] : undefined;

/** A webhook URL is at most this long, characters (a merchant's route, not a document). */
export const MAX_WEBHOOK_URL_LENGTH = 2_048;
/** A secret a merchant registers: at least this long (a guessable secret signs nothing), at most the second. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16;
export const MAX_WEBHOOK_SECRET_LENGTH = 256;
/** A merchant code as the sandbox keys it. */
const MERCHANT_CODE = /^[A-Za-z0-9_-]{1,64}$/;

/** The signature of a body as sent: hex HMAC-SHA512 of the raw bytes with the merchant's secret. */
export function signWebhook(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha512', secret).update(rawBody).digest('hex');
}

/** Does the signature header match this raw body? Compared in constant time, hex without regard to case. */
export function verifyWebhookSignature(rawBody: string | Buffer, signature: string | undefined, secret: string): boolean {
  if (!signature || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  return timingSafeEqual(Buffer.from(signWebhook(rawBody, secret), 'hex'), Buffer.from(signature, 'hex'));
}

/** Where a merchant's notifications go, and the secret that signs them. */
export interface WebhookDestination {
  url: string;
  secret: string;
}

/** The reason a webhook URL is refused, or undefined: absolute http: or https:, no credentials, bounded. */
export function webhookUrlRefusal(url: unknown): string | undefined {
  if (typeof url !== 'string' || url === '') return 'url is required, as a string';
  if (url.length > MAX_WEBHOOK_URL_LENGTH) return `url is longer than ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'url must be an absolute URL';
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return 'url must be http: or https:';
  if (parsed.username || parsed.password) return 'url must not carry credentials';
  return undefined;
}

/**
 * A registration (POST /sandbox/webhooks) read: `{ merchant_code, url, secret? }`; the secret defaults to the
 * merchant's test secret, and a merchant without one must give its own. Answers the refusal's words otherwise.
 */
export function readRegistration(body: Record<string, unknown>): { merchantCode: string; destination: WebhookDestination } | { refused: string } {
  const merchantCode = body.merchant_code;
  if (typeof merchantCode !== 'string' || !MERCHANT_CODE.test(merchantCode))
    return { refused: 'merchant_code is required: letters, digits, _ and -, at most 64' };
  const urlRefused = webhookUrlRefusal(body.url);
  if (urlRefused) return { refused: urlRefused };
  const given = body.secret;
  if (given !== undefined && (typeof given !== 'string' || given.length < MIN_WEBHOOK_SECRET_LENGTH || given.length > MAX_WEBHOOK_SECRET_LENGTH))
    return { refused: `secret must be a string of ${MIN_WEBHOOK_SECRET_LENGTH} to ${MAX_WEBHOOK_SECRET_LENGTH} characters` };
  const secret = given ?? testWebhookSecret(merchantCode);
  if (!secret) return { refused: `secret is required: the sandbox has a test secret only for ${Object.keys(SANDBOX_WEBHOOK_SECRETS).join(', ')}` };
  return { merchantCode, destination: { url: body.url as string, secret } };
}

/** Where a payment stands for its merchant, as the requery says it (requeryAnswer): the webhooks follow it. */
export type WebhookState = 'pending' | 'paid' | 'failed' | 'expired' | 'cancelled';

export function webhookStateOf(p: SandboxPayment): WebhookState {
  if (p.outcome?.value === 'success') return 'paid';
  if (p.outcome) return p.outcome.value;
  return p.cancellation ? 'cancelled' : 'pending';
}

/**
 * The events a change of a payment makes (`was` undefined: the request opened it). Opened: CREATED. Paid: COMPLETED,
 * final (a paid payment stays paid). Failed, expired or cancelled: UPDATED, since in the sandbox the payer may still
 * retry or pay another way (Interswitch sends COMPLETED for a transaction that "cannot be retried"). A return to
 * pending (a retry) sends nothing: the next result will.
 */
export function webhookEventsOf(was: SandboxPayment | undefined, now: SandboxPayment): WebhookEventName[] {
  const after = webhookStateOf(now);
  const events: WebhookEventName[] = was ? [] : ['TRANSACTION.CREATED'];
  if ((was ? webhookStateOf(was) : 'pending') === after || after === 'pending') return events;
  return [...events, after === 'paid' ? 'TRANSACTION.COMPLETED' : 'TRANSACTION.UPDATED'];
}

/** What the payment's result says, as its requery answers it (the one place that words a payment's state). */
export interface WebhookResult {
  responseCode: string;
  responseDescription: string;
  paymentReference: string;
  retrievalReferenceNumber: string;
}

/** The body of one notification, as Interswitch shapes it: `event`, `uuid` (one per event), `timestamp` and `data`. */
export interface WebhookBody {
  event: WebhookEventName;
  uuid: string;
  /** When the event happened, epoch ms. */
  timestamp: number;
  data: {
    paymentId: number;
    merchantCode: string;
    merchantReference: string;
    payableCode: string;
    /** What the payer is charged, minor units (the amount with any surcharge). */
    amount: number;
    /** What is remitted to the merchant, minor units (the amount the merchant asked for). */
    remittanceAmount: number;
    currencyCode: string;
    responseCode: string;
    responseDescription: string;
    paymentReference: string;
    retrievalReferenceNumber: string;
    merchantCustomerId: string;
    merchantCustomerName: string;
    channel: 'WEB';
    /** When the transaction was created, epoch ms. */
    transactionDate: number;
  };
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');
const minor = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

/** One event's body for a payment as it stands, with a fresh uuid (the merchant's key for "once"). */
export function webhookBody(event: WebhookEventName, p: SandboxPayment, result: WebhookResult, at: number): WebhookBody {
  return {
    event,
    uuid: randomUUID(),
    timestamp: at,
    data: {
      paymentId: Number(p.paymentId),
      merchantCode: p.merchantCode,
      merchantReference: p.txnRef,
      payableCode: text(p.props.payableCode),
      amount: minor(p.props.checkoutAmount),
      remittanceAmount: minor(p.props.amount),
      currencyCode: text(p.props.currencyCode),
      ...result,
      merchantCustomerId: text(p.props.customerId),
      merchantCustomerName: text(p.props.customerName),
      channel: 'WEB',
      transactionDate: p.createdAt,
    },
  };
}
