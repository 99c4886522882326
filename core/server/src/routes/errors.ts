import { isStoreFailure } from '@oja/store';
import { ClientError } from '../body';
import type { App, Ctx, ServerContext } from '../context';
import { json, plain } from '../respond';
import { unavailablePage } from '../respondPage';
import { UNKNOWN_FIELD } from '../refusal';
import { isPayPath, refusedPage } from './pay';

/** Paths answered by the collections API (or an embedded one): their errors are JSON (but the pay paths'). */
const API_PATH = /^\/(api|collections|passport|sandbox)\//;

/** A client's mistake, answered without a trace in the log: the refusal page on the pay paths, JSON on API paths, else text. */
async function refuse(ctx: ServerContext, c: Ctx, status: number, message: string): Promise<Response> {
  const pathname = new URL(c.req.url).pathname;
  // A request whose body was not read to the end (413, 408) cannot keep its connection.
  const close: Record<string, string> = status === 413 || status === 408 ? { connection: 'close' } : {};
  if (isPayPath(pathname)) {
    // A pay request that cannot be read is an incorrect one (CONTRACT §2): nothing is charged. /collections/w/pay
    // is a page too, though under an API prefix (CONTRACT §6).
    const refusal = { fields: [UNKNOWN_FIELD], reason: message };
    const answer = await refusedPage(ctx, c, status, c.req.method === 'GET' ? c.req.query() : {}, refusal);
    for (const [k, v] of Object.entries(close)) answer.headers.set(k, v);
    return answer;
  }
  if (API_PATH.test(pathname)) return json(status, { responseCode: String(status), responseDescription: message }, close);
  return plain(status, message, close);
}

/** What no route answers, and what a route threw: a client's mistake, the store away (503), or a 500 logged. */
export function errorsRoute(app: App, ctx: ServerContext): void {
  app.notFound(() => plain(404, 'Not found'));
  app.onError(async (e, c) => {
    if (e instanceof ClientError) return refuse(ctx, c, e.status, e.message);
    const pathname = new URL(c.req.url).pathname;
    if (isStoreFailure(e)) {
      // Temporary, and never the payer's mistake: the place is kept in the store, which comes back.
      ctx.log(JSON.stringify({ event: 'store-unavailable', path: pathname, error: e.message }));
      if ((API_PATH.test(pathname) && !isPayPath(pathname)) || c.req.method !== 'GET')
        return json(503, { responseCode: '503', responseDescription: 'Temporarily unavailable: try again' }, { 'retry-after': '2' });
      return unavailablePage(ctx, c);
    }
    console.error(e);
    return plain(500, 'Internal error');
  });
}
