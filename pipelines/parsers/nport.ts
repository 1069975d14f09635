/**
 * Form N-PORT-P (`edgarSubmission` in the `http://www.sec.gov/edgar/nport` namespace): the
 * registrant and series (`genInfo`), fund totals (`fundInfo`) and every holding (`invstOrSec`).
 * Identifiers are attributes (`<isin value="..."/>`, `<ticker value="..."/>`,
 * `<other otherDesc="..." value="..."/>`); a missing CUSIP is written `000000000` (kept as null);
 * `units` is PA (principal amount), NC (contracts), OU (other units) or NS (shares); `valUSD` can
 * be negative (short positions, derivatives); bond terms are in `<debtSec>`. A fund can report
 * zero holdings.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { cikNumber } from './values.ts';
import { attr, bool, child, children, isoDate, numField, parseXml, text, type XmlNode } from './sec-xml.ts';

export interface NportHolding {
  row: number;
  name: string;
  lei: string | null;
  title: string | null;
  cusip: string | null;
  isin: string | null;
  ticker: string | null;
  /** Other identifiers, `desc: value`, joined by `; `. */
  otherIds: string | null;
  balance: number | null;
  units: string | null;
  currency: string | null;
  valueUsd: number | null;
  /** Percent of net assets, as reported (1.5 = 1.5 %). */
  pctNetAssets: number | null;
  payoffProfile: string | null;
  assetCat: string | null;
  issuerCat: string | null;
  country: string | null;
  isRestricted: boolean | null;
  fairValueLevel: string | null;
  maturity: string | null;
  couponKind: string | null;
  couponRate: number | null;
  isDefault: boolean | null;
  interestInArrears: boolean | null;
  isPik: boolean | null;
}

export interface NportFiling {
  submissionType: string;
  regCik: number;
  regName: string;
  regLei: string | null;
  seriesId: string | null;
  seriesName: string | null;
  seriesLei: string | null;
  classIds: string[];
  periodEnd: string | null;
  periodDate: string;
  totalAssets: number | null;
  totalLiabilities: number | null;
  netAssets: number | null;
  holdings: NportHolding[];
}

const NA = new Set(['N/A', 'NA', '']);
/** A text field as kept: `N/A`, `NA` and empty are null (also the rule for the DERA N-PORT data set's cells). */
export const clean = (s: string | null): string | null => (s === null || NA.has(s.toUpperCase()) ? null : s);

/** A CUSIP as kept: upper case; `N/A` and the `000000000` placeholder are null. */
export function cusipOf(s: string | null): string | null {
  const c = clean(s)?.toUpperCase() ?? null;
  return c && !/^0+$/.test(c) ? c : null;
}

/** A number field: absent, empty or `N/A` is null; anything else must be a number (QuarantineError). */
const amount = (s: string | null, what: string): number | null => numField(clean(s), what);

function holding(n: XmlNode, row: number): NportHolding {
  // Identifiers of every `<identifiers>` block (a filer may split them over several).
  const blocks = children(n, 'identifiers');
  const first = (name: string): string | null => {
    for (const b of blocks) {
      const v = clean(attr(child(b, name), 'value'));
      if (v !== null) return v;
    }
    return null;
  };
  const other = blocks
    .flatMap((b) => children(b, 'other'))
    .map((o) => `${attr(o, 'otherDesc') ?? 'other'}: ${attr(o, 'value') ?? ''}`)
    .join('; ');
  const at = `holding ${row}`;
  const debt = child(n, 'debtSec');
  const hasDebt = Object.keys(debt).length > 0;
  const cur = clean(text(n.curCd) ?? attr(child(n, 'currencyConditional'), 'curCd'));
  return {
    row,
    name: text(n.name) ?? '',
    lei: clean(text(n.lei)),
    title: clean(text(n.title)),
    cusip: cusipOf(text(n.cusip)),
    isin: first('isin'),
    ticker: first('ticker'),
    otherIds: other || null,
    balance: amount(text(n.balance), `${at} balance`),
    units: clean(text(n.units)),
    currency: cur,
    valueUsd: amount(text(n.valUSD), `${at} valUSD`),
    pctNetAssets: amount(text(n.pctVal), `${at} pctVal`),
    payoffProfile: clean(text(n.payoffProfile)),
    assetCat: clean(text(n.assetCat) ?? attr(child(n, 'assetConditional'), 'assetCat')),
    issuerCat: clean(text(n.issuerCat) ?? attr(child(n, 'issuerConditional'), 'issuerCat')),
    country: clean(text(n.invCountry)),
    isRestricted: bool(text(n.isRestrictedSec)),
    fairValueLevel: clean(text(n.fairValLevel)),
    maturity: hasDebt ? isoDate(text(debt.maturityDt)) : null,
    couponKind: hasDebt ? text(debt.couponKind) : null,
    couponRate: hasDebt ? amount(text(debt.annualizedRt), `${at} annualizedRt`) : null,
    isDefault: hasDebt ? bool(text(debt.isDefault)) : null,
    interestInArrears: hasDebt ? bool(text(debt.areIntrstPmntsInArrs)) : null,
    isPik: hasDebt ? bool(text(debt.isPaidKind)) : null,
  };
}

/** Parses one N-PORT-P primary document. */
export function parseNport(input: Buffer | string): NportFiling {
  const root = parseXml(input, { arrays: ['invstOrSec', 'identifiers', 'other', 'seriesClassInfo', 'classId'] });
  const sub = root.edgarSubmission as XmlNode | undefined;
  if (!sub || typeof sub !== 'object') throw new QuarantineError('no <edgarSubmission> element');
  const header = child(sub, 'headerData');
  const submissionType = text(header.submissionType) ?? '';
  if (!submissionType.startsWith('NPORT')) throw new QuarantineError(`not an N-PORT document: ${submissionType || '(no submissionType)'}`);
  const form = child(sub, 'formData');
  const gen = child(form, 'genInfo');
  const fund = child(form, 'fundInfo');
  const regCik = cikNumber(text(gen.regCik) ?? text(child(child(child(header, 'filerInfo'), 'filer'), 'issuerCredentials').cik));
  if (regCik === null) throw new QuarantineError('N-PORT has no registrant CIK');
  const periodDate = isoDate(text(gen.repPdDate));
  if (!periodDate) throw new QuarantineError('N-PORT has no repPdDate');
  const classIds = children(child(header, 'filerInfo'), 'seriesClassInfo').flatMap((s) => children(s, 'classId').map((c) => text(c) ?? '')).filter(Boolean);
  return {
    submissionType,
    regCik,
    regName: text(gen.regName) ?? '',
    regLei: clean(text(gen.regLei)),
    seriesId: clean(text(gen.seriesId)),
    seriesName: clean(text(gen.seriesName)),
    seriesLei: clean(text(gen.seriesLei)),
    classIds,
    periodEnd: isoDate(text(gen.repPdEnd)),
    periodDate,
    totalAssets: amount(text(fund.totAssets), 'fund totAssets'),
    totalLiabilities: amount(text(fund.totLiabs), 'fund totLiabs'),
    netAssets: amount(text(fund.netAssets), 'fund netAssets'),
    holdings: children(child(form, 'invstOrSecs'), 'invstOrSec').map((h, i) => holding(h, i + 1)),
  };
}
