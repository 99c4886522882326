import { proxy } from 'valtio';
import { useCheckout } from './checkout';
import type { AsyncSlot } from '../primitives/asyncSlot';
import { runSlot } from '../primitives/asyncSlot';
import type { CallContext, OpenVisit, Visit, VisitHost, VisitKind, Visits } from './visit';

/*
 * Starting and running a visit (`@oja/core/visit`): what channel screens and calls use. Kept off the initial route,
 * which carries only the container that ends visits (state/visit.ts).
 */

class RunningVisit<S extends object, P> implements Visit<S, P>, OpenVisit {
  readonly state: S;
  readonly secret: P;
  readonly ctx: CallContext;
  ended = false;
  private readonly whole = new AbortController();
  private readonly lanes = new Map<AsyncSlot<unknown>, AbortController>();
  private readonly live = new Set<AbortController>();

  constructor(
    readonly kind: VisitKind<S, P>,
    host: VisitHost,
    visits: Visits,
  ) {
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

/** The kind's visit, started now if none is open. */
export function visitOf<S extends object, P>(visits: Visits, kind: VisitKind<S, P>): Visit<S, P> {
  const found = visits.peek(kind);
  if (found) return found;
  if (!visits.host) throw new Error(`No visit of ${kind.channel} can start here`);
  const visit = new RunningVisit(kind, visits.host, visits);
  visits.add(visit);
  return visit;
}

/**
 * The visit of this kind for the current attempt, started on first use. Read during render, so the hydrating
 * render starts it from the same prefetched data as the server's.
 */
export function useVisit<S extends object, P>(kind: VisitKind<S, P>): Visit<S, P> {
  return visitOf(useCheckout().visits, kind);
}
