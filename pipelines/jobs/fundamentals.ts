/**
 * `fundamentals`: companyfacts JSON -> `facts` (every fact as filed), then, in finish(), the
 * derived point-in-time tables `fund_periods`, `fund_values` and `fund_statements`.
 *
 * Point in time (DESIGN.md): "as known on D" is, per company, item and period, the value of the
 * latest filing with filed <= D. A filing that repeats a value changes nothing (the first filing
 * stays the source); a filing with a different value is a restatement from its filing date.
 * Derivation steps (all SQL, rebuilt from `facts` on every run):
 * 1. `fund_periods`: each 10-K/10-Q (and amendments, 20-F, 40-F) defines its fiscal period: the
 *    latest end date among its facts whose duration fits its fp, labelled by the calendar (1b).
 *    Q4 periods come from FY.
 * 2. candidates: facts of the concepts in STANDARD_ITEMS (schema/fundamentals.ts), with a basis
 *    from the duration (quarter 80-100 days, half 170-200, nine months 260-290, year 350-380).
 *    Cover-page share counts (dei) attach to the period of the filing they are on.
 * 3. `fund_values`: per filing the highest-ranked concept it used for each item and fact period;
 *    consecutive equal values collapse; each row is valid from its filing date to the next change.
 * 4. derived quarters: where only year-to-date facts exist, Q = YTD - previous YTD of the same
 *    fiscal year (Q4 = FY - nine months), as known on each date either input changed; `derived`.
 * 5. `fund_statements`: per fiscal period, one wide row per filing event that changed any item.
 */
import { DuckDBDataChunk, DuckDBDateValue, type DuckDBConnection, type DuckDBType } from '@duckdb/node-api';
import type { Db } from '../../warehouse/db.ts';
import { appendRows } from '../../warehouse/load.ts';
import { PERIODIC_FORMS, STANDARD_ITEMS, STANDARD_ITEM_NAMES, itemColumn } from '../../schema/fundamentals.ts';
import { NULL_INT, parseCompanyFactsColumns, reviveCompanyFacts, type FactColumns, type FactKey, type ScannedDocument } from '../parsers/companyfacts-columns.ts';
import { companiesWithNewFilings, FINANCIAL_FORMS } from './edgar-discovery.ts';
import type { Job, JobContext, LoadResult } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

/** The parse workers' module (the file `parseCompanyFactsColumns` is imported from). */
const COLUMNS_MODULE = new URL('../parsers/companyfacts-columns.ts', import.meta.url).href;

export const COMPANYFACTS_DIR = 'data.sec.gov/api/xbrl/companyfacts';

const cikFile = (cik: number): string => `CIK${String(cik).padStart(10, '0')}.json`;

async function companyFactsDocuments(ctx: JobContext): Promise<string[]> {
  const listed = await ctx.source.list(COMPANYFACTS_DIR);
  if (listed !== null) return listed.filter((p) => p.endsWith('.json'));
  // Live and incremental: only companies never loaded or with a new 10-K/10-Q/20-F/40-F in the index.
  if (ctx.incremental) return (await companiesWithNewFilings(ctx, `${COMPANYFACTS_DIR}/`, FINANCIAL_FORMS)).map((cik) => `${COMPANYFACTS_DIR}/${cikFile(cik)}`);
  const rows = await ctx.db.all<{ cik: number }>('SELECT DISTINCT cik FROM companies ORDER BY cik');
  return rows.map((r) => `${COMPANYFACTS_DIR}/${cikFile(r.cik)}`);
}

const BASIS_SQL = (start: string, end: string): string => `CASE
    WHEN ${start} IS NULL THEN 'instant'
    WHEN date_diff('day', ${start}, ${end}) BETWEEN 80 AND 100 THEN 'quarter'
    WHEN date_diff('day', ${start}, ${end}) BETWEEN 170 AND 200 THEN 'half'
    WHEN date_diff('day', ${start}, ${end}) BETWEEN 260 AND 290 THEN 'nine_months'
    WHEN date_diff('day', ${start}, ${end}) BETWEEN 350 AND 380 THEN 'year'
  END`;

const q = (s: string): string => `'${s.replaceAll("'", "''")}'`;

/** The concept map as a SQL VALUES list (constants from schema/, never user input). */
function conceptValues(): string {
  const rows: string[] = [];
  for (const item of STANDARD_ITEM_NAMES) {
    STANDARD_ITEMS[item].forEach((c, rank) => {
      const exclusive = 'exclusive' in c && c.exclusive === true;
      rows.push(`(${q(item)}, ${q(c.taxonomy)}, ${q(c.concept)}, ${q(c.unit)}, ${q(c.kind)}, ${rank}, ${exclusive})`);
    });
  }
  return rows.join(',\n');
}

