/**
 * `GET /api/data?ticker=&nocache=&fields=` — the ticker snapshot (spec 2.3, 4.4).
 *
 * Response cache: in process, keyed by ticker and snapshot version (a new warehouse snapshot
 * never serves an old answer), 60 seconds, at most 5,000 entries (the least recently used evicted first).
 * `nocache=1` reads the ticker snapshot again from the warehouse snapshot's serving layer (which
 * keeps it assembled per ticker and date) and refreshes the cache entry. `fetchedAt` comes from the
 * run ledger of the snapshot (issue 16), so a cached and a fresh answer say the same.
 *
 * An entry keeps the answer serialised (issue 15: `JSON.stringify` of a cached answer on every hit
 * was the route's largest own cost); the whole answer is sent as those bytes, a `fields=` selection
 * is built from the value.
 */
import { ErrorBody } from '../../schema/common.ts';
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { DataQuery, NO_TICKER, SNAPSHOT_FIELDS, TickerSnapshot, TickerSnapshotSelection, type TickerSnapshotData } from '../../schema/market.ts';
import { tickerSnapshot } from '../../warehouse/queries/snapshot.ts';
import { unpooled } from '../../warehouse/serving.ts';
import { keptOn, sendKept, type Encodings } from '../encoding.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

export const DATA_CACHE_TTL_MS = 60_000;
const CACHE_MAX = 5000;

interface Entry {
  at: number;
  value: TickerSnapshotData;
  /**
   * `JSON.stringify(value)` as UTF-8: the bytes Fastify's default serializer would send, kept as a
   * Buffer because Node copies a string body into a new buffer on every write (`cachedJson`).
   */
  body: Buffer;
  /** `body` compressed, per encoding a client asked for (made on first ask, kept with the bytes). */
  encoded?: Encodings;
}

/**
 * Least recently used evicted. An `LRUCache`, not a `Map` touched by delete and set: each touch of
 * a Map adds an entry (the key string a new one per request) and every few hundred touches its
 * table is rebuilt, new objects the cache keeps, so under `nocache=1` load they were promoted to
 * the old generation at 2 MB per 3 s (issue 15, bench:serve with BENCH_HEAP=1).
 */
const cache = new LRUCache<string, Entry>({ max: CACHE_MAX });

/** The cache entry of `ticker` in snapshot `version` (tests). */
export function dataCacheEntry(ticker: string, version: string | null): Readonly<Entry> | undefined {
  return cache.peek(`${ticker}|${version ?? ''}`);
}

/** Empties the response cache (tests, benchmarks). */
export function clearDataCache(): void {
  cache.clear();
}

/**
 * Caches a freshly assembled answer. When the entry there already says the same (a `nocache=1`
 * within one snapshot: the same data and the same `fetchedAt`), that entry is kept and only its age
 * reset: replacing it made every forced answer an old-generation object (cache entries outlive the
 * young generation) that the next one turned into garbage, and under `nocache=1` load the major
 * collections that followed stalled the event loop for 10-20 ms (issue 15, bench:serve).
 */
function remember(key: string, value: TickerSnapshotData, previous?: Entry): Entry {
  // The serving layer keeps a snapshot assembled and frozen (warehouse/queries/snapshot.ts): the
  // same object again has the same bytes, so they are not serialised again (issue 15: 14 µs of a
  // forced answer's CPU).
  const body = previous?.value === value ? previous.body : unpooled(Buffer.from(JSON.stringify(value)));
  const same = previous !== undefined && previous.body.equals(body) && cache.peek(key) === previous;
  const entry = same ? previous : { at: 0, value, body };
  // A kept entry takes the object it was just given: the serving layer assembles a snapshot again
  // when its own entry goes (a new UTC day; an eviction), and an entry still holding the object
  // before that made every later forced answer serialise and compare again (the bench's
  // `nocache=1` row ran at 60-65 µs of CPU a request instead of 41-42 after midnight UTC fell
  // between its first and later requests).
  entry.value = value;
  entry.at = Date.now();
  cache.set(key, entry);
  return entry;
}

/** Parses `fields=`: top-level names and `object.field`; unknown names are a 400 listing them. */
export function parseFields(raw: string): Map<string, Set<string> | null> {
  const wanted = new Map<string, Set<string> | null>();
  const unknown: string[] = [];
  for (const name of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    const [top, sub, ...rest] = name.split('.');
    const allowed = Object.hasOwn(SNAPSHOT_FIELDS, top!) ? SNAPSHOT_FIELDS[top!] : undefined;
    if (allowed === undefined || rest.length > 0 || (sub !== undefined && (allowed === null || !allowed.includes(sub)))) {
      unknown.push(name);
      continue;
    }
    if (sub === undefined) wanted.set(top!, null);
    else if (wanted.get(top!) !== null) wanted.set(top!, (wanted.get(top!) ?? new Set()).add(sub));
  }
  if (unknown.length) throw new BadRequestError(`invalid parameter 'fields': unknown field(s) ${unknown.join(', ')} (fields: ${Object.keys(SNAPSHOT_FIELDS).join(', ')}, or object.field)`);
  if (wanted.size === 0) throw new BadRequestError(`invalid parameter 'fields': it names no field (give one or more of ${Object.keys(SNAPSHOT_FIELDS).join(', ')}, or object.field, comma-separated; leave it out for every field)`);
  return wanted;
}

