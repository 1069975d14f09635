/**
 * Provenance and freshness (issue 16): what every data answer says about where its rows came from,
 * how old they are and whether any were generated rather than taken from a source.
 *
 * - `Provenance`, per served row (or per group of rows from one document): the publisher, the
 *   document (its EDGAR-layout key), the URL it is published at, the SEC accession when the row
 *   comes from a filing, and `synthetic`.
 * - `dataThrough` / `fetchedAt`, per answer: the newest date the data covers, and when Almanac last
 *   fetched the source successfully (the finish time of the dataset's last successful pipeline run
 *   in the run ledger of the served snapshot; never the request time).
 * - `DateFallback` (`asOf`): present when the answer is for an earlier date than the one asked.
 */
import { z } from 'zod';

/**
 * How the filing date of an ownership filing (Forms 3/4/5, 13F, N-PORT) is known: `edgar`, the date
 * EDGAR published (the filing's envelope header, the filer's submissions JSON or a DERA data set);
 * `signature`, estimated from the signature date in the document because the filing was bundled
 * without its envelope and no submissions JSON lists it (pipelines/jobs/ownership-filings.ts). A
 * signature date is on or before the filing date.
 */
export const FILED_BASES = ['edgar', 'signature'] as const;
export type FiledBasisValue = (typeof FILED_BASES)[number];
export const FiledBasis = z
  .enum(FILED_BASES)
  .describe("how the filing's `filed` date is known: 'edgar' = the filing date EDGAR published (envelope header, submissions JSON, DERA data set); 'signature' = estimated from the signature date in the document (the filing was bundled without its EDGAR envelope; the real filing date is that day or later)");

const PROVENANCE_FIELDS = {
  source: z.string().describe('the publisher: "SEC EDGAR", "U.S. Treasury", "FRED (Federal Reserve Bank of St. Louis)", "FDIC", "USAspending.gov", or "vendor file"'),
  document: z.string().nullable().describe('the document the row was loaded from, as its EDGAR-layout key (host/path), e.g. home.treasury.gov/daily_treasury_yield_curve/2020.xml'),
  url: z.string().nullable().describe('where the document is published (https://host/path, or the query URL its publisher serves it at: FRED fredgraph.csv, the Treasury feed); null for vendor files'),
  accession: z.string().nullable().describe('SEC accession number of the filing, for rows from a filing; otherwise null'),
  synthetic: z.boolean().describe('true when the row was generated (e.g. sample prices between real anchors, headlines written for the corpus), not taken from the source'),
};

/** Where one served row (or a group of rows from one document) came from. */
export const Provenance = z.object(PROVENANCE_FIELDS).describe('where a served row came from');
export type ProvenanceData = z.infer<typeof Provenance> & { filedBasis?: FiledBasisValue };

/** The provenance of rows from an ownership filing (Forms 3/4/5, 13F, N-PORT): `Provenance` and how the filing date is known. */
export const FilingProvenance = z
  .object({ ...PROVENANCE_FIELDS, filedBasis: FiledBasis })
  .describe('where a served row came from: the ownership filing, and how its filing date is known');
export type FilingProvenanceData = z.infer<typeof FilingProvenance>;

/** The date asked, the date served and why, when they differ. */
export const DateFallback = z
  .object({
    requested: z.string().describe('the date asked for (YYYY-MM-DD)'),
    served: z.string().describe('the date the answer is for (YYYY-MM-DD), earlier than requested'),
    reason: z.string(),
  })
  .describe('present only when the answer falls back to an earlier date than the one asked');
export type DateFallbackData = z.infer<typeof DateFallback>;

/** `dataThrough` and `fetchedAt`, members of every data answer object. */
export const FRESHNESS = {
  dataThrough: z.string().nullable().describe('the newest date (YYYY-MM-DD) the data of this answer covers'),
  fetchedAt: z
    .string()
    .nullable()
    .describe('when Almanac last fetched this data’s source successfully: the finish time of the last successful pipeline run in the run ledger, ISO 8601 UTC without zone; never the request time; null when the ledger has no successful run'),
};
export const Freshness = z.object(FRESHNESS);

/**
 * The response headers that carry `dataThrough` and `fetchedAt` for answers whose body is a bare
 * list (banks, federal contracts, BDCs, insider trades, bond search): the list keeps its shape and
 * the freshness travels beside it. A header is left out when its value is null (an empty list has
 * no data date; a warehouse without a successful run has no fetch time).
 */
export const FRESHNESS_HEADERS = { dataThrough: 'X-Data-Through', fetchedAt: 'X-Fetched-At' } as const;
export type FreshnessData = z.infer<typeof Freshness>;

/** The newest of some dates (YYYY-MM-DD; an ISO time counts as its day), ignoring nulls; null when none. */
export function newest(...dates: (string | null | undefined)[]): string | null {
  let out: string | null = null;
  for (const d of dates) if (d && (out === null || d > out)) out = d.slice(0, 10);
  return out;
}

/**
 * How an answer's `dataThrough` is found from the answer itself (and, for a source that publishes
 * only its current state, the fetch time). Written once per answer and named by each door that
 * serves it: a REST route's `dataThrough` (api/route.ts), an MCP tool's (schema/mcp/tool.ts); the
 * door adds `fetchedAt` from the jobs of the datasets that list it (schema/datasets.ts).
 */
