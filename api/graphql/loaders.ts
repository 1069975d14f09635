/**
 * Per-request DataLoaders: every resolver that needs rows for "its" company, filing or fund goes
 * through one of these, so a query over 50 companies makes one warehouse query per field kind and
 * argument set, not one per company. Loaders that take arguments (asOf, form, concept) are keyed by
 * them, one DataLoader per distinct argument set.
 */
import DataLoader from 'dataloader';
import type { Db } from '../../warehouse/db.ts';
import type { CompanyRow } from '../../warehouse/queries/companies.ts';
import { companiesByCiks, companiesByTickers, factsByAccessions, filingCounts, filingsByCiks, type FactRow, type FilingRow } from '../../warehouse/queries/filings-extra.ts';
import { latestFundamentals, type LatestFundamentals } from '../../warehouse/queries/fundamentals.ts';
import { companyProfile, profileKey, seedProfiles, type CompanyProfile } from '../../warehouse/queries/filings.ts';
import { seedSnapshotParts, snapshotKey, tickerSnapshot } from '../../warehouse/queries/snapshot.ts';
import { utcDay } from '../../schema/common.ts';
import type { TickerSnapshotData } from '../../schema/market.ts';

function group<T, K>(rows: T[], key: (r: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

function keyed<A extends unknown[], K, V>(make: (...args: A) => DataLoader<K, V>): (...args: A) => DataLoader<K, V> {
  const cache = new Map<string, DataLoader<K, V>>();
  return (...args) => {
    const k = JSON.stringify(args);
    let loader = cache.get(k);
    if (!loader) cache.set(k, (loader = make(...args)));
    return loader;
  };
}

/**
 * The tickers of `tickers` the snapshot lists whose memo entry `key(t)` is not kept yet: what a
 * batch reads together (none without a serving layer: each is then read on its own).
 */
function unkept(db: Db, tickers: readonly string[], key: (ticker: string) => string): string[] {
  const serving = db.serving?.();
  return serving ? tickers.filter((t) => serving.lists(t) && !serving.hasMemo(key(t))) : [];
}

/** Each value of `load` for `keys`, a failure as that key's error (DataLoader's contract). */
const each = <K, V>(keys: readonly K[], load: (k: K) => Promise<V>): Promise<(V | Error)[]> =>
  Promise.all(keys.map((k) => load(k).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))))));

export function createLoaders(db: Db) {
  return {
    /**
     * The ticker snapshot (GET /api/data) per ticker. Those not yet assembled today have their parts
     * read together (five queries for the batch, `seedSnapshotParts`) before each is assembled:
     * `companies(tickers: [...16]) { snapshot }` ran five queries per company when cold.
     */
    snapshot: new DataLoader<string, TickerSnapshotData | null>(async (tickers) => {
      const cold = unkept(db, tickers, (t) => snapshotKey(t, utcDay()));
      if (cold.length > 1) await seedSnapshotParts(db, cold).catch(() => undefined);
      return each(tickers, (t) => tickerSnapshot(db, t));
    }),
    /** The company profile per ticker, the profiles not yet read read together. */
    profile: new DataLoader<string, CompanyProfile | null>(async (tickers) => {
      const cold = unkept(db, tickers, profileKey);
      if (cold.length > 1) await seedProfiles(db, cold).catch(() => undefined);
      return each(tickers, (t) => companyProfile(db, t));
    }),
    /** Company by ticker (null when unknown). */
    company: new DataLoader<string, CompanyRow | null>(async (tickers) => {
      const rows = await companiesByTickers(db, [...tickers]);
      const by = new Map(rows.map((r) => [r.ticker, r]));
      return tickers.map((t) => by.get(t) ?? null);
    }),
    /** Company (primary listing) by CIK. */
    companyByCik: new DataLoader<number, CompanyRow | null>(async (ciks) => {
      const rows = await companiesByCiks(db, [...ciks]);
      const by = new Map(rows.map((r) => [r.cik, r]));
      return ciks.map((c) => by.get(c) ?? null);
    }),
    /** Latest point-in-time fundamentals per ticker as known on `asOf`. */
    fundamentals: keyed((asOf: string) =>
      new DataLoader<string, LatestFundamentals | null>(async (tickers) => {
        const rows = await latestFundamentals(db, [...tickers], asOf);
        const by = new Map(rows.map((r) => [r.ticker, r]));
        return tickers.map((t) => by.get(t) ?? null);
      }),
    ),
    /**
     * One page of filings per CIK (rows offset+1 .. offset+limit, newest first), optionally one
     * form and filed on or before `asOf`: companies asking for the same page share one query.
     */
    filings: keyed((form: string | null, asOf: string | null, offset: number, limit: number) =>
      new DataLoader<number, FilingRow[]>(async (ciks) => {
        const by = group(await filingsByCiks(db, [...ciks], { form, asOf, offset, limit }), (r) => r.cik);
        return ciks.map((c) => by.get(c) ?? []);
      }),
    ),
    /** How many filings per CIK (for `last` without `before`). */
    filingCounts: keyed((form: string | null, asOf: string | null) =>
      new DataLoader<number, number>(async (ciks) => {
        const by = await filingCounts(db, [...ciks], { form, asOf });
        return ciks.map((c) => by.get(c) ?? 0);
      }),
    ),
    /** XBRL facts per accession, optionally one concept. */
    facts: keyed((concept: string | null) =>
      new DataLoader<string, FactRow[]>(async (accessions) => {
        const by = group(await factsByAccessions(db, [...accessions], concept), (r) => r.accession);
        return accessions.map((a) => by.get(a) ?? []);
      }),
    ),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
