import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { crc32, encodeIndexedPng, quantize, smallPng } from './png.mjs';

/** The chunks of a PNG, each CRC checked. */
function chunks(png: Buffer): Array<{ type: string; data: Buffer }> {
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const out = [];
  for (let i = 8; i < png.length; ) {
    const len = png.readUInt32BE(i);
    const type = png.toString('ascii', i + 4, i + 8);
    const data = png.subarray(i + 8, i + 8 + len);
    expect(png.readUInt32BE(i + 8 + len)).toBe(crc32(png.subarray(i + 4, i + 8 + len)));
    out.push({ type, data });
    i += 12 + len;
  }
  return out;
}

const rgbaOf = (colours: number[][]) => Uint8Array.from(colours.flatMap(([r, g, b]) => [r, g, b, 255]));

describe('a small PNG', () => {
  it("computes PNG's CRC-32", () => {
    expect(crc32(Buffer.from('IEND'))).toBe(0xae426082);
    expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
  });

  it('keeps every colour of an image of few colours, most frequent first', () => {
    const white = [255, 255, 255];
    const blue = [10, 79, 150];
    const { palette, indices } = quantize(rgbaOf([white, blue, white, white]));
    expect(palette).toEqual([white, blue]);
    expect([...indices]).toEqual([0, 1, 0, 0]);
  });

  it('draws a rare colour in its nearest kept colour when the palette is full', () => {
    const { palette, indices } = quantize(
      rgbaOf([
        [0, 0, 0],
        [0, 0, 0],
        [250, 250, 250],
        [250, 250, 250],
        [40, 40, 40],
      ]),
      2,
    );
    expect(palette).toEqual([
      [0, 0, 0],
      [250, 250, 250],
    ]);
    expect([...indices]).toEqual([0, 0, 1, 1, 0]);
  });

  it('writes an 8-bit indexed PNG: its header, palette and unfiltered rows', () => {
    const png = encodeIndexedPng(
      3,
      2,
      [
        [1, 2, 3],
        [4, 5, 6],
      ],
      Uint8Array.from([0, 1, 0, 1, 1, 0]),
    );
    const c = chunks(png);
    expect(c.map((x) => x.type)).toEqual(['IHDR', 'PLTE', 'IDAT', 'IEND']);
    expect([c[0].data.readUInt32BE(0), c[0].data.readUInt32BE(4), c[0].data[8], c[0].data[9]]).toEqual([3, 2, 8, 3]);
    expect([...c[1].data]).toEqual([1, 2, 3, 4, 5, 6]);
    expect([...zlib.inflateSync(c[2].data)]).toEqual([0, 0, 1, 0, 0, 1, 1, 0]);
    expect(() => encodeIndexedPng(3, 3, [[0, 0, 0]], new Uint8Array(6))).toThrow('6 pixels for 3 × 3');
  });

  it('is far smaller than the raw pixels for a screen of flat colours', () => {
    const w = 360;
    const h = 400;
    const rgba = new Uint8Array(w * h * 4);
    for (let p = 0; p < w * h; p++) rgba.set(p % w < 180 ? [255, 255, 255, 255] : [10, 79, 150, 255], p * 4);
    expect(smallPng(w, h, rgba).length).toBeLessThan(2_000);
  });
});