/**
 * Companies per derivation pass. DuckDB's memory grows with a pass's facts: the scale rehearsal's
 * 2,000 companies (21 M facts) in one pass peaked at 2.9 GB RSS under a 2 GB DuckDB limit, and the
 * whole SEC has ten times the facts.
 */
export const DERIVE_COMPANIES_PER_PASS = 250;

/**
 * Rebuilds the derived point-in-time tables from `facts`, for every company or (an incremental
 * run) only for `ciks`, the companies whose facts the run loaded: every step is per company, so
 * the others' rows stay as they are, and more companies than `perPass` are derived in passes of
 * that many (the same rows, bounded memory). Returns the statement rows in the table.
 */
export async function deriveFundamentals(ctx: Pick<JobContext, 'db'>, ciks: number[] | null = null, perPass = DERIVE_COMPANIES_PER_PASS): Promise<number> {
  const { db } = ctx;
  let companies = ciks;
  if (companies === null) {
    companies = (await db.all<{ cik: number }>('SELECT DISTINCT cik FROM fact_values ORDER BY cik')).map((r) => Number(r.cik));
    if (companies.length <= perPass) return derivePass(ctx, null);
    // Every company's rows go, those of companies without facts any more included; then the passes.
    for (const t of ['fund_statements', 'fund_values', 'fund_periods']) await db.run(`DELETE FROM ${t}`);
  }
  companies = [...new Set(companies)].sort((a, b) => a - b);
  let n = 0;
  for (let i = 0; i < companies.length || i === 0; i += perPass) n = await derivePass(ctx, companies.slice(i, i + perPass));
  return n;
}

