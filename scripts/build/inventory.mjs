// The script inventory of the checkout's pages (PCI DSS 6.4.3): every script a page may load, with its
// Subresource Integrity and why it is there; the stylesheets likewise; the outside origins the channels may load
// from and why. Written by the build to dist/client/script-inventory.json; e2e/integrity.e2e.ts checks every
// script the built pages load against it.
// Plain ESM (no TypeScript) so that build.mjs runs with node alone; types in inventory.d.mts.
import crypto from 'node:crypto';

/**
 * The sha256 Subresource Integrity of some bytes: as accepted as sha384 (W3C SRI; PCI DSS 6.4.3 names no
 * algorithm) and 20 base64 characters shorter, characters that do not compress, on every page (import map).
 */
export const sri = (bytes) => `sha256-${crypto.createHash('sha256').update(bytes).digest('base64')}`;

/** Why a lazily loaded part is there, from its build key (build.mjs keyOf). */
function partWhy(key, channels) {
  const channel = [...channels].sort((a, b) => b.length - a.length).find((id) => key === id || key.startsWith(`${id}-`));
  if (channel) {
    return key === channel
      ? `The ${channel} channel's screen: loaded when the payer opens it, on payments that offer it`
      : `The ${channel} channel's ${key.slice(channel.length + 1)} module: loaded when its screen needs it`;
  }
  if (key.startsWith('core-')) return `Core's ${key.slice(5)}: loaded after the first screen, when the page needs it`;
  if (key.startsWith('branding-')) return `The ${key.slice(9)} branding's own route: loaded on its payments when the payer opens it`;
  return `Lazily loaded part ${key}`;
}

/**
 * The inventory. `manifest` is dist/client/manifest.json's content; `sdk` the built SDK's text and the
 * placeholder the server replaces with its mode; `plugins` what scripts/build/plugin-inventory.ts answers.
 */
export function buildInventory({ manifest, sdk, plugins }) {
  const channels = [...new Set(plugins.channels)];
  const scripts = [];
  const stylesheets = [];
  const named = new Set();
  const add = (list, url, why) => {
    if (named.has(url) || !manifest.integrity[url]) return;
    named.add(url);
    list.push({ url, integrity: manifest.integrity[url], why });
  };
  add(scripts, manifest.js, "The checkout's entry: the shell, the method list and the first screen's hydration; every payment page loads it");
  for (const url of manifest.entryModules ?? []) add(scripts, url, "Part of the initial route: imported by the checkout's entry");
  for (const url of manifest.css) add(stylesheets, url, "The checkout's stylesheet: every page");
  const parts = Object.entries(manifest.screens);
  for (const [key, part] of parts) {
    add(scripts, part.js, partWhy(key, channels));
    if (part.css) add(stylesheets, part.css, `The stylesheet of: ${partWhy(key, channels)}`);
  }
  // What is left is code esbuild split out of several parts: named by the parts that load it.
  for (const url of Object.keys(manifest.integrity).filter((u) => u.endsWith('.js') && !named.has(u))) {
    const users = parts.filter(([, p]) => (p.modules ?? p.preload ?? []).includes(url)).map(([k]) => k);
    add(scripts, url, `Code shared by lazily loaded parts: ${users.join(', ') || '(none)'}`);
  }
  for (const url of Object.keys(manifest.integrity).filter((u) => !named.has(u))) {
    throw new Error(`${url} has an integrity but no place in the inventory`);
  }
  return {
    about:
      "Every script and stylesheet the checkout's pages may load, with its Subresource Integrity and why it is there (PCI DSS 6.4.3). The pages carry these hashes (integrity attributes and the import map), and the server refuses to start when a file no longer matches (11.6.1).",
    scripts,
    stylesheets,
    merchantSdk: ['TEST', 'LIVE'].map((mode) => ({
      url: '/inline-checkout.js',
      mode,
      integrity: sri(sdk.text.split(sdk.placeholder).join(mode)),
      why: `The merchant SDK as a checkout in ${mode} mode serves it: merchants' pages load it, never the checkout's own pages`,
    })),
    outsideSources: plugins.sources.map(({ channel, key, directives, why }) => ({
      key,
      channel,
      directives,
      why,
      integrity: directives.includes('script')
        ? "the channel's page setting when the party versions its script (the sandbox's stand-in has one); otherwise the origin alone, allowed only on payments that can use the channel"
        : 'not a script: a frame or request of another origin, outside the page',
    })),
    sandboxScripts: plugins.sandboxScripts.map(({ channel, path, text, why }) => ({
      url: `(sandbox second origin, OUTSIDE_PORT)${path}`,
      channel,
      integrity: sri(text),
      why,
    })),
  };
}
