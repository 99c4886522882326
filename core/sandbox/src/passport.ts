import { createHash, randomBytes } from 'node:crypto';
import type { SandboxAnswer, SandboxRequest } from '@oja/core';

/**
 * The identity service's OAuth token endpoint (Interswitch's Passport): client credentials by HTTP basic
 * authentication. Interswitch's server libraries call it first (npm `interswitch`: `grant_type=client_credentials&scope=profile`).
 */
export const TOKEN_PATH = '/passport/oauth/token';
/**
 * Lifetime of an issued access token, s: longer than anything the checkout waits with one (pay with app's code, 15
 * minutes, and both its status waits).
 */
export const ACCESS_TOKEN_LIFETIME_S = 3_600;
/** The scope a token is issued for when the request names none: the one Interswitch's libraries ask for. */
export const DEFAULT_SCOPE = 'profile';

/**
 * A client asking again gets the token it holds while this much of its life is left, s; a fresh one after. As
 * Passport answers the same token until it expires, and so the store holds a token per client, not per call (npm
 * `interswitch` asks for one before every call).
 */
export const TOKEN_REUSE_MIN_S = 60;

/** A token as issued to a client: what the store keeps under the client. */
export interface IssuedToken {
  token: string;
  /** Epoch ms. */
  expiresAt: number;
}

/** Where the issued tokens are kept: what the sandbox needs of its store. */
export interface IssuedTokens {
  now(): number;
  /** The token last issued to this client (a hash of its credentials and scope), if still kept. */
  issuedTo(client: string): Promise<IssuedToken | undefined>;
  /** Keeps the token, under itself and under the client, until its expiry. */
  keep(client: string, issued: IssuedToken): Promise<void>;
}

const header = (req: SandboxRequest, name: string): string => {
  const v = req.headers[name];
  return typeof v === 'string' ? v : '';
};

/** An OAuth error (RFC 6749 §5.2): 401 for the client, 400 for the rest. */
const oauthError = (status: 400 | 401, error: string, description: string): SandboxAnswer => ({
  status,
  body: { error, error_description: description },
});

/** The client id and secret of `Authorization: Basic …`, both required; undefined otherwise. */
export function basicCredentials(authorization: string): { clientId: string; secret: string } | undefined {
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization.trim());
  if (!basic) return undefined;
  const text = Buffer.from(basic[1], 'base64').toString('utf8');
  const colon = text.indexOf(':');
  const clientId = colon > 0 ? text.slice(0, colon) : '';
  const secret = colon > 0 ? text.slice(colon + 1) : '';
  return clientId && secret ? { clientId, secret } : undefined;
}

/**
 * POST /passport/oauth/token (CONTRACT §6): any client id and secret in the sandbox get a bearer token, answered as
 * Interswitch's Passport answers (`access_token`, `token_type`, `expires_in`, `scope`, `jti`): the same token again
 * while it has TOKEN_REUSE_MIN_S left. No client is refused
 * for who it is; a request with no credentials or another grant type is (a merchant's mistake that production
 * refuses too).
 */
export async function issueAccessToken(req: SandboxRequest, tokens: IssuedTokens): Promise<SandboxAnswer> {
  const credentials = basicCredentials(header(req, 'authorization'));
  if (!credentials) return oauthError(401, 'invalid_client', 'Client credentials are required by HTTP basic authentication');
  const field = (name: string) => String(req.body[name] ?? req.query.get(name) ?? '').trim();
  if (field('grant_type') !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'Only client_credentials is supported');
  const scope = field('scope') || DEFAULT_SCOPE;
  // The secret is never kept as such: the client is known by a hash.
  const client = createHash('sha256').update(`${credentials.clientId}\n${credentials.secret}\n${scope}`).digest('hex');
  const now = tokens.now();
  let issued = await tokens.issuedTo(client);
  if (!issued || issued.expiresAt - now < TOKEN_REUSE_MIN_S * 1_000) {
    issued = { token: randomBytes(24).toString('base64url'), expiresAt: now + ACCESS_TOKEN_LIFETIME_S * 1_000 };
    await tokens.keep(client, issued);
  }
  return {
    body: {
      access_token: issued.token,
      token_type: 'bearer',
      expires_in: Math.floor((issued.expiresAt - now) / 1_000),
      scope,
      jti: createHash('sha256').update(issued.token).digest('hex').slice(0, 32),
    },
  };
}

/** The token of `Authorization: Bearer …`, or ''. */
export const bearerOf = (headers: SandboxRequest['headers']): string => {
  const v = headers.authorization;
  return (typeof v === 'string' && /^Bearer\s+(\S+)$/i.exec(v.trim())?.[1]) || '';
};
