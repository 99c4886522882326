// oja.config.json (CONTRACT §5): the channels, brandings, gates and pages an assembled checkout runs, by package
// name, and the markets where only some channels work (data, core's MarketRule). One reader and one set of rules for the build (scripts/build/build.mjs) and the unit tests' loader
// (scripts/app/config.ts), so a config the tests accept is the config the build assembles.
import fs from 'node:fs';
import path from 'node:path';

export const CONFIG_FILE = 'oja.config.json';
/** The config's lists, in the order the assembled module lists them. */
export const KINDS = ['channels', 'brandings', 'gates', 'pages'];
/** The config's data beside the lists: the markets (core's MarketRule), each checked by marketProblems. */
const DATA = ['markets'];
/** A checkout without a channel or a branding is no checkout: these two lists must be there (may be empty). */
const REQUIRED = ['channels', 'brandings'];
/** npm's rule for a package name: lower case, URL-safe, optionally scoped. */
const PACKAGE_NAME = /^(?:@[a-z0-9][a-z0-9._~-]*\/)?[a-z0-9][a-z0-9._~-]*$/;

/** The folder a package is installed in, as Node finds it from `from` (node_modules upwards), or null. */
export function packageDir(name, from) {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (fs.existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** The config's text checked against its rules; `where` names the file in every error. */
export function parseConfig(text, where = CONFIG_FILE) {
  let value;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw new Error(`${where} is not JSON: ${e.message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value))
    throw new Error(`${where} must hold an object: { "channels": [...], "brandings": [...] }`);
  const unknown = Object.keys(value).filter((k) => !KINDS.includes(k) && !DATA.includes(k));
  if (unknown.length) throw new Error(`${where}: unknown key ${unknown.map((k) => `"${k}"`).join(', ')} (known: ${[...KINDS, ...DATA].join(', ')})`);
  const seen = new Map();
  const config = {};
  for (const kind of KINDS) {
    const list = value[kind];
    if (list === undefined && !REQUIRED.includes(kind)) {
      config[kind] = [];
      continue;
    }
    if (!Array.isArray(list)) throw new Error(`${where}: "${kind}" must be an array of package names`);
    for (const name of list) {
      if (typeof name !== 'string') throw new Error(`${where}: "${kind}" holds ${JSON.stringify(name)}, not a package name`);
      if (!PACKAGE_NAME.test(name)) throw new Error(`${where}: "${kind}" holds "${name}", which is not a valid npm package name`);
      if (seen.has(name)) throw new Error(`${where}: ${name} is listed twice (in "${seen.get(name)}" and "${kind}")`);
      seen.set(name, kind);
    }
    config[kind] = [...list];
  }
  const markets = value.markets ?? [];
  const problems = marketProblems(markets);
  if (problems.length) throw new Error(`${where}: "markets" ${problems.join('; ')}`);
  config.markets = markets;
  return config;
}

const isTextList = (v) => Array.isArray(v) && v.every((s) => typeof s === 'string' && s !== '');

/**
 * What is wrong with a config's markets: an array of { id, when: [conditions], only: [channel codes] }, each
 * condition naming currencies (ISO 4217 numeric), countries (ISO 3166 alpha-2) or an offered provider code.
 */
export function marketProblems(markets) {
  if (!Array.isArray(markets)) return ['must be an array of markets'];
  const problems = [];
  const ids = new Set();
  for (const [i, m] of markets.entries()) {
    const at = `market ${i + 1}`;
    if (!m || typeof m !== 'object' || Array.isArray(m)) {
      problems.push(`${at} is not an object`);
      continue;
    }
    const unknown = Object.keys(m).filter((k) => !['id', 'when', 'only'].includes(k));
    if (unknown.length) problems.push(`${at} has unknown ${unknown.join(', ')}`);
    if (typeof m.id !== 'string' || !/^[a-z][a-z0-9-]*$/.test(m.id)) problems.push(`${at}: id must be lower-case words joined by -`);
    else if (ids.has(m.id)) problems.push(`${at}: id ${m.id} twice`);
    ids.add(m.id);
    if (!isTextList(m.only)) problems.push(`${at}: only must list channel codes`);
    if (!Array.isArray(m.when) || m.when.length === 0) {
      problems.push(`${at}: when must list at least one condition`);
      continue;
    }
    for (const c of m.when) {
      const keys = c && typeof c === 'object' && !Array.isArray(c) ? Object.keys(c) : [];
      const fine =
        keys.length > 0 &&
        keys.every((k) => (k === 'offered' ? typeof c[k] === 'string' && c[k] !== '' : (k === 'currency' || k === 'country') && isTextList(c[k])));
      if (!fine) problems.push(`${at}: a condition names currency [...], country [...] or offered "CODE"`);
    }
  }
  return problems;
}

/**
 * oja.config.json at `root` (or `file`, another app's config: its packages are found from its folder, then from
 * `root`), checked, each package found installed.
 */
export function readConfig(root, file = path.join(root, CONFIG_FILE)) {
  const dir = path.dirname(file);
  let text;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    throw new Error(`${CONFIG_FILE} is missing at ${dir}: it lists the checkout's channels and brandings by package name`);
  }
  const config = parseConfig(text);
  for (const kind of KINDS) {
    for (const name of config[kind]) {
      if (!packageDir(name, dir) && !packageDir(name, root))
        throw new Error(`${CONFIG_FILE}: ${name} (in "${kind}") cannot be resolved: install it (npm install ${name})`);
    }
  }
  return config;
}

const isObject = (v) => Boolean(v) && typeof v === 'object';
const isText = (v) => typeof v === 'string';
/** What each kind's default export must hold (core/src/plugin.ts), field by field: enough to catch a wrong package. */
const SHAPES = {
  channels: { what: 'a channel (defineChannel)', fields: { id: isText, code: isText, path: isText, messages: isObject } },
  brandings: { what: 'a branding (defineBranding)', fields: { acquirer: isText, className: isText, messages: isObject } },
  gates: { what: 'a gate (defineGate)', fields: { id: isText, screen: (v) => typeof v === 'function', messages: isObject } },
  pages: { what: 'a page (definePage)', fields: { id: isText, paths: Array.isArray, messages: isObject } },
};

/** The key core loads a plugin's lazy parts by (core/src/shell/App.tsx, core/src/server/integrity.ts). */
const idOf = (kind, plugin) => (kind === 'brandings' ? (plugin.acquirer || 'default').toLowerCase() : plugin.id);

/**
 * Each listed package's default export checked as its kind's plugin, and each plugin's id unique within its kind
 * (core finds lazy parts by id). Returns who owns what: package name -> { kind, id }.
 */
export function checkPlugins(packages, installed) {
  const owners = new Map();
  for (const kind of KINDS) {
    const { what, fields } = SHAPES[kind];
    const byId = new Map();
    (packages[kind] ?? []).forEach((name, i) => {
      const plugin = installed[kind]?.[i];
      const wrong = isObject(plugin)
        ? Object.entries(fields)
            .filter(([field, ok]) => !ok(plugin[field]))
            .map(([field]) => field)
        : null;
      if (!wrong || wrong.length) {
        throw new Error(
          `${name} (in ${CONFIG_FILE} "${kind}") does not export ${what} as its default export${wrong ? `: ${wrong.join(', ')} missing or of the wrong type` : ''}`,
        );
      }
      const id = idOf(kind, plugin);
      if (byId.has(id))
        throw new Error(`${byId.get(id)} and ${name} (in ${CONFIG_FILE} "${kind}") have the same id "${id}": one checkout runs one of them`);
      byId.set(id, name);
      owners.set(name, { kind, id });
    });
  }
  return owners;
}

/** The module the bundles import as `oja:installed` (scripts/app/oja-installed.d.ts): each package's default export, in the config's order. */
export function installedModule(config) {
  const imports = [];
  const lists = KINDS.map((kind) => {
    const names = config[kind].map((name) => {
      const local = `plugin${imports.length}`;
      imports.push(`import ${local} from ${JSON.stringify(name)};`);
      return local;
    });
    return `  ${kind}: [${names.join(', ')}],`;
  });
  return [
    ...imports,
    `export const installed = {\n${lists.join('\n')}\n  markets: ${JSON.stringify(config.markets ?? [])},\n};`,
    `export const packages = ${JSON.stringify(Object.fromEntries(KINDS.map((k) => [k, config[k]])))};`,
    '',
  ].join('\n');
}

/**
 * `oja:installed` for Vite (vitest and Storybook): the module the build generates, from oja.config.json at `root`, so
 * that a story of the assembled checkout (every installed channel's row) lists what is installed, never a copy.
 */
export function installedVitePlugin(root) {
  const id = '\0oja:installed';
  return {
    name: 'oja-installed',
    resolveId: (source) => (source === 'oja:installed' ? id : null),
    load: (loaded) => (loaded === id ? installedModule(readConfig(root)) : null),
  };
}
