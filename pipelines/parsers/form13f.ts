/**
 * Form 13F-HR: the cover page (`primary_doc.xml`, `edgarSubmission`) and the information table
 * (`informationTable`/`infoTable`). One namespace, many prefixes (none, `ns1:`, `n1:`; `com:` on
 * cover pages): prefixes are removed. Cover dates are `MM-DD-YYYY`.
 *
 * Value units: filings before 2023-01-03 report `value` in thousands of dollars, later ones in
 * dollars, but neither the date nor `schemaVersion` can be trusted alone (a Q1 2022 filing already
 * in dollars, a 2023 filing still in thousands). `decideUnits` weighs the summary page's
 * `tableValueTotal` against the rows' sum and the implied price per share, and says how it decided.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { cikNumber } from './values.ts';
import { bool, child, children, decodeXml, isoDate, MAX_XML_BYTES, num, numField, parseXml, text, xmlText, type XmlNode } from './sec-xml.ts';

export interface OtherManager {
  seq: number | null;
  cik: number | null;
  fileNumber: string | null;
  name: string | null;
}

export interface Form13fCover {
  submissionType: string;
  cik: number;
  period: string;
  managerName: string;
  reportType: string | null;
  isAmendment: boolean;
  amendmentNo: number | null;
  /** `RESTATEMENT` or `NEW HOLDINGS` (amendments only). */
  amendmentType: string | null;
  confidentialOmitted: boolean | null;
  otherManagers: OtherManager[];
  otherIncludedManagersCount: number | null;
  tableEntryTotal: number | null;
  tableValueTotal: number | null;
}

export interface InfoTableRow {
  row: number;
  issuer: string;
  titleOfClass: string | null;
  cusip: string;
  figi: string | null;
  /** As reported (thousands or dollars, see `decideUnits`). */
  value: number;
  shares: number | null;
  shareType: string | null;
  putCall: string | null;
  investmentDiscretion: string | null;
  otherManagers: string | null;
  voteSole: number | null;
  voteShared: number | null;
  voteNone: number | null;
}

export type ValueUnit = 'thousands' | 'dollars';

export interface UnitDecision {
  unit: ValueUnit;
  /** How it was decided, kept in the warehouse and the run ledger. */
  basis: string;
}

/** The date the SEC's 13F instructions switched `value` from thousands to dollars. */
export const DOLLARS_FROM = '2023-01-03';

/** Parses the cover page (`primary_doc.xml`). */
export function parseForm13fCover(input: Buffer | string): Form13fCover {
  const root = parseXml(input, { arrays: ['otherManager', 'otherManager2'] });
  const sub = root.edgarSubmission as XmlNode | undefined;
  if (!sub || typeof sub !== 'object') throw new QuarantineError('no <edgarSubmission> element');
  const header = child(sub, 'headerData');
  const form = child(sub, 'formData');
  const cover = child(form, 'coverPage');
  const summary = child(form, 'summaryPage');
  const submissionType = text(header.submissionType);
  if (!submissionType || !submissionType.startsWith('13F')) throw new QuarantineError(`not a 13F cover page: ${submissionType ?? '(no submissionType)'}`);
  const cikText = text(child(child(child(header, 'filerInfo'), 'filer'), 'credentials').cik);
  const cik = cikNumber(cikText);
  if (cik === null) throw new QuarantineError(`invalid filer CIK: ${cikText ?? '(missing)'}`);
  const period = isoDate(text(cover.reportCalendarOrQuarter)) ?? isoDate(text(child(header, 'filerInfo').periodOfReport));
  if (!period) throw new QuarantineError('cover page has no report quarter');
  const amendInfo = child(cover, 'amendmentInfo');
  const isAmendment = bool(text(cover.isAmendment)) ?? submissionType.endsWith('/A');
  // Managers named in the table's otherManager column: the summary page's list (otherManagers2)
  // numbers them; the cover page's list (otherManagersInfo) names managers reporting for this one.
  const included = children(child(summary, 'otherManagers2Info'), 'otherManager2').map((m) => {
    const om = child(m, 'otherManager');
    return { seq: num(text(m.sequenceNumber)), cik: num(text(om.cik)), fileNumber: text(om.form13FFileNumber), name: text(om.name) };
  });
  const reporting = children(child(cover, 'otherManagersInfo'), 'otherManager').map((m) => ({ seq: null, cik: num(text(m.cik)), fileNumber: text(m.form13FFileNumber), name: text(m.name) }));
  return {
    submissionType,
    cik,
    period,
    managerName: text(child(cover, 'filingManager').name) ?? '',
    reportType: text(cover.reportType),
    isAmendment,
    amendmentNo: num(text(cover.amendmentNo)),
    amendmentType: isAmendment ? (text(amendInfo.amendmentType) ?? text(cover.amendmentType))?.toUpperCase() ?? null : null,
    confidentialOmitted: bool(text(summary.isConfidentialOmitted)),
    otherManagers: [...included, ...reporting],
    otherIncludedManagersCount: numField(text(summary.otherIncludedManagersCount), 'summary otherIncludedManagersCount'),
    tableEntryTotal: numField(text(summary.tableEntryTotal), 'summary tableEntryTotal'),
    tableValueTotal: numField(text(summary.tableValueTotal), 'summary tableValueTotal'),
  };
}

