// Small PNGs for the docs with nothing but Node: a screenshot's RGBA pixels reduced to a palette of at most 256
// colours (a screen of flat colours and anti-aliased text needs few), written as an indexed PNG through zlib.
import zlib from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Bits kept per channel when pixels are counted into buckets: 5 gives 32 768 buckets. */
const BUCKET_BITS = 5;
const SHIFT = 8 - BUCKET_BITS;

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

export function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const bucketOf = (rgba, i) => ((rgba[i] >> SHIFT) << (2 * BUCKET_BITS)) | ((rgba[i + 1] >> SHIFT) << BUCKET_BITS) | (rgba[i + 2] >> SHIFT);

/**
 * A palette of at most `colours` opaque colours for RGBA pixels (alpha ignored: a screenshot is opaque), and each
 * pixel's index in it. The most frequent buckets of similar colours become the palette, each as its members' mean;
 * every bucket is then drawn in its nearest palette colour.
 */
export function quantize(rgba, colours = 256) {
  const buckets = 1 << (3 * BUCKET_BITS);
  const count = new Uint32Array(buckets);
  const sum = new Float64Array(buckets * 3);
  for (let i = 0; i < rgba.length; i += 4) {
    const b = bucketOf(rgba, i);
    count[b]++;
    sum[b * 3] += rgba[i];
    sum[b * 3 + 1] += rgba[i + 1];
    sum[b * 3 + 2] += rgba[i + 2];
  }
  const used = [];
  for (let b = 0; b < buckets; b++) if (count[b]) used.push(b);
  used.sort((a, b) => count[b] - count[a] || a - b);
  const chosen = used.slice(0, colours);
  const palette = chosen.map((b) => [0, 1, 2].map((k) => Math.round(sum[b * 3 + k] / count[b])));
  // Each used bucket's nearest palette colour, found once.
  const nearest = new Int16Array(buckets).fill(-1);
  chosen.forEach((b, i) => {
    nearest[b] = i;
  });
  for (const b of used) {
    if (nearest[b] >= 0) continue;
    const [r, g, bl] = [0, 1, 2].map((k) => sum[b * 3 + k] / count[b]);
    let best = 0;
    let bestD = Infinity;
    palette.forEach(([pr, pg, pb], i) => {
      const d = (pr - r) ** 2 + (pg - g) ** 2 + (pb - bl) ** 2;
      if (d < bestD) {
        bestD = d;
        best = i;
      }
    });
    nearest[b] = best;
  }
  const indices = new Uint8Array(rgba.length / 4);
  for (let i = 0, p = 0; i < rgba.length; i += 4, p++) indices[p] = nearest[bucketOf(rgba, i)];
  return { palette, indices };
}

/** An 8-bit indexed PNG of width × height palette indices (each row unfiltered: a palette image's best filter). */
export function encodeIndexedPng(width, height, palette, indices) {
  if (indices.length !== width * height) throw new Error(`${indices.length} pixels for ${width} × ${height}`);
  if (!palette.length || palette.length > 256) throw new Error(`a palette of ${palette.length} colours`);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // colour type: indexed
  const raw = Buffer.alloc(height * (width + 1));
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    raw.set(indices.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', ihdr),
    chunk('PLTE', Buffer.from(palette.flat())),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** RGBA pixels as an indexed PNG of at most `colours` colours. */
export function smallPng(width, height, rgba, colours = 256) {
  const { palette, indices } = quantize(rgba, colours);
  return encodeIndexedPng(width, height, palette, indices);
}
