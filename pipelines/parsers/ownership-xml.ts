/**
 * Forms 3, 4, 5 and their amendments (`ownershipDocument`, schema versions X0203-X0508).
 * Every row of both tables is kept (non-derivative and derivative; transactions and holdings),
 * every reporting owner with their relationship, and footnotes are resolved onto the field they
 * annotate: a `<footnoteId id="F1"/>` inside `<transactionPricePerShare>` lands in
 * `footnotes.price`. A field can hold only a footnote and no `<value>` (57 such fields in a
 * Palantir Form 3): its value is null and its footnote is kept. Booleans are `0/1` or `true/false`.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { cikNumber } from './values.ts';
import { bool, child, children, isoDate, numField, parseXml, text, xmlText, type XmlNode } from './sec-xml.ts';

export interface ReportingOwner {
  cik: number;
  name: string;
  isDirector: boolean;
  isOfficer: boolean;
  officerTitle: string | null;
  isTenPercentOwner: boolean;
  isOther: boolean;
  otherText: string | null;
}

export type OwnershipTable = 'non_derivative' | 'derivative';

export interface OwnershipRow {
  /** Position in the document, 1-based, across both tables (non-derivative first). */
  seq: number;
  table: OwnershipTable;
  kind: 'transaction' | 'holding';
  securityTitle: string | null;
  transactionDate: string | null;
  deemedExecutionDate: string | null;
  formType: string | null;
  code: string | null;
  equitySwap: boolean | null;
  shares: number | null;
  price: number | null;
  /** `A` acquired or `D` disposed. */
  acquiredDisposed: string | null;
  sharesAfter: number | null;
  valueAfter: number | null;
  /** `D` direct or `I` indirect. */
  directIndirect: string | null;
  natureOfOwnership: string | null;
  conversionPrice: number | null;
  exerciseDate: string | null;
  expirationDate: string | null;
  underlyingTitle: string | null;
  underlyingShares: number | null;
  /** Footnote texts by the field they annotate (`price`, `shares`, `row` for the whole row...). */
  footnotes: Record<string, string[]>;
}

export interface OwnershipDocument {
  schemaVersion: string | null;
  /** `3`, `4`, `5`, `3/A`, `4/A`, `5/A`. */
  documentType: string;
  periodOfReport: string | null;
  dateOfOriginalSubmission: string | null;
  notSubjectToSection16: boolean | null;
  issuer: { cik: number; name: string | null; ticker: string | null };
  owners: ReportingOwner[];
  /** The Rule 10b5-1 checkbox (X0407 and later); null when the schema has no such field. */
  aff10b5One: boolean | null;
  rows: OwnershipRow[];
  footnotes: Record<string, string>;
  remarks: string | null;
}

/** XML field name -> our field name, for footnote placement. */
const FIELD: Record<string, string> = {
  securityTitle: 'securityTitle',
  conversionOrExercisePrice: 'conversionPrice',
  transactionDate: 'transactionDate',
  deemedExecutionDate: 'deemedExecutionDate',
  transactionCoding: 'code',
  transactionTimeliness: 'timeliness',
  transactionShares: 'shares',
  transactionTotalValue: 'shares',
  transactionPricePerShare: 'price',
  transactionAcquiredDisposedCode: 'acquiredDisposed',
  exerciseDate: 'exerciseDate',
  expirationDate: 'expirationDate',
  underlyingSecurityTitle: 'underlyingTitle',
  underlyingSecurityShares: 'underlyingShares',
  underlyingSecurityValue: 'underlyingShares',
  sharesOwnedFollowingTransaction: 'sharesAfter',
  valueOwnedFollowingTransaction: 'valueAfter',
  directOrIndirectOwnership: 'directIndirect',
  natureOfOwnership: 'natureOfOwnership',
};

