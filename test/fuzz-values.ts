/**
 * What the door fuzz suites (test/api/mcp/fuzz.slow.test.ts, test/api/graphql/fuzz.slow.test.ts) send: text
 * that broke services like this one, and identifiers with rows in the sample warehouse, so a
 * hostile argument beside them reaches the queries that find those rows.
 */
import * as assert from 'uvu/assert';
import { lessonsInOrder } from '../schema/learn.ts';
import type { Db } from '../warehouse/db.ts';

/** Impossible dates and quarters, empty and blank text, control bytes, paths, SQL, non-ASCII, very long text, numbers as text. */
export const HOSTILE_STRINGS: readonly string[] = [
  '2024-02-30',
  '2023-09-31',
  '0000-00-00',
  '9999-99-99',
  '2024-1-1',
  '2024Q5',
  '2025-02-30T00:00:00Z',
  '',
  ' ',
  'a\u0000b',
  'x\u0007y',
  '../../etc/passwd',
  "' OR 1=1 --",
  'é€😀',
  'A'.repeat(10_000),
  '1e19',
  'NaN',
];

export interface SampleIdentifiers {
  /** A 13F filer's CIK. */
  filer13f: number;
  /** A BDC's CIK. */
  bdc: number;
  /** A 10-K or 10-Q accession with XBRL facts. */
  accession: string;
  /** A macro series id. */
  series: string;
  /** The first lesson of the curriculum. */
  lesson: string;
}

/** Identifiers with rows in `warehouse` (the sample); fails the suite when one is missing. */
export async function sampleIdentifiers(warehouse: Db): Promise<SampleIdentifiers> {
  const one = async (sql: string): Promise<unknown> => Object.values((await warehouse.all(sql))[0] ?? {})[0];
  const ids = {
    filer13f: Number(await one('SELECT cik FROM f13_filings ORDER BY filed DESC, cik LIMIT 1')),
    bdc: Number(await one('SELECT cik FROM bdc_filings ORDER BY filed DESC, cik LIMIT 1')),
    accession: String(await one("SELECT accession FROM fact_filings WHERE form IN ('10-K', '10-Q') ORDER BY filed DESC, accession LIMIT 1")),
    series: String(await one('SELECT series_id FROM macro_observations ORDER BY series_id LIMIT 1')),
    lesson: lessonsInOrder()[0]!.lesson.id,
  };
  for (const [name, value] of Object.entries(ids)) assert.ok(value && value !== 'undefined', `the sample warehouse has a ${name}`);
  return ids;
}
