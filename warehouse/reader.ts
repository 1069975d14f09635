/**
 * The API's view of the warehouse: an in-memory DuckDB that `ATTACH`es the current snapshot
 * `READ_ONLY` and serves queries from a small connection pool.
 *
 * Swapping (DESIGN.md, "Data flow" step 4): when the pointer names a new version the reader
 * attaches it and makes it active; queries that already hold a connection finish on the old
 * snapshot (each query pins its alias), and the old one is detached once its last query ends.
 * No request fails because of a swap.
 */
import type { DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { openDatabase, queryRows, type Db, type Row, type SqlParams } from './db.ts';
import { loadServing, type Serving } from './serving.ts';
import { currentVersion, snapshotFile } from './snapshots.ts';

/** Thrown when no snapshot has been published yet (the API answers 503). */
export class WarehouseUnavailableError extends Error {
  constructor(message = 'the data warehouse is not available yet') {
    super(message);
    this.name = 'WarehouseUnavailableError';
  }
}

export interface ReaderOptions {
  dataDir: string;
  threads?: number;
  memoryLimit?: string;
  poolSize?: number;
  /** Poll the pointer every `pollMs` (0 = never; call `refresh()` yourself). */
  pollMs?: number;
  /**
   * Build the in-memory serving layer of each snapshot before routing to it (warehouse/serving.ts).
   * Default on; `ALMANAC_SERVING=off` in the environment turns it off (every lookup by SQL).
   */
  serving?: boolean;
  /**
   * Fills the serving cache of a new snapshot before it is routed to, from what was asked of the
   * snapshot served until then (`fresh` reads the new one; api/app.ts warms the ticker snapshots
   * asked most recently). Its failure only leaves the cache cold.
   */
  warm?: (fresh: Db, previous: Serving) => Promise<unknown>;
}

interface Attached {
  version: string;
  alias: string;
  inFlight: number;
  retired: boolean;
  serving: Serving | null;
}

interface PooledConnection {
  conn: DuckDBConnection;
  alias: string | null;
}

export class Warehouse implements Db {
  /** Number of SQL statements served, for tests that count queries (N+1 checks). */
  queryCount = 0;
  private active: Attached | null = null;
  private readonly attached = new Map<string, Attached>();
  private readonly idle: PooledConnection[] = [];
  private readonly waiting: ((c: PooledConnection) => void)[] = [];
  private timer: NodeJS.Timeout | null = null;
  private refreshing: Promise<void> | null = null;
  private closed = false;

  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly control: DuckDBConnection,
    private readonly options: ReaderOptions,
  ) {}

  /** Opens the reader and attaches the current snapshot, if any. */
  static async open(options: ReaderOptions): Promise<Warehouse> {
    const instance = await openDatabase(':memory:', { threads: options.threads, memoryLimit: options.memoryLimit });
    const control = await instance.connect();
    const wh = new Warehouse(instance, control, options);
    for (let i = 0; i < (options.poolSize ?? 4); i++) wh.idle.push({ conn: await instance.connect(), alias: null });
    await wh.refresh();
    if (options.pollMs) {
      wh.timer = setInterval(() => void wh.refresh().catch(() => undefined), options.pollMs);
      wh.timer.unref();
    }
    return wh;
  }

  /** The snapshot version new queries read, or null before the first publish. */
  get version(): string | null {
    return this.active?.version ?? null;
  }

  /** The serving layer of the active snapshot (null when off, before the first publish, or when it could not be built). */
  serving(): Serving | null {
    return this.active?.serving ?? null;
  }

  /** Called after each switch of the snapshot served (`from` null on the first). */
  onSwitch(listener: (change: { from: string | null; to: string }) => void): void {
    this.switchListeners.push(listener);
  }

  private readonly switchListeners: ((change: { from: string | null; to: string }) => void)[] = [];

  /** Checks the pointer and switches to a new snapshot if it changed. Safe to call concurrently. */
  refresh(): Promise<void> {
    this.refreshing ??= this.doRefresh().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async doRefresh(): Promise<void> {
    if (this.closed) return;
    const version = await currentVersion(this.options.dataDir);
    if (!version || version === this.active?.version) return;
    const alias = `snap_${version.replace(/[^0-9a-zA-Z]/g, '_')}`;
    if (!this.attached.has(version)) {
      const file = snapshotFile(this.options.dataDir, version).replaceAll("'", "''");
      await this.control.run(`ATTACH '${file}' AS ${alias} (READ_ONLY)`);
      const snap: Attached = { version, alias, inFlight: 0, retired: false, serving: null };
      if (this.options.serving ?? process.env.ALMANAC_SERVING !== 'off') snap.serving = await this.buildServing(snap);
      // Its answers for what was asked most recently are assembled before the switch: after a
      // publish, the first request for each ticker otherwise waited for several point queries on
      // the shared pool, and a burst of them queued (64 cold assemblies took 803 ms on the
      // 5,000-company bench warehouse, issue 15).
      const previous = this.active?.serving;
      if (snap.serving && previous && this.options.warm) await this.options.warm(this.view(snap), previous).catch(() => undefined);
      this.attached.set(version, snap);
    }
    const previous = this.active;
    const next = this.attached.get(version)!;
    next.retired = false;
    this.active = next;
    for (const listener of this.switchListeners) {
      try {
        listener({ from: previous?.version ?? null, to: version });
      } catch {
        // A listener's failure never stops the switch (the previous snapshot still detaches).
      }
    }
    if (previous && previous !== next) {
      previous.retired = true;
      await this.detachIfDone(previous);
    }
  }

  /** Warms the serving layer of a snapshot not yet routed to; null (SQL serving) when it fails. */
  private async buildServing(snap: Attached): Promise<Serving | null> {
    const pooled = await this.acquire();
    try {
      await pooled.conn.run(`USE ${snap.alias}`);
      pooled.alias = snap.alias;
      return await loadServing({ all: (sql, params) => queryRows(pooled.conn, sql, params), run: async () => undefined }, snap.version);
    } catch {
      return null;
    } finally {
      this.release(pooled);
    }
  }

  private async detachIfDone(snap: Attached): Promise<void> {
    if (!snap.retired || snap.inFlight > 0 || snap === this.active) return;
    this.attached.delete(snap.version);
    await this.control.run(`DETACH ${snap.alias}`).catch(() => undefined);
  }

  private acquire(): Promise<PooledConnection> {
    const c = this.idle.pop();
    if (c) return Promise.resolve(c);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(c: PooledConnection): void {
    const next = this.waiting.shift();
    if (next) next(c);
    else this.idle.push(c);
  }

  /** Runs `fn` with a pooled connection bound to the active snapshot (pinned for its duration). */
  withConnection<T>(fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    return this.withSnapshot(null, fn);
  }

  /** A view of one attached snapshot (not necessarily the one served): its queries and its serving layer. */
  private view(snap: Attached): Db {
    const all = <T = Row>(sql: string, params?: SqlParams): Promise<T[]> => {
      this.queryCount++;
      return this.withSnapshot(snap, (conn) => queryRows<T>(conn, sql, params));
    };
    return { all, run: async (sql, params) => void (await all(sql, params)), serving: () => snap.serving };
  }

  /** Runs `fn` with a pooled connection bound to `pinned`, or to the active snapshot when null. */
  private async withSnapshot<T>(pinned: Attached | null, fn: (conn: DuckDBConnection) => Promise<T>): Promise<T> {
    if (this.closed) throw new WarehouseUnavailableError('the warehouse reader is closed');
    const pooled = await this.acquire();
    const snap = pinned ?? this.active;
    if (!snap) {
      this.release(pooled);
      throw new WarehouseUnavailableError();
    }
    snap.inFlight++;
    try {
      if (pooled.alias !== snap.alias) {
        await pooled.conn.run(`USE ${snap.alias}`);
        pooled.alias = snap.alias;
      }
      return await fn(pooled.conn);
    } finally {
      snap.inFlight--;
      this.release(pooled);
      if (snap.retired) await this.detachIfDone(snap);
    }
  }

  all<T = Row>(sql: string, params?: SqlParams): Promise<T[]> {
    this.queryCount++;
    return this.withConnection((conn) => queryRows<T>(conn, sql, params));
  }

  async run(sql: string, params?: SqlParams): Promise<void> {
    await this.all(sql, params);
  }

  /** Stops polling and closes every connection once in-flight queries end. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    if (this.timer) clearInterval(this.timer);
    await this.refreshing;
    const size = this.options.poolSize ?? 4;
    const all: PooledConnection[] = [];
    while (all.length < size) all.push(await this.acquire());
    for (const c of all) c.conn.closeSync();
    this.control.closeSync();
    this.instance.closeSync();
  }
}
