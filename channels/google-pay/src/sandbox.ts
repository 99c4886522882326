import { sri } from '@oja/sandbox';
import type { SandboxPart } from '@oja/sandbox';
import { TOKEN_CARDS } from '@oja/card/sandbox';
import googlePay from './index';
import { GOOGLE_PAY_SOURCES } from './sources';
import { GOOGLE_PAY_SCRIPT_PATH, SCRIPT_INTEGRITY_SETTING } from './sourceKeys';
import { standInScript } from './standIn';
import type { StandInCard } from './standIn';

/** The gateway the sandbox's Google Pay option names, as a real one names its own (companion §3). */
export const SANDBOX_GATEWAY = 'ojasandbox';
/** The networks the option accepts when the pay request's `card_networks` names none. */
export const DEFAULT_NETWORKS = ['MASTERCARD', 'VISA'];

/** The sheet's cards: the card package's Google Pay test cards, labelled with what each does (CONTRACT §5). */
export const STAND_IN_CARDS: StandInCard[] = TOKEN_CARDS.map((c) => ({
  tokenId: c.tokenId,
  network: c.network,
  last4: c.last4,
  label: c.code ? `${c.does} (${c.does === 'PIN' ? '' : 'code '}${c.code})` : c.does,
}));

export const STAND_IN = standInScript(STAND_IN_CARDS);

/**
 * Google Pay's part of the sandbox: the merchant's option carries the gateway data (companion §3), and the second
 * origin serves the stand-in of Google's script. The lookup and the payment are the card's (its sandbox knows the
 * Google Pay cards by their token).
 */
export const sandbox: SandboxPart = {
  // Offered by default where the country's merchants have it (CONTRACT §2 "channels").
  offeredIn: ['NG'],
  routes: [],
  requestFields: ['card_networks'],
  outsideRoutes: [
    {
      method: 'GET',
      path: GOOGLE_PAY_SCRIPT_PATH,
      handler: () => ({ script: STAND_IN }),
      script: { text: STAND_IN, why: "Sandbox only: the stand-in for Google's Google Pay script, loaded with the Google Pay screen" },
    },
  ],
  optionInformation: {
    GOOGLE_PAY: (fields) => ({
      gateway: SANDBOX_GATEWAY,
      gatewayMerchantId: fields.merchant_code ?? '',
      allowedCardNetworks: fields.card_networks ? fields.card_networks.split(',').map((n) => n.trim().toUpperCase()) : DEFAULT_NETWORKS,
      environment: 'TEST',
    }),
  },
  // The page checks the stand-in's integrity; Google's own script has none to check (README "Google Pay").
  settings: { [SCRIPT_INTEGRITY_SETTING]: sri(STAND_IN) },
};

/** Google Pay as the server runs it: its sandbox part and its outside source (the card's come with its steps). */
export default { ...googlePay, sandbox, sources: GOOGLE_PAY_SOURCES };
