/**
 * `/api/data/bulk` (spec 2.6, 4.4): filing-derived fundamentals for up to 100 tickers, as JSON,
 * CSV, Arrow IPC stream or Parquet; and `/api/data/bulk-history`, retired (410 Gone, nothing sent
 * is parsed). Rows come only from SEC filings (`source: "sec"`): a ticker without a
 * filing-derived row is withheld with its reason, never zero-filled or taken from a vendor.
 */
import Negotiator from 'negotiator';
import { toCsv, toParquet, MEDIA_TYPES, type ExportColumn, type ExportRow } from '../../warehouse/export.ts';
import { bulkFundamentals } from '../../warehouse/queries/fundamentals.ts';
import { filingDocument, provenanceOf } from '../../schema/provenance.ts';
import { freshnessHeaders, routeListFreshness } from '../freshness.ts';
import { ErrorBody, utcDay } from '../../schema/common.ts';
import {
  BULK_GROUPS,
  BULK_HISTORY_RETIRED,
  BULK_MAX_TICKERS,
  BulkQuery,
  BulkResult,
  FundamentalsGroup,
  MetricsGroup,
  RETIRED_GROUPS,
  type BulkFormat,
} from '../../schema/fundamentals.ts';
import type { Db } from '../../warehouse/db.ts';
import { cachedBody, memoized, unpooled } from '../../warehouse/serving.ts';
import { sendCachedBody, varyingOn } from '../encoding.ts';
import { BadRequestError, GoneError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

const TICKER = /^[A-Z0-9.\-^]{1,12}$/;

/** `a, b,,A` -> ['A', 'B'] (trimmed, upper-cased, de-duplicated, in order); 400 past the limit. */
export function parseTickers(raw: string): string[] {
  const out = [...new Set(raw.split(',').map((t) => t.trim().toUpperCase()).filter(Boolean))];
  if (out.length === 0) throw new BadRequestError("parameter 'tickers' must list at least one ticker");
  if (out.length > BULK_MAX_TICKERS) throw new BadRequestError(`parameter 'tickers' lists ${out.length} tickers; at most ${BULK_MAX_TICKERS} per request`);
  const bad = out.find((t) => !TICKER.test(t));
  if (bad) throw new BadRequestError(`parameter 'tickers': '${bad}' is not a ticker symbol`);
  return out;
}

type Group = (typeof BULK_GROUPS)[number];

/** Requested groups (default both) and the retired ones asked for, with their reasons. */
export function parseFields(raw: string | undefined): { groups: Group[]; retired: Record<string, string> } {
  if (raw === undefined || raw.trim() === '') return { groups: [...BULK_GROUPS], retired: {} };
  const groups: Group[] = [];
  const retired: Record<string, string> = {};
  for (const f of raw.split(',').map((s) => s.trim()).filter(Boolean)) {
    if ((BULK_GROUPS as readonly string[]).includes(f)) {
      if (!groups.includes(f as Group)) groups.push(f as Group);
    } else if (Object.hasOwn(RETIRED_GROUPS, f)) retired[f] = RETIRED_GROUPS[f]!;
    else throw new BadRequestError(`parameter 'fields': unknown field '${f}' (allowed: ${BULK_GROUPS.join(', ')})`);
  }
  return { groups, retired };
}

/** The media types the Accept header may name, JSON first (it wins a tie), and the format of each. */
const ACCEPTED_MEDIA: [string, BulkFormat][] = [
  ['application/json', 'json'],
  ['text/csv', 'csv'],
  [MEDIA_TYPES.arrow, 'arrow'],
  ['application/vnd.apache.arrow', 'arrow'],
  [MEDIA_TYPES.parquet, 'parquet'],
  ['application/x-parquet', 'parquet'],
  ['application/parquet', 'parquet'],
];
const FORMAT_OF = new Map(ACCEPTED_MEDIA);
const MEDIA_NAMES = ACCEPTED_MEDIA.map(([m]) => m);

/**
 * `format=` wins; else the Accept header, read as RFC 9110 12.5.1 says (q-values, `q=0` = not
 * acceptable, wildcards: the `negotiator` package); else, or when it accepts none of them, JSON. A
 * substring match used to take `text/csv;q=0, application/json` as a request for CSV.
 */
export function negotiateFormat(format: BulkFormat | undefined, accept: string | undefined): BulkFormat {
  if (format) return format;
  if (!accept) return 'json';
  // Media-type parameters other than q (`text/csv; charset=utf-8`, `header=present`) do not change
  // the format; negotiator would require them to match the offered type exactly.
  const best = new Negotiator({ headers: { accept: accept.replace(/;\s*(?!q\s*=)[^;,]*/gi, '') } }).mediaType(MEDIA_NAMES);
  return (best && FORMAT_OF.get(best.toLowerCase())) || 'json';
}

const FUNDAMENTAL_KEYS = Object.keys(FundamentalsGroup.shape) as (keyof typeof FundamentalsGroup.shape)[];
const METRIC_KEYS = Object.keys(MetricsGroup.shape) as (keyof typeof MetricsGroup.shape)[];

/** Columns of the tabular formats: identifiers, then each requested group's fields, then the withheld reason. */
export function bulkColumns(groups: Group[]): ExportColumn[] {
  return [
    { name: 'ticker', type: 'string' },
    { name: 'cik', type: 'int' },
    { name: 'fiscalYear', type: 'int' },
    { name: 'fiscalPeriod', type: 'string' },
    { name: 'periodEnd', type: 'string' },
    { name: 'filingDate', type: 'string' },
    { name: 'accession', type: 'string' },
    { name: 'form', type: 'string' },
    { name: 'source', type: 'string' },
    ...(groups.includes('fundamentals') ? FUNDAMENTAL_KEYS.map((name) => ({ name, type: 'double' as const })) : []),
    ...(groups.includes('metrics') ? METRIC_KEYS.map((name) => ({ name, type: 'double' as const })) : []),
    { name: 'withheld', type: 'string' },
  ];
}

/** The rows of `tickers` as known on `asOf`, loaded once per snapshot for the body and its freshness. */
function bulkRows(db: Db, tickers: string[], asOf: string) {
  return memoized(db, `bulk-rows:${asOf}:${tickers.join(',')}`, () => bulkFundamentals(db, tickers, asOf), { callerKeyed: true });
}

type Freshness = Awaited<ReturnType<typeof routeListFreshness>>;

/** The route's path, which also names its catalog jobs to the answer built away from a request (`bulkAnswer`). */
const BULK_PATH = '/data/bulk';

/**
 * Each built answer's `dataThrough` and `fetchedAt`, worked out in the same build as its rows: the
 * headers of a kept answer come from the snapshot its body came from. Looked up again per request,
 * they came from the snapshot served then, which after a swap was not the body's.
 */
const answerFreshness = new WeakMap<Buffer, Freshness>();

/** The serialised bulk answer (JSON text, CSV text, or Arrow / Parquet bytes), its freshness kept beside it (`answerFreshness`). */
async function bulkAnswer(db: Db, tickers: string[], groups: Group[], retired: Record<string, string>, format: BulkFormat, asOf: string): Promise<Buffer> {
  const found = await bulkRows(db, tickers, asOf);
  // `dataThrough`: the newest filing date of the rows found; `fetchedAt`: the ledger time of the jobs the catalog lists the route under.
  const fresh = await routeListFreshness(db, BULK_PATH, found.filter((r) => r.status === 'ok').map((r) => r.filingDate));
  // The bytes the body cache keeps (it keeps a buffer that owns its memory as it is), so the kept
  // answer is the key of its freshness.
  const answer = unpooled(await serialised(db, found, tickers, groups, retired, format, asOf, fresh));
  answerFreshness.set(answer, fresh);
  return answer;
}

/** The answer's bytes in `format`, from the rows found and their freshness. */
async function serialised(
  db: Db,
  found: Awaited<ReturnType<typeof bulkRows>>,
  tickers: string[],
  groups: Group[],
  retired: Record<string, string>,
  format: BulkFormat,
  asOf: string,
  fresh: Freshness,
): Promise<Buffer> {
  const byTicker = new Map(found.map((r) => [r.ticker, r]));
  const rows = [];
  const withheld: { ticker: string; reason: string }[] = [];
  for (const t of tickers) {
    const r = byTicker.get(t);
    if (!r || r.status === 'unknown') withheld.push({ ticker: t, reason: 'unknown ticker: not in the SEC company list' });
    else if (r.status !== 'ok') withheld.push({ ticker: t, reason: 'no filing-derived fundamentals: no 10-K/10-Q XBRL facts have been filed for this company' });
    else {
      rows.push({
        ticker: t,
        cik: r.cik,
        fiscalYear: r.fiscalYear,
        fiscalPeriod: r.fiscalPeriod,
        periodEnd: r.periodEnd,
        filingDate: r.filingDate,
        accession: r.accession,
        form: r.form,
        source: 'sec' as const,
        provenance: provenanceOf(filingDocument(r.cik, r.accession), false, r.accession),
        ...(groups.includes('fundamentals') ? { fundamentals: r.fundamentals } : {}),
        ...(groups.includes('metrics') ? { metrics: r.metrics } : {}),
      });
    }
  }
  const hasRetired = Object.keys(retired).length > 0;
  if (format === 'json') {
    return Buffer.from(JSON.stringify({ asOf, fields: groups, rows, withheld, ...(hasRetired ? { retiredFields: retired } : {}), ...fresh }));
  }
  const table: ExportRow[] = [
    ...rows.map(({ provenance: _p, ...r }) => ({ ...(r as Omit<typeof r, 'fundamentals' | 'metrics'>), ...r.fundamentals, ...r.metrics, withheld: null }) as ExportRow),
    ...withheld.map((w) => ({ ticker: w.ticker, withheld: w.reason })),
  ];
  const columns = bulkColumns(groups);
  if (format === 'csv') return Buffer.from(toCsv(columns, table));
  if (format === 'arrow') return Buffer.from((await import('../../warehouse/export-arrow.ts')).toArrowStream(columns, table));
  return toParquet(db, columns, table);
}

export const bulk = resource('Bulk', [
  defineRoute({
    method: 'GET',
    path: BULK_PATH,
    capability: 'bulk_fundamentals',
    summary: 'Bulk fundamentals rows (filing-derived only)',
    description:
      'One row per ticker (at most 100): fiscalYear, periodEnd, filingDate, source "sec" and the `fundamentals` and `metrics` groups of the latest ' +
      'fiscal period as known on `as_of` (default today). Tickers without a filing-derived row are listed under `withheld` with the reason. Retired groups (`price`) ' +
      'asked for in `fields` are answered under `retiredFields`. No prices, volumes, market capitalization or vendor profile fields. ' +
      'Formats: JSON (default), CSV, Arrow IPC stream, Parquet, chosen by `format` or the Accept header; tabular formats list withheld tickers ' +
      'as rows with a `withheld` reason and retired fields in the `X-Retired-Fields` header (JSON). Each JSON row names its filing (`provenance`; ' +
      'the tabular formats carry its `accession`); `dataThrough` (newest filing date) and `fetchedAt` (run ledger) are in the JSON body and, for every ' +
      'format, the X-Data-Through and X-Fetched-At headers. Investor tier and above.',
    query: BulkQuery,
    responses: {
      200: { description: 'bulk rows', schema: BulkResult, contentTypes: [MEDIA_TYPES.csv, MEDIA_TYPES.arrow, MEDIA_TYPES.parquet], freshnessHeaders: true },
      400: { description: 'tickers missing, invalid or more than 100; unknown field or format', schema: ErrorBody },
      402: { description: 'below the Investor tier', schema: ErrorBody },
    },
    handler: async ({ query, services, req, reply }) => {
      const tickers = parseTickers(query.tickers);
      const { groups, retired } = parseFields(query.fields);
      const format = negotiateFormat(query.format, req.headers.accept);
      // Without `format`, the answer's media type is the Accept header's choice: caches must key on it.
      if (!query.format) reply.header('Vary', varyingOn(reply.getHeader('vary'), 'Accept'));
      const asOf = query.as_of ?? utcDay();
      const hasRetired = Object.keys(retired).length > 0;
      // The answer depends only on the snapshot and these parameters: serialised (and, for JSON and
      // CSV, compressed per encoding asked) once per snapshot and kept in its body cache (issue 15:
      // a 100-ticker JSON answer cost ~1.3 ms of CPU to build and serialise, a Parquet one a DuckDB
      // COPY through temporary files).
      const key = `bulk:${format}:${asOf}:${groups.join(',')}:${Object.keys(retired).join(',')}:${tickers.join(',')}`;
      const answer = await cachedBody(services.warehouse, key, () => bulkAnswer(services.warehouse, tickers, groups, retired, format, asOf));
      // Every build sets it, and the body cache keeps the very buffer the build returned.
      freshnessHeaders(reply, answerFreshness.get(answer)!);
      if (format === 'json') return sendCachedBody(answer, req, reply);
      if (hasRetired) reply.header('X-Retired-Fields', JSON.stringify(retired));
      reply.header('Content-Disposition', `attachment; filename="almanac-bulk-${asOf}.${format === 'arrow' ? 'arrows' : format}"`);
      // Arrow and Parquet are binary (Parquet compresses its own pages): sent as they are.
      if (format === 'csv') return sendCachedBody(answer, req, reply, MEDIA_TYPES.csv);
      return reply.type(MEDIA_TYPES[format]).send(answer);
    },
  }),
  defineRoute({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    path: '/data/bulk-history',
    capability: 'bulk_history_retired',
    summary: 'Retired: bulk price history',
    description: `Retired on ${BULK_HISTORY_RETIRED} (spec 9). Every method answers 410 Gone; nothing sent is parsed.`,
    responses: { 410: { description: `retired on ${BULK_HISTORY_RETIRED}`, schema: ErrorBody } },
    ignoreBody: true,
    anyMethod: true,
    handler: () => {
      throw new GoneError(`/api/data/bulk-history was retired on ${BULK_HISTORY_RETIRED}; use /api/data/bulk for filing-derived fundamentals`, {
        retiredOn: BULK_HISTORY_RETIRED,
      });
    },
  }),
]);
