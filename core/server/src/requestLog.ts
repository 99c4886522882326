import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { REFUSED_FIELD_HEADER, REFUSED_REASON_HEADER } from './refusal';

/** One request as the log keeps it: never a query string, a header's value or a body (card data travels in bodies). */
export interface RequestLogLine {
  time: string;
  /** The request id: the caller's `x-request-id` when it is a plain token, else a fresh one; echoed on the answer. */
  id: string;
  method: string;
  /** The path only: queries carry session tokens and pay fields. */
  path: string;
  status: number;
  ms: number;
  /** The client went away before the answer was complete. */
  aborted?: true;
  /** An Incorrect Transaction's refused fields and reason (CONTRACT §6), as its headers say them: no value sent. */
  refusedField?: string;
  refusedReason?: string;
}

/** A request id a caller may choose (a load balancer's, a proxy's): letters, digits, `.`, `_`, `-`, 64 at most. */
const CALLER_ID = /^[\w.-]{1,64}$/;

export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && CALLER_ID.test(given) ? given : randomBytes(8).toString('hex');
}

/**
 * Gives the request its id (answered as `x-request-id`) and writes one line for it once its answer is done or the
 * client has gone.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, write: (line: RequestLogLine) => void, now = Date.now): string {
  const id = requestIdOf(req);
  const started = now();
  res.setHeader('x-request-id', id);
  let path = '/';
  try {
    path = new URL(req.url ?? '/', 'http://checkout.local').pathname;
  } catch {
    // A target the URL parser refuses is logged as "/": the handler answers it 400.
  }
  res.once('close', () => {
    const line: RequestLogLine = {
      time: new Date(started).toISOString(),
      id,
      method: req.method ?? '',
      path,
      status: res.statusCode,
      ms: now() - started,
    };
    if (!res.writableFinished) line.aborted = true;
    const refused = res.getHeader(REFUSED_FIELD_HEADER);
    if (typeof refused === 'string') {
      line.refusedField = refused;
      line.refusedReason = String(res.getHeader(REFUSED_REASON_HEADER) ?? '');
    }
    write(line);
  });
  return id;
}

/** The production log: one JSON line per request on stdout. */
export const jsonLines = (line: RequestLogLine): void => {
  process.stdout.write(`${JSON.stringify(line)}\n`);
};
