/**
 * Insider transactions (Forms 3/4/5): trades by ticker or owner and recent open-market buys.
 * Point in time: `asOf` keeps filings filed on or before that date, and a row an amendment
 * replaced counts until the amendment was filed.
 */
import { filingProvenance, type FiledBasisValue, type FilingProvenanceData } from '../../schema/provenance.ts';
import type { z } from 'zod';
import type { InsiderTradesQuery } from '../../schema/ownership.ts';
import type { Db } from '../db.ts';

export interface InsiderOwner {
  cik: number;
  name: string;
  isDirector: boolean;
  isOfficer: boolean;
  officerTitle: string | null;
  isTenPercentOwner: boolean;
  isOther: boolean;
  otherText: string | null;
}

export interface InsiderTrade {
  /** The filing (EDGAR filing index under the issuer) and how its filing date is known. */
  provenance: FilingProvenanceData;
  accession: string;
  form: string;
  filed: string;
  issuerCik: number;
  issuerName: string | null;
  ticker: string | null;
  owners: InsiderOwner[];
  table: 'non_derivative' | 'derivative';
  kind: 'transaction' | 'holding';
  securityTitle: string | null;
  transactionDate: string | null;
  code: string | null;
  shares: number | null;
  price: number | null;
  acquiredDisposed: string | null;
  sharesAfter: number | null;
  directIndirect: string | null;
  natureOfOwnership: string | null;
  conversionPrice: number | null;
  exerciseDate: string | null;
  expirationDate: string | null;
  underlyingTitle: string | null;
  underlyingShares: number | null;
  /** Rule 10b5-1 checkbox of the filing (null before schema X0407). */
  rule10b5One: boolean | null;
  /** Footnote texts by the field they annotate. */
  footnotes: Record<string, string[]>;
  /** The amendment that replaced this row, if any (as of `asOf`). */
  supersededBy: string | null;
}

export interface InsiderTradeFilter {
  ticker?: string;
  issuerCik?: number;
  ownerCik?: number;
  /** Owner name, case-insensitive substring. */
  owner?: string;
  /** Transaction codes (P, S, A, M, F, G ...). */
  codes?: string[];
  /** Include holdings rows (default: transactions only). */
  includeHoldings?: boolean;
  /** Include rows an amendment replaced (default false). */
  includeSuperseded?: boolean;
  from?: string;
  to?: string;
  asOf?: string;
  limit?: number;
  offset?: number;
}

const FAR = '9999-12-31';

/**
 * The filter of a parsed insider-trades query (schema/ownership.ts `InsiderTradesQuery`, the
 * parameters of `/api/insiders`). REST, GraphQL (`insiderTrades`) and MCP (`get_insider_trades`)
 * all read their arguments through that schema and this function, so one question gets the same
 * rows at every door: `ticker` is the filing's own issuer ticker (not the company list), codes are
 * comma-separated, holdings only on request.
 * @example insiderTradeFilter(InsiderTradesQuery.parse({ ticker: 'pltr', include_holdings: '1' }))
 */
export function insiderTradeFilter(q: z.output<typeof InsiderTradesQuery>): InsiderTradeFilter {
  return {
    ticker: q.ticker,
    ownerCik: q.owner_cik,
    owner: q.owner,
    codes: q.code?.split(','),
    from: q.from,
    to: q.to,
    asOf: q.as_of,
    includeHoldings: q.include_holdings === '1' || q.include_holdings === 'true',
    limit: q.limit,
    offset: q.offset,
  };
}

function tradeSql(where: string): string {
  return `WITH owners AS (
      SELECT accession, list({cik: owner_cik, name: owner_name, isDirector: is_director, isOfficer: is_officer, officerTitle: officer_title,
                              isTenPercentOwner: is_ten_percent, isOther: is_other, otherText: other_text} ORDER BY position) AS owners
      FROM insider_owners GROUP BY accession)
    SELECT t.accession, f.form, f.filed, f.issuer_cik AS "issuerCik", f.issuer_name AS "issuerName", f.issuer_ticker AS ticker, o.owners,
           t.table_kind AS "table", t.row_kind AS kind, t.security_title AS "securityTitle", t.transaction_date AS "transactionDate", t.code,
           t.shares, t.price, t.acquired_disposed AS "acquiredDisposed", t.shares_after AS "sharesAfter", t.direct_indirect AS "directIndirect",
           t.nature_of_ownership AS "natureOfOwnership", t.conversion_price AS "conversionPrice", t.exercise_date AS "exerciseDate",
           t.expiration_date AS "expirationDate", t.underlying_title AS "underlyingTitle", t.underlying_shares AS "underlyingShares",
           f.aff10b5one AS "rule10b5One", t.footnotes, f.doc_path AS "docPath", f.synthetic, f.filed_basis AS "filedBasis",
           CASE WHEN s.filed <= $asOf::DATE THEN t.superseded_by END AS "supersededBy"
    FROM insider_transactions t
    JOIN insider_filings f ON f.accession = t.accession
    JOIN owners o ON o.accession = t.accession
    LEFT JOIN insider_filings s ON s.accession = t.superseded_by
    WHERE f.filed <= $asOf::DATE AND ${where}`;
}

