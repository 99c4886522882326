/**
 * Where a checkout keeps what a payer's place depends on, beyond one request: sessions, due work (a leave-cancel)
 * and the embedded sandbox's payments (CONTRACT §5 "Running as a service"). In memory for one instance by default;
 * the server package gives a Redis one (CHECKOUT_SESSION_STORE) that any number of instances share.
 *
 * Values are plain JSON: a value read is a copy, and a change to it is kept only when it is written back (`set`),
 * whichever store it is. Every operation may reject with StoreUnavailable when the store cannot be reached.
 */
export interface Store {
  /** What kind of store this is, for logs and /healthz ('memory', 'redis'). */
  readonly kind: string;
  /** The value under key; undefined when absent or expired. */
  get<T>(key: string): Promise<T | undefined>;
  /**
   * Writes the value, expiring ttlMs after (every write sets the expiry anew). With `ifAbsent`, writes only when
   * the key holds nothing: answers whether it wrote.
   */
  set(key: string, value: unknown, options: { ttlMs: number; ifAbsent?: boolean }): Promise<boolean>;
  /** Removes the key; answers whether it held something. */
  delete(key: string): Promise<boolean>;
  /** Adds 1 to the number under key (0 when absent) and answers the result: ids no two instances share. */
  increment(key: string): Promise<number>;
  /**
   * Runs fn while holding the lock named key, so that no other holder of the same name (in this process or,
   * for a shared store, any instance) runs meanwhile: a read, change and write of one record is whole. The lock
   * is leased (leaseMs, default LOCK_LEASE_MS), so an instance that dies holding it does not hold it forever;
   * waiting for it longer than waitMs (default LOCK_WAIT_MS) rejects with StoreBusy.
   */
  withLock<T>(key: string, fn: () => Promise<T>, options?: { leaseMs?: number; waitMs?: number }): Promise<T>;
  /** Schedules due work: `id` in `queue`, due at dueAt (epoch ms). Scheduling it again moves its due time. */
  schedule(queue: string, id: string, dueAt: number): Promise<void>;
  /** Drops scheduled work before it falls due; answers whether it was still scheduled. */
  unschedule(queue: string, id: string): Promise<boolean>;
  /**
   * Takes the work of the queue due at `now` (at most `limit` items): each item is answered to exactly one caller,
   * whichever instance asks first, and removed from the queue.
   */
  claimDue(queue: string, now: number, limit?: number): Promise<string[]>;
  /** Resolves when the store can be reached (GET /healthz); rejects with StoreUnavailable otherwise. */
  ping(): Promise<void>;
  /** Lets go of connections and timers. */
  close(): Promise<void>;
}

/** How long a lock is held at most when its holder never lets go (it died), ms. */
export const LOCK_LEASE_MS = 5_000;
/** How long a caller waits for a lock before giving up, ms. */
export const LOCK_WAIT_MS = 5_000;
/** How many due items one claim takes at most, by default. */
export const CLAIM_LIMIT = 100;

/** The store cannot be reached (Redis down, connection lost): a temporary failure, never the payer's mistake. */
export class StoreUnavailable extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailable';
  }
}

/** A lock stayed taken longer than the caller would wait: temporary too. */
export class StoreBusy extends Error {
  constructor(readonly key: string) {
    super(`The lock ${key} stayed taken`);
    this.name = 'StoreBusy';
  }
}

/** Is this failure the store's (unreachable or busy), to be answered as temporary? */
export const isStoreFailure = (e: unknown): e is StoreUnavailable | StoreBusy => e instanceof StoreUnavailable || e instanceof StoreBusy;