const ARRAYS = [
  'reportingOwner',
  'nonDerivativeTransaction',
  'nonDerivativeHolding',
  'derivativeTransaction',
  'derivativeHolding',
  'footnote',
  'footnoteId',
];

/** Collects footnote ids under `node`, attributed to the nearest mapped field name. */
function collectFootnotes(node: unknown, field: string, out: Map<string, string[]>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const n of node) collectFootnotes(n, field, out);
    return;
  }
  for (const [key, value] of Object.entries(node as XmlNode)) {
    if (key === 'footnoteId') {
      for (const f of Array.isArray(value) ? value : [value]) {
        const id = (f as XmlNode)?.id;
        if (typeof id === 'string') {
          const list = out.get(field) ?? [];
          if (!list.includes(id)) list.push(id);
          out.set(field, list);
        }
      }
    } else if (typeof value === 'object') {
      collectFootnotes(value, FIELD[key] ?? field, out);
    }
  }
}

const v = (node: XmlNode, ...path: string[]): string | null => {
  let cur: unknown = node;
  for (const p of path) cur = child(cur, p);
  return text(cur);
};

function row(node: XmlNode, table: OwnershipTable, kind: 'transaction' | 'holding', seq: number, notes: Record<string, string>): OwnershipRow {
  const amounts = child(node, 'transactionAmounts');
  const post = child(node, 'postTransactionAmounts');
  const nature = child(node, 'ownershipNature');
  const coding = child(node, 'transactionCoding');
  const underlying = child(node, 'underlyingSecurity');
  const ids = new Map<string, string[]>();
  collectFootnotes(node, 'row', ids);
  // Schema decimals: a value that is not one quarantines the filing (never a silent null).
  // The first of `names` given (shares, else the total value), named as written in a refusal.
  const decimal = (at: XmlNode, ...names: string[]): number | null => {
    const name = names.find((n) => v(at, n) !== null) ?? names[0]!;
    return numField(v(at, name), `${table} row ${seq} ${name}`);
  };
  const footnotes: Record<string, string[]> = {};
  for (const [field, list] of ids) footnotes[field] = list.map((id) => notes[id] ?? `(missing footnote ${id})`);
  return {
    seq,
    table,
    kind,
    securityTitle: v(node, 'securityTitle'),
    transactionDate: isoDate(v(node, 'transactionDate')),
    deemedExecutionDate: isoDate(v(node, 'deemedExecutionDate')),
    formType: text(coding.transactionFormType),
    code: text(coding.transactionCode),
    equitySwap: bool(text(coding.equitySwapInvolved)),
    shares: decimal(amounts, 'transactionShares', 'transactionTotalValue'),
    price: decimal(amounts, 'transactionPricePerShare'),
    acquiredDisposed: v(amounts, 'transactionAcquiredDisposedCode'),
    sharesAfter: decimal(post, 'sharesOwnedFollowingTransaction'),
    valueAfter: decimal(post, 'valueOwnedFollowingTransaction'),
    directIndirect: v(nature, 'directOrIndirectOwnership'),
    natureOfOwnership: v(nature, 'natureOfOwnership'),
    conversionPrice: decimal(node, 'conversionOrExercisePrice'),
    exerciseDate: isoDate(v(node, 'exerciseDate')),
    expirationDate: isoDate(v(node, 'expirationDate')),
    underlyingTitle: v(underlying, 'underlyingSecurityTitle'),
    underlyingShares: decimal(underlying, 'underlyingSecurityShares', 'underlyingSecurityValue'),
    footnotes,
  };
}

/** `issuerTradingSymbol` of an issuer without a listed class: `NONE`, `N/A`, `NA`, `-` are no ticker. */
const NO_TICKER = /^(?:NONE|N\/?A|NOT\s+APPLICABLE|-+|\.)$/i;

function cik(value: string | null, what: string): number {
  const n = cikNumber(value);
  if (n === null) throw new QuarantineError(`invalid ${what} CIK: ${value ?? '(missing)'}`);
  return n;
}

