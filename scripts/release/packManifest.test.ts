// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { exportTargets, packedManifest, SOURCE_CONDITION } from './packManifest.mjs';

const card = {
  name: '@oja/card',
  exports: {
    '.': {
      'oja-source': { 'oja-server': './src/sandbox.ts', default: './src/index.ts' },
      'oja-server': { types: './dist/sandbox.d.ts', default: './dist/sandbox.js' },
      types: './dist/index.d.ts',
      import: './dist/index.js',
      default: './dist/index.js',
    },
    './steps': { 'oja-source': './src/steps.ts', types: './dist/steps.d.ts', default: './dist/steps.js' },
    './package.json': './package.json',
  },
  scripts: { prepack: 'node ../../scripts/release/packManifest.mjs strip', postpack: 'node ../../scripts/release/packManifest.mjs restore' },
};

describe('packedManifest: what a tarball of a released package holds', () => {
  it('drops the source condition at every depth, and keeps every other condition as it was', () => {
    const packed = packedManifest(card);
    expect(JSON.stringify(packed)).not.toContain(SOURCE_CONDITION);
    expect(packed.exports['.']).toEqual({
      'oja-server': { types: './dist/sandbox.d.ts', default: './dist/sandbox.js' },
      types: './dist/index.d.ts',
      import: './dist/index.js',
      default: './dist/index.js',
    });
    expect(packed.exports['./package.json']).toBe('./package.json');
    expect(exportTargets(packed.exports).every((t) => !t.startsWith('./src/'))).toBe(true);
  });

  it("leaves out the pack hooks, and keeps a package's other scripts", () => {
    expect(packedManifest(card)).not.toHaveProperty('scripts');
    const sdk = packedManifest({ ...card, scripts: { ...card.scripts, build: 'node build.mjs' } });
    expect(sdk.scripts).toEqual({ build: 'node build.mjs' });
  });

  it('changes nothing else, and never the manifest it was given', () => {
    const before = JSON.stringify(card);
    const packed = packedManifest({ ...card, version: '1.2.3', files: ['dist'] });
    expect(packed).toMatchObject({ name: '@oja/card', version: '1.2.3', files: ['dist'] });
    expect(JSON.stringify(card)).toBe(before);
  });
});
