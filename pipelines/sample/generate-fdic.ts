/**
 * Writes `banks.data.fdic.gov/api/institutions.csv`: a GENERATED BankFind Suite institutions
 * download (the CSV the live source asks BankFind for: API field names, amounts in thousands of
 * dollars, dates `MM/DD/YYYY`, `12/31/9999` for "no end date"). No real FDIC extract is in
 * ../shared/data, so every institution here is made up: named "Generated Sample Bank NN",
 * certificate numbers from 990001, RSSD ids from 9900001, balance sheets drawn from a seeded
 * generator. To exercise the link from a bank to its listed holding company, the first bank's
 * holding company is JPMorgan Chase & Co. as named in the sample's company list (a fictional
 * subsidiary: no figure is JPMorgan's). One bank is closed (an end date and an older last report).
 * Listed in SYNTHETIC: every row is served with `synthetic: true`.
 *
 * Run: node --import tsx pipelines/sample/generate-fdic.ts (deterministic).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { companyName } from './company-names.ts';
import { between, rng } from './seeded.ts';

const FIELDS = ['ACTIVE', 'ADDRESS', 'ASSET', 'BKCLASS', 'CERT', 'CITY', 'DEP', 'DEPDOM', 'ENDEFYMD', 'ESTYMD', 'FED_RSSD', 'INSDATE', 'NAME', 'NAMEHCR', 'NETINC', 'OFFDOM', 'REGAGNT', 'REPDTE', 'ROA', 'ROE', 'RSSDHCR', 'STALP', 'STNAME', 'WEBADDR', 'ZIP'];
const BANKS = 8;
/** The report date of the active banks' latest Call Report, and the closed bank's. */
const REPORT_DATE = '06/30/2024';
const CLOSED_REPORT_DATE = '12/31/2022';
const CLOSED_ON = '03/10/2023';
const PLACES: [city: string, state: string, stateName: string][] = [
  ['Columbus', 'OH', 'Ohio'], ['Charlotte', 'NC', 'North Carolina'], ['Sioux Falls', 'SD', 'South Dakota'], ['Wilmington', 'DE', 'Delaware'],
  ['Salt Lake City', 'UT', 'Utah'], ['Minneapolis', 'MN', 'Minnesota'], ['Santa Clara', 'CA', 'California'], ['Richmond', 'VA', 'Virginia'],
];
/** [BKCLASS, REGAGNT]: national (OCC), state member (FED), state non-member (FDIC). */
const CHARTERS: [string, string][] = [['N', 'OCC'], ['SM', 'FED'], ['NM', 'FDIC']];

const cell = (v: string): string => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const usDate = (y: number, m: number, d: number): string => `${String(m).padStart(2, '0')}/${String(d).padStart(2, '0')}/${y}`;

function institutions(): string {
  const r = rng('FDIC institutions');
  const lines = [FIELDS.join(',')];
  for (let i = 1; i <= BANKS; i++) {
    const nn = String(i).padStart(2, '0');
    const [bkclass, regulator] = CHARTERS[between(r, 0, CHARTERS.length - 1)]!;
    const [city, state, stateName] = PLACES[i - 1]!;
    const closed = i === BANKS;
    // Total assets in thousands: from about $2 billion to $2 trillion, log-uniform.
    const asset = Math.round(Math.exp(Math.log(2e6) + r() * Math.log(1000)));
    const dep = Math.round(asset * (0.7 + 0.15 * r()));
    const depdom = Math.round(dep * (0.6 + 0.4 * r()));
    const roa = Number((0.4 + 1.2 * r()).toFixed(2));
    const roe = Number((roa * (7 + 5 * r())).toFixed(2));
    const netinc = Math.round((asset * roa) / 100 / 2); // half a year of income at that ROA
    const founded = between(r, 1850, 2005);
    const established = usDate(founded, between(r, 1, 12), between(r, 1, 28));
    const row: Record<string, string> = {
      ACTIVE: closed ? '0' : '1',
      ADDRESS: `${between(r, 1, 999)} Generated Way`,
      ASSET: String(asset),
      BKCLASS: bkclass,
      CERT: String(990000 + i),
      CITY: city,
      DEP: String(dep),
      DEPDOM: String(depdom),
      ENDEFYMD: closed ? CLOSED_ON : '12/31/9999',
      ESTYMD: established,
      FED_RSSD: String(9900000 + i),
      // Deposit insurance began on 1934-01-01: banks founded earlier are insured from then.
      INSDATE: founded >= 1934 ? established : '01/01/1934',
      NAME: bkclass === 'N' ? `Generated Sample Bank ${nn}, National Association` : `Generated Sample Bank ${nn}`,
      NAMEHCR: i === 1 ? companyName('JPM') : `GENERATED BANCORP ${nn}`,
      NETINC: String(netinc),
      OFFDOM: String(between(r, 1, 4000)),
      REGAGNT: regulator,
      REPDTE: closed ? CLOSED_REPORT_DATE : REPORT_DATE,
      ROA: roa.toFixed(2),
      ROE: roe.toFixed(2),
      RSSDHCR: String(9800000 + i),
      STALP: state,
      STNAME: stateName,
      WEBADDR: `https://bank-${nn}.example.com`,
      ZIP: String(between(r, 10000, 99999)),
    };
    lines.push(FIELDS.map((f) => cell(row[f]!)).join(','));
  }
  return `${lines.join('\n')}\n`;
}

const file = path.resolve(import.meta.dirname, 'banks.data.fdic.gov/api/institutions.csv');
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, institutions());
process.stdout.write(`wrote ${file}\n`);
