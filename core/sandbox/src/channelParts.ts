import type { SandboxAnswer, SandboxContext, SandboxPayment, SandboxRecord, SandboxRequest, SandboxRoute } from '@oja/core';
import { alreadyPaid, isPaid, UNKNOWN_PAYMENT } from './sandbox';

/** A channel's record that counts the attempts made for its payment (an account, a code generated). */
export interface AttemptRecord {
  /** Attempts made for this payment so far: a retry after a failed or expired one gets a fresh record. */
  generation: number;
}

/**
 * The channel's record for this request: the attempt in progress, or a fresh one (the next generation) for the
 * first request, or a retry after a failed or expired outcome, which starts afresh (its outcome cleared). A paid
 * payment is refused before (isPaid), never given a new attempt.
 */
export function currentAttempt<R extends AttemptRecord>(records: SandboxRecord<R>, p: SandboxPayment, fresh: (generation: number) => R): R {
  const r = records.get(p);
  if (r && !p.outcome) return r;
  const next = records.set(p, fresh((r?.generation ?? 0) + 1));
  p.outcome = null;
  return next;
}

/**
 * A channel's route that starts an attempt (generates an account, a code, sends a notification) for the payment
 * named in the body by `paymentId`, or without one by `merchantCode` and `transactionReference` (Uganda mobile
 * money's notification). A paid payment stays paid: no new attempt, nothing recorded, the refusal answered
 * (alreadyPaid).
 */
export function attemptRoute(
  path: string,
  start: (p: SandboxPayment, req: SandboxRequest, ctx: SandboxContext) => SandboxAnswer | Promise<SandboxAnswer>,
): SandboxRoute {
  return {
    method: 'POST',
    path,
    handler: async (req, ctx) => {
      const p = await ctx.payment({ paymentId: req.body.paymentId, merchantCode: req.body.merchantCode, txnRef: req.body.transactionReference });
      if (!p) return UNKNOWN_PAYMENT;
      return isPaid(p) ? alreadyPaid(p) : start(p, req, ctx);
    },
  };
}

/**
 * A channel's status route: the payment named by merchant code and transaction reference, answered by `status`.
 * A GET names it in the query (transfer, QR, USSD), a POST in its JSON body (Uganda mobile money).
 */
export function statusRoute(
  path: string,
  status: (p: SandboxPayment, ctx: SandboxContext) => Record<string, unknown>,
  method: 'GET' | 'POST' = 'GET',
): SandboxRoute {
  return {
    method,
    path,
    handler: async (req, ctx) => {
      const names =
        method === 'POST'
          ? { merchantCode: req.body.merchantCode, txnRef: req.body.transactionReference }
          : { merchantCode: req.query.get('merchantCode'), txnRef: req.query.get('transactionReference') };
      const p = await ctx.payment(names);
      return p ? { body: status(p, ctx) } : UNKNOWN_PAYMENT;
    },
  };
}
