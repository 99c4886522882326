import { randomBytes } from 'node:crypto';
import { createHttp, formatAmount } from '@oja/core';
import { REQUERY_PATH } from '@oja/core';

/** Orders the demo store keeps at most: past it the oldest is forgotten first (a long-running dev server). */
export const MAX_STORE_ORDERS = 5_000;
/**
 * How long the store's server waits for the collections API's requery, ms. The payer's return page waits on it,
 * so it is short; a requery that takes longer is "could not verify yet", never "paid".
 */
export const VERIFY_TIMEOUT_MS = 5_000;

/** One order of the store: what it charges, kept on the store's server, never taken from the payer's browser. */
export interface Order {
  ref: string;
  /** Minor units. */
  amount: number;
  /** ISO 4217 numeric. */
  currency: string;
  createdAt: number;
  /**
   * When a requery, or a signed notification (webhook), first said 00 for this order's reference and amount; the
   * order is paid from then on.
   */
  paidAt?: number;
  /** Which said it first. */
  paidBy?: 'requery' | 'webhook';
  /**
   * When a requery first answered 00: from then on the order is never asked again. A webhook's 00 does not set it, so
   * that the payer's return page still shows the store's own verification once ("paid"), then "already paid".
   */
  verifiedAt?: number;
  /** Requeries sent for this order (an order once verified by a requery is never asked again). */
  requeries: number;
}

/**
 * What a verification concluded. Only `paid` (this arrival verified the payment) and `already-paid` (an earlier
 * one did) mean paid; every other verdict is not paid.
 */
export type Verdict =
  | 'paid'
  | 'already-paid'
  | 'pending'
  | 'cancelled'
  | 'expired'
  | 'failed'
  | 'mismatch'
  | 'not-found'
  | 'unknown-order'
  | 'unverified';

export interface Verification {
  ref: string;
  verdict: Verdict;
  paid: boolean;
  /** Asking again may change the answer (pending, or no answer yet): the store offers "Verify again". */
  retry: boolean;
  /** The requery's ResponseCode and ResponseDescription, when it answered. */
  code?: string;
  description?: string;
  /** What the store shows the payer. */
  message: string;
}

/** The fields of the requery's answer the store reads (CONTRACT §5). */
export interface RequeryAnswer {
  ResponseCode?: unknown;
  ResponseDescription?: unknown;
  Amount?: unknown;
  MerchantReference?: unknown;
  PaymentReference?: unknown;
}

/** The requery's codes that mean "not settled yet": asking again later may answer 00. */
const PENDING_CODES = new Set(['09', 'Z0']);

/**
 * The verdict of a requery's answer for an order: paid only on 00 for this very reference and the order's
 * amount; an approval of another amount or reference is not this order's payment.
 */
export function verdictOf(order: Order, answer: RequeryAnswer): Verdict {
  const code = String(answer.ResponseCode ?? '');
  if (code === '00') return answer.MerchantReference === order.ref && Number(answer.Amount) === order.amount ? 'paid' : 'mismatch';
  if (PENDING_CODES.has(code)) return 'pending';
  if (code === 'Z6') return 'cancelled';
  if (code === 'XS1') return 'expired';
  if (code === 'Z25') return 'not-found';
  return 'failed';
}

/** The store's words for a verdict (the demo store is an English merchant page, not the checkout). */
function messageOf(v: Verdict, order: Pick<Order, 'ref' | 'amount' | 'currency'> | undefined, ref: string, code = '', description = ''): string {
  const answered = description ? `${code}: ${description}` : code;
  switch (v) {
    case 'paid':
      return `Paid: order ${ref} verified with the collections API (${formatAmount(order!.amount, order!.currency)}).`;
    case 'already-paid':
      return `Already paid: order ${ref} was verified before; nothing more to do.`;
    case 'pending':
      return `Not paid yet: the payment of order ${ref} is still in progress (${answered}). Verify again in a moment.`;
    case 'cancelled':
      return `Not paid: the payment of order ${ref} was cancelled (${answered}).`;
    case 'expired':
      return `Not paid: the payment of order ${ref} expired (${answered}).`;
    case 'failed':
      return `Not paid: the payment of order ${ref} failed (${answered}).`;
    case 'mismatch':
      return `Not paid: the collections API approved another amount or reference than order ${ref} (${answered}).`;
    case 'not-found':
      return `Not paid: the collections API knows no payment for order ${ref} (${answered}).`;
    case 'unknown-order':
      return `Unknown order: this store has no order ${ref}; nothing was verified.`;
    case 'unverified':
      return `Could not verify order ${ref} yet (the collections API did not answer): try again.`;
  }
}

