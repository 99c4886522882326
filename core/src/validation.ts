import type { BrandingPlugin, ChannelPlugin, GatePlugin, PagePlugin, SourceDirective } from './plugin';
import { RESERVED_PATHS } from './plugin';
import type { MessageBundle, Messages } from './i18n';
import { assembleRegistry } from './registry';
import type { Registry, RegistryOptions } from './registry';

/*
 * The checks a plugin passes at boot. Kept apart from the plugin types and the registry so that the browser's
 * boot, which assembles the same plugins the server has checked (assembleRegistry), carries none of them.
 */

const ID = /^[a-z][a-z0-9-]*$/;
/** An outside source's key: lower case, digits allowed first ('3ds-issuer'). */
const SOURCE_KEY = /^[a-z0-9][a-z0-9-]*$/;
const SOURCE_DIRECTIVES: readonly SourceDirective[] = ['script', 'frame', 'connect', 'img'];

/** Builds the registry at boot; throws with every problem found, so a bad plugin never half-works. */
export function createRegistry(
  channels: ChannelPlugin[],
  brandings: BrandingPlugin[],
  { pages = [], gates = [], markets = [] }: RegistryOptions = {},
): Registry {
  const problems = [...channels.flatMap(validateChannel), ...pages.flatMap(validatePage), ...gates.flatMap(validateGate)];
  const seen = new Map<string, string>();
  // Ids are translation namespaces, so a page's may not be a channel's either.
  const plugins = [
    ...channels.map((c) => ({
      name: c.id,
      keys: [`id ${c.id}`, `code ${c.code}`, `path ${c.path}`, ...(c.walletType !== undefined ? [`walletType ${c.walletType}`] : [])],
    })),
    ...pages.map((p) => ({ name: `page ${p.id}`, keys: [`id ${p.id}`, ...p.paths.map((path) => `path ${path}`)] })),
  ];
  for (const { name, keys } of plugins) {
    for (const key of keys) {
      if (seen.has(key)) problems.push(`${name}: duplicate ${key} (also ${seen.get(key)})`);
      seen.set(key, name);
    }
  }
  // A gate's id is its translation namespace too: it may not be a channel's, nor another gate's.
  for (const g of gates) {
    const key = `id ${g.id}`;
    if (seen.has(key)) problems.push(`gate ${g.id}: duplicate ${key} (also ${seen.get(key)})`);
    seen.set(key, `gate ${g.id}`);
  }
  const ids = new Set(channels.map((c) => c.id));
  for (const c of channels)
    for (const id of c.continuesInto ?? [])
      if (!ids.has(id) || id === c.id) problems.push(`${c.id}: continuesInto ${id} is not another installed channel`);
  if (!brandings.some((b) => b.acquirer === '')) problems.push('a default branding (acquirer "") is required');
  const acquirers = new Set<string>();
  for (const b of brandings) {
    if (acquirers.has(b.acquirer)) problems.push(`branding ${b.acquirer || '(default)'} registered twice`);
    acquirers.add(b.acquirer);
  }
  if (problems.length) throw new Error(`Invalid plugins:\n- ${problems.join('\n- ')}`);
  const marketIds = new Set<string>();
  for (const m of markets) {
    if (marketIds.has(m.id)) problems.push(`market ${m.id} given twice`);
    marketIds.add(m.id);
  }
  if (problems.length) throw new Error(`Invalid plugins:\n- ${problems.join('\n- ')}`);
  return assembleRegistry(channels, brandings, { pages, gates, markets });
}

/** Checks a gate's shape at boot; returns the problems found. */
export function validateGate(p: Partial<GatePlugin>): string[] {
  const problems: string[] = [];
  const name = `gate ${p.id ?? '(no id)'}`;
  if (!p.id || !ID.test(p.id)) problems.push(`${name}: id must match ${ID}`);
  if (typeof p.condition !== 'function') problems.push(`${name}: condition must be a function`);
  if (typeof p.screen !== 'function') problems.push(`${name}: screen must be a loader function`);
  return [...problems, ...messageProblems(name, p.id, p.messages)];
}

