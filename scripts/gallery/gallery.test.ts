import { describe, expect, it } from 'vitest';
import { mergeShots } from './gallery.mjs';
import { fileOf } from './matrix.mjs';
import type { Shot, TakenShot } from './matrix.mjs';

function taken(s: Shot): TakenShot {
  return { ...s, file: fileOf(s), imageWidth: s.width, imageHeight: 800 };
}
const entry = { id: 'channels-card--entry', title: 'Channels/Card', name: 'Entry' };
const shell = { id: 'core-shell--methods', title: 'Core/Shell', name: 'Methods' };

describe('a run merged into the last one', () => {
  const a = taken({ ...entry, branding: 'default', locale: 'en', width: 360 });
  const b = taken({ ...entry, branding: 'ZIB', locale: 'en', width: 360 });
  const c = taken({ ...shell, branding: 'default', locale: 'en', width: 360 });

  it("replaces the same variants, keeps the others, and drops gone stories' and missing variants'", () => {
    const newA = { ...a, imageHeight: 999 };
    expect(mergeShots([a, b, c], [newA], () => true, [])).toEqual([newA, b, c]);
    expect(mergeShots([a, b, c], [], (s) => s.id !== shell.id, [fileOf(b)])).toEqual([a]);
  });
});
