import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { borrowerOf, classifyInstrument, enumerationText, parseBdcDataSet, referenceRateOf } from '../../../pipelines/parsers/bdc-dera.ts';

const FIX = path.resolve(import.meta.dirname, '../../fixtures/ownership/bdc');
const files = (): { sub: string; soi: string; num: string } => ({
  sub: readFileSync(path.join(FIX, 'sub.tsv'), 'utf8'),
  soi: readFileSync(path.join(FIX, 'soi.tsv'), 'utf8'),
  num: readFileSync(path.join(FIX, 'num.tsv'), 'utf8'),
});

const test = suite('parseBdcDataSet');

test('submissions from sub.tsv', () => {
  const d = parseBdcDataSet(files());
  assert.equal(d.submissions, [
    { adsh: '0001287750-25-000041', cik: 1287750, name: 'ARES CAPITAL CORP', form: '10-Q', period: '2025-09-30', filed: '2025-10-28', accepted: '2025-10-28 16:05:00', fileNumber: '814-00663' },
    { adsh: '0001396440-25-000190', cik: 1396440, name: 'Main Street Capital CORP', form: '10-Q', period: '2025-09-30', filed: '2025-11-07', accepted: '2025-11-07 16:10:00', fileNumber: '814-00746' },
  ]);
});

test('a first-lien loan, normalized', () => {
  const h = parseBdcDataSet(files()).holdings[0]!;
  assert.equal(h, {
    adsh: '0001287750-25-000041', row: 1, cik: 1287750, period: '2025-09-30', filed: '2025-10-28', borrower: 'Actfy Buyer, Inc.', industry: 'Software and Services',
    identifier: 'Actfy Buyer, Inc., First lien senior secured loan (SOFR (M) + 5.00%)', affiliation: 'Non-controlled/non-affiliate company investments',
    investmentType: 'First lien senior secured loan', instrument: 'first_lien', referenceRate: 'SOFR', spread: 0.05, pik: false, interestRate: 0.0936,
    maturity: '2031-05-31', principal: 57000000, cost: 57000000, fairValue: 57000000, pctNetAssets: 0.0041, nonAccrual: false,
  });
});

test('instrument, PIK, and the non-accrual loan tagged by a num.tsv footnote', () => {
  const d = parseBdcDataSet(files());
  assert.equal(
    d.holdings.map((h) => [h.borrower, h.instrument, h.pik, h.nonAccrual]),
    [
      ['Actfy Buyer, Inc.', 'first_lien', false, false],
      ['Activate Holdings (US) Corp. and CrossPoint Capital AS SPV, LP', 'first_lien', false, false],
      ['Activate Holdings (US) Corp. and CrossPoint Capital AS SPV, LP', 'equity', false, false],
      ['AI Titan Parent, Inc.', 'first_lien', false, false],
      ['Appriss Health, LLC and Appriss Health Intermediate Holdings, Inc.', 'equity', true, false],
      ['Auctane, Inc.', 'first_lien', false, false],
      ['Cornerstone OnDemand, Inc.', 'second_lien', false, false],
      ['Gamber-Johnson Holdings, LLC', 'first_lien', false, false],
      ['Gamber-Johnson Holdings, LLC', 'equity', false, false],
      ['Mystic Logistics Holdings, LLC', 'first_lien', false, false],
      ['Jensen Jewelers of Idaho, LLC', 'first_lien', false, false],
      ['Interface Security Systems, L.L.C.', 'first_lien', true, true],
    ],
  );
  // Without num.tsv the footnote is unknown: not flagged (never guessed).
  assert.is(parseBdcDataSet({ ...files(), num: undefined }).holdings[11]!.nonAccrual, false);
});

test('non-accrual named in the identifier', () => {
  const f = files();
  const soi = f.soi.replace('Auctane, Inc., First lien senior secured loan (SOFR (S) + 5.75%)', 'Auctane, Inc., First lien senior secured loan (SOFR (S) + 5.75%) (non-accrual)');
  assert.is(parseBdcDataSet({ ...f, soi }).holdings[5]!.nonAccrual, true);
});

