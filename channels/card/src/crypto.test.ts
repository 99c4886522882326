// @vitest-environment node
import { constants, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { encryptCard } from './crypto';
import { formatPinBlock, pinFromBlock } from './pinBlock';
import { SANDBOX_PRIVATE_KEY } from './sandboxKey';

const PAN = '5060990580000217499';
const CARD = { pan: PAN, expiry: '3012', cvv: '7391' };
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
/** RSA-2048: 256 bytes of ciphertext, 344 characters of base64. */
const SEALED_CHARS = 344;

/** The sandbox's side: RSA-OAEP with SHA-256 under the private key of publicKey.ts's pair. */
function open(b64: string): string {
  return privateDecrypt(
    { key: SANDBOX_PRIVATE_KEY, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(b64, 'base64'),
  ).toString('utf8');
}

describe('encryptCard', () => {
  it('seals pan, expiry and CVV as base64 that the private key opens', () => {
    const { secureData, pinBlock } = encryptCard(CARD);
    expect(secureData).toMatch(BASE64);
    expect(secureData).toHaveLength(SEALED_CHARS);
    expect(JSON.parse(open(secureData))).toEqual({ pan: PAN, exp: '3012', cvv: '7391' });
    expect(pinBlock).toBe('');
  });

  it('seals the PIN as a format 0 PIN block with the card', () => {
    const { secureData, pinBlock } = encryptCard(CARD, '1234');
    expect(pinBlock).toMatch(BASE64);
    expect(pinBlock).toHaveLength(SEALED_CHARS);
    const block = open(pinBlock);
    expect(block).toBe(formatPinBlock('1234', PAN));
    expect(pinFromBlock(block, PAN)).toBe('1234');
    expect(JSON.parse(open(secureData)).pan).toBe(PAN);
  });

  it("a saved card's PIN block is formatted without a PAN", () => {
    const { pinBlock } = encryptCard({ pan: '', expiry: '', cvv: '' }, '4321');
    expect(open(pinBlock)).toBe(formatPinBlock('4321', ''));
    expect(pinFromBlock(open(pinBlock), '')).toBe('4321');
  });

  it('never carries the card or the PIN in clear', () => {
    const sealed = encryptCard(CARD, '2580');
    const out = JSON.stringify(sealed);
    for (const clear of [PAN, PAN.slice(0, 6), PAN.slice(-8), '3012', '7391', '2580', formatPinBlock('2580', PAN)]) {
      expect(out).not.toContain(clear);
    }
    expect(Buffer.from(sealed.secureData, 'base64').toString('latin1')).not.toContain(PAN);
  });

  it('seals the same card differently every time (random OAEP padding)', () => {
    const a = encryptCard(CARD, '1234');
    const b = encryptCard(CARD, '1234');
    expect(a.secureData).not.toBe(b.secureData);
    expect(a.pinBlock).not.toBe(b.pinBlock);
    expect(open(a.secureData)).toBe(open(b.secureData));
    expect(open(a.pinBlock)).toBe(open(b.pinBlock));
  });
});

describe('PIN block (ISO 9564 format 0)', () => {
  it('XORs the PIN field with the PAN field: the standard example', () => {
    // PIN field 041234FFFFFFFFFF, PAN field 0000987654321098 (12 right-most digits before the check digit).
    expect(formatPinBlock('1234', '43219876543210987')).toBe('0412AC89ABCDEF67');
    expect(pinFromBlock('0412AC89ABCDEF67', '43219876543210987')).toBe('1234');
  });

  it('takes the 12 digits before the check digit, whatever the PAN length or spacing', () => {
    expect(formatPinBlock('1234', '4111111111111111')).toBe('041225EEEEEEEEEE');
    expect(formatPinBlock('1234', '4111 1111 1111 1111')).toBe('041225EEEEEEEEEE');
    // A PAN of fewer than 13 digits is padded with zeros; no PAN at all leaves the PIN field as it is.
    expect(formatPinBlock('1234', '')).toBe('041234FFFFFFFFFF');
    expect(formatPinBlock('1234', '12345')).toBe('041234FFFFFFEDCB');
  });

  it('is 16 upper-case hex digits and round-trips for every card', () => {
    for (const pan of [PAN, '5123450000000008', '4000000000002503', '']) {
      for (const pin of ['0000', '1234', '9999', '4321']) {
        const block = formatPinBlock(pin, pan);
        expect(block).toMatch(/^[0-9A-F]{16}$/);
        expect(pinFromBlock(block, pan)).toBe(pin);
        expect(pinFromBlock(block.toLowerCase(), pan)).toBe(pin);
      }
    }
  });

  it('gives no PIN from something that is not a block of this card', () => {
    const block = formatPinBlock('1234', PAN);
    expect(pinFromBlock(block, '5123450000000008')).not.toBe('1234');
    for (const bad of ['', '0412', '0412AC89ABCDEF6', '0412AC89ABCDEF677', 'XYZ2AC89ABCDEF67', '1412AC89ABCDEF67']) {
      expect(pinFromBlock(bad, '43219876543210987')).toBeNull();
    }
    // A length below 4 or above 12, or a PIN field that is not digits.
    expect(pinFromBlock('03123FFFFFFFFFFF', '')).toBeNull();
    expect(pinFromBlock('0D1234567890123F', '')).toBeNull();
    expect(pinFromBlock('04AB34FFFFFFFFFF', '')).toBeNull();
  });
});
