/** Dataset catalog statistics: coverage of each dataset's tables and its last successful update. */
import { DATASETS, type CatalogDataset, type CoverageTable, type TableCoverage } from '../../schema/datasets.ts';
import { effectiveSchedule, nextRun } from '../../schema/schedules.ts';
import type { Db } from '../db.ts';
import { memoized } from '../serving.ts';
import { lastFetches } from './freshness.ts';

const IDENT = /^[a-z_][a-z0-9_]*$/;

function ident(name: string): string {
  // Identifiers come from the constant catalog in schema/datasets.ts, never from a request;
  // checked anyway because identifiers cannot be bound as parameters.
  if (!IDENT.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
}

/** Names of the tables present in the served snapshot, views included (`facts` is one: migration 0630). */
export async function existingTables(db: Db): Promise<Set<string>> {
  const rows = await db.all<{ name: string }>(
    `SELECT table_name AS name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main'
     UNION ALL
     SELECT view_name FROM duckdb_views() WHERE database_name = current_database() AND schema_name = 'main' AND NOT internal`,
  );
  return new Set(rows.map((r) => r.name));
}

/**
 * Row count, date range and distinct entity count of each coverage table present in the
 * snapshot, in one query. Tables not (yet) in the warehouse are left out.
 */
export async function tableCoverage(db: Db, tables: CoverageTable[]): Promise<TableCoverage[]> {
  const present = await existingTables(db);
  const wanted = tables.filter((t) => present.has(t.table));
  if (wanted.length === 0) return [];
  const flagged = new Set(
    (
      await db.all<{ name: string }>(
        `SELECT table_name AS name FROM duckdb_columns() WHERE database_name = current_database() AND schema_name = 'main' AND column_name = 'synthetic'`,
      )
    ).map((r) => r.name),
  );
  const parts = wanted.map((t, i) => {
    const date = t.dateColumn ? ident(t.dateColumn) : null;
    return `SELECT ${i} AS i, count(*)::BIGINT AS rows,
        ${flagged.has(t.table) ? 'count(*) FILTER (WHERE synthetic)::BIGINT' : '0::BIGINT'} AS synthetic_rows,
        ${date ? `strftime(min(${date}), '%Y-%m-%d')` : 'NULL::VARCHAR'} AS "from",
        ${date ? `strftime(max(${date}), '%Y-%m-%d')` : 'NULL::VARCHAR'} AS "to",
        ${t.entityColumn ? `count(DISTINCT ${ident(t.entityColumn)})::BIGINT` : 'NULL::BIGINT'} AS entities
      FROM ${ident(t.table)}`;
  });
  const rows = await db.all<{ i: number; rows: number; synthetic_rows: number; from: string | null; to: string | null; entities: number | null }>(`${parts.join('\nUNION ALL\n')}\nORDER BY i`);
  return rows.map((r) => {
    const t = wanted[r.i]!;
    return { table: t.table, rows: r.rows, syntheticRows: r.synthetic_rows, from: r.from, to: r.to, entities: r.entities, entityLabel: t.entityLabel ?? null };
  });
}

/** What the catalog reads from a snapshot: coverage tables and the ledger's last fetch of every job. */
export interface CatalogStats {
  coverage: TableCoverage[];
  /** job -> finish time of its last successful run, ISO 8601 UTC without zone. */
  fetches: Map<string, string>;
}

/** The catalog's statistics of the snapshot `db` reads (constant per snapshot: memoised per version). */
export function catalogStats(db: Db): Promise<CatalogStats> {
  return memoized(db, 'catalog:stats', async () => {
    const coverage = await tableCoverage(db, DATASETS.flatMap((d) => d.coverage));
    const fetches = new Map(await lastFetches(db));
    return { coverage, fetches };
  });
}

const noZone = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 19) : null);

/**
 * Every dataset of the catalog with its coverage, last successful fetch and next scheduled one
 * (the jobs' cron declarations, schema/schedules.ts, with the ALMANAC_SCHEDULES `overrides`), as of
 * `now`.
 */
export function catalogDatasets(stats: CatalogStats, overrides: Readonly<Record<string, string>> = {}, now: Date = new Date()): CatalogDataset[] {
  return DATASETS.map((d) => {
    const tables = new Set(d.coverage.map((c) => c.table));
    // An empty table (migrated, never loaded) is no coverage yet, not coverage of zero rows.
    const coverage = stats.coverage.filter((c) => tables.has(c.table) && c.rows > 0);
    const main = coverage.find((c) => c.table === d.coverage[0]?.table);
    const jobs = d.jobs.map((job) => {
      const cron = effectiveSchedule(job, overrides);
      let next: Date | null = null;
      try {
        next = cron ? nextRun(cron, now) : null;
      } catch {
        next = null; // an expression this parser does not read: say nothing rather than something wrong
      }
      return { job, cron, lastFetchedAt: stats.fetches.get(job) ?? null, nextFetchAt: noZone(next) };
    });
    const fetched = jobs.map((j) => j.lastFetchedAt);
    const nexts = jobs.map((j) => j.nextFetchAt).filter((x): x is string => !!x).sort();
    const froms = coverage.map((c) => c.from).filter((x): x is string => !!x).sort();
    const tos = coverage.map((c) => c.to).filter((x): x is string => !!x).sort();
    const known = fetched.filter((x): x is string => !!x).sort();
    return {
      id: d.id,
      name: d.name,
      description: d.description,
      source: d.source,
      sourceUrl: d.sourceUrl,
      schedule: d.schedule,
      lastUpdated: known.length ? `${known.at(-1)}Z` : null,
      rows: main?.rows ?? 0,
      syntheticRows: main?.syntheticRows ?? 0,
      entities: main?.entities ?? null,
      entityLabel: main?.entityLabel ?? null,
      from: froms[0] ?? null,
      to: tos.at(-1) ?? null,
      lastFetchedAt: known[0] ?? null,
      nextFetchAt: nexts[0] ?? null,
      jobs,
      coverage,
      endpoints: d.endpoints,
    };
  });
}