test('only the rows of the filing-date schedule that name an investment are holdings', () => {
  const f = files();
  const [header, first] = f.soi.split('\n');
  const cols = header!.split('\t');
  const cell = (row: string[], name: string, value: string): string[] => row.map((v, i) => (cols[i] === name ? value : v));
  const base = first!.split('\t');
  // The same loan in the 10-Q's comparative schedule (the prior year-end), a subtotal of its
  // industry and a total (no investment identifier), as the data set's soi.tsv carries them.
  const prior = cell(cell(base, 'ddate', '20241231'), 'Investment Owned, Fair Value', '55000000');
  const subtotal = cell(cell(base, 'Investment, Identifier Axis', ''), 'Investment Owned, Fair Value', '900000000');
  const total = cell(cell(cell(subtotal, 'Industry Sector Axis', ''), 'Investment Type Axis', ''), 'Investment Owned, Fair Value', '28000000000');
  const soi = [f.soi.trimEnd(), ...[prior, subtotal, total].map((r) => r.join('\t'))].join('\n') + '\n';
  const holdings = parseBdcDataSet({ ...f, soi }).holdings;
  assert.equal(holdings, parseBdcDataSet(f).holdings);
  assert.is(holdings.filter((h) => h.borrower === 'Actfy Buyer, Inc.').length, 1);
  // A set without ddate (an older layout) keeps every identified row.
  const noDdate = soi.split('\n').map((l) => l.split('\t').filter((_, i) => cols[i] !== 'ddate').join('\t')).join('\n');
  assert.is(parseBdcDataSet({ ...f, soi: noDdate }).holdings.length, holdings.length + 1);
  // A set without the identifier column is refused, not loaded as filings without holdings.
  const noIdentifier = soi.split('\n').map((l) => l.split('\t').filter((_, i) => cols[i] !== 'Investment, Identifier Axis').join('\t')).join('\n');
  assert.throws(() => parseBdcDataSet({ ...f, soi: noIdentifier }), /soi.tsv has no 'Investment, Identifier Axis' column/);
});

const words = suite('bdc text helpers');

words('instrument classes', () => {
  assert.equal(
    ['Unitranche loan', 'Second lien senior secured loan', 'First Lien Term Loan', 'Subordinated notes', 'Common stock', 'Warrants', 'Secured Debt', 'Something else'].map(classifyInstrument),
    ['unitranche', 'second_lien', 'first_lien', 'subordinated', 'equity', 'equity', 'first_lien', 'other'],
  );
});

words('reference rates', () => {
  assert.equal(['SOFR (M) + 5.00%', 'Euribor (S)', 'S + 6.25%', 'L + 4.00%', 'Prime + 1%', 'fixed 10%'].map(referenceRateOf), ['SOFR', 'EURIBOR', 'SOFR', 'LIBOR', 'PRIME', null]);
});

words('borrower names keep their commas', () => {
  assert.is(borrowerOf('Investment Identifier [Axis]: Acme Holdings, Inc., Senior Secured First Lien Term Loan'), 'Acme Holdings, Inc.');
  assert.is(borrowerOf('Gamber-Johnson Holdings, LLC, Member Units'), 'Gamber-Johnson Holdings, LLC');
  // Sixth Street's identifiers: schedule section first, "Investment" before the instrument (its
  // industry heading, "Automotive", cannot be told from a name's first word and stays).
  assert.is(borrowerOf('Debt Investments Automotive Truck-Lite Co., LLC Investment First-lien loan ($42,824 par, due 2/2031)'), 'Automotive Truck-Lite Co., LLC');
  assert.is(borrowerOf('Blackstone Private Credit Investments First Lien Term Loan'), 'Blackstone Private Credit Investments', 'a plural is part of the name');
});

words('extensible-enumeration members as words; rates by their long names', () => {
  assert.is(enumerationText('http://stelluscapital.com/20240930#TransportationAndLogisticsSectorMember'), 'Transportation and Logistics Sector');
  assert.is(enumerationText('http://fasb.org/us-gaap/2024#SecuredOvernightFinancingRateSofrMember'), 'Secured Overnight Financing Rate Sofr');
  assert.is(enumerationText('http://a.com/2024#PCSSoftwareInc.Member http://fasb.org/us-gaap/2024#InvestmentUnaffiliatedIssuerMember'), 'PCS Software Inc.; Investment Unaffiliated Issuer');
  assert.is(enumerationText(''), null);
  assert.equal(
    ['Three Month Term Secured Overnight Financing Rate', 'Sterling Overnight Index Average', 'Euro Interbank Offered Rate', 'US Prime Rate', 'Fixed Rate'].map(referenceRateOf),
    ['SOFR', 'SONIA', 'EURIBOR', 'PRIME', null],
  );
});

/**
 * Real soi.tsv rows on the 2024 taxonomy, laid out in one table of the columns read here (the
 * parser finds columns by name; a column a row's data set lacks is empty): Stellus Capital's 10-Q for 2024-09-30 (0001558370-24-014910) and Sixth Street
 * Specialty Lending's for 2025-03-31 (0000950170-25-061008), from the DERA BDC data sets as kept in
 * github.com/dgunning/edgartools tests/fixtures/bdc/soi_2024q4_sample.tsv (b49b93b9) and
 * soi_2025q2_sample.tsv (5cf19c0f). Both filers tag cost and fair value with their own elements.
 */
