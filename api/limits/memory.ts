/**
 * The in-process limit store: the embedded default (`REDIS_URL` empty) and the fallback for
 * security limits while Redis is unreachable. Same semantics as `admit.lua`, step for step
 * (checked by the contract suite). Expiry follows the request's `now` (an injectable clock), so
 * tests can move time; expired entries are swept as the map grows.
 */
import type { CounterState, EvaluateRequest, EvaluateResult, GiveBackRequest, LimitStore, MeterState, OverageConf } from './interface.ts';
import { EPOCH_SKEW_MS } from './interface.ts';

interface Entry {
  value: number | Record<string, number | string>;
  expiresAt: number;
}

export interface MemoryLimitStoreOptions {
  /** Clock for calls that carry no `now` (release, setOverage, peekMeter). Default Date.now. */
  clock?: () => number;
  /** Sweep expired entries when the map passes this size. */
  sweepAt?: number;
}

export class MemoryLimitStore implements LimitStore {
  readonly kind = 'memory' as const;
  readonly #map = new Map<string, Entry>();
  readonly #clock: () => number;
  #sweepAt: number;
  /** When this store started holding counters (the first evaluation with rebuildable counters). */
  #epoch: number | null = null;

  constructor(options: MemoryLimitStoreOptions = {}) {
    this.#clock = options.clock ?? Date.now;
    this.#sweepAt = options.sweepAt ?? 100_000;
  }

  get size(): number {
    return this.#map.size;
  }

