import type { Store } from '@oja/store';
import type { SandboxPayment } from '@oja/core';

/** A payment no request has named for this long is forgotten, ms (24 h). */
export const SANDBOX_PAYMENT_IDLE_MS = 24 * 60 * 60_000;
/** The first payment id; each next one counts on (never reused, even after payments are forgotten). */
export const FIRST_PAYMENT_ID = 100_001;
/** Ids tried at most when opening a payment, should a store have lost its counter and answer an id in use. */
const MAX_ID_TRIES = 5;

/**
 * Where the sandbox keeps things in its store: every key under `sandbox:`, so that it shares a store (Redis) with
 * the checkout's sessions without meeting them.
 */
export const sandboxKeys = {
  payment: (paymentId: string) => `sandbox:payment:${paymentId}`,
  /** The index merchant code + transaction reference → payment id: a merchant's reference names one payment. */
  reference: (merchantCode: string, txnRef: string) => `sandbox:ref:${encodeURIComponent(merchantCode)}:${encodeURIComponent(txnRef)}`,
  /** The lock a request holds on a payment while it reads, changes and writes it back. */
  lock: (paymentId: string) => `sandbox:lock:${paymentId}`,
  /** The lock of a reference whose index names a payment that is gone, while it is pointed anew. */
  referenceLock: (merchantCode: string, txnRef: string) => `sandbox:lock:ref:${encodeURIComponent(merchantCode)}:${encodeURIComponent(txnRef)}`,
  counter: 'sandbox:payment-id',
  /** An owner's sandbox-wide value (a channel's issued token). */
  shared: (owner: string, key: string) => `sandbox:shared:${encodeURIComponent(owner)}:${key}`,
  /** A bearer token the OAuth token endpoint issued, with its expiry (epoch ms). */
  accessToken: (token: string) => `sandbox:access-token:${token}`,
  /** The token last issued to a client (a hash of its credentials and scope). */
  clientToken: (client: string) => `sandbox:client-token:${client}`,
  /** A merchant's webhook URL and secret (POST /sandbox/webhooks). */
  webhook: (merchantCode: string) => `sandbox:webhook:${encodeURIComponent(merchantCode)}`,
  /** A token of the merchant's token sign-in. */
  signIn: (token: string) => `sandbox:sign-in:${token}`,
};

/** Payment ids are digits: anything else names no payment, and never reaches the store as a key. */
const PAYMENT_ID = /^\d{1,20}$/;

/** How a request names a payment: its id, or the merchant's code and transaction reference. */
export interface PaymentRef {
  paymentId?: unknown;
  merchantCode?: unknown;
  txnRef?: unknown;
}

/** A request field as text: strings as they are, numbers written out, anything else (objects, arrays, null) absent. */
export function textField(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** Keys no body may carry: read into an object with Object.assign or a loop, they would change its prototype. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const isScalar = (v: unknown) => v === null || typeof v === 'string' || typeof v === 'boolean' || (typeof v === 'number' && Number.isFinite(v));

/** The first key of FORBIDDEN_KEYS anywhere in a JSON value, as a path (`info.__proto__`); undefined when none. */
function forbiddenKey(value: unknown, path: string): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    const name = `${path}.${key}`;
    if (FORBIDDEN_KEYS.has(key)) return name;
    const found = forbiddenKey(inner, name);
    if (found) return found;
  }
  return undefined;
}

/**
 * What is wrong with a request body's fields, if anything (the sandbox answers it 400): a field must be text, a
 * number, true/false or null, but one of `structuredFields`, which may also be an object or a list; no key may be
 * one of FORBIDDEN_KEYS, at any depth.
 */
export function bodyFieldProblem(body: Record<string, unknown>, structuredFields: readonly string[] = []): string | undefined {
  for (const [key, value] of Object.entries(body)) {
    if (FORBIDDEN_KEYS.has(key)) return `${key} is not an accepted field`;
    if (isScalar(value)) continue;
    if (!structuredFields.includes(key)) return `${key} must be text, a number, true or false`;
    const found = forbiddenKey(value, key);
    if (found) return `${found} is not an accepted field`;
  }
  return undefined;
}

/**
 * One request's hold on the payments it names: each loaded once, under its lock, and written back at the end if it
 * changed. Locks are taken as payments are first asked for and all let go at the end (finish or abandon).
 */
