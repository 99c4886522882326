import type { TakenShot } from './matrix.mjs';

export declare const escapeHtml: (s: unknown) => string;
export declare const anchorOf: (title: string) => string;
export declare function groupShots(shots: TakenShot[]): Array<{ title: string; states: Array<{ id: string; name: string; shots: TakenShot[] }> }>;
export declare function galleryHtml(shots: TakenShot[], run: { shotAt: string }): string;
