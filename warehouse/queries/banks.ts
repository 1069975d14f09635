/**
 * FDIC-insured institutions (job `banks`): lookup by name, holding company, city, state or
 * certificate number. Amounts in dollars; ROA/ROE in percent as the FDIC publishes them. An
 * institution appears once, from its latest report; the holding company is matched to a listed
 * ticker by name (warehouse/queries/name-key.ts) when it is in the company list.
 */
import { provenanceOf, type ProvenanceData } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { COMPANY_NAME_KEYS, nameKeySql } from './name-key.ts';

export interface BankRow {
  cert: number;
  name: string;
  fedRssd: number | null;
  city: string | null;
  state: string | null;
  active: boolean;
  bankClass: string | null;
  regulator: string | null;
  holdingCompany: string | null;
  /** Listed ticker of the holding company, when it is in the company list. */
  holdingCompanyTicker: string | null;
  totalAssets: number | null;
  totalDeposits: number | null;
  netIncome: number | null;
  roa: number | null;
  roe: number | null;
  offices: number | null;
  reportDate: string | null;
  established: string | null;
  insuredSince: string | null;
  inactiveSince: string | null;
  website: string | null;
  provenance: ProvenanceData;
}

export interface BankFilter {
  /** Name, holding company or city contains (case-insensitive). */
  q?: string;
  cert?: number;
  /** Two-letter state. */
  state?: string;
  /** Listed ticker of the holding company (e.g. JPM). */
  ticker?: string;
  /** Leave out closed or merged institutions. */
  activeOnly?: boolean;
  limit?: number;
  /** Rows to skip (paging; default 0). */
  offset?: number;
}

/**
 * Institutions matching the filter, largest total assets first (ties by certificate number).
 *
 * @example
 * await bankLookup(db, { q: 'chase' }); // [{ cert: 628, name: 'JPMorgan Chase Bank, National Association', holdingCompanyTicker: 'JPM', ... }]
 */
export async function bankLookup(db: Db, f: BankFilter): Promise<BankRow[]> {
  const rows = await db.all<Omit<BankRow, 'provenance'> & { source: string; synthetic: boolean }>(
    `WITH latest AS (
       SELECT * FROM fdic_institutions QUALIFY row_number() OVER (PARTITION BY cert ORDER BY report_date DESC NULLS LAST, source DESC) = 1),
     ${COMPANY_NAME_KEYS}
     SELECT b.cert, b.name, b.fed_rssd AS "fedRssd", b.city, b.state, b.active, b.bank_class AS "bankClass", b.regulator,
       b.holding_company AS "holdingCompany", k.ticker AS "holdingCompanyTicker", b.total_assets AS "totalAssets",
       b.total_deposits AS "totalDeposits", b.net_income AS "netIncome", b.roa, b.roe, b.offices,
       strftime(b.report_date, '%Y-%m-%d') AS "reportDate", strftime(b.established, '%Y-%m-%d') AS established,
       strftime(b.insured_since, '%Y-%m-%d') AS "insuredSince", strftime(b.inactive_since, '%Y-%m-%d') AS "inactiveSince", b.website, b.source, b.synthetic
     FROM latest b LEFT JOIN name_keys k ON b.holding_company IS NOT NULL AND k.key = ${nameKeySql('b.holding_company')}
     WHERE ($q::VARCHAR IS NULL OR contains(lower(b.name), $q) OR contains(lower(coalesce(b.holding_company, '')), $q) OR lower(coalesce(b.city, '')) = $q)
       AND ($cert::INTEGER IS NULL OR b.cert = $cert) AND ($state::VARCHAR IS NULL OR b.state = $state)
       AND ($ticker::VARCHAR IS NULL OR k.cik = (SELECT cik FROM companies WHERE ticker = $ticker)) AND (NOT $activeOnly OR b.active)
     ORDER BY b.total_assets DESC NULLS LAST, b.cert LIMIT $limit OFFSET $offset`,
    {
      q: f.q ? f.q.trim().toLowerCase() : null,
      cert: f.cert ?? null,
      state: f.state ? f.state.toUpperCase() : null,
      ticker: f.ticker ? f.ticker.toUpperCase() : null,
      activeOnly: f.activeOnly ?? false,
      limit: f.limit ?? 100,
      offset: f.offset ?? 0,
    },
  );
  return rows.map(({ source, synthetic, ...r }) => ({ ...r, provenance: provenanceOf(source, synthetic) }));
}