export interface PaymentWork {
  payment(ref: PaymentRef): Promise<SandboxPayment | undefined>;
  /**
   * The payment of this merchant code and reference, opened with the properties `props` gives for its new id when
   * there is none: two requests opening the same reference at once (on any instance) get one payment.
   */
  open(merchantCode: string, txnRef: string, props: (paymentId: string) => Record<string, unknown>): Promise<SandboxPayment>;
  /** Writes back every payment that changed, then lets go of the locks: answers what changed (the webhooks' events). */
  finish(): Promise<PaymentChange[]>;
  /** Lets go of the locks, writing nothing (the store failed meanwhile). */
  abandon(): Promise<void>;
}

/** A payment a request opened (`was` undefined) or changed, as it was before and as written. */
export interface PaymentChange {
  was?: SandboxPayment;
  now: SandboxPayment;
}

/** A lock held open across a request: let go with release(); `over` settles once the store has let it go. */
interface HeldLock {
  release(): void;
  over: Promise<void>;
}

/** Takes the lock and keeps it until release(): withLock's callback waits for that. Rejects if it cannot be taken. */
function takeLock(store: Store, key: string): Promise<HeldLock> {
  return new Promise<HeldLock>((taken, refused) => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let held = false;
    const over = store.withLock(key, async () => {
      held = true;
      taken({ release, over });
      await released;
    });
    // Failing before it was taken refuses the request; letting go failing after is the lease's to end.
    over.catch((e: unknown) => {
      if (!held) refused(e);
    });
  });
}

