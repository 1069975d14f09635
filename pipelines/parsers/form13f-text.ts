/**
 * Pre-XML Form 13F-HR (before 2013): the cover page, the summary page and the information table are
 * plain text inside the submission `.txt`, the table a fixed-width (whitespace-aligned) layout:
 *
 *                                                  MARKET    SHRS OR  SH/ PUT/ INVESTMENT  OTHER     VOTING AUTHORITY
 *   NAME OF ISSUER            TITLE OF CLASS CUSIP VALUE     PRN AMT  PRN CALL DESCRETION  MANAGERS  SOLE   SHARED  NONE
 *   <S>                       <C>            <C>   <C>       <C>      <C>      <C>                   <C>    <C>     <C>
 *   AGILENT TECHNOLOGIES INC  COM       00846U101   455       10233    SH         SOLE               10233       0    0
 *
 * Column positions are derived from each header block (the keywords of every header line, moved
 * left to a `<S>`/`<C>` marker or dash rule column start when there is one), never hard-coded: a
 * repeated header after a page break sets the columns again. Tabs are expanded to 8-column stops.
 * A token belongs to the column its anchor falls in: numbers are right-aligned (anchor = last
 * character), words left-aligned (anchor = first character); SH/PRN, PUT/CALL and discretion words
 * near each other are placed by what they say. `<PAGE>`, `<TABLE>`/`</TABLE>`, `<CAPTION>` and blank
 * lines are skipped; total/footer lines and text-only lines are skipped and listed (`skipped`).
 * A line with a CUSIP that cannot be read, or a line that looks like a row without one, is a
 * QuarantineError naming its line number: no row is dropped silently.
 *
 * Values are as reported (thousands of dollars in these filings; the job decides units with
 * `decideUnits` like the XML path). Rows have the XML path's `InfoTableRow` shape.
 */
import { QuarantineError } from '../jobs/interface.ts';
import type { Form13fCover, InfoTableRow, OtherManager } from './form13f.ts';

export interface SkippedLine {
  line: number;
  kind: 'footer' | 'text';
  text: string;
}

export interface Form13fText {
  /** `CONFORMED SUBMISSION TYPE` when the SEC header is in the text. */
  form: string | null;
  /** `CONFORMED PERIOD OF REPORT`, else the cover's "Report for the Calendar Year or Quarter Ended". */
  period: string | null;
  /** `FILED AS OF DATE`. */
  filed: string | null;
  cik: number | null;
  managerName: string | null;
  reportType: string | null;
  isAmendment: boolean | null;
  amendmentNo: number | null;
  amendmentType: string | null;
  otherIncludedManagersCount: number | null;
  otherManagers: OtherManager[];
  /** Summary page "Form 13F Information Table Entry Total" / "Value Total" (as reported). */
  tableEntryTotal: number | null;
  tableValueTotal: number | null;
  /** Whether an information table header (NAME OF ISSUER / CUSIP / VALUE ...) was found. */
  tableFound: boolean;
  rows: InfoTableRow[];
  /** 1-based line number of each row in the input (parallel to `rows`). */
  rowLines: number[];
  skipped: SkippedLine[];
}

type Col = 'name' | 'title' | 'cusip' | 'value' | 'shares' | 'shareType' | 'putCall' | 'discretion' | 'otherManagers' | 'voteSole' | 'voteShared' | 'voteNone';

interface Column {
  col: Col;
  start: number;
}

