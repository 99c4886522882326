import { UNKNOWN_PAYMENT } from '@oja/sandbox';
import type { SandboxAnswer, SandboxContext, SandboxPart, SandboxRequest } from '@oja/sandbox';
import { SAVED_CARDS } from '@oja/card/sandbox';
import { THREE_D_SECURE_SOURCES } from '@oja/card/sources';
import type { WalletAnswer, WalletCard } from './api';
import wallet from './index';

/** The sandbox wallet user (README "Test data"): signs in with any of these names and the password. */
export const SANDBOX_WALLET_USERNAME = 'ada@oja.test';
export const SANDBOX_WALLET_PHONE = '08000000000';
export const SANDBOX_WALLET_USERNAMES: readonly string[] = [SANDBOX_WALLET_USERNAME, SANDBOX_WALLET_PHONE, 'ada'];
export const SANDBOX_WALLET_PASSWORD = 'Sandbox123';
export const SANDBOX_WALLET_ID = '2000000001';

/**
 * The saved cards, as the wallet lists them: the card package keeps the numbers behind them, and pays a saved
 * card by its walletInstrumentIdentifier.
 */
export function sandboxWalletCards(): WalletCard[] {
  return SAVED_CARDS.map(({ backedBy: _, ...listed }) => ({ ...listed, cardTypeGatewayConfiguration: { ...listed.cardTypeGatewayConfiguration } }));
}

function signedIn(): WalletAnswer {
  return {
    responseCode: '00',
    walletId: SANDBOX_WALLET_ID,
    user: { firstName: 'Ada', lastName: 'Sandbox', mobileNo: SANDBOX_WALLET_PHONE },
    paymentMethods: sandboxWalletCards(),
  };
}

function isUser(username: unknown): boolean {
  return typeof username === 'string' && SANDBOX_WALLET_USERNAMES.includes(username.trim().toLowerCase());
}

async function signIn(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  if (!(await ctx.payment({ paymentId: req.query.get('paymentId') ?? '' }))) return UNKNOWN_PAYMENT;
  if (!isUser(req.body.username) || req.body.password !== SANDBOX_WALLET_PASSWORD) {
    return { status: 403, body: { responseCode: '403', responseDescription: 'Invalid login credentials' } };
  }
  return { body: signedIn() };
}

async function byToken(req: SandboxRequest, ctx: SandboxContext): Promise<SandboxAnswer> {
  if (!(await ctx.payment({ paymentId: req.query.get('paymentId') ?? '' }))) return UNKNOWN_PAYMENT;
  // Only a token the merchant's token sign-in issued opens the wallet.
  if (!(await ctx.isIssuedToken(req.query.get('token') ?? ''))) {
    return { status: 401, body: { responseCode: '401', responseDescription: 'Invalid or expired token' } };
  }
  return { body: signedIn() };
}

/** The wallet endpoints of the sandbox collections API (spec core §7). */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['NG'],
  routes: [
    { method: 'POST', path: '/api/v1/wallets', handler: signIn },
    { method: 'GET', path: '/api/v1/wallets/authenticationToken', handler: byToken },
  ],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
/** The wallet as the server runs it: saved cards pay through the card's 3-D Secure, so its sources are the wallet's too. */
export default { ...wallet, sandbox, sources: THREE_D_SECURE_SOURCES };
