/**
 * Writes the sample's USAspending custom award download
 * (`files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries_2024-11-08_H14M02S11_1.csv`):
 * GENERATED prime award summaries in the download's CSV layout (a subset of its ~300 columns, real
 * names; quoted fields; one description across two lines). No real USAspending extract is in
 * ../shared/data, so every award is made up: PIIDs start with `GEN`, recipients are "GENERATED
 * RECIPIENT NN LLC", amounts and dates are drawn from a seeded generator. Agencies, award types,
 * NAICS and PSC codes are the classification vocabulary (not figures). To exercise the link from an
 * award to a listed company, each recipient's parent is a sample company as named in the company
 * list (fictional subsidiaries: no amount is that company's). Listed in SYNTHETIC: every row is
 * served with `synthetic: true`.
 *
 * Run: node --import tsx pipelines/sample/generate-usaspending.ts (deterministic).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { companyName } from './company-names.ts';
import { between, rng } from './seeded.ts';

const FILE = 'files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries_2024-11-08_H14M02S11_1.csv';
const COLUMNS = [
  'contract_award_unique_key', 'award_id_piid', 'parent_award_agency_id', 'parent_award_agency_name', 'parent_award_id_piid', 'total_obligated_amount',
  'current_total_value_of_award', 'potential_total_value_of_award', 'award_base_action_date', 'award_base_action_date_fiscal_year', 'award_latest_action_date',
  'award_latest_action_date_fiscal_year', 'period_of_performance_start_date', 'period_of_performance_current_end_date', 'period_of_performance_potential_end_date',
  'awarding_agency_code', 'awarding_agency_name', 'awarding_sub_agency_code', 'awarding_sub_agency_name', 'funding_agency_name', 'recipient_uei', 'recipient_name',
  'recipient_parent_uei', 'recipient_parent_name', 'recipient_country_code', 'recipient_city_name', 'recipient_state_code', 'award_type', 'naics_code',
  'naics_description', 'product_or_service_code', 'product_or_service_code_description', 'prime_award_base_transaction_description', 'usaspending_permalink',
  'last_modified_date',
];

/** [agency code, agency, sub-agency code, sub-agency]: the awarding offices of the generated awards. */
const OFFICES: [string, string, string, string][] = [
  ['097', 'DEPARTMENT OF DEFENSE (DOD)', '2100', 'DEPT OF THE ARMY'],
  ['097', 'DEPARTMENT OF DEFENSE (DOD)', '97AK', 'DEFENSE INFORMATION SYSTEMS AGENCY (DISA)'],
  ['097', 'DEPARTMENT OF DEFENSE (DOD)', '97AS', 'DEFENSE LOGISTICS AGENCY'],
  ['075', 'DEPARTMENT OF HEALTH AND HUMAN SERVICES (HHS)', '7523', 'CENTERS FOR DISEASE CONTROL AND PREVENTION'],
  ['036', 'DEPARTMENT OF VETERANS AFFAIRS (VA)', '3600', 'VETERANS AFFAIRS DEPARTMENT OF'],
];
/** [parent company ticker, office index, award type, NAICS, NAICS description, PSC, PSC description] */
const AWARDS: [string, number, string, string, string, string, string][] = [
  ['MSFT', 0, 'DEFINITIVE CONTRACT', '334511', 'SEARCH, DETECTION, NAVIGATION, GUIDANCE, AERONAUTICAL, AND NAUTICAL SYSTEM AND INSTRUMENT MANUFACTURING', '5855', 'NIGHT VISION EQUIPMENT - EMITTED AND REFLECTED RADIATION'],
  ['JNJ', 3, 'DEFINITIVE CONTRACT', '325414', 'BIOLOGICAL PRODUCT (EXCEPT DIAGNOSTIC) MANUFACTURING', '6505', 'DRUGS AND BIOLOGICALS'],
  ['AMZN', 1, 'DELIVERY ORDER', '518210', 'COMPUTING INFRASTRUCTURE PROVIDERS, DATA PROCESSING, WEB HOSTING, AND RELATED SERVICES', 'DA10', 'IT AND TELECOM - BUSINESS APPLICATION/APPLICATION DEVELOPMENT SUPPORT SERVICES'],
  ['ORCL', 1, 'DELIVERY ORDER', '518210', 'COMPUTING INFRASTRUCTURE PROVIDERS, DATA PROCESSING, WEB HOSTING, AND RELATED SERVICES', 'DA10', 'IT AND TELECOM - BUSINESS APPLICATION/APPLICATION DEVELOPMENT SUPPORT SERVICES'],
  ['GOOGL', 1, 'DELIVERY ORDER', '518210', 'COMPUTING INFRASTRUCTURE PROVIDERS, DATA PROCESSING, WEB HOSTING, AND RELATED SERVICES', 'DA10', 'IT AND TELECOM - BUSINESS APPLICATION/APPLICATION DEVELOPMENT SUPPORT SERVICES'],
  ['XOM', 2, 'DEFINITIVE CONTRACT', '324110', 'PETROLEUM REFINERIES', '9130', 'LIQUID PROPELLANTS AND FUELS, PETROLEUM BASE'],
  ['A', 3, 'PURCHASE ORDER', '334516', 'ANALYTICAL LABORATORY INSTRUMENT MANUFACTURING', '6640', 'LABORATORY EQUIPMENT AND SUPPLIES'],
  ['IT', 4, 'DELIVERY ORDER', '541611', 'ADMINISTRATIVE MANAGEMENT AND GENERAL MANAGEMENT CONSULTING SERVICES', 'DA01', 'IT AND TELECOM - BUSINESS APPLICATION/APPLICATION DEVELOPMENT SUPPORT SERVICES'],
];