/** One derivation pass: every company (null) or `ciks`. */
async function derivePass(ctx: Pick<JobContext, 'db'>, ciks: number[] | null): Promise<number> {
  const { db } = ctx;
  const forms = PERIODIC_FORMS.map(q).join(', ');
  if (ciks) {
    await db.run('DROP TABLE IF EXISTS tmp_touched');
    await db.run('CREATE TEMP TABLE tmp_touched AS SELECT DISTINCT unnest($1::BIGINT[]) AS cik', [ciks]);
  }
  const inScope = (col: string): string => (ciks ? `${col} IN (SELECT cik FROM tmp_touched)` : 'true');
  await db.run(`DELETE FROM fund_statements WHERE ${inScope('cik')}`);
  await db.run(`DELETE FROM fund_values WHERE ${inScope('cik')}`);
  await db.run(`DELETE FROM fund_periods WHERE ${inScope('cik')}`);
  await db.run('DROP TABLE IF EXISTS tmp_fund_concepts');
  await db.run(`CREATE TEMP TABLE tmp_fund_concepts AS SELECT * FROM (VALUES ${conceptValues()}) t(item, taxonomy, concept, unit, kind, rank, exclusive)`);

  // 1. The primary period of each periodic filing: the latest of its periods that ended by the day it
  // was filed. A report can hold facts of a later period, subsequent events (a dividend declared for
  // the next quarter: NVIDIA's 10-Q of 2013-11-19 for the quarter to 2013-10-27 holds one to
  // 2014-01-26); taken as the filing's period, they made it a quarter that had not ended.
  await db.run('DROP TABLE IF EXISTS tmp_filing_periods');
  await db.run(`CREATE TEMP TABLE tmp_filing_periods AS
    WITH f AS (
      SELECT cik, accession, form, filed, fy, fp, period_end, ${BASIS_SQL('period_start', 'period_end')} AS basis
      FROM facts WHERE ${inScope('cik')} AND form IN (${forms}) AND fp IN ('FY', 'Q1', 'Q2', 'Q3', 'Q4') AND fy IS NOT NULL AND period_end <= filed)
    SELECT cik, accession, any_value(form) AS form, min(filed) AS filed, mode(fy) AS fy, mode(fp) AS fp,
      max(period_end) FILTER (WHERE (fp = 'FY' AND basis = 'year') OR (fp IN ('Q1', 'Q2', 'Q3', 'Q4') AND basis = 'quarter')
        OR (fp = 'Q2' AND basis = 'half') OR (fp = 'Q3' AND basis = 'nine_months')) AS period_end
    FROM f GROUP BY cik, accession
    HAVING max(period_end) FILTER (WHERE (fp = 'FY' AND basis = 'year') OR (fp IN ('Q1', 'Q2', 'Q3', 'Q4') AND basis = 'quarter')
        OR (fp = 'Q2' AND basis = 'half') OR (fp = 'Q3' AND basis = 'nine_months')) IS NOT NULL`);
  // 1b. Fiscal labels from the calendar, not from the filing's dei fy/fp, which some filers tag
  // wrongly (NVIDIA's 10-Q for the quarter to 2010-05-02, its Q1 of fiscal 2011, says fy 2010 fp Q2,
  // and its 10-Ks of 2010 and 2011 both say fy 2010). A period is placed by its distance, in quarters
  // of 365.25/4 days, from the annual period end of the year it belongs to: the company's next one
  // on or after it (across a change of fiscal year end the previous one is of the old calendar), the
  // last one for periods after it (gaps and 52/53-week years are fine). Years are named per run of
  // annual ends on about the same day of the year (a change of year end starts a new run): the
  // calendar year of the end (a week back, for 52/53-week years ending early in January) plus the
  // offset the run's 10-Ks' fy show most often (0 for NVIDIA's "fiscal 2016" ending 2016-01-31; -1
  // where a year ending in January is named by the year before). A company with no annual period
  // keeps the filed labels.
  await db.run(`UPDATE tmp_filing_periods t SET fy = l.fy, fp = CASE WHEN t.fp = 'FY' THEN 'FY' WHEN l.pos = 0 THEN 'Q4' ELSE 'Q' || l.pos END
    FROM (
      WITH ends AS (
        SELECT cik, period_end AS fy_end, arg_min(fy, (filed, accession)) AS fy FROM tmp_filing_periods WHERE fp = 'FY' GROUP BY cik, period_end),
      shifts AS (
        SELECT *, abs(dayofyear(fy_end) - dayofyear(lag(fy_end) OVER (PARTITION BY cik ORDER BY fy_end))) AS days FROM ends),
      runs AS (
        SELECT *, sum(coalesce(least(days, 365 - days) > 14, false)::INTEGER) OVER (PARTITION BY cik ORDER BY fy_end) AS run FROM shifts),
      offsets AS (
        SELECT cik, run, fy - year(fy_end - INTERVAL 7 DAY) AS off, count(*) AS n, max(fy_end) AS latest FROM runs GROUP BY ALL),
      naming AS (
        SELECT r.cik, r.fy_end, year(r.fy_end - INTERVAL 7 DAY) + arg_max(o.off, (o.n, o.latest)) AS label
        FROM runs r JOIN offsets o USING (cik, run) GROUP BY r.cik, r.fy_end),
      anchors AS (
        SELECT t.cik, t.accession, t.period_end, coalesce(min(e.fy_end) FILTER (WHERE e.fy_end >= t.period_end), max(e.fy_end)) AS fy_end
        FROM tmp_filing_periods t JOIN ends e USING (cik) GROUP BY t.cik, t.accession, t.period_end),
      steps AS (
        SELECT a.cik, a.accession, n.label, round(date_diff('day', a.fy_end, a.period_end) / 91.3125)::INTEGER AS m
        FROM anchors a JOIN naming n USING (cik, fy_end))
      SELECT cik, accession, label + ceil(m / 4.0)::INTEGER AS fy, ((m % 4) + 4) % 4 AS pos FROM steps) l
    WHERE t.cik = l.cik AND t.accession = l.accession`);
  await db.run(`INSERT INTO fund_periods
    SELECT cik, arg_min(fy, (filed, accession)), fp, period_end, min(filed), arg_min(accession, (filed, accession)), arg_min(form, (filed, accession))
    FROM tmp_filing_periods GROUP BY cik, fp, period_end`);
  await db.run(`INSERT INTO fund_periods
    SELECT cik, fiscal_year, 'Q4', period_end, known_from, accession, form FROM fund_periods p
    WHERE ${inScope('p.cik')} AND fiscal_period = 'FY' AND NOT EXISTS (SELECT 1 FROM fund_periods x WHERE x.cik = p.cik AND x.fiscal_period = 'Q4' AND x.period_end = p.period_end)`);

  // 2. Candidate facts per item, fact period and filing.
  await db.run('DROP TABLE IF EXISTS tmp_candidates');
  await db.run(`CREATE TEMP TABLE tmp_candidates AS
    WITH f AS (
      SELECT f.cik, m.item, m.rank, m.exclusive, m.kind, f.taxonomy || ':' || f.concept AS concept, f.period_start, f.period_end,
        f.value, f.accession, f.form, f.filed
      FROM facts f JOIN tmp_fund_concepts m ON f.taxonomy = m.taxonomy AND f.concept = m.concept AND f.unit = m.unit
      WHERE ${inScope('f.cik')} AND (m.kind = 'duration') = (f.period_start IS NOT NULL))
    SELECT cik, item, rank, exclusive, concept, period_start, period_end,
      CASE WHEN kind = 'duration' THEN ${BASIS_SQL('period_start', 'period_end')} ELSE 'instant' END AS basis,
      accession, form, filed, value
    FROM f WHERE kind <> 'cover' AND (kind <> 'duration' OR ${BASIS_SQL('period_start', 'period_end')} IS NOT NULL)
    UNION ALL
    -- cover-page counts attach to the period of their filing; several on one filing are share classes: they add up
    SELECT f.cik, f.item, f.rank, f.exclusive, f.concept, NULL, p.period_end, 'instant', f.accession, any_value(f.form), min(f.filed), sum(f.value)
    FROM f JOIN tmp_filing_periods p ON p.cik = f.cik AND p.accession = f.accession
    WHERE f.kind = 'cover'
    GROUP BY f.cik, f.item, f.rank, f.exclusive, f.concept, p.period_end, f.accession`);
  await db.run(`DELETE FROM tmp_candidates c WHERE NOT c.exclusive AND EXISTS (
      SELECT 1 FROM tmp_candidates x WHERE x.exclusive AND x.cik = c.cik AND x.item = c.item AND x.period_end = c.period_end AND x.basis = c.basis)`);

  // 3. Knowledge events per item and fact period.
  await db.run(`INSERT INTO fund_values
    WITH per_filing AS (
      SELECT cik, item, period_start, period_end, basis, accession, any_value(form) AS form, min(filed) AS filed,
        arg_min(value, rank) AS value, arg_min(concept, rank) AS concept
      FROM tmp_candidates GROUP BY cik, item, period_start, period_end, basis, accession),
    per_day AS (
      SELECT * FROM per_filing
      QUALIFY row_number() OVER (PARTITION BY cik, item, period_start, period_end, basis, filed ORDER BY accession DESC) = 1),
    changes AS (
      SELECT *, lag(value) OVER w AS previous FROM per_day
      WINDOW w AS (PARTITION BY cik, item, period_start, period_end, basis ORDER BY filed, accession)),
    kept AS (SELECT * FROM changes WHERE previous IS NULL OR previous <> value)
    SELECT cik, item, period_start, period_end, basis, value, concept, accession, form, filed,
      lead(filed) OVER (PARTITION BY cik, item, period_start, period_end, basis ORDER BY filed, accession), false
    FROM kept`);

  // 4. Derived quarters from year-to-date chains (same start date = same fiscal year), each known
  // until the quarter's own figure is filed (from then the filed one stands). A quarter reported
  // directly only later (a next year's comparative, an 8-K) is derived until then: whether a value
  // is known on a day depends on nothing filed after it.
  await db.run(`INSERT INTO fund_values
    WITH pairs AS (
      SELECT DISTINCT a.cik, a.item, a.period_start AS s, a.period_end AS e, a.basis AS basis_a, b.period_end AS e2, b.basis AS basis_b
      FROM fund_values a JOIN fund_values b
        ON a.cik = b.cik AND a.item = b.item AND a.period_start = b.period_start AND NOT a.derived AND NOT b.derived
       AND ((a.basis = 'half' AND b.basis = 'quarter') OR (a.basis = 'nine_months' AND b.basis = 'half') OR (a.basis = 'year' AND b.basis = 'nine_months'))
       AND date_diff('day', b.period_end, a.period_end) BETWEEN 80 AND 100
      WHERE ${inScope('a.cik')}),
    filed_quarters AS (
      SELECT cik, item, period_end, min(known_from) AS first_filed FROM fund_values
      WHERE ${inScope('cik')} AND basis = 'quarter' AND NOT derived GROUP BY cik, item, period_end),
    -- only the days before the quarter's own figure was filed: a derivation after it is dropped anyway
    dates AS (
      SELECT DISTINCT p.*, v.known_from AS d FROM pairs p JOIN fund_values v
        ON v.cik = p.cik AND v.item = p.item AND v.period_start = p.s AND NOT v.derived
       AND ((v.period_end = p.e AND v.basis = p.basis_a) OR (v.period_end = p.e2 AND v.basis = p.basis_b))
      LEFT JOIN filed_quarters q ON q.cik = p.cik AND q.item = p.item AND q.period_end = p.e
      WHERE q.first_filed IS NULL OR v.known_from < q.first_filed),
    at_date AS (
      SELECT d.*, a.value AS va, b.value AS vb, a.known_from AS fa, b.known_from AS fb,
        a.accession AS acc_a, b.accession AS acc_b, a.form AS form_a, b.form AS form_b, a.concept AS ca, b.concept AS cb
      FROM dates d
      JOIN fund_values a ON a.cik = d.cik AND a.item = d.item AND a.period_start = d.s AND a.period_end = d.e AND a.basis = d.basis_a AND NOT a.derived
        AND a.known_from <= d.d AND (a.known_to IS NULL OR a.known_to > d.d)
      JOIN fund_values b ON b.cik = d.cik AND b.item = d.item AND b.period_start = d.s AND b.period_end = d.e2 AND b.basis = d.basis_b AND NOT b.derived
        AND b.known_from <= d.d AND (b.known_to IS NULL OR b.known_to > d.d)),
    vals AS (
      -- rounded: per-share differences of decimal inputs would otherwise carry binary noise
      SELECT cik, item, e2 + INTERVAL 1 DAY AS period_start, e AS period_end, round(va - vb, 6) AS value,
        'derived:' || CASE WHEN ca = cb THEN ca ELSE ca || '-' || cb END AS concept,
        CASE WHEN fa >= fb THEN acc_a ELSE acc_b END AS accession, CASE WHEN fa >= fb THEN form_a ELSE form_b END AS form, d AS filed
      FROM at_date),
    before_filed AS (
      SELECT v.*, q.first_filed FROM vals v LEFT JOIN filed_quarters q USING (cik, item, period_end)
      WHERE q.first_filed IS NULL OR v.filed < q.first_filed),
    -- value breaks a tie of two chains on one day (a changed fiscal year): the same row each run
    changes AS (
      SELECT *, lag(value) OVER (PARTITION BY cik, item, period_end ORDER BY filed, value) AS previous FROM before_filed),
    kept AS (SELECT * FROM changes WHERE previous IS NULL OR previous <> value)
    SELECT cik, item, period_start::DATE, period_end, 'quarter', value, concept, accession, form, filed,
      coalesce(lead(filed) OVER (PARTITION BY cik, item, period_end ORDER BY filed, value), first_filed), true
    FROM kept`);

  // 5. Wide statements per fiscal period and filing event.
  const pivots = STANDARD_ITEM_NAMES.map((item) => `max(value) FILTER (WHERE item = ${q(item)}) AS ${itemColumn(item)}`).join(',\n      ');
  await db.run('DROP TABLE IF EXISTS tmp_period_items');
  await db.run(`CREATE TEMP TABLE tmp_period_items AS
    SELECT p.cik, p.fiscal_year, p.fiscal_period, p.period_end, p.known_from AS period_known, p.accession AS period_accession, p.form AS period_form,
      v.item, v.value, greatest(v.known_from, p.known_from) AS known_from, v.known_to, v.accession, v.form, v.concept, v.derived, v.known_from AS filed
    FROM fund_periods p JOIN fund_values v ON v.cik = p.cik AND v.period_end = p.period_end
     AND (v.basis = 'instant' OR (p.fiscal_period = 'FY' AND v.basis = 'year') OR (p.fiscal_period <> 'FY' AND v.basis = 'quarter'))
    WHERE ${inScope('p.cik')} AND (v.known_to IS NULL OR v.known_to > p.known_from)`);
  await db.run(`INSERT INTO fund_statements (cik, fiscal_year, fiscal_period, period_end, known_from, known_to, accession, form,
      ${STANDARD_ITEM_NAMES.map(itemColumn).join(', ')}, sources)
    WITH versions AS (
      SELECT DISTINCT cik, fiscal_year, fiscal_period, period_end, known_from AS d FROM tmp_period_items),
    events AS (
      -- the filing that started each version: the period's own filing first, else the latest accession that day
      SELECT v.*, arg_max(i.accession, (i.accession = i.period_accession, i.accession)) AS accession,
        arg_max(i.form, (i.accession = i.period_accession, i.accession)) AS form
      FROM versions v JOIN tmp_period_items i USING (cik, fiscal_year, fiscal_period, period_end)
      WHERE i.known_from = v.d GROUP BY ALL),
    wide AS (
      SELECT e.cik, e.fiscal_year, e.fiscal_period, e.period_end, e.d, e.accession, e.form,
      ${pivots},
      json_group_object(i.item, json_object('accession', i.accession, 'form', i.form, 'filed', strftime(i.filed, '%Y-%m-%d'), 'concept', i.concept, 'derived', i.derived))::VARCHAR AS sources
      FROM events e JOIN tmp_period_items i USING (cik, fiscal_year, fiscal_period, period_end)
      WHERE i.known_from <= e.d AND (i.known_to IS NULL OR i.known_to > e.d)
      GROUP BY ALL)
    SELECT cik, fiscal_year, fiscal_period, period_end, d, lead(d) OVER (PARTITION BY cik, fiscal_year, fiscal_period, period_end ORDER BY d), accession, form,
      ${STANDARD_ITEM_NAMES.map(itemColumn).join(', ')}, sources
    FROM wide`);
  for (const t of ['tmp_fund_concepts', 'tmp_filing_periods', 'tmp_candidates', 'tmp_period_items', 'tmp_touched']) await db.run(`DROP TABLE IF EXISTS ${t}`);
  return (await db.all<{ n: number }>('SELECT count(*)::INTEGER AS n FROM fund_statements'))[0]!.n;
}