function ticker(value: string | null): string | null {
  return value === null || NO_TICKER.test(value) ? null : value.toUpperCase();
}

/** Parses one ownership XML document (Form 3, 4, 5 or an amendment). */
export function parseOwnershipXml(input: Buffer | string): OwnershipDocument {
  const root = parseXml(input, { arrays: ARRAYS });
  const doc = root.ownershipDocument as XmlNode | undefined;
  if (!doc || typeof doc !== 'object') throw new QuarantineError('no <ownershipDocument> element (pre-XML filings are free text)');
  const documentType = text(doc.documentType);
  if (!documentType || !/^[345](\/A)?$/.test(documentType)) throw new QuarantineError(`unexpected documentType: ${documentType ?? '(missing)'}`);
  const notes: Record<string, string> = {};
  for (const f of children(child(doc, 'footnotes'), 'footnote')) {
    const id = typeof f.id === 'string' ? f.id : null;
    if (id) notes[id] = text(f['#text'] ?? '') ?? '';
  }
  const issuer = child(doc, 'issuer');
  const owners: ReportingOwner[] = children(doc, 'reportingOwner').map((o) => {
    const id = child(o, 'reportingOwnerId');
    const rel = child(o, 'reportingOwnerRelationship');
    return {
      cik: cik(text(id.rptOwnerCik), 'reporting owner'),
      name: text(id.rptOwnerName) ?? '',
      isDirector: bool(text(rel.isDirector)) ?? false,
      isOfficer: bool(text(rel.isOfficer)) ?? false,
      officerTitle: text(rel.officerTitle),
      isTenPercentOwner: bool(text(rel.isTenPercentOwner)) ?? false,
      isOther: bool(text(rel.isOther)) ?? false,
      otherText: text(rel.otherText),
    };
  });
  if (owners.length === 0) throw new QuarantineError('no reporting owner');
  const rows: OwnershipRow[] = [];
  const nd = child(doc, 'nonDerivativeTable');
  const d = child(doc, 'derivativeTable');
  // Document order within each table, also where a filer interleaves holdings with transactions
  // (the object tree groups elements by name, so the order comes from the start tags in the text).
  const xml = xmlText(input);
  const add = (table: OwnershipTable, tnode: XmlNode, tx: string, hd: string): void => {
    const txs = children(tnode, tx);
    const hds = children(tnode, hd);
    const order = [...xml.matchAll(new RegExp(`<(?:[\\w.-]+:)?(${tx}|${hd})[\\s>/]`, 'g'))].map((m) => m[1] === tx);
    const inText = order.length === txs.length + hds.length && order.filter(Boolean).length === txs.length;
    let [t, h] = [0, 0];
    for (const isTx of inText ? order : [...txs.map(() => true), ...hds.map(() => false)]) {
      if (isTx) rows.push(row(txs[t++]!, table, 'transaction', rows.length + 1, notes));
      else rows.push(row(hds[h++]!, table, 'holding', rows.length + 1, notes));
    }
  };
  add('non_derivative', nd, 'nonDerivativeTransaction', 'nonDerivativeHolding');
  add('derivative', d, 'derivativeTransaction', 'derivativeHolding');
  return {
    schemaVersion: text(doc.schemaVersion),
    documentType,
    periodOfReport: isoDate(text(doc.periodOfReport)),
    dateOfOriginalSubmission: isoDate(text(doc.dateOfOriginalSubmission)),
    notSubjectToSection16: bool(text(doc.notSubjectToSection16)),
    issuer: { cik: cik(text(issuer.issuerCik), 'issuer'), name: text(issuer.issuerName), ticker: ticker(text(issuer.issuerTradingSymbol)) },
    owners,
    aff10b5One: bool(text(doc.aff10b5One)),
    rows,
    footnotes: notes,
    remarks: text(doc.remarks),
  };
}
