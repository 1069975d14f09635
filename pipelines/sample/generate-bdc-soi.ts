/**
 * Writes the schedule-of-investments files of the sample's DERA BDC data set
 * (`www.sec.gov/files/dera/data/bdc-data-sets/2025_11/soi.tsv` and `num.tsv`): GENERATED HOLDINGS
 * for three real submissions of the data set's real `sub.tsv` (copied byte for byte beside them).
 * No real `soi.tsv` is in ../shared/data, so the holdings are drawn from a seeded generator, in
 * the DERA layout the bdc job reads (the column names of `dera_bdc_metadata.json`): borrowers are
 * named "Generated Borrower NN, LLC" so no row passes for a real loan; instruments, SOFR spreads,
 * PIK, maturities, cost and fair value are drawn per row; one loan per filing is on non-accrual,
 * said by an XBRL footnote in `num.tsv` (the way filers tag it). Both files are listed in
 * SYNTHETIC, so these rows are served with `synthetic: true`; the submissions stay real.
 *
 * Run: node --import tsx pipelines/sample/generate-bdc-soi.ts (deterministic).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { between, gauss, rng } from './seeded.ts';

const DATA_SET = path.resolve(import.meta.dirname, 'www.sec.gov/files/dera/data/bdc-data-sets/2025_11');
/** The real submissions given generated holdings: Main Street (listed in the sample), Capital Southwest (filed first) and Golub Capital BDC (a 10-K). */
const FILERS = [1396440, 17313, 1476765];
const HOLDINGS_PER_FILING = 10;
const SOFR = 0.043;

const INDUSTRIES = ['Software and Services', 'Health Care Equipment and Services', 'Commercial and Professional Services', 'Capital Goods', 'Consumer Services', 'Transportation'];
const AFFILIATIONS = ['Non-controlled/non-affiliate company investments', 'Non-controlled/affiliate company investments', 'Control investments'];
/** [investment type, floating (spread over SOFR), equity (no principal, no rate)] */
const TYPES: [string, boolean, boolean][] = [
  ['First lien senior secured loan', true, false],
  ['First lien senior secured loan', true, false],
  ['First lien senior secured loan', true, false],
  ['Unitranche loan', true, false],
  ['Second lien senior secured loan', true, false],
  ['Subordinated debt', false, false],
  ['Preferred equity', false, true],
  ['Member units', false, true],
];

const SOI_HEADER = [
  'adsh', 'cik', 'name', 'ddate', 'form', 'filed', 'period', 'inlineurl', 'cstm', 'Industry Sector Axis', 'Investment, Identifier Axis',
  'Investment, Issuer Affiliation Axis', 'Investment Type Axis', 'Investment Interest Rate', 'Investment, Basis Spread, Variable Rate',
  'Investment Maturity Date', 'Investment Owned, Balance, Principal Amount', 'Investment Owned, Cost', 'Investment Owned, Fair Value',
  'Investment Owned, Net Assets, Percentage',
];
const NUM_HEADER = ['adsh', 'tag', 'version', 'ddate', 'uom', 'segments', 'dimn', 'value', 'footnote', 'footlen'];
const NON_ACCRUAL_NOTE = 'Investment was on non-accrual status as of the balance sheet date (generated sample row).';

const round = (n: number, step: number): number => Math.round(n / step) * step;
const frac = (n: number): string => String(Number(n.toFixed(4)));

function readSub(): Record<string, string>[] {
  const [header, ...lines] = readFileSync(path.join(DATA_SET, 'sub.tsv'), 'utf8').split(/\r?\n/).filter(Boolean).map((l) => l.split('\t'));
  return lines.map((cells) => Object.fromEntries(header!.map((h, i) => [h, cells[i] ?? ''])));
}

