import type { GateDecision, PagePlan, PaymentProps } from '@oja/core';
import { CODE_SUCCESS, planPayment } from '@oja/core';
import type { ServerContext } from './context';
import { pageSecurity } from './page/pagePolicy';
import type { PageSecurity } from './page/pagePolicy';

/** One payment page's plan (core's PagePlan: what it may show, its route) with what it carries and allows. */
export interface PlannedPage {
  plan: PagePlan;
  security: PageSecurity;
}

/**
 * Plans one payment's page, once per request: from the registry, the payment and the session. The renderer, the
 * security headers and the page data all read this; the shell reads its `plan` from the page data.
 * - `session`: the payment's session token ('' for a page without one: refused, already paid, unknown).
 * - `passed`: the gates passed on that session.
 * - `path`: the path asked for; without it, the route the payment opens on.
 */
export function planPage(
  ctx: Pick<ServerContext, 'registry' | 'manifest' | 'sourceOrigins'>,
  props: PaymentProps,
  { session, passed = {}, path }: { session: string; passed?: Readonly<Record<string, GateDecision>>; path?: string },
): PlannedPage {
  const plan = planPayment(ctx.registry, props, { passed, path });
  const security = pageSecurity({
    registry: ctx.registry,
    plan,
    acquiredBy: props.acquiredBy,
    // An open payment (answered 00, with a session) allows its channels' sources; a page outside one, none.
    open: props.responseCode === CODE_SUCCESS && session !== '',
    assets: ctx.manifest,
    origins: ctx.sourceOrigins,
  });
  return { plan, security };
}
