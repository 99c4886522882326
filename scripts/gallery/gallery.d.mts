import type { TakenShot } from './matrix.mjs';

export declare function mergeShots(
  previous: TakenShot[],
  taken: TakenShot[],
  stillThere: (s: TakenShot) => boolean,
  gone: Iterable<string>,
): TakenShot[];
/** Runs the gallery with command-line arguments; answers the exit code. */
export declare function runGallery(argv: string[]): Promise<number>;
