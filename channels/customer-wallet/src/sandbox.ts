import type { SandboxPart } from '@oja/core';
import customerWallet from './index';
import { CUSTOMER_WALLET } from './constants';

/** The customer wallets the sandbox merchant offers (CONTRACT §5): one provider per type the list may show. */
export const SANDBOX_WALLETS = [
  { id: '1', code: 'OPAY', description: 'OPay', countryCode: 'NG' },
  { id: '2', code: 'ENAIRA', description: 'eNaira', countryCode: 'NG' },
  { id: '3', code: 'MOMO', description: 'MoMo', countryCode: 'NG' },
  { id: '4', code: 'POCKET', description: 'Pocket', countryCode: 'NG' },
  { id: '5', code: 'PALMPAY', description: 'PalmPay', countryCode: 'NG' },
] as const;

/**
 * The providers of the pay-page's CUSTOMER_WALLET option: every sandbox wallet, or those the sandbox-only `wallets`
 * pay field names (a comma list of types, in its order; an unknown type is listed as the API would list a provider
 * the checkout does not know, so the list's filtering can be tried).
 */
export function sandboxProviders(fields: Readonly<Record<string, string>>): Record<string, unknown> {
  if (!fields.wallets) return { providers: SANDBOX_WALLETS };
  const providers = fields.wallets
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean)
    .map((code, i) => SANDBOX_WALLETS.find((w) => w.code === code) ?? { id: String(90 + i), code, description: code, countryCode: 'NG' });
  return { providers };
}

/** The list makes no call of its own: its part gives the pay-page option's providers, which `wallets` may choose. */
export const sandbox: SandboxPart = {
  routes: [],
  offeredIn: ['NG'],
  optionInformation: { [CUSTOMER_WALLET]: sandboxProviders },
  requestFields: ['wallets'],
};

/** The plugin with its sandbox part, for server builds (package export condition "oja-server"). */
export default { ...customerWallet, sandbox };
