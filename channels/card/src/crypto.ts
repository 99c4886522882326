/**
 * Card data encryption (spec core §3 "Cached card"): pan, expiry and CVV become secureData, the PIN a pinBlock,
 * each RSA-OAEP (SHA-256) under the acquirer's public key, base64. Only node-forge's RSA sub-modules are
 * bundled, in this chunk of its own, fetched while the payer types: never on the initial route.
 */
import forge from 'node-forge/lib/forge';
import 'node-forge/lib/jsbn';
import 'node-forge/lib/rsa';
import 'node-forge/lib/sha256';
import { SANDBOX_KEY_EXPONENT, SANDBOX_KEY_MODULUS } from './publicKey';
import { formatPinBlock } from './pinBlock';

export interface CardSecret {
  /** Digits only; empty for a saved wallet card. */
  pan: string;
  /** YYMM, or empty when the card needs none. */
  expiry: string;
  cvv: string;
}

export interface Encrypted {
  secureData: string;
  /** Empty when no PIN was given. */
  pinBlock: string;
}

let key: forge.pki.rsa.PublicKey | undefined;

function publicKey(): forge.pki.rsa.PublicKey {
  const { BigInteger } = forge.jsbn;
  key ??= forge.pki.rsa.setPublicKey(new BigInteger(SANDBOX_KEY_MODULUS, 16), new BigInteger(SANDBOX_KEY_EXPONENT, 16));
  return key;
}

function seal(text: string): string {
  const bytes = publicKey().encrypt(forge.util.encodeUtf8(text), 'RSA-OAEP', { md: forge.md.sha256.create() });
  return forge.util.encode64(bytes);
}

/** Encrypts the card (and the PIN, when given); nothing of either is kept. */
export function encryptCard(card: CardSecret, pin?: string): Encrypted {
  return {
    secureData: seal(JSON.stringify({ pan: card.pan, exp: card.expiry, cvv: card.cvv })),
    pinBlock: pin ? seal(formatPinBlock(pin, card.pan)) : '',
  };
}
