import { allowsDecision, GATE_DECISIONS, GATE_PATH, GateRefusal } from '@oja/core';
import type { GateDecision } from '@oja/core';
import { ClientError, readBody, textFields } from '../body';
import type { App, ServerContext } from '../context';
import { empty, json } from '../respond';

/** Longest wait for a gate's own call (the cashback opt-in), ms: core's HTTP client's own limit applies within it. */
export const GATE_CALL_TIMEOUT_MS = 15_000;

/**
 * POST /session/gate: the payer passed a gate (core's passGate beacon), kept for the session so a reload does not show
 * it again; a gate that needs the payer's agreement (escrow) passes only on 'accepted' (422 otherwise), recorded with
 * its time. A gate with its own call on acceptance (GatePlugin.onAccept: the cashback opt-in) makes it here, for the
 * session's payment and with the fields the page posted (useGate().acceptWith): 200 once made, 422 with what the
 * payer is shown when refused, 502 when the API failed. The browser never names the payment.
 */
export function gateRoute(app: App, { registry, sessions, api }: Pick<ServerContext, 'registry' | 'sessions' | 'api'>): void {
  app.post(GATE_PATH, async (c) => {
    const id = c.req.query('gate') ?? '';
    const decision = c.req.query('decision') as GateDecision;
    const gate = registry.gate(id);
    if (!gate || !GATE_DECISIONS.includes(decision)) throw new ClientError(400, 'Unknown gate or decision');
    // Escrow's terms are agreed to or the payment does not go on: a skip is refused, and the page keeps the gate.
    if (!allowsDecision(gate, decision)) throw new ClientError(422, `The ${id} terms must be agreed to: this step cannot be skipped`);
    const token = c.req.query('p') ?? '';
    const call = decision === 'accepted' ? gate.onAccept : undefined;
    if (call) {
      const session = await sessions.get(token);
      if (!session) return json(404, { responseCode: '404', responseDescription: 'This payment page is no longer open' });
      const fields = textFields(await readBody(c.req.raw));
      try {
        await call({ props: session.props, http: api, fields, signal: AbortSignal.timeout(GATE_CALL_TIMEOUT_MS) });
      } catch (e) {
        if (!(e instanceof GateRefusal)) throw e;
        if (e.description === undefined) return json(502, { responseCode: '502', responseDescription: 'The collections API could not take it' });
        return json(422, { responseCode: '422', responseDescription: e.description });
      }
    }
    // An unknown or forgotten session has nothing to keep: answered alike, as the leave beacon is.
    await sessions.update(token, (s) => {
      s.gates = { ...s.gates, [id]: decision };
      // The agreement itself, with when the server took it: what the page checks before going on.
      if (gate.needsAgreement) s.agreements = { ...s.agreements, [id]: { at: Date.now() } };
    });
    return call ? json(200, { responseCode: '00' }) : empty(204);
  });
}