function filingRows(sub: Record<string, string>, n0: number): { soi: string[][]; num: string[][] } {
  const r = rng(`bdc ${sub.adsh}`);
  const soi: string[][] = [];
  const num: string[][] = [];
  // The first loan (not equity) from a seeded position on is the one on non-accrual.
  const nonAccrualFrom = between(r, 0, HOLDINGS_PER_FILING / 2);
  let nonAccrualLeft = 1;
  const rows = Array.from({ length: HOLDINGS_PER_FILING }, (_, i) => {
    const borrower = `Generated Borrower ${String(n0 + i).padStart(2, '0')}, LLC`;
    const [type, floating, equity] = TYPES[between(r, 0, TYPES.length - 1)]!;
    const spread = floating ? round(0.045 + 0.03 * r(), 0.0025) : null;
    const pik = !equity && r() < 0.2;
    const rate = equity ? null : floating ? SOFR + spread! : round(0.09 + 0.04 * r(), 0.0025);
    const principal = equity ? null : round(5e6 + 60e6 * r(), 1e5);
    const cost = equity ? round(2e6 + 20e6 * r(), 1e5) : round(principal! * (0.97 + 0.03 * r()), 1e3);
    const nonAccrual = !equity && i >= nonAccrualFrom && nonAccrualLeft-- > 0;
    const fair = nonAccrual ? round(cost * (0.1 + 0.3 * r()), 1e3) : round(cost * Math.exp(equity ? 0.3 * gauss(r) : 0.03 * gauss(r)), 1e3);
    const terms = floating ? ` (SOFR (Q) + ${(spread! * 100).toFixed(2)}%${pik ? ' PIK' : ''})` : pik ? ` (${(rate! * 100).toFixed(2)}% PIK)` : '';
    const maturity = equity ? '' : `${between(r, 2027, 2031)}-${String(between(r, 1, 12)).padStart(2, '0')}-15`;
    return { borrower, type, identifier: `${borrower}, ${type}${terms}`, affiliation: AFFILIATIONS[r() < 0.8 ? 0 : between(r, 1, 2)]!, industry: INDUSTRIES[between(r, 0, INDUSTRIES.length - 1)]!, rate, spread, maturity, principal, cost, fair, nonAccrual };
  });
  // Net assets: generated too, so that the positions are a plausible share of them.
  const netAssets = rows.reduce((s, x) => s + x.fair, 0) * 1.6;
  for (const x of rows) {
    soi.push([
      sub.adsh!, sub.cik!, sub.name!, sub.period!, sub.form!, sub.filed!, sub.period!, sub.inlineurl!, '1', x.industry, x.identifier, x.affiliation, x.type,
      x.rate === null ? '' : frac(x.rate), x.spread === null ? '' : frac(x.spread), x.maturity, x.principal === null ? '' : String(x.principal),
      String(x.cost), String(x.fair), frac(x.fair / netAssets),
    ]);
    if (x.nonAccrual) {
      const member = `${x.borrower}${x.type}`.replace(/[^A-Za-z0-9]/g, '');
      num.push([sub.adsh!, 'InvestmentOwnedAtFairValue', 'us-gaap/2024', sub.period!, 'USD', `InvestmentIdentifierAxis=${member};`, '1', `${x.fair}.0000`, NON_ACCRUAL_NOTE, String(NON_ACCRUAL_NOTE.length)]);
    }
  }
  return { soi, num };
}

const subs = readSub();
const soi: string[][] = [];
const num: string[][] = [];
FILERS.forEach((cik, k) => {
  const sub = subs.find((s) => Number(s.cik) === cik);
  if (!sub) throw new Error(`CIK ${cik} has no submission in ${DATA_SET}/sub.tsv`);
  const rows = filingRows(sub, 1 + k * HOLDINGS_PER_FILING);
  soi.push(...rows.soi);
  num.push(...rows.num);
});
const tsv = (header: string[], rows: string[][]) => `${[header, ...rows].map((r) => r.join('\t')).join('\n')}\n`;
writeFileSync(path.join(DATA_SET, 'soi.tsv'), tsv(SOI_HEADER, soi));
writeFileSync(path.join(DATA_SET, 'num.tsv'), tsv(NUM_HEADER, num));
process.stdout.write(`wrote ${soi.length} holdings and ${num.length} footnoted facts to ${DATA_SET}\n`);
