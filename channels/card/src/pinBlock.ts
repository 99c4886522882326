/**
 * ISO 9564 format 0 PIN block: the PIN field XOR the PAN field, 16 hex digits. Pure, shared by the browser
 * (which encrypts it) and the sandbox (which decrypts it and takes the PIN back out).
 */

/** '0' + PIN length + PIN, padded with F to 16 hex digits. */
function pinField(pin: string): string {
  return `0${pin.length.toString(16)}${pin}`.padEnd(16, 'F');
}

/** '0000' + the 12 right-most PAN digits before the check digit (all zeros for a saved card, whose PAN the page never has). */
function panField(pan: string): string {
  const digits = pan.replace(/\D/g, '');
  return `0000${digits.slice(0, -1).slice(-12).padStart(12, '0')}`;
}

function xorHex(a: string, b: string): string {
  let out = '';
  for (let i = 0; i < a.length; i++) out += (parseInt(a[i]!, 16) ^ parseInt(b[i]!, 16)).toString(16).toUpperCase();
  return out;
}

export function formatPinBlock(pin: string, pan: string): string {
  return xorHex(pinField(pin), panField(pan));
}

/** The PIN inside a format 0 block, or null when the block is not one. */
export function pinFromBlock(block: string, pan: string): string | null {
  if (!/^[0-9A-F]{16}$/i.test(block)) return null;
  const field = xorHex(block.toUpperCase(), panField(pan));
  const len = parseInt(field[1]!, 16);
  if (field[0] !== '0' || len < 4 || len > 12) return null;
  const pin = field.slice(2, 2 + len);
  return /^\d+$/.test(pin) ? pin : null;
}