/** The parsed form of one companyfacts document: its facts as columns (parsers/companyfacts-columns.ts). */
export interface CompanyFactsColumns {
  columns: FactColumns;
  doc: ScannedDocument & { invalid?: Error };
}

/**
 * The dictionaries of `fact_values` (migration 0630) and the columns that key each entry. Per
 * batch, each distinct entry its documents use is staged once; the entries the warehouse lacks are
 * appended after its highest id, in the order the batch first used them (so documents loaded one
 * at a time or many per transaction get the same ids), and the batch's ids are read back.
 */
const DICTIONARIES = {
  concepts: { table: 'fact_concepts', stage: 'tmp_cf_concepts', key: ['taxonomy', 'concept', 'unit'] },
  filings: { table: 'fact_filings', stage: 'tmp_cf_filings', key: ['accession', 'form', 'fy', 'fp', 'filed'] },
  frames: { table: 'fact_frames', stage: 'tmp_cf_frames', key: ['frame'] },
} as const;
type Dictionary = (typeof DICTIONARIES)[keyof typeof DICTIONARIES];

/** The ids of `entries` (values in `key` order) in the dictionary, appending those it lacks. */
async function dictionaryIds(conn: DuckDBConnection, db: Db, d: Dictionary, entries: unknown[][]): Promise<Int32Array> {
  if (entries.length === 0) return new Int32Array(0);
  // Every time: a rolled-back batch takes its CREATE with it.
  await db.run(`CREATE TEMP TABLE IF NOT EXISTS ${d.stage} AS SELECT 0 AS idx, ${d.key.join(', ')} FROM ${d.table} LIMIT 0`);
  await appendRows(conn, d.stage, entries.map((e, i) => [i, ...e]));
  // A null fy or fp is part of a filing's key.
  const same = d.key.map((k) => `e.${k} IS NOT DISTINCT FROM t.${k}`).join(' AND ');
  await db.run(`INSERT INTO ${d.table}
    SELECT (SELECT coalesce(max(id), 0) FROM ${d.table}) + row_number() OVER (ORDER BY t.idx), ${d.key.map((k) => `t.${k}`).join(', ')}
    FROM ${d.stage} t WHERE NOT EXISTS (SELECT 1 FROM ${d.table} e WHERE ${same})`);
  const ids = await db.all<{ id: number }>(`SELECT e.id FROM ${d.stage} t JOIN ${d.table} e ON ${same} ORDER BY t.idx`);
  await db.run(`DELETE FROM ${d.stage}`);
  if (ids.length !== entries.length) throw new Error(`${d.table}: ${ids.length} ids for ${entries.length} entries`);
  return Int32Array.from(ids, (r) => r.id);
}

