import type { Browser, Page } from 'playwright-core';
import type { Shot, TakenShot } from './matrix.mjs';

export declare function launch(executablePath: string): Promise<Browser>;
export declare function jpegSize(jpeg: Uint8Array & { readUInt16BE(offset: number): number }): { imageWidth: number; imageHeight: number };
export declare function render(page: Page, base: string, shot: Shot): Promise<{ skipped?: true; problem?: string }>;
export declare function shoot(page: Page, base: string, shot: Shot, out: string): Promise<{ shot?: TakenShot; skipped?: true; failed?: string }>;
export declare function shootAll(
  browser: Browser,
  base: string,
  shots: Shot[],
  out: string,
  pages: number,
  onDone?: (done: number, total: number) => void,
): Promise<{ taken: TakenShot[]; skipped: number; failed: string[] }>;
