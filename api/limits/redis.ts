/**
 * The Redis limit store (ioredis): one Lua script (`admit.lua`, registered with `defineCommand`)
 * decides every counter and the plan meter of a request in one round trip. Connection settings
 * follow DESIGN.md: no offline queue (a command while disconnected fails at once instead of
 * waiting), one retry per request, short timeouts; the client keeps reconnecting in the background.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Decoder, Encoder } from '@msgpack/msgpack';
import { Redis } from 'ioredis';
import type { CounterState, EvaluateRequest, EvaluateResult, GiveBackRequest, LimitStore, MeterState, OverageConf } from './interface.ts';
import { EPOCH_SKEW_MS, LimitStoreUnavailableError } from './interface.ts';

const SCRIPT = readFileSync(path.join(import.meta.dirname, 'admit.lua'), 'utf8');

/** The key (after the prefix) holding when this Redis started holding counters (admit.lua). */
export const EPOCH_KEY = 'epoch';

type AdmitClient = Redis & {
  almanacAdmit(numKeys: number, ...args: (string | number)[]): Promise<string | number>;
  almanacAdmitBuffer(numKeys: number, ...args: (string | number | Buffer)[]): Promise<Buffer>;
};

const encoder = new Encoder();
const decoder = new Decoder();

/**
 * admit.lua's arguments after the mode, as one MessagePack array: ioredis encodes every argument
 * and decodes every reply item on its own, and the ~40 of each per admission were a quarter of a
 * limited request's CPU (issue 15, `--cpu-prof` of limited cached /api/data), so they go as one.
 * MessagePack rather than text joined by commas: the script spent about half of its instructions
 * splitting the text and converting each field with strtod, and printing its reply's numbers
 * (396,000 instructions a call before, counted with callgrind on Redis 7.0; README "Limits").
 */