/** A batch's entries of one dictionary: ids in first-use order, keyed by their values joined. */
class BatchEntries {
  readonly entries: unknown[][] = [];
  private readonly ids = new Map<string, number>();

  id(name: string, entry: unknown[]): number {
    let id = this.ids.get(name);
    if (id === undefined) {
      this.ids.set(name, (id = this.entries.length));
      this.entries.push(entry);
    }
    return id;
  }
}

/** The batch's entries of one document. */
interface BatchDictionaries {
  concepts: BatchEntries;
  filings: BatchEntries;
  frames: BatchEntries;
}

const conceptEntry = (d: BatchDictionaries, k: FactKey): number => d.concepts.id(`${k.taxonomy}\u0000${k.concept}\u0000${k.unit}`, [k.taxonomy, k.concept, k.unit]);

function filingEntry(d: BatchDictionaries, str: string[], accession: number, form: number, fy: number, fp: number, filed: number): number {
  const fpText = fp === NULL_INT ? null : str[fp]!;
  const name = `${str[accession]}\u0000${str[form]}\u0000${fy}\u0000${fpText ?? '\u0001'}\u0000${filed}`;
  return d.filings.id(name, [str[accession], str[form], fy === NULL_INT ? null : fy, fpText, dayDate(filed)]);
}