/** Header keywords, tried in order; a match is blanked out so later patterns cannot reuse it. */
const HEADER_PATTERNS: [Col | null, RegExp][] = [
  [null, /VOTING\s+AUTH(?:ORITY)?(?:\s*\(SHARES\))?|\bAUTHORITY\b|\bCOLUMN\s+\d+\b/gi],
  ['name', /NAME\s+OF\s+ISSUER|\bISSUER\b|\bNAME\b/gi],
  ['title', /TITLE\s+OF\s+CLASS|\bTITLE\s+OF\b|\bTITLE\b|\bOF\s+CLASS\b|\bCLASS\b/gi],
  ['cusip', /\bCUSIP\b(?:\s*(?:NUMBER|NO\.?|#))?/gi],
  ['shares', /\bSHRS\s+OR\b|\bSH(?:ARE)?S\s*\/|\bSHARES\b|\bPRN\s+AMT\b|\bPRN\s+AMOUNT\b|\bPRINCIPAL\b|\bAMOUNT\b|\bAMT\b|\bSHRS\b|\bQUANTITY\b/gi],
  ['shareType', /\bSH\s*\/\s*PRN\b|\bSH\s*\/|\bPRN\b/gi],
  ['putCall', /\bPUT\s*\/\s*CALL\b|\bPUT\s*\/|\bPUT\b|\bCALL\b/gi],
  ['discretion', /\bINVESTMENT\b|\bINVSTMT\b|\bINVEST\b|\bDISCRETION\b|\bDESCRETION\b|\bDISCRETN\b|\bDSCRETN\b|\bDSCRTN\b|\bDISC\b/gi],
  ['otherManagers', /\bOTHER\s+MANAGERS?\b|\bOTHER\b|\bMANAGERS?\b|\bMGRS?\b|\bMNGRS?\b/gi],
  ['value', /\bMARKET\s+VALUE\b|\bFAIR\s+MARKET\b|\bMARKET\b|\bVALUE\b|\bFAIR\b|\(?\s*X\s*\$?\s*1,?000\s*\)?|\(?\$\s*000\)?|\(000\)|\bTHOUSANDS\b/gi],
  ['voteSole', /\bSOLE\b/gi],
  ['voteShared', /\bSHARED\b/gi],
  ['voteNone', /\bNONE\b/gi],
];

const LABEL: Record<Col, string> = {
  name: 'NAME OF ISSUER', title: 'TITLE OF CLASS', cusip: 'CUSIP', value: 'VALUE', shares: 'SHRS OR PRN AMT', shareType: 'SH/PRN', putCall: 'PUT/CALL',
  discretion: 'INVESTMENT DISCRETION', otherManagers: 'OTHER MANAGERS', voteSole: 'VOTING SOLE', voteShared: 'VOTING SHARED', voteNone: 'VOTING NONE',
};

const CUSIP = /^[0-9A-Z*@#]{8}[0-9]$/;
const CUSIP_ANYWHERE = /(?<![0-9A-Za-z])(?=[0-9A-Z]*[0-9])(?=[0-9A-Z]*[A-Z])[0-9A-Z]{8}[0-9](?![0-9A-Za-z])/;
const NUMBER = /^\(?-?\$?[\d,]*\d(?:\.\d+)?\)?$/;
const FOOTER = /\b(?:TOTALS?|GRAND\s+TOTAL|SUB-?TOTAL|REPORT\s+SUMMARY|DATA\s+RECORDS|PAGE\s+\d+|CONTINUED)\b/i;
const TAG = /^<\/?[A-Za-z][A-Za-z0-9-]*>$/;
const DISCRETION_WORD = /^(?:SOLE|SHARED|SHR|SHRD|DEFINED|DFND|DEF|OTHER|OTR|OTH|SHARED-DEFINED|SHARED-OTHER|SH-DEF|SH-OTHER|DIRECT)$/i;

/** Expands tabs to 8-column stops and removes CR and form feeds. */
function expand(line: string): string {
  const s = line.replace(/[\r\f\v]/g, '');
  if (!s.includes('\t')) return s;
  let out = '';
  for (const ch of s) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/** A `<S> <C>` marker row or a rule of dashes / equals signs (column starts; not data). */
const isMarkerRow = (s: string): boolean => /^\s*<[SC]>(?:\s*<[SC]>)*\s*$/i.test(s) || (/^[\s=-]+$/.test(s) && /[-=]{3,}/.test(s));
const markerStarts = (s: string): number[] => [...s.matchAll(/<[SC]>|[-=]{3,}/gi)].map((m) => m.index!);
const isTagLine = (s: string): boolean => {
  const t = s.trim();
  return t.length > 0 && t.split(/\s+/).every((w) => TAG.test(w));
};
const hasHeaderKeyword = (s: string): boolean => HEADER_PATTERNS.some(([, re]) => new RegExp(re.source, 'i').test(s));
/** A CUSIP-like token, a 9-digit number or two numbers of 2+ digits: a row, not a header or a note. */
const looksLikeData = (s: string): boolean =>
  CUSIP_ANYWHERE.test(s) || /(?<![\d,.])\d{9}(?![\d,.])/.test(s) || tokens(s).filter((t) => NUMBER.test(t.text) && /\d{2,}/.test(t.text)).length >= 2;
const isCusipHeader = (s: string): boolean =>
  /\bCUSIP\b/i.test(s) && /\b(?:VALUE|ISSUER|TITLE|CLASS|SHRS|SHARES|AMOUNT|AMT|MARKET)\b|\$\s*1,?000|\$\s*000/i.test(s) && !looksLikeData(s) && !s.includes('<');

/** Column starts from a header block (keywords of every line; markers move a start left). */
function columnsFrom(header: string[], markers: number[], lineNo: number): Column[] {
  const starts = new Map<Col, number>();
  for (const raw of header) {
    let line = raw;
    for (const [col, re] of HEADER_PATTERNS) {
      line = line.replace(new RegExp(re.source, 'gi'), (m: string, offset: number) => {
        const lead = m.length - m.trimStart().length;
        if (col) starts.set(col, Math.min(starts.get(col) ?? Infinity, offset + lead));
        return ' '.repeat(m.length);
      });
    }
  }
  starts.set('name', 0);
  for (const need of ['cusip', 'value'] as const) {
    if (!starts.has(need)) throw new QuarantineError(`line ${lineNo}: information table header has no ${LABEL[need]} column`);
  }
  const cols = [...starts].map(([col, start]) => ({ col, start })).sort((a, b) => a.start - b.start);
  for (let i = 1; i < cols.length; i++) {
    if (cols[i]!.start === cols[i - 1]!.start) throw new QuarantineError(`line ${lineNo}: header columns ${LABEL[cols[i - 1]!.col]} and ${LABEL[cols[i]!.col]} start at the same position`);
  }
  // A marker (`<C>` or the start of a dash rule) between the previous column and this one is
  // where this column really starts (headers are often centred over right-aligned numbers).
  const header0 = cols.map((c) => c.start);
  for (let i = 1; i < cols.length; i++) {
    const m = markers.filter((p) => p > header0[i - 1]! && p <= header0[i]!);
    if (m.length) cols[i]!.start = Math.max(...m);
  }
  return cols;
}

interface Token {
  text: string;
  start: number;
  end: number;
}

const tokens = (s: string): Token[] => [...s.matchAll(/\S+/g)].map((m) => ({ text: m[0], start: m.index!, end: m.index! + m[0].length })).filter((t) => t.text !== '$');
/** "10,000SH" -> "10,000" and "SH" (the amount and its type written without a space). */
const splitAmountType = (list: Token[]): Token[] =>
  list.flatMap((t) => {
    const m = /^(\(?[\d,]+(?:\.\d+)?\)?)(SH|PRN)$/i.exec(t.text);
    if (!m) return [t];
    const cut = t.start + m[1]!.length;
    return [{ text: m[1]!, start: t.start, end: cut }, { text: m[2]!, start: cut, end: t.end }];
  });
const toNumber = (t: string): number => {
  const neg = t.startsWith('(') && t.endsWith(')');
  const n = Number(t.replace(/[(),$]/g, ''));
  return neg ? -n : n;
};

function columnOf(cols: Column[], t: Token): Col {
  const anchor = NUMBER.test(t.text) ? t.end - 1 : t.start;
  let col = cols[0]!.col;
  for (const c of cols) if (c.start <= anchor) col = c.col;
  return col;
}

/** Reads one data row; throws with the line number when it cannot. */
function readRow(cols: Column[], line: string, lineNo: number, row: number): InfoTableRow {
  const has = new Set(cols.map((c) => c.col));
  const cells = new Map<Col, Token[]>();
  for (const t of splitAmountType(tokens(line))) {
    let col = columnOf(cols, t);
    const word = t.text.toUpperCase();
    // SH/PRN, PUT/CALL and discretion words are told apart by what they say. SH/PRN and PUT/CALL
    // are also written in the amount's own cell ("13606 SH" under SHRS OR PRN AMT), in tables
    // that have no column of their own for them.
    if (col === 'shareType' || col === 'putCall' || col === 'discretion') {
      if ((word === 'SH' || word === 'PRN') && has.has('shareType')) col = 'shareType';
      else if ((word === 'PUT' || word === 'CALL') && has.has('putCall')) col = 'putCall';
      else if (DISCRETION_WORD.test(word) && has.has('discretion')) col = 'discretion';
    }
    if (col === 'shares' || col === 'shareType' || col === 'putCall' || col === 'discretion') {
      if (word === 'SH' || word === 'PRN') col = 'shareType';
      else if (word === 'PUT' || word === 'CALL') col = 'putCall';
    }
    const list = cells.get(col) ?? [];
    list.push(t);
    cells.set(col, list);
  }
  const fail = (why: string): never => {
    throw new QuarantineError(`line ${lineNo}: information table row cannot be read (${why}): ${line.trim()}`);
  };
  const words = (col: Col): string | null => {
    const list = cells.get(col);
    return list?.length ? list.map((t) => t.text).join(' ') : null;
  };
  const one = (col: Col): string | null => {
    const list = cells.get(col);
    if (!list?.length) return null;
    if (list.length > 1) fail(`${list.length} entries in the ${LABEL[col]} column: ${list.map((t) => t.text).join(' ')}`);
    return list[0]!.text;
  };
  const numeric = (col: Col): number | null => {
    const t = one(col);
    if (t === null) return null;
    if (!NUMBER.test(t)) fail(`${LABEL[col]} is not a number: ${t}`);
    return toNumber(t);
  };
  const cusipCells = cells.get('cusip') ?? [];
  const cusip = cusipCells.map((t) => t.text).join('').toUpperCase();
  if (!CUSIP.test(cusip)) fail(cusip ? `CUSIP ${cusip} is not 9 characters` : 'no CUSIP');
  const value = numeric('value');
  if (value === null) fail('no VALUE');
  const issuer = words('name');
  if (!issuer) fail('no NAME OF ISSUER');
  const shareType = one('shareType')?.toUpperCase() ?? null;
  if (shareType !== null && shareType !== 'SH' && shareType !== 'PRN') fail(`SH/PRN is ${shareType}`);
  const putCall = one('putCall')?.toUpperCase() ?? null;
  if (putCall !== null && putCall !== 'PUT' && putCall !== 'CALL') fail(`PUT/CALL is ${putCall}`);
  const discretion = words('discretion');
  if (discretion !== null && /\d/.test(discretion)) fail(`INVESTMENT DISCRETION is ${discretion}`);
  const managers = words('otherManagers')?.replace(/\s*,\s*|\s+/g, ',') ?? null;
  return {
    row,
    issuer: issuer!,
    titleOfClass: words('title'),
    cusip,
    figi: null,
    value: value!,
    shares: numeric('shares'),
    shareType,
    putCall,
    investmentDiscretion: discretion,
    otherManagers: managers,
    voteSole: numeric('voteSole'),
    voteShared: numeric('voteShared'),
    voteNone: numeric('voteNone'),
  };
}

const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];
const pad = (n: number): string => String(n).padStart(2, '0');
const ymd = (s: string | undefined): string | null => (s && /^\d{8}$/.test(s) ? `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}` : null);
const int = (s: string | undefined): number | null => (s === undefined ? null : Number(s.replace(/,/g, '')));

/** "March 31, 2012", "03/31/2012", "3-31-2012" -> ISO date. */
function textDate(s: string): string | null {
  let m = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(s);
  if (m) {
    const month = MONTHS.findIndex((name) => name.startsWith(m![1]!.toUpperCase().slice(0, 3)));
    return month >= 0 ? `${m[3]}-${pad(month + 1)}-${pad(Number(m[2]))}` : null;
  }
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})/.exec(s);
  return m ? `${m[3]}-${pad(Number(m[1]))}-${pad(Number(m[2]))}` : null;
}

function coverFacts(text: string): Omit<Form13fText, 'tableFound' | 'rows' | 'rowLines' | 'skipped'> {
  const get = (re: RegExp): string | undefined => re.exec(text)?.[1];
  const form = get(/CONFORMED SUBMISSION TYPE:[ \t]*(\S+)/) ?? null;
  const quarter = get(/Calendar\s+Year\s+or\s+Quarter\s+Ended:?[ \t]*([^\r\n]+)/i);
  const cik = int(get(/CENTRAL INDEX KEY:[ \t]*(\d+)/));
  const name = get(/COMPANY CONFORMED NAME:[ \t]*([^\r\n\t]+)/) ?? get(/^[ \t]*Name:[ \t]*([^\r\n\t]+?)[ \t]*$/im);
  const checked = (label: string): boolean => new RegExp(`\\[\\s*[Xx]\\s*\\]\\s*${label}`, 'i').test(text);
  const reportType = checked('13F\\s+HOLDINGS\\s+REPORT') ? '13F HOLDINGS REPORT' : checked('13F\\s+NOTICE') ? '13F NOTICE' : checked('13F\\s+COMBINATION\\s+REPORT') ? '13F COMBINATION REPORT' : null;
  const amendmentFlag = /Check\s+here\s+if\s+Amendment\s*\[\s*[Xx]\s*\]/i.test(text);
  const amendmentType = checked('is\\s+a\\s+restatement') ? 'RESTATEMENT' : checked('adds\\s+new\\s+holdings') ? 'NEW HOLDINGS' : null;
  const otherManagers: OtherManager[] = [];
  for (const m of text.matchAll(/^[ \t]*(\d{1,3})\.?[ \t]+(28-\d{3,6})[ \t]+([^\r\n]*?)[ \t]*$/gm)) {
    otherManagers.push({ seq: Number(m[1]), cik: null, fileNumber: m[2]!, name: m[3] || null });
  }
  const isAmendment = form ? form.endsWith('/A') || amendmentFlag : amendmentFlag || null;
  return {
    form,
    period: ymd(get(/CONFORMED PERIOD OF REPORT:[ \t]*(\d{8})/)) ?? (quarter ? textDate(quarter.trim()) : null),
    filed: ymd(get(/FILED AS OF DATE:[ \t]*(\d{8})/)),
    cik: cik && cik > 0 ? cik : null,
    managerName: name?.trim() || null,
    reportType,
    isAmendment,
    amendmentNo: int(get(/Amendment\s+Number:?[ \t]*(\d+)/i)),
    amendmentType: isAmendment ? amendmentType : null,
    otherIncludedManagersCount: int(get(/Number\s+of\s+Other\s+Included\s+Managers:?[\s$]*([\d,]+)/i)),
    otherManagers,
    tableEntryTotal: int(get(/Information\s+Table\s+Entry\s+Total:?[\s$]*([\d,]*\d)/i)),
    tableValueTotal: int(get(/Information\s+Table\s+Value\s+Total:?[\s$]*([\d,]*\d(?:\.\d+)?)/i)),
  };
}

interface HeaderBlock {
  first: number;
  last: number;
  cols: Column[];
}

/** Parses the text of a pre-XML 13F submission (or of its 13F-HR document). */
export function parseForm13fText(input: Buffer | string): Form13fText {
  const raw = typeof input === 'string' ? input : input.toString('utf8');
  const src = raw.split('\n');
  // Lines inside <XML> blocks are not text tables (kept as blanks so line numbers hold).
  let inXml = false;
  const lines = src.map((l) => {
    const s = expand(l);
    if (/<XML>/i.test(s)) inXml = true;
    const out = inXml ? '' : s;
    if (/<\/XML>/i.test(s)) inXml = false;
    return out;
  });
  const facts = coverFacts(lines.join('\n'));

  // Pass 1: header blocks (a CUSIP header line, keyword lines just above it, marker/keyword lines below).
  const blocks = new Map<number, HeaderBlock>();
  for (let i = 0; i < lines.length; i++) {
    if (!isCusipHeader(lines[i]!)) continue;
    let first = i;
    while (first > 0 && i - first < 3) {
      const prev = lines[first - 1]!;
      if (!prev.trim() || isTagLine(prev) || !hasHeaderKeyword(prev) || looksLikeData(prev)) break;
      first--;
    }
    let last = i;
    const markers: number[] = [];
    while (last + 1 < lines.length && last - i < 3) {
      const next = lines[last + 1]!;
      if (isMarkerRow(next)) markers.push(...markerStarts(next));
      else if (!next.trim() || isTagLine(next) || !hasHeaderKeyword(next) || looksLikeData(next)) break;
      last++;
    }
    const cols = columnsFrom(lines.slice(first, last + 1), markers, i + 1);
    blocks.set(first, { first, last, cols });
    i = last;
  }

  // Pass 2: rows under the latest header.
  const rows: InfoTableRow[] = [];
  const rowLines: number[] = [];
  const skipped: SkippedLine[] = [];
  let cols: Column[] | null = null;
  let suspended = false; // after </TABLE>: only a line with a CUSIP in its column resumes the table
  for (let i = 0; i < lines.length; i++) {
    const block = blocks.get(i);
    if (block) {
      cols = block.cols;
      suspended = false;
      i = block.last;
      continue;
    }
    if (!cols) continue;
    const line = lines[i]!;
    const t = line.trim();
    if (/^<\/(?:TEXT|DOCUMENT)>/i.test(t)) {
      cols = null;
      continue;
    }
    if (!t || isTagLine(line) || isMarkerRow(line)) {
      if (/^<\/TABLE>$/i.test(t)) suspended = true;
      continue;
    }
    const cusipCol = cols.findIndex((c) => c.col === 'cusip');
    const from = cols[cusipCol]!.start;
    const to = cols[cusipCol + 1]?.start ?? Infinity;
    const inCusip = tokens(line)
      .filter((tk) => tk.start >= from && tk.start < to)
      .map((tk) => tk.text)
      .join('')
      .toUpperCase();
    const isRow = CUSIP.test(inCusip) && /\d/.test(inCusip.slice(0, 8));
    if (suspended && !isRow) continue;
    suspended = false;
    if (isRow) {
      rows.push(readRow(cols, line, i + 1, rows.length + 1));
      rowLines.push(i + 1);
      continue;
    }
    if (FOOTER.test(line) && !CUSIP_ANYWHERE.test(line)) skipped.push({ line: i + 1, kind: 'footer', text: t });
    else if (looksLikeData(line)) {
      throw new QuarantineError(`line ${i + 1}: information table row cannot be read (no CUSIP in the CUSIP column): ${t}`);
    } else skipped.push({ line: i + 1, kind: 'text', text: t });
  }
  return { ...facts, tableFound: blocks.size > 0, rows, rowLines, skipped };
}

/** A cover for the warehouse from the text's cover facts and the submission header. */
export function coverFromText(t: Form13fText, header: { form: string; period: string | null; ciks: number[]; names: string[] }): Form13fCover {
  const period = header.period ?? t.period;
  if (!period) throw new QuarantineError('13F text filing has no period of report');
  const cik = header.ciks[0] ?? t.cik;
  if (!cik) throw new QuarantineError('13F text filing has no filer CIK');
  const submissionType = header.form || t.form || '13F-HR';
  const isAmendment = submissionType.endsWith('/A') || t.isAmendment === true;
  return {
    submissionType,
    cik,
    period,
    managerName: header.names[0] ?? t.managerName ?? '',
    reportType: t.reportType,
    isAmendment,
    amendmentNo: t.amendmentNo,
    amendmentType: isAmendment ? t.amendmentType : null,
    confidentialOmitted: null,
    otherManagers: t.otherManagers,
    otherIncludedManagersCount: t.otherIncludedManagersCount,
    tableEntryTotal: t.tableEntryTotal,
    tableValueTotal: t.tableValueTotal,
  };
}