const SOI_2024_TAXONOMY = [
  ['adsh', 'cik', 'name', 'ddate', 'form', 'filed', 'period', 'cstm', 'Industry Sector Axis', 'Investment, Identifier Axis', 'Investment Type Axis', 'Investment Interest Rate', 'Investment, Basis Spread, Variable Rate', 'Investment Maturity Date', 'Investment Owned, Balance, Principal Amount', 'Investment Owned, Cost', 'Investment Owned, Fair Value', 'Investment Owned, Net Assets, Percentage', 'Adjusted cost basis', 'Initial fair value of Investment', 'Investment, Industry Sector [Extensible Enumeration]', 'Investment, Interest Rate, Paid in Cash', 'Investment, Interest Rate, Paid in Kind', 'Investment, Issuer Affiliation [Extensible Enumeration]', 'Investment, Type [Extensible Enumeration]', 'Investment, Variable Interest Rate, Type [Extensible Enumeration]'],
  ['0001558370-24-014910', '1551901', 'STELLUS CAPITAL INVESTMENT CORP', '2024-09-30', '10-Q', '2024-11-07', '2024-09-30', '1', '', 'PCS Software, Inc. Term Loan', '', '', '0.06', '2026-01-01', '13882311.0', '', '', '0.0375', '13882310.0', '13743488.0', 'http://stelluscapital.com/20240930#TransportationAndLogisticsSectorMember', '0.1075', '', 'http://fasb.org/us-gaap/2024#InvestmentUnaffiliatedIssuerMember', 'http://stelluscapital.com/20240930#FirstLienSecurityMember', 'http://stelluscapital.com/20240930#ThreeMonthTermSecuredOvernightFinancingRateMember'],
  ['0000950170-25-061008', '1508655', 'SIXTH STREET SPECIALTY LENDING, INC.', '2025-03-31', '10-Q', '2025-04-30', '2025-03-31', '1', '', 'Debt Investments Automotive Truck-Lite Co., LLC Investment First-lien loan ($42,824 par, due 2/2031) Initial Acquisition Date 02/13/2024 Reference Rate and Spread SOFR + 5.75% Interest Rate 10.06%', '', '0.1006', '0.0575', '', '', '', '', '0.027', '42451000.0', '42713000.0', '', '', '', '', '', 'http://fasb.org/us-gaap/2024#SecuredOvernightFinancingRateSofrMember'],
]
  .map((r) => r.join('\t'))
  .join('\n');

test('the 2024 taxonomy: type, industry, affiliation and rate type from extensible enumerations, the coupon from its cash part; custom cost and fair value left null', () => {
  const [stellus, tslx] = parseBdcDataSet({ sub: 'adsh\tcik\tfiled\n', soi: SOI_2024_TAXONOMY }).holdings;
  assert.equal(
    [stellus!.borrower, stellus!.industry, stellus!.affiliation, stellus!.investmentType, stellus!.instrument, stellus!.referenceRate, stellus!.interestRate, stellus!.principal],
    ['PCS Software, Inc.', 'Transportation and Logistics', 'Investment Unaffiliated Issuer', 'First Lien Security', 'first_lien', 'SOFR', 0.1075, 13882311],
  );
  assert.equal([stellus!.cost, stellus!.fairValue], [null, null], "the filer's own elements are not guessed at");
  assert.equal([tslx!.borrower, tslx!.instrument, tslx!.referenceRate, tslx!.spread, tslx!.interestRate], ['Automotive Truck-Lite Co., LLC', 'first_lien', 'SOFR', 0.0575, 0.1006]);
  // The coupon from a cash and a PIK part, as decimal text adds them; the rate type's words
  // ("Three Month Term ...") name the reference rate, not the instrument.
  const header = 'adsh\tcik\tddate\tfiled\tperiod\tInvestment, Identifier Axis\tInvestment, Interest Rate, Paid in Cash\tInvestment, Interest Rate, Paid in Kind\tInvestment, Variable Interest Rate, Type [Extensible Enumeration]';
  // (A made-up row: its accession is of the test's own numbering, not EDGAR's.)
  const row = ['0000000001-24-000001', '1', '2024-09-30', '2024-11-07', '2024-09-30', 'Example CLO Ltd, Class E', '0.07', '0.035', 'http://fasb.org/us-gaap/2024#ThreeMonthTermSecuredOvernightFinancingRateMember'].join('\t');
  const [clo] = parseBdcDataSet({ sub: 'adsh\tcik\tfiled\n', soi: `${header}\n${row}` }).holdings;
  assert.equal([clo!.interestRate, clo!.referenceRate, clo!.instrument], [0.105, 'SOFR', 'other']);
});

test.run();
words.run();