/** Checks a channel's shape at boot; returns the problems found. */
export function validateChannel(p: Partial<ChannelPlugin>): string[] {
  const problems: string[] = [];
  const name = p.id ?? '(no id)';
  if (!p.id || !ID.test(p.id)) problems.push(`${name}: id must match ${ID}`);
  if (!p.code || !/^[A-Z_]+$/.test(p.code)) problems.push(`${name}: code must be an upper-case channel code`);
  if (p.walletType !== undefined && !/^[a-z][a-z0-9-]*$/.test(p.walletType)) problems.push(`${name}: walletType must be a lower-case provider type`);
  if (!p.path?.startsWith('/payment/')) problems.push(`${name}: path must start with /payment/`);
  if (typeof p.isAvailable !== 'function') problems.push(`${name}: isAvailable must be a function`);
  if (p.status && !(p.status.intervalMs > 0)) problems.push(`${name}: status.intervalMs must be positive`);
  for (const s of p.sources ?? []) {
    if (!SOURCE_KEY.test(s.key)) problems.push(`${name}: source key ${s.key} must match ${SOURCE_KEY}`);
    if (!s.directives.length || s.directives.some((d) => !SOURCE_DIRECTIVES.includes(d)))
      problems.push(`${name}: source ${s.key} directives must be some of ${SOURCE_DIRECTIVES.join(', ')}`);
  }
  for (const timing of ['firstDelayMs', 'timeoutMs'] as const) {
    const v = p.status?.[timing];
    if (v !== undefined && typeof v !== 'function' && !(typeof v === 'number' && v >= 0))
      problems.push(`${name}: status.${timing} must be a duration (ms) or a function`);
  }
  problems.push(...messageProblems(name, p.id, p.messages));
  // The browser build leaves initial-route strings to the server's page data (an empty table): the server's
  // registry, which has them, checks them.
  if (p.row && Object.keys(p.messages?.en ?? {}).length) {
    // A description that depends on the payment is checked by its channel's tests, for each payment it tells apart.
    const keys = typeof p.row.description === 'string' ? [p.row.title, p.row.description] : [p.row.title];
    for (const k of keys) if (!hasKey(p.messages?.en, k)) problems.push(`${name}: row key ${k} has no message`);
  }
  return problems;
}

/** Checks a page's shape at boot; returns the problems found. */
export function validatePage(p: Partial<PagePlugin>): string[] {
  const problems: string[] = [];
  const name = `page ${p.id ?? '(no id)'}`;
  if (!p.id || !ID.test(p.id) || p.id === 'core') problems.push(`${name}: id must match ${ID} and not be "core"`);
  if (!p.paths?.length) problems.push(`${name}: paths must list at least one path`);
  for (const path of p.paths ?? []) {
    if (!/^\/([a-z0-9-]+(\/[a-z0-9-]+)*)?$/.test(path)) problems.push(`${name}: path ${path} must be lower-case segments like /revpay`);
    const reserved = RESERVED_PATHS.find((r) => path === r || path.startsWith(`${r}/`));
    if (reserved) problems.push(`${name}: path ${path} is the checkout's own (${reserved})`);
  }
  if (p.completionPath !== undefined && !p.paths?.includes(p.completionPath)) problems.push(`${name}: completionPath must be one of its paths`);
  if (p.methods && (!p.methods.length || p.methods.some((m) => m !== 'GET' && m !== 'POST')))
    problems.push(`${name}: methods may be GET and POST only`);
  if (p.serve !== undefined && typeof p.serve !== 'function') problems.push(`${name}: serve must be a function`);
  problems.push(...messageProblems(name, p.id, p.messages));
  return problems;
}

/** A plugin's strings: en and fr with the same keys, all under its own namespace. */
function messageProblems(name: string, id: string | undefined, messages: MessageBundle | undefined): string[] {
  if (!messages?.en || !messages?.fr) return [`${name}: messages need en and fr`];
  const problems: string[] = [];
  for (const locale of ['en', 'fr'] as const) {
    if (Object.keys(messages[locale]).some((o) => o !== id)) problems.push(`${name}: messages must be namespaced under "${id}" only`);
  }
  const missing = missingKeys(messages.en, messages.fr);
  if (missing.length) problems.push(`${name}: fr lacks ${missing.join(', ')}`);
  const extra = missingKeys(messages.fr, messages.en);
  if (extra.length) problems.push(`${name}: en lacks ${extra.join(', ')}`);
  return problems;
}

/** Keys present in a but not in b (dotted paths). */
export function missingKeys(a: Messages, b: Messages, prefix = ''): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(a)) {
    const path = prefix ? `${prefix}.${k}` : k;
    const other = (b as Record<string, unknown>)[k];
    if (v && typeof v === 'object') {
      if (!other || typeof other !== 'object') out.push(path);
      else out.push(...missingKeys(v as Messages, other as Messages, path));
    } else if (other === undefined) out.push(path);
  }
  return out;
}

function hasKey(messages: Messages | undefined, key: string): boolean {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object') return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === 'string';
}
