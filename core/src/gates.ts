import type { GatePlugin } from './plugin';
import type { Http } from './http';
import type { PaymentProps } from './props';
import type { Registry } from './registry';
import { CODE_SUCCESS } from './codes';

/** How the payer passed a gate. */
export type GateDecision = 'accepted' | 'skipped';
export const GATE_DECISIONS: readonly GateDecision[] = ['accepted', 'skipped'];

/**
 * May the payer pass this gate this way? A gate that needs the payer's agreement (GatePlugin.needsAgreement) passes
 * only on 'accepted'.
 */
export const allowsDecision = (gate: Pick<GatePlugin, 'needsAgreement'>, decision: GateDecision): boolean =>
  decision === 'accepted' || !gate.needsAgreement;

/**
 * What a gate's own call on acceptance (GatePlugin.onAccept) is given by the checkout server: the payment of the
 * page's session (never one the browser names), the collections API client, and the fields the page sent.
 */
export interface GateAcceptance {
  props: PaymentProps;
  http: Http;
  fields: Readonly<Record<string, string>>;
  signal: AbortSignal;
}

/** A gate's own call refused the payer's acceptance: `description` is what the payer is shown (the API's words), if any. */
export class GateRefusal extends Error {
  constructor(readonly description?: string) {
    super(description ?? 'gate refused');
    this.name = 'GateRefusal';
  }
}

/** Where the browser tells the checkout server a gate was passed, so a reload does not show it again. */
export const GATE_PATH = '/session/gate';

/** The gates a payment meets, in order: those whose condition holds; none for a payment the checkout refused. */
export function gatesMet(registry: Pick<Registry, 'gates'>, props: PaymentProps): GatePlugin[] {
  if (props.responseCode !== CODE_SUCCESS) return [];
  return registry.gates.filter((g) => g.condition(props));
}

/**
 * The gate the payer meets now: the first, in order, whose condition holds for this payment and that was not
 * passed on this page's session. None for a payment the checkout refused (Incorrect Transaction, already paid).
 */
export function pendingGate(
  registry: Pick<Registry, 'gates'>,
  props: PaymentProps,
  decisions: Readonly<Record<string, GateDecision>>,
): GatePlugin | undefined {
  return gatesMet(registry, props).find((g) => !decisions[g.id]);
}
