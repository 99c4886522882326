import { GATE_DECISIONS, GATE_PATH } from '@oja/core';
import type { GateDecision } from '@oja/core';
import { ClientError } from '../body';
import type { App, ServerContext } from '../context';
import { empty } from '../respond';

/** POST /session/gate: the payer passed a gate (core's passGate beacon), kept for the session so a reload does not show it again. */
export function gateRoute(app: App, { registry, sessions }: Pick<ServerContext, 'registry' | 'sessions'>): void {
  app.post(GATE_PATH, async (c) => {
    const id = c.req.query('gate') ?? '';
    const decision = c.req.query('decision') as GateDecision;
    if (!registry.gate(id) || !GATE_DECISIONS.includes(decision)) throw new ClientError(400, 'Unknown gate or decision');
    // An unknown or forgotten session has nothing to keep: answered alike, as the leave beacon is.
    await sessions.update(c.req.query('p') ?? '', (s) => {
      s.gates = { ...s.gates, [id]: decision };
    });
    return empty(204);
  });
}