export type DataThrough<T = any> = (answer: T, fetchedAt: string | null) => string | null;

/** `dataThrough` of a list answer: the newest `field` of its rows (null for an empty list). */
export const newestOf =
  <K extends string>(field: K): DataThrough<readonly { [k in K]?: string | null }[]> =>
  (rows) =>
    newest(...rows.map((r) => r[field]));

/**
 * `dataThrough` of an answer from a source that publishes only its current state and no data date
 * (the SEC company list): the state it shows is the one of the day it was fetched.
 */
export const FETCH_DAY: DataThrough<unknown> = (_answer, at) => (at ? at.slice(0, 10) : null);

/** Publishers by the first segment (host) of a document key. */
export const SOURCE_NAMES: Record<string, string> = {
  'www.sec.gov': 'SEC EDGAR',
  'data.sec.gov': 'SEC EDGAR',
  'home.treasury.gov': 'U.S. Treasury',
  'fred.stlouisfed.org': 'FRED (Federal Reserve Bank of St. Louis)',
  'banks.data.fdic.gov': 'FDIC',
  'files.usaspending.gov': 'USAspending.gov',
  'api.usaspending.gov': 'USAspending.gov',
};

/** The publisher of a document key ("vendor file" for vendor/... and anything unknown). */
export function sourceName(document: string | null): string {
  if (!document) return 'unknown';
  const host = document.split('/')[0]!;
  return SOURCE_NAMES[host] ?? (host.includes('.') ? host : 'vendor file');
}

/**
 * Keys whose publisher serves them at a query URL rather than at `https://<key>`: the FRED series
 * CSV and the Treasury yield-curve feed and CSV download (the URLs sources/http.ts fetches, and the
 * Treasury's own CSV download link).
 */
const QUERY_URLS: [RegExp, (m: RegExpExecArray) => string][] = [
  [/^fred\.stlouisfed\.org\/series\/([A-Za-z0-9_.-]+)\.csv$/, (m) => `https://fred.stlouisfed.org/graph/fredgraph.csv?id=${m[1]}`],
  [
    /^home\.treasury\.gov\/daily_treasury_yield_curve\/(\d{4})(\d{2})?\.xml$/,
    (m) => `https://home.treasury.gov/resource-center/data-chart-center/interest-rates/pages/xml?data=daily_treasury_yield_curve&${m[2] ? `field_tdr_date_value_month=${m[1]}${m[2]}` : `field_tdr_date_value=${m[1]}`}`,
  ],
  [
    /^home\.treasury\.gov\/daily_treasury_yield_curve\/(\d{4})\.csv$/,
    (m) => `https://home.treasury.gov/resource-center/data-chart-center/interest-rates/daily-treasury-rates.csv/${m[1]}/all?type=daily_treasury_yield_curve&field_tdr_date_value=${m[1]}&page&_format=csv`,
  ],
];

/** The public URL of a document key whose first segment is a host; null otherwise (vendor files). */
export function documentUrl(document: string | null): string | null {
  if (!document) return null;
  for (const [pattern, url] of QUERY_URLS) {
    const m = pattern.exec(document);
    if (m) return url(m);
  }
  const host = document.split('/')[0]!;
  return host.includes('.') ? `https://${document}` : null;
}

/** The provenance of a row loaded from `document`. */
export function provenanceOf(document: string | null, synthetic: boolean, accession: string | null = null): ProvenanceData {
  return { source: sourceName(document), document, url: documentUrl(document), accession, synthetic };
}

/** EDGAR's filing index of an accession (the document every fact of a filing comes from). */
export function filingDocument(cik: number, accession: string): string {
  return `www.sec.gov/Archives/edgar/data/${cik}/${accession.replaceAll('-', '')}/${accession}-index.htm`;
}

/** The provenance of rows taken from a filing: its EDGAR filing index, its accession. */
export function filingIndexProvenance(cik: number, accession: string, synthetic: boolean): ProvenanceData {
  return provenanceOf(filingDocument(cik, accession), synthetic, accession);
}

/** The fallback note when `served` is earlier than `requested`; undefined when they agree or nothing was asked. */
export function fallback(requested: string | null | undefined, served: string | null, reason: string): DateFallbackData | undefined {
  if (!requested || !served || served >= requested) return undefined;
  return { requested, served, reason };
}

/** True for an SEC accession number (`0001039565-22-000009`). */
export const isAccession = (s: string | null): s is string => !!s && /^\d{10}-\d{2}-\d{6}$/.test(s);

/** A warehouse filing key as served: the accession number, or null for a document published without one (`unknown-accession-...`). */
export const servedAccession = (key: string): string | null => (isAccession(key) ? key : null);

/**
 * The provenance of rows from one ownership filing: its EDGAR filing index when the accession is
 * known, and how its filing date is known (`filed_basis`, migration 0620); for a
 * document bundled without its accession number (pipelines/jobs/ownership-filings.ts: an
 * `unknown-accession-...` folder), the document itself, with no URL and no accession, since
 * EDGAR's address for it is not known.
 */
export function filingProvenance(cik: number, accession: string, document: string | null, synthetic: boolean, filedBasis: FiledBasisValue): FilingProvenanceData {
  if (isAccession(accession)) return { ...provenanceOf(filingDocument(cik, accession), synthetic, accession), filedBasis };
  return { ...provenanceOf(document, synthetic, null), url: null, filedBasis };
}