/**
 * What a selection keeps whatever it names: the answer's own provenance (whose ticker, whether
 * generated, how fresh), and inside a part it selects from, where that part came from. A value
 * without them would not say where it came from (spec 1: a price target appears only with its
 * source and the date it was fetched; `fields=priceTarget.mean` answered the mean alone).
 */
const ALWAYS_SELECTED = ['ticker', 'synthetic', 'dataThrough', 'fetchedAt'] as const;
const PART_PROVENANCE: Record<string, readonly string[]> = {
  price: ['date', 'provenance'],
  fundamentals: ['source', 'filingDate', 'accession', 'form', 'provenance'],
  technicals: ['asOf', 'synthetic'],
  priceTarget: ['source', 'fetchedAt', 'synthetic'],
};

/**
 * Keeps only the selected fields, with the provenance of the answer and of each part selected from
 * (`ALWAYS_SELECTED`, `PART_PROVENANCE`); a selected field the snapshot does not carry is left out.
 */
export function selectFields(snapshot: TickerSnapshotData, wanted: Map<string, Set<string> | null>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const src = snapshot as unknown as Record<string, unknown>;
  for (const top of ALWAYS_SELECTED) if (!wanted.has(top) && src[top] !== undefined) out[top] = src[top];
  for (const [top, subs] of wanted) {
    if (!(top in src) || src[top] === undefined) continue;
    const value = src[top];
    if (subs === null || value === null) {
      out[top] = value;
      continue;
    }
    const obj = value as Record<string, unknown>;
    const picked: Record<string, unknown> = {};
    for (const s of [...subs, ...(PART_PROVENANCE[top] ?? [])]) if (s in obj) picked[s] = obj[s];
    out[top] = picked;
  }
  return out;
}

export const data = resource('Data', [
  defineRoute({
    method: 'GET',
    path: '/data',
    capability: 'ticker_snapshot',
    summary: 'Ticker snapshot: price, fundamentals, profile, filings, technicals',
    description:
      'price.change and price.changePercent come from the last two closes; fundamentals are point in time as known today ' +
      '(marketCap = latest close x shares outstanding; pe = close / trailing diluted EPS, null when EPS <= 0 or missing; ' +
      'both null for a foreign private issuer (20-F), whose US listing is often a depositary share of several ordinary shares; ' +
      'dividendYield in percent from the trailing 12 months of dividends in the price file). priceTarget appears only when a ' +
      'source supplies one, with its source and fetch date (analystCount only when that source gives it); no ratings. ' +
      `Cached for ${DATA_CACHE_TTL_MS / 1000} s per ticker and snapshot version; nocache=1 bypasses this cache: the answer is read again from the warehouse snapshot being served. ` +
      'fields= selects fields (dotted names select inside price, fundamentals, profile, technicals, priceTarget); a selection always keeps ticker, synthetic, dataThrough and fetchedAt, and inside a part it selects from, where that part came from (price date and provenance; fundamentals source, filingDate, accession, form and provenance; technicals asOf and synthetic; priceTarget source, fetchedAt and synthetic). ' +
      'Provenance (issue 16): price.provenance names the price file and whether the close was generated (synthetic); fundamentals.provenance ' +
      'the filing; filings[].url the EDGAR filing index; technicals.synthetic and priceTarget.synthetic flag generated inputs, and the top-level ' +
      '`synthetic` is true when any part is. `dataThrough` is the newest date any part covers; `fetchedAt` is the oldest last successful ' +
      'fetch (pipeline run ledger) of the sources the parts come from, never the request time.',
    query: DataQuery,
    responses: {
      200: { description: 'the snapshot; with fields=, only the selected fields', schema: z.union([TickerSnapshot, TickerSnapshotSelection]), cacheHeader: true },
      400: { description: 'no ticker provided, or an unknown field name', schema: ErrorBody },
      404: { description: 'unknown ticker', schema: ErrorBody },
    },
    handler: async ({ query, services, req, reply }) => {
      // Trimmed, upper-cased, at most 12 symbol characters (DataQuery); empty is the spec's "no ticker provided".
      const ticker = query.ticker;
      if (!ticker) throw new BadRequestError(NO_TICKER);
      const wanted = query.fields !== undefined ? parseFields(query.fields) : null;
      const key = `${ticker}|${services.warehouse.version ?? ''}`;
      let entry = cache.get(key);
      const bypass = query.nocache === '1' || query.nocache === 'true';
      if (!bypass && entry && Date.now() - entry.at < DATA_CACHE_TTL_MS) {
        reply.header('X-Cache', 'HIT');
      } else {
        const snapshot = await tickerSnapshot(services.warehouse, ticker);
        if (!snapshot) throw new NotFoundError(`unknown ticker: ${ticker}`);
        entry = remember(key, snapshot, entry);
        reply.header('X-Cache', bypass ? 'BYPASS' : 'MISS');
      }
      if (wanted) return selectFields(entry.value, wanted);
      return sendKept(entry.body, req, reply, keptOn(entry));
    },
  }),
]);
