import type { GatePlugin } from './plugin';
import type { PaymentProps } from './props';
import type { Registry } from './registry';
import { CODE_SUCCESS } from './codes';

/** How the payer passed a gate. */
export type GateDecision = 'accepted' | 'skipped';
export const GATE_DECISIONS: readonly GateDecision[] = ['accepted', 'skipped'];

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