/**
 * Parses an information table; rows keep document order (`row` is 1-based).
 *
 * The table is read element by element, never as one object tree (a 50,000-row table made a
 * 0.8-1.0 GB heap through fast-xml-parser, issue 15): each `<infoTable>` row is cut out with one
 * regular expression and its leaf elements (`<cusip>`, `<value>`, `<Sole>` ...) read with another,
 * entities decoded as `text()` does. Memory is the document's text plus the rows. A document this
 * reader is not sure of (CDATA or an unclosed comment anywhere, processing instructions in a row, a
 * row count that does not match the `<infoTable>` start tags, or no closing `</informationTable>`:
 * a truncated file) goes through the tree parser instead, which also quarantines malformed XML.
 * Comments are taken out first, so a commented-out row is no row.
 *
 * Numbers are schema integers: a value, share count or vote that is present but not a number
 * quarantines the table (the tree parser does the same), never a silent null. Several
 * `<otherManager>` elements in a row are joined with commas, like one element listing them.
 */
export function parseInfoTable(input: Buffer | string): InfoTableRow[] {
  const size = typeof input === 'string' ? Buffer.byteLength(input) : input.length;
  if (size > MAX_XML_BYTES) return parseInfoTableTree(input);
  // Comments go before the rows are cut out (a commented-out row would read as a row); a generator
  // banner in the prolog keeps the fast path. An unclosed comment, CDATA, or no closing tag (a
  // truncated file) goes to the tree parser.
  const text = xmlText(input);
  const doc = text.includes('<!--') ? text.replace(/<!--[\s\S]*?-->/g, '') : text;
  const open = /<((?:[\w.-]+:)?)informationTable[\s>/]/.exec(doc);
  if (!open) throw new QuarantineError('no <informationTable> element');
  if (doc.includes('<!--') || doc.includes('<![CDATA[')) return parseInfoTableTree(input);
  if (!new RegExp(`(?:</${open[1]}informationTable\\s*>|<${open[1]}informationTable(?:\\s[^>]*)?/>)\\s*$`).test(doc)) return parseInfoTableTree(input);
  const starts = doc.match(/<(?:[\w.-]+:)?infoTable[\s>]/g)?.length ?? 0;
  const rows: InfoTableRow[] = [];
  const ROW = /<((?:[\w.-]+:)?)infoTable(?:\s[^>]*)?>([\s\S]*?)<\/\1infoTable\s*>/g;
  const LEAF = /<(?:[\w.-]+:)?(\w+)(?:\s[^>]*)?>([^<]*)<\/(?:[\w.-]+:)?\1\s*>/g;
  for (let m = ROW.exec(doc); m; m = ROW.exec(doc)) {
    const body = m[2]!;
    if (body.includes('<!') || body.includes('<?')) return parseInfoTableTree(input);
    const f: Record<string, string> = {};
    const managers: string[] = [];
    for (let l = LEAF.exec(body); l; l = LEAF.exec(body)) {
      if (l[1] === 'otherManager') managers.push(l[2]!);
      else if (!(l[1]! in f)) f[l[1]!] = l[2]!;
    }
    if (managers.length) f.otherManager = managers.map((m) => m.trim()).filter(Boolean).join(',');
    const t = (k: string): string | null => {
      const v = f[k];
      if (v === undefined) return null;
      const s = decodeXml(v).trim();
      return s === '' ? null : s;
    };
    rows.push(infoRow(rows.length + 1, t));
  }
  if (rows.length !== starts) return parseInfoTableTree(input);
  return rows;
}

/** The information table through the whole-document parser (fast-xml-parser): the fallback of `parseInfoTable`. */
export function parseInfoTableTree(input: Buffer | string): InfoTableRow[] {
  const root = parseXml(input, { arrays: ['infoTable', 'otherManager'] });
  const table = root.informationTable as XmlNode | undefined;
  if (table === undefined) throw new QuarantineError('no <informationTable> element');
  return children(table, 'infoTable').map((r, i) => {
    const amt = child(r, 'shrsOrPrnAmt');
    const vote = child(r, 'votingAuthority');
    const managers = children(r, 'otherManager').map((m) => text(m)).filter((m): m is string => m !== null);
    const leaf: Record<string, unknown> = { ...r, ...amt, ...vote, otherManager: managers.length ? managers.join(',') : undefined };
    return infoRow(i + 1, (k) => text(leaf[k]));
  });
}

