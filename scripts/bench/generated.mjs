// The bench's catalogue case: N generated channel packages, each a method-list row like a real channel (its plugin
// object, a drawn icon, its strings, a screen), installed in a temporary app folder with an oja.config.json of
// its own (the repository's channels and brandings, then the generated ones), and built there with
// scripts/build/build.mjs (OJA_CONFIG, OJA_DIST): the repository's oja.config.json and dist/ are left alone.
import fs from 'node:fs';
import path from 'node:path';

/** The generated packages' scope: no real package is called so. */
export const GENERATED_SCOPE = '@oja-bench';

/** The i-th generated channel's id (1-based, two digits): gen01, gen02, … */
export const generatedId = (i) => `gen${String(i).padStart(2, '0')}`;

/** The i-th generated channel's code: channel codes are upper-case letters (GEN_A, …, GEN_Z, GEN_AA, …). */
export function generatedCode(i) {
  let letters = '';
  for (let n = i; n > 0; n = Math.floor((n - 1) / 26)) letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  return `GEN_${letters}`;
}

/** The files of the i-th generated channel package, by path inside the package. */
export function generatedChannelFiles(i) {
  const id = generatedId(i);
  const name = `${GENERATED_SCOPE}/${id}`;
  const words = (lang) => (lang === 'en' ? ['Pay with', 'Approve in the app of'] : ['Payer avec', "Approuvez dans l'application de"]);
  const table = (lang) => {
    const [pay, approve] = words(lang);
    return {
      [id]: { row: { title: `${pay} Generated ${i}`, description: `${approve} Generated ${i}` }, cancelClose: lang === 'en' ? 'Close' : 'Fermer' },
    };
  };
  return {
    'package.json': `${JSON.stringify(
      {
        name,
        version: '1.0.0',
        type: 'module',
        sideEffects: false,
        exports: { '.': './src/index.js' },
        peerDependencies: { '@oja/core': '^1.0.0', react: '^19' },
      },
      null,
      2,
    )}\n`,
    'src/index.js': [
      "import { defineChannel, drawnByServer, isOffered } from '@oja/core';",
      "import { messages } from './messages.js';",
      '',
      `export default defineChannel({`,
      `  id: '${id}',`,
      `  code: '${generatedCode(i)}',`,
      `  path: '/payment/${id}',`,
      `  order: ${1000 + i},`,
      // Offered with every payment of the sandbox's default list, like a real channel the merchant enabled.
      `  isAvailable: (props) => isOffered(props, 'CARD'),`,
      `  row: { icon: drawnByServer(() => import('./Icon.js')), title: '${id}.row.title', description: '${id}.row.description' },`,
      `  screen: () => import('./Screen.js'),`,
      '  messages,',
      '});',
      '',
    ].join('\n'),
    'src/messages.js': `export const messages = ${JSON.stringify({ en: table('en'), fr: table('fr') })};\n`,
    'src/Icon.js': [
      "import { createElement } from 'react';",
      '',
      'export default function Icon() {',
      `  return createElement('svg', { width: 24, height: 24, viewBox: '0 0 24 24', 'aria-hidden': true }, createElement('circle', { cx: 12, cy: 12, r: ${4 + (i % 8)}, fill: 'currentColor' }));`,
      '}',
      '',
    ].join('\n'),
    'src/Screen.js': [
      "import { createElement } from 'react';",
      '',
      'export default function Screen() {',
      `  return createElement('section', null, createElement('h1', null, 'Generated ${i}'));`,
      '}',
      '',
    ].join('\n'),
  };
}

/**
 * Writes `count` generated channel packages under `dir`/node_modules and `dir`/oja.config.json listing `base`'s
 * plugins (the repository's config) followed by them. Returns the config written.
 */
export function writeGeneratedApp(dir, base, count) {
  const channels = [];
  for (let i = 1; i <= count; i++) {
    const files = generatedChannelFiles(i);
    const pkgDir = path.join(dir, 'node_modules', GENERATED_SCOPE, generatedId(i));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(pkgDir, file)), { recursive: true });
      fs.writeFileSync(path.join(pkgDir, file), text);
    }
    channels.push(`${GENERATED_SCOPE}/${generatedId(i)}`);
  }
  const config = { ...base, channels: [...base.channels, ...channels] };
  fs.writeFileSync(path.join(dir, 'oja.config.json'), `${JSON.stringify(config, null, 2)}\n`);
  return config;
}
