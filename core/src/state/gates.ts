import { createContext, useContext } from 'react';
import type { GatePlugin } from '../plugin';
import { allowsDecision, GATE_PATH } from '../gates';
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
  // A gate that needs the payer's agreement is never skipped (the server refuses it too).
  const gate = c.registry.gate(id);
  if (gate && !allowsDecision(gate, decision)) return;
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
  /**
   * Accepted with what the payer gave (the cashback value): the checkout server makes the gate's own call
   * (GatePlugin.onAccept) for this page's session and keeps the decision; the gate passes once it answers. Rejects
   * with the server's HttpError (its body's `responseDescription` is the refusal to show, when there is one).
   */
  acceptWith(fields: Record<string, string>): Promise<void>;
  /** Passed without accepting (cashback's "Skip this instead"). */
  skip(): void;
}

/** For a gate's screen: the gate, and how to end it. */
export function useGate(): GateControls {
  const gate = useContext(GateContext);
  const c = useCheckout();
  if (!gate) throw new Error('useGate outside a gate screen');
  return {
    gate,
    accept: () => passGate(c, gate.id, 'accepted'),
    acceptWith: async (fields) => {
      const q = new URLSearchParams({ p: c.state.env.session, gate: gate.id, decision: 'accepted' });
      await c.server.post(`${GATE_PATH}?${q}`, fields);
      // Kept by the server already: no beacon.
      c.state.gates[gate.id] = 'accepted';
    },
    skip: () => passGate(c, gate.id, 'skipped'),
  };
}
