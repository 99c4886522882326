import { describe, expect, it } from 'vitest';
import { jpegSize } from './shoot.mjs';

describe('a shot', () => {
  it("reads a JPEG's size from its frame header", () => {
    // SOI, an APP0 segment of 4 bytes, then SOF0: precision 8, height 0x0320 (800), width 0x0168 (360).
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x04, 0x00, 0x00, 0xff, 0xc0, 0x00, 0x11, 0x08, 0x03, 0x20, 0x01, 0x68, 0x03]);
    expect(jpegSize(Buffer.concat([jpeg, Buffer.alloc(16)]))).toEqual({ imageWidth: 360, imageHeight: 800 });
    expect(() => jpegSize(Buffer.from('not a jpeg at all, no'))).toThrow('not a JPEG');
  });
});
