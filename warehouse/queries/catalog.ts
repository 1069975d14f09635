/** Dataset catalog statistics: coverage of each dataset's tables and its last successful update. */
import type { CoverageTable, TableCoverage } from '../../schema/datasets.ts';
import type { Db } from '../db.ts';

const IDENT = /^[a-z_][a-z0-9_]*$/;

function ident(name: string): string {
  // Identifiers come from the constant catalog in schema/datasets.ts, never from a request;
  // checked anyway because identifiers cannot be bound as parameters.
  if (!IDENT.test(name)) throw new Error(`not a plain identifier: ${name}`);
  return `"${name}"`;
}

/** Names of the tables present in the served snapshot. */
export async function existingTables(db: Db): Promise<Set<string>> {
  const rows = await db.all<{ name: string }>(
    `SELECT table_name AS name FROM duckdb_tables() WHERE database_name = current_database() AND schema_name = 'main'`,
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
  const parts = wanted.map((t, i) => {
    const date = t.dateColumn ? ident(t.dateColumn) : null;
    return `SELECT ${i} AS i, count(*)::BIGINT AS rows,
        ${date ? `strftime(min(${date}), '%Y-%m-%d')` : 'NULL::VARCHAR'} AS "from",
        ${date ? `strftime(max(${date}), '%Y-%m-%d')` : 'NULL::VARCHAR'} AS "to",
        ${t.entityColumn ? `count(DISTINCT ${ident(t.entityColumn)})::BIGINT` : 'NULL::BIGINT'} AS entities
      FROM ${ident(t.table)}`;
  });
  const rows = await db.all<{ i: number; rows: number; from: string | null; to: string | null; entities: number | null }>(`${parts.join('\nUNION ALL\n')}\nORDER BY i`);
  return rows.map((r) => {
    const t = wanted[r.i]!;
    return { table: t.table, rows: r.rows, from: r.from, to: r.to, entities: r.entities, entityLabel: t.entityLabel ?? null };
  });
}

/** Finish time (ISO 8601, UTC) of the last successful run of each job that has one. */
export async function lastSuccessfulRuns(db: Db, jobs: string[]): Promise<Map<string, string>> {
  if (jobs.length === 0) return new Map();
  const rows = await db.all<{ job: string; finished: string }>(
    `SELECT job, strftime(max(finished_at), '%Y-%m-%dT%H:%M:%SZ') AS finished
     FROM pipeline_runs
     WHERE status IN ('success', 'partial') AND finished_at IS NOT NULL AND list_contains($jobs, job)
     GROUP BY job`,
    { jobs },
  );
  return new Map(rows.map((r) => [r.job, r.finished]));
}