/**
 * Each row's batch entries (concept, filing, frame; NULL_INT for no frame). Entries are taken in
 * the order rows use them (a unit without facts has a key but no entry), so ids do not depend on
 * how documents are batched.
 */
function encodeDocument(d: BatchDictionaries, c: FactColumns, from: number, to: number): { concept: Int32Array; filing: Int32Array; frame: Int32Array } {
  const str = c.strings.values;
  const { key: keys, accession: accessions, form: forms, fy: fys, fp: fps, filed: fileds, frame: frames } = c;
  const kid = new Int32Array(c.keys.length).fill(-1);
  const frameOf = new Int32Array(str.length).fill(-1);
  // The filing of each accession's last fact: companyfacts repeats form, fy, fp and filed on every fact of a filing.
  const accFiling = new Int32Array(str.length).fill(-1);
  const accForm = new Int32Array(str.length);
  const accFy = new Int32Array(str.length);
  const accFp = new Int32Array(str.length);
  const accFiled = new Int32Array(str.length);
  const concept = new Int32Array(to - from);
  const filing = new Int32Array(to - from);
  const frame = new Int32Array(to - from);
  for (let r = from, o = 0; r < to; r++, o++) {
    const key = keys[r]!;
    if (kid[key] === -1) kid[key] = conceptEntry(d, c.keys[key]!);
    concept[o] = kid[key]!;
    const a = accessions[r]!, form = forms[r]!, fy = fys[r]!, fp = fps[r]!, filed = fileds[r]!;
    if (accFiling[a] === -1 || accForm[a] !== form || accFy[a] !== fy || accFp[a] !== fp || accFiled[a] !== filed) {
      accFiling[a] = filingEntry(d, str, a, form, fy, fp, filed);
      accForm[a] = form;
      accFy[a] = fy;
      accFp[a] = fp;
      accFiled[a] = filed;
    }
    filing[o] = accFiling[a]!;
    const fr = frames[r]!;
    if (fr === NULL_INT) frame[o] = NULL_INT;
    else {
      if (frameOf[fr] === -1) frameOf[fr] = d.frames.id(str[fr]!, [str[fr]]);
      frame[o] = frameOf[fr]!;
    }
  }
  return { concept, filing, frame };
}

