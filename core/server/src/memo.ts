/**
 * The server's caches of work that depends only on the build, the installed plugins, the branding or the locale,
 * never on the payment (issue 35): done once, then read by every request. Each is bounded, and belongs to the objects
 * its results are made from (the build's manifest, the registry), so that another build or registry never reads it
 * and a server that goes takes its caches with it.
 */

/** Results kept by key: at most `max` of them, the least recently used dropped first. */
export interface Memo<V> {
  /** The result kept for `key`, or make()'s, kept. */
  get(key: string, make: () => V): V;
  readonly size: number;
}

export function createMemo<V>(max: number): Memo<V> {
  const entries = new Map<string, V>();
  return {
    get(key, make) {
      if (entries.has(key)) {
        const kept = entries.get(key) as V;
        // A Map iterates in insertion order: put back last, it is the most recently used.
        entries.delete(key);
        entries.set(key, kept);
        return kept;
      }
      const made = make();
      entries.set(key, made);
      if (entries.size > max) entries.delete(entries.keys().next().value as string);
      return made;
    },
    get size() {
      return entries.size;
    },
  };
}

/**
 * One memo per tuple of owner objects (same objects, same memo; any other, another), each of at most `max` entries.
 * Held weakly: the owners' going frees it.
 */
export function memoPerOwners<V>(max: number): (...owners: object[]) => Memo<V> {
  // One tree per number of owners: a single owner's memo never stands where two owners' next level does.
  const roots = new Map<number, WeakMap<object, unknown>>();
  return (...owners) => {
    if (owners.length === 0) throw new Error('memoPerOwners: name at least one owner');
    let level = roots.get(owners.length);
    if (!level) roots.set(owners.length, (level = new WeakMap()));
    for (const owner of owners.slice(0, -1)) {
      let next = level.get(owner) as WeakMap<object, unknown> | undefined;
      if (!next) level.set(owner, (next = new WeakMap()));
      level = next;
    }
    const last = owners[owners.length - 1];
    let memo = level.get(last) as Memo<V> | undefined;
    if (!memo) level.set(last, (memo = createMemo<V>(max)));
    return memo;
  };
}

const objectIds = new WeakMap<object, number>();
let lastObjectId = 0;

/** A number naming an object for as long as it lives (a key part for a list of bundles, say). */
export function objectId(o: object): number {
  let id = objectIds.get(o);
  if (id === undefined) objectIds.set(o, (id = ++lastObjectId));
  return id;
}
