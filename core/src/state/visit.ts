import { proxy } from 'valtio';
import type { Http } from '../http';
import type { PageEnv, PaymentProps } from '../props';
import type { AsyncSlot } from '../primitives/asyncSlot';
import { runSlot } from '../primitives/asyncSlot';

/**
 * What a channel's calls get: the payment, core's HTTP client, the call's abort signal, and the page's visits
 * (a call finds state its channel's screen holds, such as a bearer token, with `visits.peek(kind)`). The status
 * check, the server's prefetch and the calls a screen makes all take this one shape.
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

/** A running visit. Core starts it when a screen, a call or a status check first asks for it. */
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

class RunningVisit<S extends object, P> implements Visit<S, P> {
  readonly state: S;
  readonly secret: P;
  readonly ctx: CallContext;
  ended = false;
  private readonly whole = new AbortController();
  private readonly lanes = new Map<AsyncSlot<unknown>, AbortController>();
  private readonly live = new Set<AbortController>();

  constructor(readonly kind: VisitKind<S, P>, host: VisitHost, visits: Visits) {
    this.state = proxy(kind.create({ props: host.props(), env: host.env(), prefetched: host.takePrefetched(kind.channel) }));
    this.secret = kind.secret ? kind.secret() : (undefined as P);
    this.ctx = { props: host.props(), http: host.http, signal: this.whole.signal, visits };
  }

  private controller(): AbortController {
    const ctrl = new AbortController();
    if (this.ended) ctrl.abort();
    else this.live.add(ctrl);
    return ctrl;
  }

  run<T>(slot: AsyncSlot<T>, call: (ctx: CallContext) => Promise<T>): Promise<T | undefined> {
    this.lanes.get(slot)?.abort();
    const ctrl = this.controller();
    this.lanes.set(slot, ctrl);
    return runSlot(slot, () => call({ ...this.ctx, signal: ctrl.signal })).finally(() => {
      this.live.delete(ctrl);
      if (this.lanes.get(slot) === ctrl) this.lanes.delete(slot);
    });
  }

  call<T>(call: (ctx: CallContext) => Promise<T>): Promise<T> {
    const ctrl = this.controller();
    return call({ ...this.ctx, signal: ctrl.signal }).finally(() => this.live.delete(ctrl));
  }

  abort(slot?: AsyncSlot<unknown>): void {
    if (slot) {
      this.lanes.get(slot)?.abort();
      return;
    }
    for (const ctrl of this.live) ctrl.abort();
    this.live.clear();
    this.lanes.clear();
  }

  end(): void {
    if (this.ended) return;
    this.ended = true;
    this.abort();
    this.whole.abort();
    this.kind.end?.(this);
  }
}

/**
 * The visits of one page (Checkout.visits): at most one per kind. Core ends them all on Retry, on a change of
 * method (a method picked, "Change payment method", the method list shown again) and when the page goes.
 */
export class Visits {
  private readonly open = new Map<VisitKind<object, unknown>, RunningVisit<object, unknown>>();

  /** Without a host (the server's prefetch), visits can only be looked up, and none is open. */
  constructor(private readonly host?: VisitHost) {}

  /** The kind's visit, started now if none is open. */
  of<S extends object, P>(kind: VisitKind<S, P>): Visit<S, P> {
    const found = this.peek(kind);
    if (found) return found;
    if (!this.host) throw new Error(`No visit of ${kind.channel} can start here`);
    const visit = new RunningVisit(kind, this.host, this);
    this.open.set(kind as VisitKind<object, unknown>, visit as RunningVisit<object, unknown>);
    return visit;
  }

  /** The kind's open visit, if any (a status check reading the token its screen holds). */
  peek<S extends object, P>(kind: VisitKind<S, P>): Visit<S, P> | undefined {
    return this.open.get(kind as VisitKind<object, unknown>) as Visit<S, P> | undefined;
  }

  /** Ends one kind's visit: its calls are aborted and its state dropped. */
  end<S extends object, P>(kind: VisitKind<S, P>): void {
    const visit = this.open.get(kind as VisitKind<object, unknown>);
    this.open.delete(kind as VisitKind<object, unknown>);
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
