import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { readBody } from '../body';
import type { App, ServerContext } from '../context';
import { embeddedRequest } from '../embedded';
import { plain } from '../respond';

/** An embedded collections API's paths (the sandbox's: CONTRACT §4, §5), answered on the checkout's own origin. */
export function embeddedApiRoute(app: App, { embedded }: Pick<ServerContext, 'embedded'>): void {
  if (!embedded) return;
  for (const prefix of embedded.prefixes)
    app.all(`${prefix}*`, async (c) => {
      const body = await readBody(c.req.raw);
      const reply = await embedded.handle(embeddedRequest(c.req.method, new URL(c.req.url), c.req.raw.headers, body));
      if (!reply) return plain(404, 'Not found');
      if ('drop' in reply) {
        // Fault injection: the connection is cut, as a network failure would.
        c.env.incoming.socket.destroy();
        return RESPONSE_ALREADY_SENT;
      }
      return new Response(c.req.method === 'HEAD' ? null : (reply.bytes ?? reply.body), { status: reply.status, headers: reply.headers });
    });
}