  #get(key: string, now: number): Entry | undefined {
    const e = this.#map.get(key);
    if (e && e.expiresAt <= now) {
      this.#map.delete(key);
      return undefined;
    }
    return e;
  }

  #set(key: string, value: Entry['value'], ttlMs: number, now: number): void {
    this.#map.set(key, { value, expiresAt: now + Math.max(ttlMs, 1) });
    if (this.#map.size > this.#sweepAt) this.#sweep(now);
  }

  #sweep(now: number): void {
    for (const [k, e] of this.#map) if (e.expiresAt <= now) this.#map.delete(k);
    if (this.#map.size > this.#sweepAt / 2) this.#sweepAt = this.#map.size * 2;
  }

  async evaluate(req: EvaluateRequest): Promise<EvaluateResult> {
    const now = req.now;
    // Rebuild lost counters first, as the script does.
    const need: number[] = [];
    if (req.counters.some((c) => c.since !== undefined)) {
      this.#epoch ??= now;
      req.counters.forEach((c, i) => {
        if (c.since === undefined || this.#get(c.key, now)) return;
        if (c.seed !== undefined) this.#set(c.key, c.seed, c.windowMs, now);
        else if (c.since < this.#epoch! + EPOCH_SKEW_MS) need.push(i);
      });
    }
    const meterNeed = Boolean(req.meter && !req.meter.seed && (!this.#get(req.meter.monthKey, now) || !this.#get(req.meter.confKey, now)));
    if (meterNeed || need.length) return { outcome: 'seed', meter: meterNeed, counters: need };
    let limited = false;
    let retry = 0;
    const refused: string[] = [];
    const counters: CounterState[] = [];
    const commits: (() => void)[] = [];
    for (const c of req.counters) {
      const cur = this.#get(c.key, now);
      if (c.kind === 'fixed') {
        const used = typeof cur?.value === 'number' ? cur.value : 0;
        // The window's end, as admit.lua reads it: the key names its window and expires at its end.
        const ttl = c.windowMs;
        if (used + c.cost > c.limit) {
          limited = true;
          refused.push(c.policy);
          retry = Math.max(retry, ttl);
          counters.push({ policy: c.policy, limit: c.limit, remaining: Math.max(c.limit - used, 0), resetMs: ttl });
        } else {
          counters.push({ policy: c.policy, limit: c.limit, remaining: c.limit - used - c.cost, resetMs: ttl });
          commits.push(() => {
            if (cur) cur.value = used + c.cost;
            else this.#set(c.key, c.cost, c.windowMs, now);
          });
        }
      } else {
        const interval = c.windowMs / c.limit;
        const tat = Math.max(typeof cur?.value === 'number' ? cur.value : now, now);
        const newTat = tat + c.cost * interval;
        if (newTat - now > c.windowMs) {
          limited = true;
          refused.push(c.policy);
          retry = Math.max(retry, Math.ceil(newTat - now - c.windowMs));
          counters.push({ policy: c.policy, limit: c.limit, remaining: Math.max(Math.floor((c.windowMs - (tat - now)) / interval), 0), resetMs: Math.ceil(tat - now) });
        } else {
          counters.push({ policy: c.policy, limit: c.limit, remaining: Math.floor((c.windowMs - (newTat - now)) / interval), resetMs: Math.ceil(newTat - now) });
          // Same precision as the script's '%.3f'.
          commits.push(() => this.#set(c.key, Math.round(newTat * 1000) / 1000, Math.max(Math.ceil(newTat - now), 1), now));
        }
      }
    }

    let meter: MeterState | null = null;
    let outcome: 'admitted' | 'allowance' | 'cap' = 'admitted';
    if (req.meter) {
      const m = req.meter;
      let month = this.#get(m.monthKey, now);
      let conf = this.#get(m.confKey, now);
      if (!month || !conf) {
        if (!m.seed) return { outcome: 'seed', meter: true, counters: [] };
        if (!month) {
          this.#set(m.monthKey, { calls: m.seed.calls, accrued: m.seed.accruedMicros }, m.monthTtlMs, now);
          month = this.#map.get(m.monthKey)!;
        }
        if (!conf) {
          const s = m.seed.conf;
          this.#set(m.confKey, { enabled: s.enabled ? '1' : '0', plan: s.plan, rate: s.rateMicros, price: s.priceMicros, cap: s.capMicros }, m.confTtlMs, now);
          conf = this.#map.get(m.confKey)!;
        }
      }
      const mv = month.value as Record<string, number>;
      const cv = conf.value as Record<string, number | string>;
      const cap = Number(cv.cap) || 0;
      const enabled = cv.enabled === '1' && cv.plan === m.plan && Number(cv.rate) === m.rateMicros && Number(cv.price) === m.priceMicros && cap > 0;
      meter = { costMicros: 0, calls: mv.calls ?? 0, accruedMicros: mv.accrued ?? 0, capMicros: cap, enabled };
      if (!limited) {
        if (meter.calls < m.includedCalls) meter.costMicros = 0;
        else if (enabled && meter.accruedMicros + m.rateMicros <= cap) meter.costMicros = m.rateMicros;
        else outcome = enabled ? 'cap' : 'allowance';
        if (outcome === 'admitted') {
          mv.calls = meter.calls += 1;
          mv.accrued = meter.accruedMicros += meter.costMicros;
        }
      }
    }
    if (limited) return { outcome: 'limited', counters, refused, retryAfterMs: retry };
    if (outcome !== 'admitted') return { outcome, counters, meter: meter! };
    for (const commit of commits) commit();
    return { outcome: 'admitted', counters, meter };
  }

  async release(monthKey: string, costMicros: number): Promise<void> {
    const e = this.#get(monthKey, this.#clock());
    if (!e || typeof e.value === 'number') return;
    e.value.calls = Number(e.value.calls) - 1;
    e.value.accrued = Number(e.value.accrued) - costMicros;
  }

  async giveBack(req: GiveBackRequest): Promise<void> {
    const now = this.#clock();
    for (const c of req.counters) {
      const e = this.#get(c.key, now);
      if (e && typeof e.value === 'number') e.value = Math.max(e.value - c.cost, 0);
    }
    if (req.meter) await this.release(req.meter.monthKey, req.meter.costMicros);
  }

  async setOverage(confKey: string, conf: OverageConf, ttlMs: number): Promise<void> {
    this.#set(confKey, { enabled: conf.enabled ? '1' : '0', plan: conf.plan, rate: conf.rateMicros, price: conf.priceMicros, cap: conf.capMicros }, ttlMs, this.#clock());
  }

  async peekMeter(monthKey: string): Promise<{ calls: number; accruedMicros: number } | null> {
    const e = this.#get(monthKey, this.#clock());
    if (!e || typeof e.value === 'number') return null;
    return { calls: Number(e.value.calls), accruedMicros: Number(e.value.accrued) };
  }

  /** Forgets everything, its epoch included (tests: "Redis lost its data"). */
  clear(): void {
    this.#map.clear();
    this.#epoch = null;
  }

  async ping(): Promise<boolean> {
    return true;
  }

  async close(): Promise<void> {
    this.#map.clear();
  }
}
