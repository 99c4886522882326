import { randomBytes } from 'node:crypto';
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

/** Where the issued tokens are kept: what the sandbox needs of its store. */
export interface IssuedTokens {
  now(): number;
  /** Keeps the token with its expiry (epoch ms), until then. */
  keep(token: string, expiresAt: number): Promise<void>;
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
 * Interswitch's Passport answers (`access_token`, `token_type`, `expires_in`, `scope`, `jti`). No client is refused
 * for who it is; a request with no credentials or another grant type is (a merchant's mistake that production
 * refuses too).
 */
export async function issueAccessToken(req: SandboxRequest, tokens: IssuedTokens): Promise<SandboxAnswer> {
  const client = basicCredentials(header(req, 'authorization'));
  if (!client) return oauthError(401, 'invalid_client', 'Client credentials are required by HTTP basic authentication');
  const field = (name: string) => String(req.body[name] ?? req.query.get(name) ?? '').trim();
  if (field('grant_type') !== 'client_credentials') return oauthError(400, 'unsupported_grant_type', 'Only client_credentials is supported');
  const scope = field('scope') || DEFAULT_SCOPE;
  const token = randomBytes(24).toString('base64url');
  await tokens.keep(token, tokens.now() + ACCESS_TOKEN_LIFETIME_S * 1_000);
  return {
    body: {
      access_token: token,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_LIFETIME_S,
      scope,
      jti: randomBytes(16).toString('hex'),
    },
  };
}

/** The token of `Authorization: Bearer …`, or ''. */
export const bearerOf = (headers: SandboxRequest['headers']): string => {
  const v = headers.authorization;
  return (typeof v === 'string' && /^Bearer\s+(\S+)$/i.exec(v.trim())?.[1]) || '';
};
