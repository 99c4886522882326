// @vitest-environment node
// What each released package tells a consumer in its package.json (issue 12): its exports name its built files (the
// workspace's sources only under "oja-source"), it ships dist/ alone, its stylesheets survive a bundler's tree
// shaking, and every package its modules import is declared, the ones shared with the app (React, valtio, wouter,
// Oja's own) as peers. e2e/acquirer.e2e.ts packs and installs them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasSources, releasedPackages, shippedSources } from '../build/packages.mjs';
import { root } from './workspaces';

interface Manifest {
  name: string;
  exports: Record<string, unknown>;
  files?: string[];
  sideEffects?: boolean | string[];
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

/** Packages one app holds one copy of, shared by core and every plugin: a plugin lists them as peers. */
const SHARED = /^(react|react-dom|valtio|wouter|@oja\/.+)$/;
/** Linaria's `css` is gone from the built modules (extracted); a package importing only that needs it to build alone. */
const BUILD_ONLY_IMPORT = /^import \{ css \} from '@linaria\/core';$/m;

const read = (dir: string): Manifest => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
/**
 * Packages with their own build (the SDK bundles its entries) keep their own rules (core/sdk/src/package.test.ts); a
 * package of plain modules with no sources to build (@oja/build, the build itself) has none of these.
 */
const moduleBuilt = releasedPackages(root).filter((d) => hasSources(d) && !fs.existsSync(path.join(d, 'build.mjs')));
const built = (source: string, ext: string) => source.replace(/^\.\/src\//, './dist/').replace(/\.tsx?$/, ext);

/** The package a bare import names: "@scope/name" or "name". */
const packageName = (spec: string) => (spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);

describe.each(moduleBuilt.map((d) => [path.relative(root, d), d]))('%s', (_, dir) => {
  const pkg = read(dir);

  it('exports its built module, declarations first, and its sources only under "oja-source"', () => {
    for (const [subpath, entry] of Object.entries(pkg.exports)) {
      const e = entry as Record<string, unknown>;
      const source = e['oja-source'];
      const main = typeof source === 'string' ? source : (source as Record<string, string>).default;
      expect(main, subpath).toMatch(/^\.\/src\/.+\.tsx?$/);
      expect(fs.existsSync(path.join(dir, main!)), `${subpath} -> ${main}`).toBe(true);
      expect(
        Object.keys(e).filter((k) => k !== 'oja-source' && k !== 'oja-server'),
        subpath,
      ).toEqual(['types', 'import', 'default']);
      expect([e.types, e.import, e.default], subpath).toEqual([built(main!, '.d.ts'), built(main!, '.js'), built(main!, '.js')]);
      if (typeof source === 'object') {
        const server = (source as Record<string, string>)['oja-server']!;
        expect(e['oja-server'], subpath).toEqual({ types: built(server, '.d.ts'), default: built(server, '.js') });
      }
    }
  });

  it('ships dist/ only, and keeps its stylesheets however a bundler shakes it', () => {
    expect(pkg.files).toEqual(['dist']);
    const styled = shippedSources(dir).some((f) => fs.readFileSync(f, 'utf8').includes("from '@linaria/core'"));
    if (styled) expect(pkg.sideEffects).toEqual(['*.css']);
    else expect([false, ['*.css']]).toContainEqual(pkg.sideEffects);
  });

  it('declares every package its shipped modules import, the shared ones as peers', () => {
    const declared = { ...pkg.dependencies, ...pkg.peerDependencies };
    const imported = new Set<string>();
    for (const file of shippedSources(dir)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^(?:import|export)\s[^;]*?from '([^'.][^']*)';$/gm)) {
        const name = packageName(m[1]!);
        if (name.startsWith('node:') || name === pkg.name) continue;
        if (name === '@linaria/core' && m[0].match(BUILD_ONLY_IMPORT)) {
          expect(pkg.devDependencies?.[name], `${path.relative(dir, file)} builds with ${name}`).toBeDefined();
          continue;
        }
        if (m[0].startsWith('import type')) continue;
        imported.add(name);
      }
    }
    for (const name of imported) expect(declared[name], `${pkg.name} imports ${name}`).toBeDefined();
    if (pkg.name !== '@oja/core')
      for (const name of Object.keys(pkg.dependencies ?? {}))
        expect(name, `${pkg.name} lists a shared package as its own dependency`).not.toMatch(SHARED);
  });
});
