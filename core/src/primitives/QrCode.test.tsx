import { render, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { QrCode, loadQrEncoder } from './QrCode';
import { QR_QUIET_ZONE_MODULES, qrMatrix, qrPath } from './qrEncoder';
import type { QrMatrix } from './qrEncoder';

/** The dark modules a path draws, as "row,col" of the code (quiet zone taken off). */
function modulesOf(d: string, offset = QR_QUIET_ZONE_MODULES): Set<string> {
  const dark = new Set<string>();
  const runs = [...d.matchAll(/M(\d+) (\d+)h(\d+)v1h-(\d+)z/g)];
  // Every piece of the path is a run: nothing else is drawn.
  expect(runs.map((r) => r[0]).join('')).toBe(d);
  for (const [, x, y, w, back] of runs) {
    expect(back).toBe(w);
    for (let i = 0; i < Number(w); i++) dark.add(`${Number(y) - offset},${Number(x) - offset + i}`);
  }
  return dark;
}

function darkSet(m: QrMatrix): Set<string> {
  const dark = new Set<string>();
  for (let r = 0; r < m.size; r++) for (let c = 0; c < m.size; c++) if (m.isDark(r, c)) dark.add(`${r},${c}`);
  return dark;
}

/** The 15 format bits as the reader takes them from beside the top-left finder (ISO/IEC 18004 §7.9). */
function formatBits(m: QrMatrix): { vertical: number; horizontal: number } {
  let vertical = 0;
  let horizontal = 0;
  for (let i = 0; i < 15; i++) {
    const v = i < 6 ? m.isDark(i, 8) : i < 8 ? m.isDark(i + 1, 8) : m.isDark(m.size - 15 + i, 8);
    const h = i < 8 ? m.isDark(8, m.size - i - 1) : i < 9 ? m.isDark(8, 15 - i) : m.isDark(8, 14 - i);
    vertical |= Number(v) << i;
    horizontal |= Number(h) << i;
  }
  return { vertical, horizontal };
}

/** BCH(15,5) remainder of the format data, generator 0x537. */
function bch(data: number): number {
  let d = data << 10;
  for (let bit = 14; bit >= 10; bit--) if (d & (1 << bit)) d ^= 0x537 << (bit - 10);
  return d;
}

describe('qrMatrix', () => {
  it('is a version 1 code (21 modules) for a short value, with its finder, separator, timing and dark module', () => {
    const m = qrMatrix('OJA-QR-1');
    expect(m.size).toBe(21);
    const finder = (r: number, c: number) => r === 0 || r === 6 || c === 0 || c === 6 || (r >= 2 && r <= 4 && c >= 2 && c <= 4);
    for (const [r0, c0] of [
      [0, 0],
      [0, m.size - 7],
      [m.size - 7, 0],
    ]) {
      for (let r = 0; r < 7; r++) for (let c = 0; c < 7; c++) expect(m.isDark(r0 + r, c0 + c), `finder at ${r0},${c0}: ${r},${c}`).toBe(finder(r, c));
    }
    for (let i = 0; i < 8; i++) {
      expect(m.isDark(7, i)).toBe(false);
      expect(m.isDark(i, 7)).toBe(false);
    }
    for (let i = 8; i < m.size - 8; i++) {
      expect(m.isDark(6, i)).toBe(i % 2 === 0);
      expect(m.isDark(i, 6)).toBe(i % 2 === 0);
    }
    expect(m.isDark(m.size - 8, 8)).toBe(true);
  });

  it('carries valid format information for error-correction level M, the same in both copies', () => {
    const m = qrMatrix('00020101021226300014ng.oja.sandbox0108100001-1');
    const { vertical, horizontal } = formatBits(m);
    expect(horizontal).toBe(vertical);
    const unmasked = vertical ^ 0x5412;
    const data = unmasked >> 10;
    expect(unmasked & 0x3ff).toBe(bch(data));
    // Level bits: M is 00 (L 01, H 10, Q 11).
    expect(data >> 3).toBe(0b00);
  });

  it('grows with the value, up to the 2331 bytes a version 40 level M code holds', () => {
    expect(qrMatrix('x'.repeat(100)).size).toBeGreaterThan(21);
    expect(qrMatrix('x'.repeat(2331)).size).toBe(177);
    expect(() => qrMatrix('x'.repeat(2332))).toThrow();
    // UTF-8: three bytes a character here, so 778 of them no longer fit.
    expect(qrMatrix('€'.repeat(777)).size).toBe(177);
    expect(() => qrMatrix('€'.repeat(778))).toThrow();
  });
});

describe('qrPath', () => {
  it('draws exactly the dark modules, one rectangle per horizontal run', () => {
    const m: QrMatrix = { size: 3, isDark: (r, c) => (r === 0 ? c !== 1 : r === 1) };
    expect(qrPath(m, 0)).toBe('M0 0h1v1h-1zM2 0h1v1h-1zM0 1h3v1h-3z');
    expect(qrPath(m, 4)).toBe('M4 4h1v1h-1zM6 4h1v1h-1zM4 5h3v1h-3z');
  });
});

describe('QrCode', () => {
  beforeAll(async () => {
    await loadQrEncoder();
  });

  it('holds the place with a labelled blank square until its encoder (a chunk of its own) is in', async () => {
    vi.resetModules();
    const fresh = await import('./QrCode');
    const { container } = render(<fresh.QrCode value="OJA-1" label="QR code" />);
    const blank = container.firstElementChild!;
    expect(blank.tagName).toBe('DIV');
    expect(blank.getAttribute('role')).toBe('img');
    expect(blank.getAttribute('aria-label')).toBe('QR code');
    expect(blank.getAttribute('aria-busy')).toBe('true');
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
  });

  it('renders one labelled, crisp SVG path of the code inside its quiet zone, with no inline style', () => {
    const value = 'https://example.com/pay?ref=OJA-1';
    const { container } = render(<QrCode value={value} label="QR code to pay NGN 1,500.00" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('QR code to pay NGN 1,500.00');
    expect(svg.getAttribute('shape-rendering')).toBe('crispEdges');
    expect(container.querySelector('[style]')).toBeNull();
    const m = qrMatrix(value);
    const side = m.size + 2 * QR_QUIET_ZONE_MODULES;
    expect(svg.getAttribute('viewBox')).toBe(`0 0 ${side} ${side}`);
    const paths = svg.querySelectorAll('path');
    expect(paths).toHaveLength(1);
    const drawn = modulesOf(paths[0].getAttribute('d')!);
    expect(drawn).toEqual(darkSet(m));
    // The quiet zone stays light.
    for (const key of drawn) for (const n of key.split(',').map(Number)) expect(n >= 0 && n < m.size).toBe(true);
  });

  it('draws nothing for a value too long for any QR code, rather than failing the screen', () => {
    const { container } = render(<QrCode value={'x'.repeat(3000)} label="QR code" />);
    expect(container.innerHTML).toBe('');
  });
});
