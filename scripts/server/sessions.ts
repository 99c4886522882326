/**
 * The checkout server's sessions, bounded: at most `max` entries (the least recently used goes first when a new
 * one would pass it) and none older than `ttlMs` since last used, so memory stays flat however many payments
 * start (issue 9: RSS grew to 575 MB after 17,000 POST /pay and was never given back).
 */
export class SessionStore<T extends { seenAt: number }> {
  /** A Map keeps insertion order: re-inserting on use makes its first entry the least recently used. */
  private readonly map = new Map<string, T>();

  constructor(
    readonly max: number,
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
    /** Told of each session dropped (evicted or expired), e.g. to clear its timers. */
    private readonly onDrop: (value: T) => void = () => undefined,
  ) {}

  get size(): number {
    return this.map.size;
  }

  /** The session, marked as just used; undefined when unknown or expired. */
  get(key: string): T | undefined {
    const value = this.map.get(key);
    if (!value) return undefined;
    this.map.delete(key);
    if (this.now() - value.seenAt > this.ttlMs) {
      this.onDrop(value);
      return undefined;
    }
    value.seenAt = this.now();
    this.map.set(key, value);
    return value;
  }

  /** The session without marking it used (a leave signal is no sign of life). */
  peek(key: string): T | undefined {
    const value = this.map.get(key);
    return value && this.now() - value.seenAt <= this.ttlMs ? value : undefined;
  }

  set(key: string, value: T): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) {
      const [oldest, dropped] = this.map.entries().next().value as [string, T];
      this.map.delete(oldest);
      this.onDrop(dropped);
    }
  }

  delete(key: string): boolean {
    return this.map.delete(key);
  }

  /** Drops every expired session; entries are in order of last use, so the walk stops at the first live one. */
  sweep(): void {
    const now = this.now();
    for (const [key, value] of this.map) {
      if (now - value.seenAt <= this.ttlMs) break;
      this.map.delete(key);
      this.onDrop(value);
    }
  }
}
