/**
 * The server's clock as seen from this page. Deadlines (account validity, code expiry) come from the server,
 * so a payer's phone with a wrong clock still counts down right: every API answer's Date header refreshes the
 * offset between the two clocks.
 */
let offsetMs = 0;

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/** Records the server's Date header of an answer received between sentAt and receivedAt (local ms). */
export function observeServerDate(dateHeader: string | null | undefined, sentAt: number, receivedAt: number): void {
  if (!dateHeader) return;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return;
  // The header has one-second resolution: only correct skews larger than that.
  const estimate = server + 500 - (sentAt + receivedAt) / 2;
  if (Math.abs(estimate - offsetMs) > 1500) offsetMs = estimate;
}

export function setServerOffset(ms: number): void {
  offsetMs = ms;
}
