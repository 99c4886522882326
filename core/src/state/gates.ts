import { createContext, useContext } from 'react';
import type { GatePlugin } from '../plugin';
import { GATE_PATH } from '../gates';
import type { GateDecision } from '../gates';
import type { Checkout } from './checkout';
import { useCheckout } from './checkout';

export const GateContext = createContext<GatePlugin | null>(null);

/**
 * The payer passed a gate: the shell moves on to the next pending gate, or to what the route shows (the method
 * list, an auto-opened channel). The checkout server keeps the decision for the page's session, so a reload does
 * not show the gate again; a lost beacon only means the gate shows once more after a reload.
 */
export function passGate(c: Checkout, id: string, decision: GateDecision): void {
  if (c.state.gates[id]) return;
  c.state.gates[id] = decision;
  const { session } = c.state.env;
  if (!session || typeof navigator === 'undefined') return;
  const q = new URLSearchParams({ p: session, gate: id, decision });
  navigator.sendBeacon?.(`${GATE_PATH}?${q}`);
}

export interface GateControls {
  gate: GatePlugin;
  /** Accepted: after the gate's own call, if it makes one (the cashback opt-in). */
  accept(): void;
  /** Passed without accepting (cashback's "Skip this instead"). */
  skip(): void;
}

/** For a gate's screen: the gate, and how to end it. */
export function useGate(): GateControls {
  const gate = useContext(GateContext);
  const c = useCheckout();
  if (!gate) throw new Error('useGate outside a gate screen');
  return { gate, accept: () => passGate(c, gate.id, 'accepted'), skip: () => passGate(c, gate.id, 'skipped') };
}
