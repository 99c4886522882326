import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isUpToDate } from './storybook.mjs';

describe('the static Storybook', () => {
  it('reuses a static Storybook only when it is newer than every source', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oja-gallery-'));
    try {
      for (const d of ['core/src', 'channels', 'branding', 'stories', 'sb']) fs.mkdirSync(path.join(root, d), { recursive: true });
      fs.writeFileSync(path.join(root, 'package-lock.json'), '{}');
      fs.writeFileSync(path.join(root, 'core/src/a.tsx'), 'x');
      const sb = path.join(root, 'sb');
      expect(isUpToDate(root, sb)).toBe(false);
      fs.writeFileSync(path.join(sb, 'iframe.html'), '');
      fs.writeFileSync(path.join(sb, 'index.json'), '{}');
      const past = new Date(Date.now() - 60_000);
      fs.utimesSync(path.join(root, 'core/src/a.tsx'), past, past);
      fs.utimesSync(path.join(root, 'package-lock.json'), past, past);
      expect(isUpToDate(root, sb)).toBe(true);
      fs.writeFileSync(path.join(root, 'core/src/a.tsx'), 'changed');
      fs.utimesSync(path.join(sb, 'index.json'), past, past);
      expect(isUpToDate(root, sb)).toBe(false);
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});