const cell = (v: string): string => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const iso = (d: Date): string => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number): string => iso(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
/** The federal fiscal year of a day (October starts the next one). */
const fiscalYear = (day: string): number => Number(day.slice(0, 4)) + (Number(day.slice(5, 7)) >= 10 ? 1 : 0);
const money = (n: number): string => n.toFixed(2);

function awards(): string {
  const r = rng('USAspending awards');
  const lines = [COLUMNS.join(',')];
  AWARDS.forEach(([ticker, office, type, naics, naicsText, psc, pscText], k) => {
    const nn = String(k + 1).padStart(2, '0');
    const [agencyCode, agency, subCode, subAgency] = OFFICES[office]!;
    // Latest actions spread over fiscal 2024 (one in fiscal 2021, one in fiscal 2023).
    const latest = k === 1 ? addDays('2021-01-01', between(r, 0, 200)) : k === 6 ? addDays('2023-01-01', between(r, 0, 200)) : addDays('2023-10-01', between(r, 0, 364));
    const base = addDays(latest, -between(r, 0, 900));
    const obligated = Math.round(Math.exp(Math.log(1e5) + r() * Math.log(2e4)) / 1000) * 1000;
    const current = obligated + Math.round(obligated * r() * 0.2 / 1000) * 1000;
    const potential = current * between(r, 1, 12);
    const start = base;
    const end = addDays(start, between(r, 365, 1500));
    const potentialEnd = addDays(end, between(r, 0, 1500));
    const piid = `GEN${fiscalYear(base) % 100}C${String(k + 1).padStart(4, '0')}`;
    const order = type === 'DELIVERY ORDER';
    const parentPiid = order ? `GEN${fiscalYear(base) % 100 - 1}D${String(k + 1).padStart(4, '0')}` : '';
    const key = `CONT_AWD_${piid}_${subCode}_${order ? `${parentPiid}_${subCode}` : '-NONE-_-NONE-'}`;
    const uei = `GENUEI${nn}0000`;
    const row: Record<string, string> = {
      contract_award_unique_key: key,
      award_id_piid: piid,
      parent_award_agency_id: order ? subCode : '',
      parent_award_agency_name: order ? agency : '',
      parent_award_id_piid: parentPiid,
      total_obligated_amount: money(obligated),
      current_total_value_of_award: money(current),
      potential_total_value_of_award: money(potential),
      award_base_action_date: base,
      award_base_action_date_fiscal_year: String(fiscalYear(base)),
      award_latest_action_date: latest,
      award_latest_action_date_fiscal_year: String(fiscalYear(latest)),
      period_of_performance_start_date: start,
      period_of_performance_current_end_date: end,
      period_of_performance_potential_end_date: potentialEnd,
      awarding_agency_code: agencyCode,
      awarding_agency_name: agency,
      awarding_sub_agency_code: subCode,
      awarding_sub_agency_name: subAgency,
      funding_agency_name: agency,
      recipient_uei: uei,
      recipient_name: `GENERATED RECIPIENT ${nn} LLC`,
      recipient_parent_uei: `GENPARENT${nn}00`,
      recipient_parent_name: companyName(ticker).toUpperCase(),
      recipient_country_code: 'USA',
      recipient_city_name: 'SAMPLEVILLE',
      recipient_state_code: 'DC',
      award_type: type,
      naics_code: naics,
      naics_description: naicsText,
      product_or_service_code: psc,
      product_or_service_code_description: pscText,
      // The first description spans two lines inside its quotes, as long descriptions do.
      prime_award_base_transaction_description: `GENERATED SAMPLE AWARD ${nn}: ${pscText}${k === 0 ? '\nAND SUSTAINMENT' : ''}`,
      usaspending_permalink: `https://www.usaspending.gov/award/${key}/`,
      last_modified_date: `${addDays(latest, between(r, 1, 5))} ${String(between(r, 7, 17)).padStart(2, '0')}:${String(between(r, 0, 59)).padStart(2, '0')}:${String(between(r, 0, 59)).padStart(2, '0')}`,
    };
    lines.push(COLUMNS.map((c) => cell(row[c]!)).join(','));
  });
  return `${lines.join('\n')}\n`;
}

const file = path.resolve(import.meta.dirname, FILE);
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, awards());
process.stdout.write(`wrote ${file}\n`);
