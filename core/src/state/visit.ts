import type { Http } from '../http';
import type { PageEnv, PaymentProps } from '../props';
import type { AsyncSlot } from '../primitives/asyncSlot';

/**
 * What a channel's calls get: the payment, core's HTTP client, the call's abort signal, and the page's visits. The
 * status check, the server's prefetch and the calls a screen makes all take this one shape; a call that needs
 * what its screen holds (a bearer token) is given it, as the status check is given its visit (StatusContext.visit).
 */
export interface CallContext {
  props: PaymentProps;
  http: Http;
  signal: AbortSignal;
  visits: Visits;
}

/** What a visit starts from. */
export interface VisitStart {
  props: PaymentProps;
  env: PageEnv;
  /** What the server fetched for the channel's first screen (ChannelPlugin.prefetch), given to one visit only. */
  prefetched: unknown;
}

/**
 * One kind of visit: the state of one attempt at one channel, declared once by the channel (`defineVisit`).
 * `S` is the state the screens render (core makes it a valtio proxy); `P` is what must never be in a proxy, a
 * snapshot, storage or a log (the card as typed), kept beside it in plain memory.
 */
export interface VisitKind<S extends object, P = undefined> {
  /** The owning channel's id: its prefetched data seeds the visit. */
  readonly channel: string;
  create(start: VisitStart): S;
  /** The visit's private memory, off the proxy. Default undefined. */
  secret?(): P;
  /** Runs once when the visit ends, after its calls are aborted (forget a token, wipe a card). */
  end?(visit: Visit<S, P>): void;
}

/** A running visit. Started by `visitOf` / `useVisit` (@oja/core/visit) when a screen or a call first asks for it. */
export interface Visit<S extends object, P = undefined> {
  readonly kind: VisitKind<S, P>;
  readonly state: S;
  readonly secret: P;
  readonly ended: boolean;
  /** The context for a call of this visit: its signal aborts when the visit ends. */
  readonly ctx: CallContext;
  /**
   * Runs a call through an async slot: the slot's earlier call is aborted (one in flight per slot), and every
   * call is aborted when the visit ends. Answers the call's result, or undefined when it failed or was superseded.
   */
  run<T>(slot: AsyncSlot<T>, call: (ctx: CallContext) => Promise<T>): Promise<T | undefined>;
  /** A call outside any slot, aborted when the visit ends. Rejects as the call does. */
  call<T>(call: (ctx: CallContext) => Promise<T>): Promise<T>;
  /** Aborts the slot's call in flight, or every call of the visit when no slot is named. */
  abort(slot?: AsyncSlot<unknown>): void;
}

/** Declares a channel's visit. A plain object: `create` is the only required part. */
export function defineVisit<S extends object, P = undefined>(kind: VisitKind<S, P>): VisitKind<S, P> {
  return kind;
}

/** What the visits of a page start from: the checkout's payment, environment, client and prefetched data. */
export interface VisitHost {
  props(): PaymentProps;
  env(): PageEnv;
  http: Http;
  /** Takes (and forgets) what the server prefetched for a channel. */
  takePrefetched(channel: string): unknown;
}

/**
 * The visits of one page (Checkout.visits): at most one per kind. Core ends them all on Retry, on a change of
 * method (a method picked, "Change payment method", the method list shown again) and when the page goes.
 */
/** A visit as the container keeps it: one that can be ended. */
export interface OpenVisit extends Visit<object, unknown> {
  end(): void;
}

export class Visits {
  private readonly open = new Map<object, OpenVisit>();

  /**
   * What visits start from. Without one (the server's prefetch), visits can only be looked up, and none is open.
   * The container is all the initial route carries: starting and running a visit (@oja/core/visit) comes with the
   * screens.
   */
  constructor(readonly host?: VisitHost) {}

  /** Makes `visit` the kind's open visit (visitOf does, when none is open). */
  add(visit: OpenVisit): void {
    this.open.set(visit.kind, visit);
  }

  /** The kind's open visit, if any. */
  peek<S extends object, P>(kind: VisitKind<S, P>): Visit<S, P> | undefined {
    return this.open.get(kind) as Visit<S, P> | undefined;
  }

  /** Ends one kind's visit: its calls are aborted and its state dropped. */
  end<S extends object, P>(kind: VisitKind<S, P>): void {
    const visit = this.open.get(kind);
    this.open.delete(kind);
    visit?.end();
  }

  endAll(): void {
    const ending = [...this.open.values()];
    this.open.clear();
    for (const visit of ending) visit.end();
  }

  /** How many are open (tests: everything ends when the payer moves on). */
  get size(): number {
    return this.open.size;
  }
}