const dayDate = (days: number): Date => new Date(days * 86_400_000);
const VECTOR = 2048;
let valueTypes: DuckDBType[] | null = null;

interface VectorInternals {
  items?: unknown;
  validity?: { data: BigUint64Array | null; setItemValid(i: number, valid: boolean): void };
  flush(): void;
}

/**
 * Writes a typed array into a chunk's INTEGER, DATE or DOUBLE column, NULL_INT as null where
 * `nullable`. The vector keeps its values in a typed array of the same kind (`items`) and its
 * validity as a bit mask (`validity.data`), flushed to DuckDB in one copy each: set them in one
 * call where they are there, else value by value through the public `setColumnValues` (the same
 * result, slower).
 */
function setColumn(chunk: DuckDBDataChunk, column: number, values: Int32Array | Float64Array, nullable = false, date = false): void {
  const vector = chunk.getColumnVector(column) as unknown as VectorInternals;
  const items = vector.items;
  const validity = vector.validity;
  if (items instanceof values.constructor && (items as Int32Array | Float64Array).length === values.length && (!nullable || validity)) {
    (items as Int32Array | Float64Array).set(values);
    if (nullable && validity) {
      let nulls = validity.data !== null;
      for (let r = 0; r < values.length && !nulls; r++) nulls = values[r] === NULL_INT;
      if (nulls) {
        // Allocates the mask (all valid) when the vector has none yet; every word is written below.
        if (!validity.data) validity.setItemValid(0, false);
        const data = validity.data!;
        const words = new Uint32Array(data.buffer, data.byteOffset, data.length * 2);
        words.fill(0xffffffff);
        for (let r = 0; r < values.length; r++) if (values[r] === NULL_INT) words[r >>> 5]! &= ~(1 << (r & 31));
      }
    }
    vector.flush();
  } else {
    const out = Array.from(values, (v) => (nullable && v === NULL_INT ? null : date ? new DuckDBDateValue(v) : v));
    chunk.setColumnValues(column, out as never);
  }
}

/**
 * Replaces the facts of the documents' companies (delete by cik, then insert) inside the caller's
 * transaction: the same rows, in the same order, as loading each document in turn. A company
 * twice in `docs` keeps its last document, as it would loaded one after the other. Rows go to
 * `fact_values` straight from the typed arrays through the appender: no string crosses into
 * DuckDB per fact, only each batch's distinct dictionary entries.
 */
