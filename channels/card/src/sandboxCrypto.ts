/**
 * The sandbox's side of card data encryption (crypto.ts is the page's): RSA-OAEP (SHA-256) decryption with the
 * sandbox's private key. Server builds only. Whatever arrives, these answer null rather than throw: a request
 * with unreadable card data is the payer's (or a tool's) mistake, answered with a response code.
 */
import { constants, privateDecrypt } from 'node:crypto';
import { pinFromBlock } from './pinBlock';
import { SANDBOX_PRIVATE_KEY } from './sandboxKey';

/** The card inside secureData, as crypto.ts sealed it. */
export interface OpenedCard {
  /** Digits; empty for a saved wallet card. */
  pan: string;
  /** YYMM, or empty when the card needs none. */
  exp: string;
  cvv: string;
}

function open(b64: unknown): string | null {
  if (typeof b64 !== 'string' || b64 === '') return null;
  try {
    const plain = privateDecrypt(
      { key: SANDBOX_PRIVATE_KEY, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(b64, 'base64'),
    );
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

/** The card sealed in secureData, or null when it is missing, undecryptable or not the expected shape. */
export function openSecureData(b64: unknown): OpenedCard | null {
  const text = open(b64);
  if (text === null) return null;
  try {
    const v = JSON.parse(text) as Record<string, unknown>;
    if (typeof v !== 'object' || v === null) return null;
    const { pan, exp, cvv } = v;
    if (typeof pan !== 'string' || typeof exp !== 'string' || typeof cvv !== 'string') return null;
    if (!/^\d*$/.test(pan) || !/^(\d{4})?$/.test(exp)) return null;
    return { pan, exp, cvv };
  } catch {
    return null;
  }
}

/**
 * The PIN sealed in pinBlock, or null when there is none or it cannot be read. `pan` is the one the block was
 * formatted with: the card's, or '' for a saved wallet card (the page never has its PAN).
 */
export function openPin(b64: unknown, pan: string): string | null {
  const block = open(b64);
  return block === null ? null : pinFromBlock(block, pan);
}
