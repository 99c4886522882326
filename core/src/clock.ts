/**
 * The server's clock as seen from this page. Deadlines (account validity, code expiry) come from the server,
 * so a payer's phone with a wrong clock still counts down right: every API answer's Date header checks the
 * offset between the two clocks.
 */
let offsetMs = 0;

/** The Date header's resolution, ms: the server truncates its time to the second. */
const DATE_HEADER_RESOLUTION_MS = 1_000;

export function serverNow(): number {
  return Date.now() + offsetMs;
}

/**
 * Checks the offset against the Date header of an answer received between sentAt and receivedAt (local ms).
 * The server wrote the header at some moment of the request, within the second it names: the offset lies
 * between (header - receivedAt) and (header + 1 s - sentAt). Only an offset outside that range moves, and only
 * to its nearest end. So a slow answer, whose range is wide, moves nothing (a countdown does not jump because
 * one answer took 10 s), while a phone whose clock is minutes off is corrected at its first answer, and later
 * answers narrow it down.
 */
export function observeServerDate(dateHeader: string | null | undefined, sentAt: number, receivedAt: number): void {
  if (!dateHeader) return;
  const server = Date.parse(dateHeader);
  if (Number.isNaN(server)) return;
  const lowest = server - receivedAt;
  const highest = server + DATE_HEADER_RESOLUTION_MS - sentAt;
  // The device's clock went back during the request: the answer says nothing.
  if (highest < lowest) return;
  if (offsetMs < lowest) offsetMs = lowest;
  else if (offsetMs > highest) offsetMs = highest;
}

export function setServerOffset(ms: number): void {
  offsetMs = ms;
}
