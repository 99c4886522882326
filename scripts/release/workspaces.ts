// The repository's workspaces as the root package.json lists them, for the release checks beside this file.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const readJson = (file: string) => JSON.parse(fs.readFileSync(path.resolve(root, file), 'utf8'));

/** The workspace folders, relative to the root (`dir` as listed, `dir/*` expanded to its folders with a package.json). */
export function workspaceDirs(): string[] {
  const patterns: string[] = readJson('package.json').workspaces;
  return patterns.flatMap((p) => {
    if (!p.endsWith('/*')) return [p];
    const parent = p.slice(0, -2);
    return fs
      .readdirSync(path.join(root, parent))
      .map((d) => `${parent}/${d}`)
      .filter((d) => fs.existsSync(path.join(root, d, 'package.json')));
  });
}