export function packArgs(args: readonly (string | number)[]): Buffer {
  const bytes = encoder.encode(args);
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** admit.lua's reply: a MessagePack array of integers. */
export function unpackReply(reply: Buffer): number[] {
  return decoder.decode(reply) as number[];
}

export interface RedisLimitStoreOptions {
  url: string;
  /** Prepended to every key (tests use a unique prefix per run). Default `alm:`. */
  prefix?: string;
  /**
   * Per-command timeout in ms. Default 1000. A timed-out command may still have run in Redis, so
   * its failure says `outcomeUnknown` and the limiter answers 503 rather than admitting from its
   * local allowance (which would admit calls Redis already counted); only a command that was never
   * sent (not connected: with the offline queue off it fails at once) may fall back.
   */
  commandTimeoutMs?: number;
  /** Connect timeout in ms. Default 1000. */
  connectTimeoutMs?: number;
  /** Commands in flight at once per process; further ones wait their turn in process. Default 16. */
  maxInFlight?: number;
}

export class RedisLimitStore implements LimitStore {
  readonly kind = 'redis' as const;
  readonly client: AdmitClient;
  readonly prefix: string;
  /** Round trips made (benchmarks report round trips per request). */
  roundTrips = 0;

  readonly #maxInFlight: number;
  #inFlight = 0;
  readonly #waiting: (() => void)[] = [];

  private constructor(client: AdmitClient, prefix: string, maxInFlight: number) {
    this.client = client;
    this.prefix = prefix;
    this.#maxInFlight = maxInFlight;
  }

  /** Connects (without failing when Redis is down: the limiter then uses its fallback). */
  static async open(options: RedisLimitStoreOptions): Promise<RedisLimitStore> {
    const client = new Redis(options.url, {
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      commandTimeout: options.commandTimeoutMs ?? 1_000,
      connectTimeout: options.connectTimeoutMs ?? 1_000,
      lazyConnect: true,
      // A command in flight when the connection drops is failed, not sent again on the next
      // connection (it may have run already: a resend could count one call twice).
      autoResendUnfulfilledCommands: false,
      // Keep reconnecting, at most every second.
      retryStrategy: (times: number) => Math.min(times * 100, 1_000),
      // The admissions of requests read in one turn of the event loop go out in one socket write
      // (still one command, one round trip, per request): a write per command was ~11 % of the
      // server's CPU under load (issue 15, `--cpu-prof` of keyed cached /api/data).
      enableAutoPipelining: true,
    }) as AdmitClient;
    client.defineCommand('almanacAdmit', { lua: SCRIPT });
    // Errors surface on the commands; the connection's own error events are expected during outages.
    client.on('error', () => undefined);
    const store = new RedisLimitStore(client, options.prefix ?? 'alm:', options.maxInFlight ?? 16);
    await client.connect().catch(() => undefined);
    return store;
  }

  async #call<T>(fn: () => Promise<T>): Promise<T> {
    // At most `maxInFlight` commands on the wire: a burst (many requests of one key released at
    // once, e.g. after its lost counters were rebuilt) is not sent as one pipeline whose replies a
    // CPU-starved process reads past the command timeout (each such call a needless 503: its
    // outcome is unknown). Waiting here does not count against the timeout.
    if (this.#inFlight >= this.#maxInFlight) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#inFlight++;
    this.roundTrips++;
    // Not connected: the command fails at once without reaching Redis. Connected: once sent, a
    // failure (timeout, connection lost mid-command) leaves its outcome unknown.
    const sent = this.client.status === 'ready';
    try {
      return await fn();
    } catch (err) {
      throw new LimitStoreUnavailableError(err, { outcomeUnknown: sent });
    } finally {
      this.#inFlight--;
      this.#waiting.shift()?.();
    }
  }

  async evaluate(req: EvaluateRequest): Promise<EvaluateResult> {
    const keys = req.counters.map((c) => this.prefix + c.key);
    const epoch = req.counters.some((c) => c.since !== undefined);
    const args: (string | number)[] = [req.now, req.counters.length, req.meter ? 1 : 0, epoch ? 1 : 0, EPOCH_SKEW_MS];
    for (const c of req.counters) args.push(c.kind === 'fixed' ? 0 : 1, c.limit, c.cost, c.windowMs, c.since ?? -1, c.seed ?? -1);
    const m = req.meter;
    if (m) {
      keys.push(this.prefix + m.monthKey, this.prefix + m.confKey);
      const s = m.seed;
      const c = s?.conf;
      args.push(m.plan, m.includedCalls, m.rateMicros, m.priceMicros, m.monthTtlMs, m.confTtlMs, s ? 1 : 0);
      // The seed's values only with a seed (the script reads them only then).
      if (s) args.push(s.calls, s.accruedMicros, c?.enabled ? 1 : 0, c?.plan ?? '', c?.rateMicros ?? 0, c?.priceMicros ?? 0, c?.capMicros ?? 0);
    }
    if (epoch) keys.push(this.prefix + EPOCH_KEY);
    const reply = await this.#call(() => this.client.almanacAdmitBuffer(keys.length, ...keys, 'admit', packArgs(args)));
    const res = unpackReply(reply);
    const code = res[0]!;
    if (code === 4) return { outcome: 'seed', meter: res[1] === 1, counters: res.slice(2) };
    const counters: CounterState[] = req.counters.map((c, i) => ({ policy: c.policy, limit: c.limit, remaining: res[7 + i * 3]!, resetMs: res[8 + i * 3]! }));
    const meter: MeterState | null = m ? { costMicros: res[2]!, calls: res[3]!, accruedMicros: res[4]!, capMicros: res[5]!, enabled: res[6] === 1 } : null;
    if (code === 0) {
      const refused = req.counters.filter((_, i) => res[9 + i * 3] === 1).map((c) => c.policy);
      return { outcome: 'limited', counters, refused, retryAfterMs: res[1]! };
    }
    if (code === 2) return { outcome: 'allowance', counters, meter: meter! };
    if (code === 3) return { outcome: 'cap', counters, meter: meter! };
    return { outcome: 'admitted', counters, meter };
  }

  async release(monthKey: string, costMicros: number): Promise<void> {
    await this.#call(() => this.client.almanacAdmit(1, this.prefix + monthKey, 'release', costMicros));
  }

  async giveBack(req: GiveBackRequest): Promise<void> {
    const keys = req.counters.map((c) => this.prefix + c.key);
    const args: (string | number)[] = ['giveback', req.counters.length, ...req.counters.map((c) => c.cost)];
    if (req.meter) {
      keys.push(this.prefix + req.meter.monthKey);
      args.push(req.meter.costMicros);
    }
    await this.#call(() => this.client.almanacAdmit(keys.length, ...keys, ...args));
  }

  async setOverage(confKey: string, conf: OverageConf, ttlMs: number): Promise<void> {
    const key = this.prefix + confKey;
    await this.#call(() =>
      this.client
        .multi()
        .hset(key, 'enabled', conf.enabled ? '1' : '0', 'plan', conf.plan, 'rate', conf.rateMicros, 'price', conf.priceMicros, 'cap', conf.capMicros)
        .pexpire(key, ttlMs)
        .exec(),
    );
  }

  async peekMeter(monthKey: string): Promise<{ calls: number; accruedMicros: number } | null> {
    const [calls, accrued] = await this.#call(() => this.client.hmget(this.prefix + monthKey, 'calls', 'accrued'));
    if (calls === null || calls === undefined) return null;
    return { calls: Number(calls), accruedMicros: Number(accrued ?? 0) };
  }

  async ping(): Promise<boolean> {
    try {
      return (await this.client.ping()) === 'PONG';
    } catch {
      return false;
    }
  }

  async close(): Promise<void> {
    this.client.disconnect();
  }
}
