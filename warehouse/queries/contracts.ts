/**
 * Federal contract awards (job `contracts`, USAspending prime award summaries). An award appears
 * once (the version modified last). The recipient's parent is matched to a listed ticker by name
 * (warehouse/queries/name-key.ts); a `ticker` filter matches that parent or the recipient itself.
 */
import { provenanceOf, type ProvenanceData } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';
import { COMPANY_NAME_KEYS, nameKeySql } from './name-key.ts';

export interface AwardRow {
  awardKey: string;
  piid: string;
  awardingAgency: string | null;
  awardingSubAgency: string | null;
  recipientName: string;
  parentName: string | null;
  /** Listed ticker of the recipient's parent (or the recipient), when it is in the company list. */
  ticker: string | null;
  obligated: number | null;
  currentValue: number | null;
  potentialValue: number | null;
  baseActionDate: string | null;
  latestActionDate: string | null;
  fiscalYear: number | null;
  startDate: string | null;
  endDate: string | null;
  awardType: string | null;
  naicsCode: string | null;
  naicsDescription: string | null;
  pscCode: string | null;
  description: string | null;
  permalink: string | null;
  provenance: ProvenanceData;
}

export interface AwardFilter {
  ticker?: string;
  /** Recipient or parent name contains (case-insensitive). */
  recipient?: string;
  /** Awarding agency or sub-agency contains (case-insensitive). */
  agency?: string;
  fiscalYear?: number;
  limit?: number;
  /** Rows to skip (paging; default 0). */
  offset?: number;
}

const AWARDS = `
  latest AS (SELECT * FROM federal_awards QUALIFY row_number() OVER (PARTITION BY award_key ORDER BY last_modified DESC NULLS LAST, source DESC) = 1),
  ${COMPANY_NAME_KEYS},
  awards AS (
    SELECT a.*, coalesce(kp.ticker, kr.ticker) AS ticker, coalesce(kp.cik, kr.cik) AS cik FROM latest a
    LEFT JOIN name_keys kp ON a.parent_name IS NOT NULL AND kp.key = ${nameKeySql('a.parent_name')}
    LEFT JOIN name_keys kr ON kr.key = ${nameKeySql('a.recipient_name')}),
  hits AS (
    SELECT * FROM awards
    WHERE ($ticker::VARCHAR IS NULL OR cik = (SELECT cik FROM companies WHERE ticker = $ticker))
      AND ($recipient::VARCHAR IS NULL OR contains(lower(recipient_name), $recipient) OR contains(lower(coalesce(parent_name, '')), $recipient))
      AND ($agency::VARCHAR IS NULL OR contains(lower(coalesce(awarding_agency, '')), $agency) OR contains(lower(coalesce(awarding_sub_agency, '')), $agency))
      AND ($fy::INTEGER IS NULL OR fiscal_year = $fy))`;

function params(f: AwardFilter): Record<string, string | number | null> {
  return {
    ticker: f.ticker ? f.ticker.toUpperCase() : null,
    recipient: f.recipient ? f.recipient.trim().toLowerCase() : null,
    agency: f.agency ? f.agency.trim().toLowerCase() : null,
    fy: f.fiscalYear ?? null,
  };
}

/**
 * Awards matching the filter, largest obligation first (ties by award key).
 *
 * @example
 * await federalContracts(db, { ticker: 'MSFT' });
 */
export async function federalContracts(db: Db, f: AwardFilter): Promise<AwardRow[]> {
  const rows = await db.all<Omit<AwardRow, 'provenance'> & { source: string; synthetic: boolean }>(
    `WITH ${AWARDS}
     SELECT award_key AS "awardKey", piid, awarding_agency AS "awardingAgency", awarding_sub_agency AS "awardingSubAgency",
       recipient_name AS "recipientName", parent_name AS "parentName", ticker, obligated, current_value AS "currentValue",
       potential_value AS "potentialValue", strftime(base_action_date, '%Y-%m-%d') AS "baseActionDate",
       strftime(latest_action_date, '%Y-%m-%d') AS "latestActionDate", fiscal_year AS "fiscalYear",
       strftime(start_date, '%Y-%m-%d') AS "startDate", strftime(end_date, '%Y-%m-%d') AS "endDate", award_type AS "awardType",
       naics_code AS "naicsCode", naics_description AS "naicsDescription", psc_code AS "pscCode", description, permalink, source, synthetic
     FROM hits ORDER BY obligated DESC NULLS LAST, award_key LIMIT $limit OFFSET $offset`,
    { ...params(f), limit: f.limit ?? 500, offset: f.offset ?? 0 },
  );
  return rows.map(({ source, synthetic, ...r }) => ({ ...r, provenance: provenanceOf(source, synthetic) }));
}

export interface ContractTotals {
  awards: number;
  obligated: number;
  potentialValue: number;
  byAgency: { agency: string; awards: number; obligated: number }[];
  byFiscalYear: { fiscalYear: number; awards: number; obligated: number }[];
  /** True when any matching award's figures were generated (approximated sample figures). */
  synthetic: boolean;
  /** The newest latest-action date of the matching awards (null when none match). */
  dataThrough: string | null;
}

/**
 * Totals of the awards matching the filter: overall, per awarding agency and per fiscal year,
 * whether any was generated, and the newest latest-action date among them.
 */
export async function contractTotals(db: Db, f: AwardFilter): Promise<ContractTotals> {
  const p = params(f);
  const [overall] = await db.all<{ awards: number; obligated: number; potentialValue: number; synthetic: boolean; dataThrough: string | null }>(
    `WITH ${AWARDS} SELECT count(*)::INTEGER AS awards, coalesce(sum(obligated), 0) AS obligated, coalesce(sum(potential_value), 0) AS "potentialValue",
       coalesce(bool_or(synthetic), false) AS synthetic, strftime(max(latest_action_date), '%Y-%m-%d') AS "dataThrough" FROM hits`,
    p,
  );
  const byAgency = await db.all<ContractTotals['byAgency'][number]>(
    `WITH ${AWARDS} SELECT coalesce(awarding_agency, 'unknown') AS agency, count(*)::INTEGER AS awards, coalesce(sum(obligated), 0) AS obligated
     FROM hits GROUP BY 1 ORDER BY obligated DESC, agency`,
    p,
  );
  const byFiscalYear = await db.all<ContractTotals['byFiscalYear'][number]>(
    `WITH ${AWARDS} SELECT fiscal_year AS "fiscalYear", count(*)::INTEGER AS awards, coalesce(sum(obligated), 0) AS obligated
     FROM hits WHERE fiscal_year IS NOT NULL GROUP BY 1 ORDER BY 1`,
    p,
  );
  const { synthetic, dataThrough, ...totals } = overall!;
  return { ...totals, byAgency, byFiscalYear, synthetic, dataThrough };
}
