/**
 * A small in-process cache of key lookups by hash (found and not found), so a key's request costs
 * one SHA-256 and, at most once per TTL, one indexed lookup. Revocation in this process drops the
 * entry at once; other processes see it within the TTL (default 30 s). Bounded: the oldest entries
 * are dropped past `max`. Concurrent misses for one hash share one lookup (a new key's first burst
 * of requests makes one query, not one per request: 250 at once saturated a 10-connection pool).
 */
import type { KeyAuthRow } from '../store/keys.ts';

interface Entry {
  row: KeyAuthRow | null;
  at: number;
}

export class KeyCache {
  readonly #entries = new Map<string, Entry>();
  readonly #hashById = new Map<string, string>();
  readonly #inFlight = new Map<string, Promise<KeyAuthRow | null>>();
  /** Bumped by every invalidation: a lookup that started before one is not cached. */
  #generation = 0;

  constructor(
    readonly ttlMs = 30_000,
    readonly max = 10_000,
  ) {}

  /** The cached lookup for `hash`: a row, null (known unknown), or undefined (not cached). */
  get(hash: string, now: number): KeyAuthRow | null | undefined {
    const e = this.#entries.get(hash);
    if (!e) return undefined;
    if (now - e.at >= this.ttlMs) {
      this.#delete(hash);
      return undefined;
    }
    return e.row;
  }

  set(hash: string, row: KeyAuthRow | null, now: number): void {
    if (this.#entries.size >= this.max) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#delete(oldest);
    }
    this.#entries.delete(hash);
    this.#entries.set(hash, { row, at: now });
    if (row) this.#hashById.set(row.id, hash);
  }

  /**
   * The lookup for `hash` through `fetch`, shared by every caller that misses while it runs; its
   * result is cached unless an invalidation happened meanwhile (then callers still get the row
   * read, and the next request reads again).
   */
  load(hash: string, now: number, fetch: () => Promise<KeyAuthRow | null>): Promise<KeyAuthRow | null> {
    const pending = this.#inFlight.get(hash);
    if (pending) return pending;
    const generation = this.#generation;
    const p = fetch().then(
      (row) => {
        if (this.#inFlight.get(hash) === p) this.#inFlight.delete(hash);
        if (generation === this.#generation) this.set(hash, row, now);
        return row;
      },
      (err: unknown) => {
        if (this.#inFlight.get(hash) === p) this.#inFlight.delete(hash);
        throw err;
      },
    );
    this.#inFlight.set(hash, p);
    return p;
  }

  /** Forgets a key by id (revocation). */
  invalidateKey(id: string): void {
    this.#invalidated();
    const hash = this.#hashById.get(id);
    if (hash) this.#delete(hash);
  }

  /** Forgets every key of an account (tier or plan changed). */
  invalidateAccount(accountId: string): void {
    this.#invalidated();
    for (const [hash, e] of this.#entries) if (e.row?.accountId === accountId) this.#delete(hash);
  }

  clear(): void {
    this.#invalidated();
    this.#entries.clear();
    this.#hashById.clear();
  }

  /** Lookups already running may have read the old row: they are neither shared nor cached now. */
  #invalidated(): void {
    this.#generation++;
    this.#inFlight.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  #delete(hash: string): void {
    const e = this.#entries.get(hash);
    if (e?.row) this.#hashById.delete(e.row.id);
    this.#entries.delete(hash);
  }
}
