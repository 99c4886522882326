export declare function crc32(bytes: Uint8Array): number;
export declare function quantize(rgba: Uint8Array, colours?: number): { palette: number[][]; indices: Uint8Array };
export declare function encodeIndexedPng(width: number, height: number, palette: number[][], indices: Uint8Array): Buffer;
export declare function smallPng(width: number, height: number, rgba: Uint8Array, colours?: number): Buffer;