const RETRY: ReadonlySet<Verdict> = new Set(['pending', 'unverified']);

function verification(v: Verdict, ref: string, order?: Order, code?: string, description?: string): Verification {
  return {
    ref,
    verdict: v,
    paid: v === 'paid' || v === 'already-paid',
    retry: RETRY.has(v),
    ...(code !== undefined && { code, description }),
    message: messageOf(v, order, ref, code, description),
  };
}

export interface OrdersOptions {
  /** The collections API's base (the checkout's own base when it embeds the sandbox). */
  apiBase: string;
  merchantCode: string;
  /** Orders kept at most; default MAX_STORE_ORDERS (tests use a few). */
  maxOrders?: number;
  /** The fetch the HTTP client calls (tests count requeries with it). */
  fetchImpl?: typeof fetch;
  now?: () => number;
}

export interface Orders {
  /** A new order of this amount: its reference is the store's, made here. */
  open(amount: number, currency: string): Order;
  get(ref: string): Order | undefined;
  /** Every order kept, oldest first. */
  list(): Order[];
  /**
   * Asks the collections API whether the order's payment is paid. An order once verified paid by a requery is never
   * asked again (`already-paid`); results arriving together share one requery, and only the first says `paid`.
   */
  verify(ref: string): Promise<Verification>;
  /**
   * What a signed notification (webhook) says of an order, read as a requery's answer is (verdictOf): the first 00
   * for its reference and amount marks it paid; any later word finds it `already-paid`.
   */
  notified(ref: string, answer: RequeryAnswer): Verdict;
}

/** The store's orders, kept on its server (bounded, oldest out), and their verification by the requery. */
export function createOrders(o: OrdersOptions): Orders {
  const max = o.maxOrders ?? MAX_STORE_ORDERS;
  const now = o.now ?? (() => Date.now());
  const http = createHttp(o.apiBase, o.fetchImpl);
  const orders = new Map<string, Order>();
  const asking = new Map<string, Promise<Verification>>();

  async function ask(order: Order): Promise<Verification> {
    order.requeries += 1;
    let answer: RequeryAnswer;
    try {
      answer = await http.get<RequeryAnswer>(REQUERY_PATH, {
        params: { merchantcode: o.merchantCode, transactionreference: order.ref, amount: order.amount },
        timeoutMs: VERIFY_TIMEOUT_MS,
      });
    } catch {
      // Network, timeout, 5xx or an unreadable answer: nothing is known, so nothing is paid.
      return verification('unverified', order.ref, order);
    }
    if (typeof answer.ResponseCode !== 'string') return verification('unverified', order.ref, order);
    const v = verdictOf(order, answer);
    if (v === 'paid') {
      order.verifiedAt = now();
      if (order.paidAt === undefined) Object.assign(order, { paidAt: order.verifiedAt, paidBy: 'requery' });
    }
    return verification(v, order.ref, order, answer.ResponseCode, typeof answer.ResponseDescription === 'string' ? answer.ResponseDescription : '');
  }

  return {
    open(amount, currency) {
      for (const oldest of orders.keys()) {
        if (orders.size < max) break;
        orders.delete(oldest);
      }
      const ref = `DEMO-${now().toString(36)}-${randomBytes(3).toString('hex')}`;
      const order: Order = { ref, amount, currency, createdAt: now(), requeries: 0 };
      orders.set(ref, order);
      return order;
    },
    get: (ref) => orders.get(ref),
    list: () => [...orders.values()],
    async verify(ref) {
      const order = orders.get(ref);
      if (!order) return verification('unknown-order', ref);
      if (order.verifiedAt !== undefined) return verification('already-paid', ref, order);
      const inFlight = asking.get(ref);
      if (inFlight) {
        const v = await inFlight;
        return v.verdict === 'paid' ? verification('already-paid', ref, order) : v;
      }
      const p = ask(order).finally(() => asking.delete(ref));
      asking.set(ref, p);
      return p;
    },
    notified(ref, answer) {
      const order = orders.get(ref);
      if (!order) return 'unknown-order';
      if (order.paidAt !== undefined) return 'already-paid';
      const v = verdictOf(order, answer);
      if (v === 'paid') Object.assign(order, { paidAt: now(), paidBy: 'webhook' });
      return v;
    },
  };
}