/** One row from its leaf elements' text (both readers): the same checks and messages. */
function infoRow(row: number, t: (leaf: string) => string | null): InfoTableRow {
  const cusip = t('cusip')?.toUpperCase();
  if (!cusip) throw new QuarantineError(`information table row ${row} has no CUSIP`);
  const n = (leaf: string): number | null => numField(t(leaf), `information table row ${row} (${cusip}) ${leaf}`);
  const value = n('value');
  if (value === null) throw new QuarantineError(`information table row ${row} (${cusip}) has no value`);
  return {
    row,
    issuer: t('nameOfIssuer') ?? '',
    titleOfClass: t('titleOfClass'),
    cusip,
    figi: t('figi'),
    value,
    shares: n('sshPrnamt'),
    shareType: t('sshPrnamtType'),
    putCall: t('putCall'),
    investmentDiscretion: t('investmentDiscretion'),
    otherManagers: t('otherManager'),
    voteSole: n('Sole'),
    voteShared: n('Shared'),
    voteNone: n('None'),
  };
}

const near = (a: number, b: number, tol: number): boolean => Math.abs(a - b) <= tol;

/**
 * Decides the unit of a table's `value` column. In order:
 * 1. the summary page against the rows' sum: equal (within rounding) means both use one unit; a
 *    factor of 1,000 means the rows are in dollars and the total in thousands (or the reverse);
 * 2. the median implied price per share (value / shares over `SH` rows): below $0.50 a share the
 *    values can only be thousands;
 * 3. the filing-date rule (thousands before 2023-01-03).
 */
export function decideUnits(rows: readonly InfoTableRow[], tableValueTotal: number | null, filed: string): UnitDecision {
  const prices = rows
    .filter((r) => (r.shareType ?? 'SH') === 'SH' && r.shares && r.shares > 0 && !r.putCall)
    .map((r) => r.value / r.shares!)
    .sort((a, b) => a - b);
  const sum = rows.reduce((s, r) => s + r.value, 0);
  return decideUnitsFromStats({ count: rows.length, sum, medianPrice: prices.length ? prices[Math.floor(prices.length / 2)]! : null }, tableValueTotal, filed);
}

/** A table's figures `decideUnits` needs (what a data-set load computes in SQL without holding the rows). */
export interface TableStats {
  count: number;
  /** Sum of the rows' value column as reported. */
  sum: number;
  /** The implied price per share (value / shares) of the SH rows without put/call at index floor(n/2) of the sorted list; null without such rows. */
  medianPrice: number | null;
}

export function decideUnitsFromStats(stats: TableStats, tableValueTotal: number | null, filed: string): UnitDecision {
  const { sum, count, medianPrice: median } = stats;
  const dateRule: ValueUnit = filed < DOLLARS_FROM ? 'thousands' : 'dollars';
  let basis = '';
  if (tableValueTotal !== null && tableValueTotal > 0 && sum > 0) {
    const tol = Math.max(count, tableValueTotal * 0.0005);
    if (near(sum, tableValueTotal * 1000, tol * 1000)) return { unit: 'dollars', basis: 'rows sum to 1000 x tableValueTotal: rows in dollars, summary in thousands' };
    if (near(sum * 1000, tableValueTotal, tol * 1000)) return { unit: 'thousands', basis: 'tableValueTotal is 1000 x the rows sum: rows in thousands, summary in dollars' };
    basis = near(sum, tableValueTotal, tol) ? 'rows sum equals tableValueTotal; ' : `rows sum ${sum} differs from tableValueTotal ${tableValueTotal}; `;
  }
  if (median !== null) {
    const unit: ValueUnit = median < 0.5 ? 'thousands' : median >= 2 ? 'dollars' : dateRule;
    const how = median < 0.5 || median >= 2 ? `median implied price ${median.toFixed(4)} per share` : `median implied price ${median.toFixed(4)} ambiguous, filing-date rule`;
    return { unit, basis: `${basis}${how}${unit !== dateRule ? ` (${unit} although filed ${filed < DOLLARS_FROM ? 'before' : 'on/after'} ${DOLLARS_FROM})` : ''}` };
  }
  return { unit: dateRule, basis: `${basis}filing-date rule (filed ${filed})` };
}
