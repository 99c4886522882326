// Builds @oja/sdk to what a merchant installs: ES modules (dist/index.js, dist/react.js, dist/schema.js), their
// declarations (dist/*.d.ts) and the JSON Schemas at the package's root. Run by `npm run build` (through
// scripts/build/build.mjs) and `npm run build -w @oja/sdk`.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withJsSpecifiers } from '../../scripts/build/packages.mjs';

const pkg = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(pkg, 'dist');
/** The package's entries (its `exports`), by output name. */
const ENTRIES = { index: 'src/index.ts', react: 'src/react.tsx', schema: 'src/schema.ts', url: 'src/url.ts' };
/** The served script (`@oja/sdk/script`), built on its own: one classic script, no imports. */
const SCRIPT_ENTRY = 'src/script.ts';
/** What a consumer installs beside the SDK: left as imports. */
const EXTERNAL = ['valibot', 'react', 'react/jsx-runtime'];

/** The JSON Schemas, written where the package publishes them; answers whether a file changed. */
async function writeJsonSchemas() {
  const tmp = fs.mkdtempSync(path.join(pkg, '.json-schema-'));
  try {
    const out = path.join(tmp, 'jsonSchema.mjs');
    await esbuild.build({
      entryPoints: [path.join(pkg, 'src/jsonSchema.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      outfile: out,
      logLevel: 'warning',
    });
    const { JSON_SCHEMA_FILES, jsonSchemas, jsonSchemaText } = await import(pathToFileURL(out).href);
    const schemas = jsonSchemas();
    let changed = false;
    for (const [file, key] of Object.entries(JSON_SCHEMA_FILES)) {
      const target = path.join(pkg, file);
      const text = jsonSchemaText(schemas[key]);
      if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) continue;
      fs.writeFileSync(target, text);
      changed = true;
    }
    return changed;
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** `writeJsonSchemas: false` leaves the committed JSON Schemas as they are (the tests' build: their staleness is a failure to see). */
export async function buildSdk({ writeJsonSchemas: write = true } = {}) {
  fs.rmSync(dist, { recursive: true, force: true });
  await esbuild.build({
    absWorkingDir: pkg,
    entryPoints: ENTRIES,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2020',
    jsx: 'automatic',
    external: EXTERNAL,
    outdir: dist,
    chunkNames: 'chunk-[hash]',
    legalComments: 'none',
    logLevel: 'warning',
  });
  // The classic script a checkout serves at /inline-checkout.js, ready to serve (an app's build minifies it).
  await esbuild.build({
    absWorkingDir: pkg,
    entryPoints: [SCRIPT_ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    outfile: path.join(dist, 'script.js'),
    legalComments: 'none',
    logLevel: 'warning',
  });
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', path.join(pkg, 'tsconfig.build.json')], { stdio: 'inherit' });
  for (const f of fs.readdirSync(dist)) if (f.endsWith('.d.ts')) withJsSpecifiers(path.join(dist, f));
  const changed = write ? await writeJsonSchemas() : false;
  return { dist, changed };
}

/** The name scripts/build/packages.mjs calls a package's own build by. */
export const buildPackage = buildSdk;

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { changed } = await buildSdk();
  console.log(`built @oja/sdk: ${path.relative(process.cwd(), dist) || 'dist'}${changed ? ', JSON Schemas updated' : ''}`);
}