/** A trade row as read: footnotes as JSON text, and the filing's document, synthetic flag and filing-date basis. */
type RawTrade = Omit<InsiderTrade, 'footnotes' | 'provenance'> & { footnotes: string | null; docPath: string; synthetic: boolean; filedBasis: FiledBasisValue };

function decode(rows: RawTrade[]): InsiderTrade[] {
  return rows.map(({ docPath, synthetic, filedBasis, ...r }) => ({
    ...r,
    footnotes: r.footnotes ? (JSON.parse(r.footnotes) as Record<string, string[]>) : {},
    provenance: filingProvenance(r.issuerCik, r.accession, docPath, synthetic, filedBasis),
  }));
}

/**
 * Insider trades by ticker, issuer CIK or owner (CIK or name), newest filing first; every row
 * of both tables, with all reporting owners and footnotes resolved onto fields.
 * @example await insiderTrades(db, { ticker: 'NVDA', codes: ['S'] })
 */
export async function insiderTrades(db: Db, filter: InsiderTradeFilter): Promise<InsiderTrade[]> {
  const rows = await db.all<RawTrade>(
    `${tradeSql(`($ticker IS NULL OR f.issuer_ticker = $ticker)
      AND ($issuerCik IS NULL OR f.issuer_cik = $issuerCik)
      AND ($ownerCik IS NULL OR EXISTS (SELECT 1 FROM insider_owners x WHERE x.accession = t.accession AND x.owner_cik = $ownerCik))
      AND ($owner IS NULL OR EXISTS (SELECT 1 FROM insider_owners x WHERE x.accession = t.accession AND contains(lower(x.owner_name), $owner)))
      AND ($codes IS NULL OR list_contains($codes::VARCHAR[], t.code))
      AND ($holdings OR t.row_kind = 'transaction')
      AND ($from IS NULL OR coalesce(t.transaction_date, f.filed) >= $from::DATE)
      AND ($to IS NULL OR coalesce(t.transaction_date, f.filed) <= $to::DATE)`)}
      AND ($superseded OR s.filed IS NULL OR s.filed > $asOf::DATE)
    ORDER BY f.filed DESC, t.accession DESC, t.seq
    LIMIT $limit OFFSET $offset`,
    {
      ticker: filter.ticker?.toUpperCase() ?? null,
      issuerCik: filter.issuerCik ?? null,
      ownerCik: filter.ownerCik ?? null,
      owner: filter.owner ? filter.owner.toLowerCase() : null,
      codes: filter.codes?.length ? filter.codes.map((c) => c.toUpperCase()) : null,
      holdings: filter.includeHoldings ?? false,
      superseded: filter.includeSuperseded ?? false,
      from: filter.from ?? null,
      to: filter.to ?? null,
      asOf: filter.asOf ?? FAR,
      limit: filter.limit ?? 100,
      offset: filter.offset ?? 0,
    },
  );
  return decode(rows);
}

export interface InsiderBuy extends InsiderTrade {
  /** shares x price, USD. */
  valueUsd: number | null;
}

/**
 * Open-market purchases (code P, acquired, non-derivative) across the market, largest first,
 * filed in the `days` before `asOf` (default: the newest filing in the warehouse).
 * @example await recentInsiderBuys(db, { days: 30, limit: 20 })
 */
export async function recentInsiderBuys(db: Db, opts: { days?: number; asOf?: string; limit?: number; minValueUsd?: number } = {}): Promise<InsiderBuy[]> {
  const [latest] = await db.all<{ d: string | null }>('SELECT max(filed) AS d FROM insider_filings WHERE filed <= $1::DATE', [opts.asOf ?? FAR]);
  const end = opts.asOf ?? latest?.d;
  if (!end) return [];
  const rows = await db.all<RawTrade>(
    `${tradeSql(`t.code = 'P' AND t.acquired_disposed = 'A' AND t.table_kind = 'non_derivative' AND t.row_kind = 'transaction'
      AND f.filed > $asOf::DATE - to_days($days::INTEGER) AND (s.filed IS NULL OR s.filed > $asOf::DATE)
      AND coalesce(t.shares * t.price, 0) >= $min`)}
    ORDER BY coalesce(t.shares * t.price, 0) DESC, f.filed DESC, t.accession, t.seq LIMIT $limit`,
    { asOf: end, days: opts.days ?? 90, limit: opts.limit ?? 50, min: opts.minValueUsd ?? 0 },
  );
  return decode(rows).map((r) => ({ ...r, valueUsd: r.shares !== null && r.price !== null ? Math.round(r.shares * r.price * 100) / 100 : null }));
}
