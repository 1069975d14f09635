/**
 * USAspending.gov prime contract award summaries: the CSV of the award data archive and of
 * custom award downloads (`Contracts_PrimeAwardSummaries_*.csv`), read by column name (the files
 * carry ~300 columns; the ones below are used, the rest ignored). Amounts are dollars; dates are
 * YYYY-MM-DD (a `last_modified_date` timestamp keeps its date). Descriptions can span lines
 * inside quotes. A file without the key columns, a row without an award key, PIID or recipient,
 * or a malformed amount or date is refused (quarantined).
 */
import { QuarantineError } from '../jobs/interface.ts';
import { csvObjects } from './csv-records.ts';
import { decimal, isCalendarDate } from './values.ts';

export interface FederalAward {
  awardKey: string;
  piid: string;
  parentPiid: string | null;
  awardingAgency: string | null;
  awardingSubAgency: string | null;
  fundingAgency: string | null;
  recipientName: string;
  recipientUei: string | null;
  parentName: string | null;
  parentUei: string | null;
  recipientCity: string | null;
  recipientState: string | null;
  recipientCountry: string | null;
  obligated: number | null;
  currentValue: number | null;
  potentialValue: number | null;
  baseActionDate: string | null;
  latestActionDate: string | null;
  fiscalYear: number | null;
  startDate: string | null;
  endDate: string | null;
  potentialEndDate: string | null;
  awardType: string | null;
  naicsCode: string | null;
  naicsDescription: string | null;
  pscCode: string | null;
  pscDescription: string | null;
  description: string | null;
  permalink: string | null;
  lastModified: string | null;
}

const REQUIRED = ['contract_award_unique_key', 'award_id_piid', 'recipient_name', 'total_obligated_amount'] as const;

const text = (v: string | undefined): string | null => (v && v.trim() !== '' ? v.trim() : null);

function amount(v: string | undefined, what: string, line: number): number | null {
  const s = (v ?? '').trim();
  if (s === '') return null;
  const n = decimal(s);
  if (n === null) throw new QuarantineError(`record ${line}: ${what} is not an amount: "${s}"`);
  return n;
}

function date(v: string | undefined, what: string, line: number): string | null {
  const s = (v ?? '').trim();
  if (s === '') return null;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[ T][\d:.]+Z?)?$/.exec(s);
  if (!m || !isCalendarDate(m[1]!)) throw new QuarantineError(`record ${line}: ${what} is not a date: "${s}"`);
  return m[1]!;
}

/** Parses a prime award summaries CSV. */
export function parseUsaspendingContracts(csv: string): FederalAward[] {
  let parsed;
  try {
    parsed = csvObjects(csv, REQUIRED);
  } catch (err) {
    throw new QuarantineError(`not a USAspending contract award summaries CSV: ${(err as Error).message}`);
  }
  const seen = new Set<string>();
  return parsed.rows.map((r, i) => {
    const line = i + 2;
    const awardKey = text(r.contract_award_unique_key);
    const piid = text(r.award_id_piid);
    const recipientName = text(r.recipient_name);
    if (!awardKey || !piid || !recipientName) throw new QuarantineError(`record ${line}: award key, PIID and recipient are required`);
    if (seen.has(awardKey)) throw new QuarantineError(`record ${line}: award ${awardKey} appears twice`);
    seen.add(awardKey);
    const fy = amount(r.award_latest_action_date_fiscal_year, 'award_latest_action_date_fiscal_year', line);
    return {
      awardKey,
      piid,
      parentPiid: text(r.parent_award_id_piid),
      awardingAgency: text(r.awarding_agency_name),
      awardingSubAgency: text(r.awarding_sub_agency_name),
      fundingAgency: text(r.funding_agency_name),
      recipientName,
      recipientUei: text(r.recipient_uei),
      parentName: text(r.recipient_parent_name),
      parentUei: text(r.recipient_parent_uei),
      recipientCity: text(r.recipient_city_name),
      recipientState: text(r.recipient_state_code),
      recipientCountry: text(r.recipient_country_code),
      obligated: amount(r.total_obligated_amount, 'total_obligated_amount', line),
      currentValue: amount(r.current_total_value_of_award, 'current_total_value_of_award', line),
      potentialValue: amount(r.potential_total_value_of_award, 'potential_total_value_of_award', line),
      baseActionDate: date(r.award_base_action_date, 'award_base_action_date', line),
      latestActionDate: date(r.award_latest_action_date, 'award_latest_action_date', line),
      fiscalYear: fy,
      startDate: date(r.period_of_performance_start_date, 'period_of_performance_start_date', line),
      endDate: date(r.period_of_performance_current_end_date, 'period_of_performance_current_end_date', line),
      potentialEndDate: date(r.period_of_performance_potential_end_date, 'period_of_performance_potential_end_date', line),
      awardType: text(r.award_type),
      naicsCode: text(r.naics_code),
      naicsDescription: text(r.naics_description),
      pscCode: text(r.product_or_service_code),
      pscDescription: text(r.product_or_service_code_description),
      description: text(r.prime_award_base_transaction_description),
      permalink: text(r.usaspending_permalink),
      lastModified: date(r.last_modified_date, 'last_modified_date', line),
    };
  });
}