/** The sandbox's payments in a store: read outside any request (read), or held by one request (begin). */
export function storedPayments(store: Store, now: () => number) {
  const ttl = { ttlMs: SANDBOX_PAYMENT_IDLE_MS };
  const idle = (p: SandboxPayment) => now() - p.seenAt > SANDBOX_PAYMENT_IDLE_MS;

  /** The payment id a reference names, without reading the payment. */
  async function idOf(ref: PaymentRef): Promise<string | undefined> {
    if (!byReference(ref)) {
      const id = textField(ref.paymentId);
      return id !== undefined && PAYMENT_ID.test(id) ? id : undefined;
    }
    const merchantCode = textField(ref.merchantCode);
    const txnRef = textField(ref.txnRef);
    if (merchantCode === undefined || txnRef === undefined) return undefined;
    return store.get<string>(sandboxKeys.reference(merchantCode, txnRef));
  }

  /** The payment as kept, if it is the one the reference names and not idle past its time. */
  async function kept(id: string, ref: PaymentRef): Promise<SandboxPayment | undefined> {
    const p = await store.get<SandboxPayment>(sandboxKeys.payment(id));
    return p && !idle(p) && answers(p, ref) ? p : undefined;
  }

  const write = async (p: SandboxPayment) => {
    // The index lives as long as its payment: each write sets both expiries anew.
    await store.set(sandboxKeys.payment(p.paymentId), p, ttl);
    await store.set(sandboxKeys.reference(p.merchantCode, p.txnRef), p.paymentId, ttl);
  };

  return {
    /** A copy of the payment as kept now (tests, checks): no lock taken, nothing written, not counted as seen. */
    async read(ref: PaymentRef): Promise<SandboxPayment | undefined> {
      const id = await idOf(ref);
      return id === undefined ? undefined : kept(id, ref);
    },

    begin(): PaymentWork {
      /** Each payment this request asked for, by id: the load in flight, so that two asks never take its lock twice. */
      const loads = new Map<string, Promise<SandboxPayment | undefined>>();
      /** What each loaded payment was when read, to write back only a change. */
      const before = new Map<SandboxPayment, string>();
      const locks: HeldLock[] = [];
      /** The payments this request opened. */
      const opened = new Set<SandboxPayment>();
      let ended = false;

      const lockOf = async (key: string) => {
        const lock = await takeLock(store, key);
        locks.push(lock);
        return lock;
      };
      const hold = (p: SandboxPayment, seen: string) => {
        before.set(p, seen);
        // Named by a request: seen now, so written back and kept another SANDBOX_PAYMENT_IDLE_MS.
        p.seenAt = now();
        return p;
      };
      const load = (id: string, ref: PaymentRef): Promise<SandboxPayment | undefined> => {
        const known = loads.get(id);
        const loading =
          known ??
          (async () => {
            await lockOf(sandboxKeys.lock(id));
            const p = await kept(id, { paymentId: id });
            return p && hold(p, JSON.stringify(p));
          })();
        loads.set(id, loading);
        return loading.then((p) => (p && answers(p, ref) ? p : undefined));
      };
      const letGo = async () => {
        if (ended) return;
        ended = true;
        for (const lock of locks) lock.release();
        await Promise.all(locks.map((l) => l.over.catch(() => undefined)));
      };

      const payment = async (ref: PaymentRef) => {
        const id = await idOf(ref);
        return id === undefined ? undefined : load(id, ref);
      };

      return {
        payment,

        async open(merchantCode, txnRef, props) {
          const existing = await payment({ merchantCode, txnRef });
          if (existing) return existing;
          let p: SandboxPayment | undefined;
          for (let tries = 0; !p && tries < MAX_ID_TRIES; tries++) {
            const paymentId = String(FIRST_PAYMENT_ID - 1 + (await store.increment(sandboxKeys.counter)));
            // Nobody knows this id yet: its lock is free, and held so that the first reader waits for this request.
            await lockOf(sandboxKeys.lock(paymentId));
            const at = now();
            const fresh: SandboxPayment = {
              paymentId,
              merchantCode,
              txnRef,
              props: props(paymentId),
              createdAt: at,
              seenAt: at,
              outcome: null,
              cancellation: null,
              channels: {},
              calls: [],
            };
            if (await store.set(sandboxKeys.payment(paymentId), fresh, { ...ttl, ifAbsent: true })) p = fresh;
          }
          if (!p) throw new Error('The sandbox could not take a new payment id');
          const made = p;
          loads.set(made.paymentId, Promise.resolve(made));
          before.set(made, JSON.stringify(made));
          const indexKey = sandboxKeys.reference(merchantCode, txnRef);
          if (await store.set(indexKey, made.paymentId, { ...ttl, ifAbsent: true })) {
            opened.add(made);
            return made;
          }
          // Another request (maybe another instance) opened this reference meanwhile: its payment is the one.
          const forget = async () => {
            loads.delete(made.paymentId);
            before.delete(made);
            await store.delete(sandboxKeys.payment(made.paymentId));
          };
          const winner = await payment({ merchantCode, txnRef });
          if (winner) {
            await forget();
            return winner;
          }
          // The index names a payment that is gone (forgotten, or dropped by a bounded store): pointed anew, once.
          const repaired = await store.withLock(sandboxKeys.referenceLock(merchantCode, txnRef), async () => {
            const current = await store.get<string>(indexKey);
            if (current !== undefined && current !== made.paymentId && (await kept(current, { merchantCode, txnRef }))) return false;
            await store.set(indexKey, made.paymentId, ttl);
            return true;
          });
          if (repaired) {
            opened.add(made);
            return made;
          }
          const other = await payment({ merchantCode, txnRef });
          await forget();
          if (!other) throw new Error(`The sandbox lost the payment of ${merchantCode} ${txnRef} while opening it`);
          return other;
        },

        async finish() {
          const changes: PaymentChange[] = [];
          try {
            for (const [p, seen] of before) {
              if (opened.has(p)) changes.push({ now: p });
              if (JSON.stringify(p) === seen) continue;
              await write(p);
              if (!opened.has(p)) changes.push({ was: JSON.parse(seen) as SandboxPayment, now: p });
            }
          } finally {
            await letGo();
          }
          return changes;
        },

        abandon: letGo,
      };
    },
  };
}

const byReference = (ref: PaymentRef) => ref.paymentId === undefined || ref.paymentId === null || ref.paymentId === '';

/**
 * Is this the payment the reference names? By id, yes; by reference, only if it is that reference's (an index left
 * pointing elsewhere names nothing: ids are never reused, but a store is outside our hands).
 */
function answers(p: SandboxPayment, ref: PaymentRef): boolean {
  return !byReference(ref) || (p.merchantCode === textField(ref.merchantCode) && p.txnRef === textField(ref.txnRef));
}