async function loadCompanyFacts(conn: DuckDBConnection, db: Db, docs: CompanyFactsColumns[]): Promise<void> {
  for (const d of docs) if (d.doc.invalid) throw d.doc.invalid;
  const last = new Map<number, CompanyFactsColumns>();
  for (const d of docs) {
    // Where the last one would have gone: after the documents before it.
    last.delete(d.doc.cik);
    last.set(d.doc.cik, d);
  }
  const kept = [...last.values()];
  const ciks = kept.map((d) => d.doc.cik);
  await db.run('DELETE FROM fact_values WHERE cik IN (SELECT unnest($1::INTEGER[]))', [ciks]);
  await db.run('DELETE FROM fact_entities WHERE cik IN (SELECT unnest($1::INTEGER[]))', [ciks]);

  const dicts: BatchDictionaries = { concepts: new BatchEntries(), filings: new BatchEntries(), frames: new BatchEntries() };
  const rows = kept.map(({ columns, doc }) => encodeDocument(dicts, columns, doc.from, doc.to));
  const conceptIds = await dictionaryIds(conn, db, DICTIONARIES.concepts, dicts.concepts.entries);
  const filingIds = await dictionaryIds(conn, db, DICTIONARIES.filings, dicts.filings.entries);
  const frameIds = await dictionaryIds(conn, db, DICTIONARIES.frames, dicts.frames.entries);

  valueTypes ??= (await conn.runAndReadAll('SELECT * FROM fact_values LIMIT 0')).columnTypes();
  const appender = await conn.createAppender('fact_values');
  const chunk = DuckDBDataChunk.create(valueTypes);
  try {
    kept.forEach(({ columns: c, doc }, k) => {
      const { concept, filing, frame } = rows[k]!;
      // The batch's entries -> the warehouse's ids, in place.
      for (let o = 0; o < concept.length; o++) {
        concept[o] = conceptIds[concept[o]!]!;
        filing[o] = filingIds[filing[o]!]!;
        const fr = frame[o]!;
        if (fr !== NULL_INT) frame[o] = frameIds[fr]!;
      }
      for (let from = doc.from; from < doc.to; from += VECTOR) {
        const to = Math.min(doc.to, from + VECTOR);
        const [a, b] = [from - doc.from, to - doc.from];
        // One chunk for the whole batch: the appender copies it, and creating one costs a logical type per column.
        chunk.rowCount = to - from;
        setColumn(chunk, 0, c.cik.subarray(from, to));
        setColumn(chunk, 1, concept.subarray(a, b));
        setColumn(chunk, 2, filing.subarray(a, b));
        setColumn(chunk, 3, c.start.subarray(from, to), true, true);
        setColumn(chunk, 4, c.end.subarray(from, to), false, true);
        setColumn(chunk, 5, c.value.subarray(from, to));
        setColumn(chunk, 6, frame.subarray(a, b), true);
        appender.appendDataChunk(chunk);
      }
    });
    appender.flushSync();
  } finally {
    appender.closeSync();
  }
  await appendRows(conn, 'fact_entities', kept.map(({ doc }) => [doc.cik, doc.entityName, doc.to - doc.from, doc.concepts]));
}

/** Companies whose facts each run loaded (by run id). */
const touched = new Map<string, Set<number>>();

async function loadDocuments(parsed: CompanyFactsColumns[], ctx: JobContext): Promise<LoadResult[]> {
  await loadCompanyFacts(ctx.conn, ctx.db, parsed);
  if (!touched.has(ctx.runId)) touched.clear(); // one run at a time: forget earlier runs
  const mine = touched.get(ctx.runId) ?? new Set<number>();
  touched.set(ctx.runId, mine);
  return parsed.map(({ doc }) => {
    mine.add(doc.cik);
    const rows = doc.to - doc.from;
    return { rowsIn: rows, rowsOut: rows + 1, watermark: doc.newest };
  });
}

export const fundamentalsJob: Job<CompanyFactsColumns> = {
  name: 'fundamentals',
  description: 'SEC XBRL companyfacts into facts, then point-in-time standardized statements (fund_periods, fund_values, fund_statements)',
  schedule: JOB_SCHEDULES['fundamentals'],
  after: ['companies'],
  documents: companyFactsDocuments,
  parse: (doc) => parseCompanyFactsColumns(doc.bytes),
  // A bulk load hashes and scans on every core while this thread loads (pipelines/parse-pool.ts).
  parseInWorker: { module: COLUMNS_MODULE, name: 'parseCompanyFactsForTransfer', revive: reviveCompanyFacts },
  load: async (parsed, ctx) => (await loadDocuments([parsed], ctx))[0]!,
  // companyfacts.zip holds every company: one transaction per 64 MB of documents, not per document.
  batchBytes: 64 * 1024 * 1024,
  loadMany: loadDocuments,
  // An incremental run derives only the companies it loaded; a full run derives every company.
  finish: (ctx) => deriveFundamentals(ctx, ctx.incremental ? [...(touched.get(ctx.runId) ?? [])] : null),
};
