import type { BrandingPlugin, ChannelPlugin, GatePlugin } from './plugin';
import { validateChannel, validateGate } from './plugin';

export interface Registry {
  channels: readonly ChannelPlugin[];
  brandings: readonly BrandingPlugin[];
  /** In the order they are passed, lower `order` first. */
  gates: readonly GatePlugin[];
  gate(id: string): GatePlugin | undefined;
  channel(id: string): ChannelPlugin | undefined;
  byCode(code: string): ChannelPlugin | undefined;
  /** The branding for an acquirer; unknown acquirers get the default ('' acquirer). */
  branding(acquiredBy: string | undefined): BrandingPlugin;
}

/** Builds the registry at boot; throws with every problem found, so a bad plugin never half-works. */
export function createRegistry(channels: ChannelPlugin[], brandings: BrandingPlugin[], gates: GatePlugin[] = []): Registry {
  const problems = [...channels.flatMap(validateChannel), ...gates.flatMap(validateGate)];
  const seen = new Map<string, string>();
  for (const c of channels) {
    for (const key of [`id ${c.id}`, `code ${c.code}`, `path ${c.path}`]) {
      if (seen.has(key)) problems.push(`${c.id}: duplicate ${key} (also ${seen.get(key)})`);
      seen.set(key, c.id);
    }
  }
  // A gate's id is its translation namespace too: it may not be a channel's, nor another gate's.
  for (const g of gates) {
    const key = `id ${g.id}`;
    if (seen.has(key)) problems.push(`gate ${g.id}: duplicate ${key} (also ${seen.get(key)})`);
    seen.set(key, `gate ${g.id}`);
  }
  const fallback = brandings.find((b) => b.acquirer === '');
  if (!fallback) problems.push('a default branding (acquirer "") is required');
  const acquirers = new Set<string>();
  for (const b of brandings) {
    if (acquirers.has(b.acquirer)) problems.push(`branding ${b.acquirer || '(default)'} registered twice`);
    acquirers.add(b.acquirer);
  }
  if (problems.length) throw new Error(`Invalid plugins:\n- ${problems.join('\n- ')}`);
  const sorted = [...channels].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  const sortedGates = [...gates].sort((a, b) => (a.order ?? 100) - (b.order ?? 100));
  return {
    channels: sorted,
    brandings,
    gates: sortedGates,
    gate: (id) => sortedGates.find((g) => g.id === id),
    channel: (id) => sorted.find((c) => c.id === id),
    byCode: (code) => sorted.find((c) => c.code === code),
    branding: (acquiredBy) => brandings.find((b) => b.acquirer === (acquiredBy ?? '').toUpperCase()) ?? fallback!,
  };
}
