/**
 * The QR encoder: qrcode-generator and the drawing of its modules. Its own lazy chunk, fetched by the QrCode
 * primitive (and early by a screen that will show a code), so that it never weighs on a channel's screen chunk.
 */
import qrcode from 'qrcode-generator';

/** Light modules around the code, on every side: the quiet zone readers need (ISO/IEC 18004: 4 modules). */
export const QR_QUIET_ZONE_MODULES = 4;
/** Error-correction level M: about 15% of the code may be lost (a glare, a crease) and it still reads. */
export const QR_ERROR_CORRECTION = 'M';

/** The code's modules: size × size, true for dark. */
export interface QrMatrix {
  size: number;
  isDark(row: number, col: number): boolean;
}

/** The QR code of a value (UTF-8, byte mode, smallest version that fits, level M). Throws when it cannot fit. */
export function qrMatrix(value: string): QrMatrix {
  const code = qrcode(0, QR_ERROR_CORRECTION);
  // The library reads one byte per character: hand it the UTF-8 bytes so that any text encodes faithfully.
  code.addData(String.fromCharCode(...new TextEncoder().encode(value)), 'Byte');
  code.make();
  return { size: code.getModuleCount(), isDark: (row, col) => code.isDark(row, col) };
}

/** One SVG path of the dark modules, a rectangle per horizontal run, offset by the quiet zone. */
export function qrPath(m: QrMatrix, offset = QR_QUIET_ZONE_MODULES): string {
  let d = '';
  for (let row = 0; row < m.size; row++) {
    for (let col = 0; col < m.size; ) {
      if (!m.isDark(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < m.size && m.isDark(row, col)) col++;
      const run = col - start;
      d += `M${start + offset} ${row + offset}h${run}v1h-${run}z`;
    }
  }
  return d;
}
