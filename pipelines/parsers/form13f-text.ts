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
 * repeated header after a page break sets the columns again. Tabs are expanded to 8-column stops,
 * except in a tab-separated table (tabs between the header's own keywords) whose rows read better
 * cell by cell (`layTabTables`). A token belongs to the column its anchor
 * falls in: numbers are right-aligned (anchor = last character), words left-aligned (anchor = first
 * character); SH/PRN, PUT/CALL and discretion words near each other are placed by what they say. The
 * CUSIP is found by what it is (9 characters, written whole, spaced "037833 10 0" or dashed, or
 * padded with `000` to 12 characters when its check digit is right) where it overlaps the CUSIP
 * column. `<PAGE>`, `<TABLE>`/`</TABLE>`, `<CAPTION>`, form feeds and blank
 * lines are skipped; total/footer lines and text-only lines are skipped and listed (`skipped`); an
 * issuer name wrapped onto the line below its row (or written on the line above a row without one,
 * or begun on lines above a row whose own name is indented under them: "American" /
 * "   Express Co.") is joined to it. Investment discretion may be sub-columns left of OTHER
 * MANAGERS (Sole / Shared-Defined / Shared-Other) marked `X` per row; a line of figures from the
 * VALUE column on right under a row, with nothing under NAME, TITLE or CUSIP, is that security
 * again (a holding listed once per set of other managers, its name and CUSIP written once); a
 * dash rule stuffed with `- ` (RFC 934 encapsulation in older EDGAR texts) is read without it.
 * Berkshire Hathaway's 13F-HR for 2008-Q4 has all four.
 *
 * Never a wrong number: a line with a CUSIP that cannot be read, a line of figures without one (a
 * wrapped or misaligned row), a figure that is not a well-formed number (`3,22`, `(322`), two
 * entries in one number column, a share count in the OTHER MANAGERS column, figures under a VOTING
 * AUTHORITY header without SOLE/SHARED/NONE sub-columns, a header naming one column twice (the
 * pre-1999 investment discretion SOLE/SHARED/OTHER sub-columns beside the voting ones, where no
 * OTHER MANAGERS heading tells them apart), a figure or two marks under discretion sub-columns, a row whose
 * entries are out of line with their columns in a table whose columns are otherwise aligned, and a
 * truncated document (an SGML `<TEXT>`/`<DOCUMENT>` left open, or input ending in the middle of a
 * row) are each a QuarantineError naming the line number. A `-` cell is blank.
 *
 * Values are as reported (thousands of dollars in these filings; the job decides units with
 * `decideUnits` like the XML path). Rows have the XML path's `InfoTableRow` shape. Bytes are
 * decoded like XML documents (`xmlText`): UTF-16 with a BOM, else UTF-8 with stray windows-1252
 * bytes read as windows-1252 (a 0xA0 no-break space still separates columns).
 */
import { QuarantineError } from '../jobs/interface.ts';
import type { Form13fCover, InfoTableRow, OtherManager } from './form13f.ts';
import { xmlText } from './sec-xml.ts';
import { calendarDate, cikNumber, decimal, yyyymmdd } from './values.ts';

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

/** `voting`: a VOTING AUTHORITY header with no SOLE/SHARED/NONE sub-columns under it. */
type Col =
  | 'name' | 'title' | 'cusip' | 'value' | 'shares' | 'shareType' | 'putCall' | 'discretion' | 'otherManagers' | 'voteSole' | 'voteShared' | 'voteNone' | 'voting'
  | 'discSole' | 'discShared' | 'discOther';

interface Column {
  col: Col;
  start: number;
}

/** Header keywords, tried in order; a match is blanked out so later patterns cannot reuse it. */
const HEADER_PATTERNS: [Col | null, RegExp][] = [
  [null, /\bCOLUMN\s+\d+\b/gi],
  ['voting', /VOTING\s+AUTH(?:ORITY)?(?:\s*\(SHARES\))?|\bAUTHORITY\b|\bVOTING\b/gi],
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
  discretion: 'INVESTMENT DISCRETION', otherManagers: 'OTHER MANAGERS', voteSole: 'VOTING SOLE', voteShared: 'VOTING SHARED', voteNone: 'VOTING NONE', voting: 'VOTING AUTHORITY',
  discSole: 'INVESTMENT DISCRETION SOLE', discShared: 'INVESTMENT DISCRETION SHARED-DEFINED', discOther: 'INVESTMENT DISCRETION SHARED-OTHER',
};

/**
 * Investment discretion written as sub-columns marked per row (`X`), left of OTHER MANAGERS:
 * `(a) Sole`, `(b) Shared-Defined`, `(c) Shared-Other` beside VOTING AUTHORITY's own Sole / Shared /
 * None (Berkshire Hathaway's 13F-HR for 2008-Q4). Each keyword, the column it heads and the
 * discretion a mark under it stands for (the words the text path keeps).
 */
const DISCRETION_SUBCOLUMNS: [Col | null, RegExp][] = [
  ['discShared', /\bSHARED-\s*DEFINED\b|\bSH-DEF\b|\bDEFINED\b/gi],
  ['discOther', /\bSHARED-\s*OTHER\b|\bSH-OTHER\b|\bOTHER\b(?!\s+MANAGERS?\b)/gi],
  ['discSole', /\bSOLE\b/gi],
  [null, /\bSHARED-(?=\s|$)|\(\s*[abc]\s*\)/gi],
];
const MARKED_DISCRETION: Partial<Record<Col, string>> = { discSole: 'SOLE', discShared: 'SHARED-DEFINED', discOther: 'SHARED-OTHER' };
/** A mark in a discretion sub-column. */
const MARK = /^[Xx*\u2713\u2714]$/;

const CUSIP = /^[0-9A-Z*@#]{8}[0-9]$/;
const CUSIP_ANYWHERE = /(?<![0-9A-Za-z])(?=[0-9A-Z]*[0-9])(?=[0-9A-Z]*[A-Z])[0-9A-Z]{8}[0-9](?![0-9A-Za-z])/;
/** Looks like a figure (placement: right-aligned). Whether it is a well-formed number is `DECIMAL`. */
const NUMBER = /^\(?-?\$?[\d,]*\d(?:\.\d+)?\)?$/;
/** A well-formed figure: commas only between groups of three digits, parentheses only around it. */
const DECIMAL = /^(?:-?\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\(\$?(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?\))$/;
/** A blank cell written as a dash (windows-1252 en and em dashes too). */
const BLANK = /^(?:-{1,3}|\u2013|\u2014)$/;
const FOOTER = /\b(?:TOTALS?|GRAND\s+TOTAL|SUB-?TOTAL|REPORT\s+SUMMARY|DATA\s+RECORDS|PAGE\s+\d+|CONTINUED)\b/i;
/** A page number on its own: "7", "- 7 -", "7 of 12". */
const PAGE_NUMBER = /^(?:[-\u2013\u2014]\s*)?\d{1,3}(?:\s*[-\u2013\u2014])?$|^\d{1,3}\s+OF\s+\d{1,3}$/i;
const TAG = /^<\/?[A-Za-z][A-Za-z0-9-]*>$/;
const DISCRETION_WORD = /^(?:SOLE|SHARED|SHR|SHRD|DEFINED|DFND|DEF|OTHER|OTR|OTH|SHARED-DEFINED|SHARED-OTHER|SH-DEF|SH-OTHER|DIRECT)$/i;
/** Columns a header may not name twice (SOLE, SHARED, OTHER and NONE head investment discretion sub-columns too). */
const TWICE: Col[] = ['voteSole', 'voteShared', 'voteNone', 'otherManagers'];
/** Columns whose entries are numbers: in an aligned table their right edges line up row after row. */
const NUMERIC: Col[] = ['value', 'shares', 'voteSole', 'voteShared', 'voteNone'];

/** One line of the input: tabs expanded, CR and form feeds removed. */
interface Line {
  text: string;
  /** 1-based line number in the input (a form feed inside a line starts a new `Line` with the same number). */
  no: number;
  /** A form feed came right before this line (a page break). */
  page: boolean;
  /**
   * In a tab-separated table: this line's cells (trailing empty ones counted) and how many of them
   * are trailing empty ones, the header's, a complete row's (trailing empty ones counted) and
   * whether the line is a whole row (`layTabTables`).
   */
  tab: { cells: number; trailing: number; header: number; full: number; whole: boolean } | null;
}

/** Expands tabs to 8-column stops. */
function expand(s: string): string {
  if (!s.includes('\t')) return s;
  let out = '';
  for (const ch of s) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/** Tab-separated cells, trailing empty cells dropped. */
const tabCells = (s: string): string[] => s.replace(/[ \t]+$/, '').split('\t');
/** How many tab-separated cells a line has, trailing empty cells counted. */
const tabReach = (s: string): number => s.replace(/ +$/, '').split('\t').length;
const blankTags = (s: string): string => s.replace(/<\/?[A-Za-z][A-Za-z0-9-]*>/g, (m) => ' '.repeat(m.length));

/** A `<S> <C>` marker row or a rule of dashes / equals signs (column starts; not data). */
const isMarkerRow = (s: string): boolean => /^\s*<[SC]>(?:\s*<[SC]>)*\s*$/i.test(s) || isRule(s);
const isRule = (s: string): boolean => /^[\s=-]+$/.test(s) && /[-=]{3,}/.test(s);
const markerStarts = (s: string): number[] => [...s.matchAll(/<[SC]>|[-=]{3,}/gi)].map((m) => m.index!);
const isTagLine = (s: string): boolean => {
  const t = s.trim();
  return t.length > 0 && t.split(/\s+/).every((w) => TAG.test(w));
};
/** The header patterns without their global flag (a global RegExp's `test` moves its `lastIndex`), made once. */
const HEADER_KEYWORDS = HEADER_PATTERNS.map(([, re]) => new RegExp(re.source, 'i'));
const hasHeaderKeyword = (s: string): boolean => HEADER_KEYWORDS.some((re) => re.test(s));
/** A CUSIP-like token, a 9-digit number or two numbers of 2+ digits: a row, not a header or a note. */
const looksLikeData = (s: string): boolean =>
  CUSIP_ANYWHERE.test(s) || /(?<![\d,.])\d{9}(?![\d,.])/.test(s) || tokens(s).filter((t) => NUMBER.test(t.text) && /\d{2,}/.test(t.text)).length >= 2;
/**
 * The summary page's totals ("Form 13F Information Table Value Total: $5,802"): never a header
 * line, whatever its keywords. "Table" is part of it: a header's upper line can read "VALUE   TOTAL".
 */
export const SUMMARY_TOTAL = /\bTable\s+(?:Entry|Value)\s+Total\b/i;
const isCusipHeader = (line: string): boolean => {
  const s = blankTags(line);
  return /\bCUSIP\b/i.test(s) && /\b(?:VALUE|ISSUER|TITLE|CLASS|SHRS|SHARES|AMOUNT|AMT|MARKET)\b|\$\s*1,?000|\$\s*000/i.test(s) && !looksLikeData(s) && !s.includes('<');
};

/** Column starts from a header block (keywords of every line; markers move a start left). */
function columnsFrom(header: string[], markers: number[], lineNo: number): Column[] {
  const starts = new Map<Col, number>();
  // Discretion sub-columns (DISCRETION_SUBCOLUMNS): a SOLE left of the words OTHER MANAGERS. Their
  // keywords, left of it, are taken before the others (OTHER would read as OTHER MANAGERS).
  const managersAt = header.map((l) => /\bOTHER\s+MANAGERS?\b/i.exec(blankTags(l))?.index).find((x) => x !== undefined);
  const subColumns = managersAt !== undefined && header.some((l) => [...blankTags(l).matchAll(/\bSOLE\b/gi)].some((m) => m.index! < managersAt));
  for (const raw of header) {
    let line = blankTags(raw);
    if (subColumns) {
      for (const [col, re] of DISCRETION_SUBCOLUMNS) {
        line = line.replace(new RegExp(re.source, 'gi'), (m: string, offset: number) => {
          if (offset >= managersAt!) return m;
          if (col) starts.set(col, Math.min(starts.get(col) ?? Infinity, offset));
          return ' '.repeat(m.length);
        });
      }
    }
    const hits: { col: Col; at: number; text: string }[] = [];
    for (const [col, re] of HEADER_PATTERNS) {
      line = line.replace(new RegExp(re.source, 'gi'), (m: string, offset: number) => {
        const at = offset + m.length - m.trimStart().length;
        if (col) {
          starts.set(col, Math.min(starts.get(col) ?? Infinity, at));
          if (TWICE.includes(col)) hits.push({ col, at, text: m.trim() });
        }
        return ' '.repeat(m.length);
      });
    }
    // A voting or other-managers column named twice on a line with another between (the pre-1999
    // layout's investment discretion SOLE / SHARED / OTHER sub-columns beside VOTING AUTHORITY
    // SOLE / SHARED / NONE): which is which cannot be told from positions.
    hits.sort((a, b) => a.at - b.at);
    for (let a = 0; a < hits.length; a++) {
      for (let b = a + 2; b < hits.length; b++) {
        if (hits[b]!.col === hits[a]!.col && hits.slice(a + 1, b).some((h) => h.col !== hits[a]!.col)) {
          throw new QuarantineError(
            `line ${lineNo}: information table header names ${hits[a]!.text} and ${hits[b]!.text} (columns ${hits[a]!.at + 1} and ${hits[b]!.at + 1}) as one column (${LABEL[hits[a]!.col]}): investment discretion sub-columns beside the voting ones?`,
          );
        }
      }
    }
  }
  // Voting authority comes after other managers (Form 13F, columns 7 and 8): SOLE or SHARED before
  // OTHER MANAGERS heads investment discretion sub-columns.
  const managers = starts.get('otherManagers');
  const early = (['voteSole', 'voteShared', 'voteNone'] as const).find((c) => managers !== undefined && starts.get(c)! < managers);
  if (early) throw new QuarantineError(`line ${lineNo}: information table header has ${LABEL[early]} before OTHER MANAGERS: investment discretion sub-columns?`);
  starts.set('name', 0);
  if (starts.has('voteSole') || starts.has('voteShared') || starts.has('voteNone')) starts.delete('voting');
  // The sub-columns are the discretion column (its INVESTMENT DISCRETION words head them).
  if (subColumns) starts.delete('discretion');
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
/** Right-aligned (figures and dash blanks: anchor = last character) or left-aligned (words). */
const rightAligned = (t: string): boolean => NUMBER.test(t) || BLANK.test(t);
/** Where a figure's digits end (a closing parenthesis may hang past the column). */
const digitEnd = (t: Token): number => t.start + t.text.search(/\d[^\d]*$/) + 1;

function columnOf(cols: Column[], t: Token): Col {
  const anchor = rightAligned(t.text) ? t.end - 1 : t.start;
  let col = cols[0]!.col;
  for (const c of cols) if (c.start <= anchor) col = c.col;
  return col;
}

/** The span of a column: from its start to the next column's. */
function span(cols: Column[], col: Col): [number, number] {
  const i = cols.findIndex((c) => c.col === col);
  return [cols[i]!.start, cols[i + 1]?.start ?? Infinity];
}

/**
 * The CUSIP of a line: one token, or two or three tokens one space apart ("037833 10 0"), or a
 * dashed token ("037833-10-0"), of 9 characters that overlaps the CUSIP column. `null` when there
 * is none; a QuarantineError when two overlap it.
 */
function findCusip(list: Token[], from: number, to: number, line: Line): { cusip: string; tokens: Token[] } | null {
  const found: { cusip: string; tokens: Token[] }[] = [];
  for (let i = 0; i < list.length; i++) {
    // A CUSIP padded with `000` to 12 characters (some filers' systems: `H0023R105000`), taken
    // only when its first nine carry a right check digit.
    const padded = /^([0-9A-Z*@#]{8}[0-9])000$/.exec(list[i]!.text);
    if (padded && cusipCheckDigitOk(padded[1]!) && list[i]!.start < to && list[i]!.end > from) {
      found.push({ cusip: padded[1]!, tokens: [list[i]!] });
      continue;
    }
    let text = '';
    for (let k = i; k < Math.min(i + 3, list.length); k++) {
      const t = list[k]!;
      if (k > i && t.start - list[k - 1]!.end > 1) break;
      if (!/^[0-9A-Za-z*@#]+(?:-[0-9A-Za-z]+)*$/.test(t.text)) break;
      text += t.text.replace(/-/g, '').toUpperCase();
      if (text.length > 9) break;
      if (text.length === 9 && CUSIP.test(text) && /\d/.test(text.slice(0, 8)) && list[i]!.start < to && t.end > from) found.push({ cusip: text, tokens: list.slice(i, k + 1) });
    }
  }
  if (found.length > 1) throw new QuarantineError(`line ${line.no}: information table row cannot be read (${found.length} CUSIPs in the CUSIP column: ${found.map((f) => f.cusip).join(' ')}): ${line.text.trim()}`);
  return found[0] ?? null;
}

/** Whether a 9-character CUSIP's last digit is the check digit of its first eight (the CUSIP's own rule). */
export function cusipCheckDigitOk(cusip: string): boolean {
  let sum = 0;
  for (let i = 0; i < 8; i++) {
    const c = cusip[i]!;
    let v = /\d/.test(c) ? Number(c) : /[A-Z]/.test(c) ? c.charCodeAt(0) - 55 : c === '*' ? 36 : c === '@' ? 37 : 38;
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return (10 - (sum % 10)) % 10 === Number(cusip[8]);
}

/** An entry's left edge and where its digits end. */
type Edges = [number, number];

/** A figure that starts under the number column before its own, blank in this row. */
interface Straddle {
  col: Col;
  before: Col;
  text: string;
}

/** What the alignment check needs of a row. */
interface Placed {
  line: Line;
  /** Left and right edges of the CUSIP and each figure. */
  edges: Map<Col, Edges>;
  straddles: Straddle[];
  /** Number columns with an entry beside one in the number column before them (where each lies is not in doubt). */
  paired: Col[];
}

interface ReadRow extends Omit<Placed, 'line'> {
  row: Omit<InfoTableRow, 'issuer'> & { issuer: string | null };
  /** Nothing in the header's last column, a number column (the rest of the row may be on the next line). */
  open: boolean;
}

/** Reads one data row (its issuer may be on another line); throws with the line number when it cannot. */
function readRow(cols: Column[], line: Line, list: Token[], cusip: { cusip: string; tokens: Token[] }, row: number): ReadRow {
  const has = new Set(cols.map((c) => c.col));
  const cells = new Map<Col, Token[]>();
  for (const t of splitAmountType(list.filter((t) => !cusip.tokens.includes(t)))) {
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
    cells.set(col, [...(cells.get(col) ?? []), t]);
  }
  const fail = (why: string): never => {
    throw new QuarantineError(`line ${line.no}: information table row cannot be read (${why}): ${line.text.trim()}`);
  };
  /** A column's entries, `-` blanks left out (names and titles kept whole: "SHS CLASS -A -"). */
  const present = (col: Col): Token[] => (cells.get(col) ?? []).filter((t) => col === 'name' || col === 'title' || !BLANK.test(t.text));
  const words = (col: Col): string | null => {
    const list = present(col);
    return list.length ? list.map((t) => t.text).join(' ') : null;
  };
  const one = (col: Col): Token | null => {
    const list = present(col);
    if (list.length > 1) fail(`${list.length} entries in the ${LABEL[col]} column: ${list.map((t) => t.text).join(' ')}`);
    return list[0] ?? null;
  };
  const edges = new Map<Col, Edges>(cusip.tokens.length ? [['cusip', [cusip.tokens[0]!.start, cusip.tokens[0]!.start]]] : []);
  const numeric = (col: Col): number | null => {
    const t = one(col);
    if (t === null) return null;
    if (!DECIMAL.test(t.text)) fail(`${LABEL[col]} is not a number: ${t.text}`);
    edges.set(col, [t.start, digitEnd(t)]);
    return toNumber(t.text);
  };
  const stray = cells.get('cusip');
  if (stray?.length) fail(`${stray.map((t) => t.text).join(' ')} in the CUSIP column beside CUSIP ${cusip.cusip}`);
  const value = numeric('value');
  if (value === null) fail('no VALUE');
  // A figure that starts under the number column before its own, blank in this row, may be that
  // column's (right-aligned numbers wider than their header): `checkAlignment` decides by where
  // it ends, against where the column's figures end beside an entry in that column, and by where
  // it starts, against where the column before's start (a left-aligned figure of that column).
  const straddles: Straddle[] = [];
  const paired: Col[] = [];
  for (let i = 1; i < cols.length; i++) {
    const { col, start } = cols[i]!;
    const before = cols[i - 1]!.col;
    const t = present(col)[0];
    if (!t || !NUMERIC.includes(col) || !NUMERIC.includes(before)) continue;
    if (cells.get(before)?.length) paired.push(col);
    else if (t.start < start) straddles.push({ col, before, text: t.text });
  }
  const voting = words('voting');
  if (voting !== null) fail(`VOTING AUTHORITY is ${voting}, but the header has no SOLE / SHARED / NONE columns under it`);
  const shareType = one('shareType')?.text.toUpperCase() ?? null;
  if (shareType !== null && shareType !== 'SH' && shareType !== 'PRN') fail(`SH/PRN is ${shareType}`);
  const putCall = one('putCall')?.text.toUpperCase() ?? null;
  if (putCall !== null && putCall !== 'PUT' && putCall !== 'CALL') fail(`PUT/CALL is ${putCall}`);
  let discretion = words('discretion');
  if (discretion !== null && /\d/.test(discretion)) fail(`INVESTMENT DISCRETION is ${discretion}`);
  // Sub-columns: one mark, in one of them (a figure there would be shares by discretion: refused).
  const marked = (['discSole', 'discShared', 'discOther'] as const).filter((c) => present(c).length);
  for (const c of marked) {
    const list = present(c);
    if (list.length > 1 || !MARK.test(list[0]!.text)) fail(`${LABEL[c]} is ${list.map((t) => t.text).join(' ')}, not a mark`);
  }
  if (marked.length > 1) fail(`marks under ${marked.map((c) => LABEL[c]).join(' and ')}`);
  if (marked.length) discretion = MARKED_DISCRETION[marked[0]!]!;
  // Other managers are the summary page's sequence numbers ("1,2", "01 03"): a share count, a
  // discretion word or a discretion mark there is an entry out of its column.
  const managers = present('otherManagers');
  const misplaced = managers.find((t) => (/^[\d,.()$]+$/.test(t.text) && (/\d{4}|\.\d|\d,\d{3}(?!\d)/.test(t.text))) || DISCRETION_WORD.test(t.text) || MARK.test(t.text));
  if (misplaced) fail(`OTHER MANAGERS is ${managers.map((t) => t.text).join(' ')}`);
  const last = cols[cols.length - 1]!.col;
  return {
    row: {
      row,
      issuer: words('name'),
      titleOfClass: words('title'),
      cusip: cusip.cusip,
      figi: null,
      value: value!,
      shares: numeric('shares'),
      shareType,
      putCall,
      investmentDiscretion: discretion?.toUpperCase() ?? null,
      otherManagers: managers.length ? managers.map((t) => t.text).join(' ').replace(/\s*,\s*|\s+/g, ',') : null,
      voteSole: numeric('voteSole'),
      voteShared: numeric('voteShared'),
      voteNone: numeric('voteNone'),
    },
    edges,
    straddles,
    paired,
    open: NUMERIC.includes(last) && !cells.get(last)?.length,
  };
}

/** The most common of `xs` (the first seen of equally common ones) and how often it occurs. */
function mostCommon<T>(xs: Iterable<T>): [value: T, count: number] | undefined {
  const freq = new Map<T, number>();
  for (const x of xs) freq.set(x, (freq.get(x) ?? 0) + 1);
  let best: [T, number] | undefined;
  for (const entry of freq) if (!best || entry[1] > best[1]) best = entry;
  return best;
}

/** The most common of `xs` and its count, when at least 3 in 4 of them are within one character of it (from 4 on). */
function usualWithCount(xs: number[]): [value: number, count: number] | undefined {
  if (xs.length < 4) return undefined;
  const found = mostCommon(xs)!;
  return xs.filter((x) => Math.abs(x - found[0]) <= 1).length >= 0.75 * xs.length ? found : undefined;
}

/** The most common of `xs` when at least 3 in 4 of them are within one character of it (from 4 on). */
const usual = (xs: number[]): number | undefined => usualWithCount(xs)?.[0];

/**
 * How a number column's figures line up: `right` when more of them end together than start
 * together (figures of different widths), `left` when the reverse; undefined when as many do
 * (figures all one width) or neither side lines up.
 */
function alignment(lefts: number[], rights: number[]): 'left' | 'right' | undefined {
  const most = (xs: number[]): number => usualWithCount(xs)?.[1] ?? 0;
  const [l, r] = [most(lefts), most(rights)];
  return l > r ? 'left' : r > l ? 'right' : undefined;
}

/** An entry of a row against its column's usual edges: its offsets and which row offsets it fits. */
interface Entry {
  col: Col;
  at: Edges;
  /** Offsets of its edges from its column's usual ones. */
  ds: number[];
  /** Offset of its right edge (undefined: the column's right edges do not line up). */
  right: number | undefined;
  fits: (o: number) => boolean;
}

/**
 * In a table whose columns line up (from 4 entries on, at least 3 in 4 of a column's entries share
 * their right edge, or their left edge, to within one character), a row's entries must be out of
 * line by one amount: a whole row pushed right by a long name reads the same, but an entry that
 * moved on its own (into a neighbour's blank cell) would be read as the neighbour's number. The
 * amount may step up once, at a figure too wide for its column that pushed the rest of the row
 * right (a share count of 10 digits): the entries before it out of line by one amount, the
 * figure's right edge and the entries after it (one at least, each at its own column's edge) by
 * one larger amount, the figure starting no later than the widest others in its column (a figure
 * as wide as the others that moved right with the rest of its row was not pushed: refused).
 *
 * A figure that starts under the number column before its own, blank in its row (a `Straddle`),
 * may be that column's (right-aligned numbers wider than their header). It is read as its own
 * column's when it ends exactly where that column's figures end beside an entry in the column
 * before (where those lie is not in doubt), moved by its row's offset; otherwise it is refused.
 * It is refused as well when it also starts where the column before's figures start (to within
 * one character) unless those figures are right-aligned: a left-aligned figure of that column,
 * wide enough to end where the next one's do, reads the same (when the column before's figures
 * are all one width, the table's other number columns tell, if they all line up on the right).
 */
function checkAlignment(rows: Placed[]): void {
  const doubted = (r: Placed, col: Col): boolean => r.straddles.some((s) => s.col === col);
  const sure = (col: Col, side: 0 | 1, keep: (r: Placed) => boolean = () => true): number[] =>
    rows.flatMap((r) => (keep(r) && !doubted(r, col) ? (r.edges.get(col)?.[side] ?? []) : []));
  const dominant = new Map<Col, (number | undefined)[]>();
  const pairedRight = new Map<Col, number | undefined>();
  const aligned = new Map<Col, 'left' | 'right' | undefined>();
  for (const col of ['cusip', ...NUMERIC] as Col[]) {
    const [lefts, rights] = [sure(col, 0), sure(col, 1)];
    const found = [usual(lefts), usual(rights)];
    if (found[0] !== undefined || found[1] !== undefined) dominant.set(col, found);
    pairedRight.set(col, usual(sure(col, 1, (r) => r.paired.includes(col))));
    if (col !== 'cusip') aligned.set(col, alignment(lefts, rights));
  }
  const shown = new Set([...aligned.values()].filter((a) => a !== undefined));
  const tableAligned = shown.size === 1 ? [...shown][0] : undefined;
  for (const r of rows) {
    const refuse = (why: string): never => {
      throw new QuarantineError(`line ${r.line.no}: information table row cannot be read (${why}): ${r.line.text.trim()}`);
    };
    const straddle = (s: Straddle): never => refuse(`${s.text} under ${LABEL[s.col]} starts under ${LABEL[s.before]}, blank in this row: which column it belongs to cannot be told`);
    const entries: Entry[] = [];
    for (const [col, at] of [...r.edges].sort((a, b) => a[1][0] - b[1][0])) {
      const s = r.straddles.find((x) => x.col === col);
      if (s) {
        const own = pairedRight.get(col);
        if (own === undefined) straddle(s);
        // Where the column before's figures start, unless they are right-aligned (see above).
        const theirs = (aligned.get(s.before) ?? tableAligned) === 'right' ? undefined : dominant.get(s.before)?.[0];
        const fits = (o: number): boolean => at[1] - o === own && (theirs === undefined || Math.abs(at[0] - o - theirs) > 1);
        entries.push({ col, at, ds: [at[1] - own!], right: at[1] - own!, fits });
        continue;
      }
      const d = dominant.get(col);
      if (!d) continue;
      const ds = ([0, 1] as const).filter((side) => d[side] !== undefined).map((side) => at[side] - d[side]!);
      entries.push({ col, at, ds, right: d[1] === undefined ? undefined : at[1] - d[1], fits: (o) => ds.some((x) => Math.abs(x - o) <= 1) });
    }
    const all = (list: Entry[], o: number): boolean => list.every((e) => e.fits(o));
    const single = (list: Entry[]): boolean => !list.length || list.some((e) => e.ds.some((o) => all(list, o)));
    const stepped = (list: Entry[]): boolean =>
      list.some((wide, k) => {
        const o2 = wide.right;
        if (k === 0 || k === list.length - 1 || o2 === undefined || !all(list.slice(k), o2)) return false;
        const before = list.slice(0, k);
        const leftmost = Math.min(...rows.flatMap((x) => (x !== r && !doubted(x, wide.col) ? (x.edges.get(wide.col)?.[0] ?? []) : [])));
        return before.some((e) => e.ds.some((o1) => o1 < o2 && all(before, o1) && wide.at[0] - o1 <= leftmost + 1));
      });
    const reads = (list: Entry[]): boolean => single(list) || stepped(list);
    if (reads(entries)) continue;
    if (r.straddles.length && reads(entries.filter((e) => !doubted(r, e.col)))) straddle(r.straddles[0]!);
    const says = entries.map(({ col, ds }) => `${LABEL[col]} ${[...new Set(ds)].map((d) => `${d > 0 ? '+' : ''}${d}`).join('/')}`).join(', ');
    throw new QuarantineError(`line ${r.line.no}: information table row is out of line with its columns (offsets from the other rows: ${says}): ${r.line.text.trim()}`);
  }
}

/** A cover-page count or total (`1,234`), or null when absent or not grouped by three (`1,23`). */
const int = (s: string | undefined): number | null => (s === undefined ? null : decimal(s, { commas: true }));

const MONTHS = ['JANUARY', 'FEBRUARY', 'MARCH', 'APRIL', 'MAY', 'JUNE', 'JULY', 'AUGUST', 'SEPTEMBER', 'OCTOBER', 'NOVEMBER', 'DECEMBER'];

/** "March 31, 2012", "03/31/2012", "3-31-2012" -> ISO date. */
function textDate(s: string): string | null {
  let m = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})/.exec(s);
  if (m) {
    const month = MONTHS.findIndex((name) => name.startsWith(m![1]!.toUpperCase().slice(0, 3)));
    return month >= 0 ? calendarDate(m[3]!, month + 1, m[2]!) : null;
  }
  m = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4})/.exec(s);
  return m ? calendarDate(m[3]!, m[1]!, m[2]!) : null;
}

function coverFacts(text: string): Omit<Form13fText, 'tableFound' | 'rows' | 'rowLines' | 'skipped'> {
  const get = (re: RegExp): string | undefined => re.exec(text)?.[1];
  const form = get(/CONFORMED SUBMISSION TYPE:[ \t]*(\S+)/) ?? null;
  const quarter = get(/Calendar\s+Year\s+or\s+Quarter\s+Ended:?[ \t]*([^\r\n]+)/i);
  const cik = cikNumber(get(/CENTRAL INDEX KEY:[ \t]*(\d+)/));
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
    period: yyyymmdd(get(/CONFORMED PERIOD OF REPORT:[ \t]*(\d{8})/)) ?? (quarter ? textDate(quarter.trim()) : null),
    filed: yyyymmdd(get(/FILED AS OF DATE:[ \t]*(\d{8})/)),
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

/**
 * The input as lines: LF, CRLF (also CR CR LF) or CR line ends; a form feed inside a line starts a new line (same
 * line number); lines inside `<XML>` blocks blanked (kept so line numbers hold); tabs expanded,
 * cell by cell in a tab-separated table (see `layTabTables`).
 */
function toLines(text: string): Line[] {
  const raw: { text: string; no: number; page: boolean }[] = [];
  let inXml = false;
  text.split(/\r*\n|\r+(?![\r\n])/).forEach((physical, i) => {
    physical.split('\f').forEach((seg, k) => {
      let s = seg.replace(/\v/g, '');
      // A rule stuffed with `- ` (RFC 934 message encapsulation: a line starting with a dash gets
      // `- ` before it), as older EDGAR texts carry: two columns right of the table it rules.
      if (/^- -/.test(s) && isRule(s.slice(2))) s = s.slice(2);
      if (/<XML>/i.test(s)) inXml = true;
      raw.push({ text: inXml ? '' : s, no: i + 1, page: k > 0 });
      if (/<\/XML>/i.test(s)) inXml = false;
    });
  });
  const lines = raw.map((r) => ({ text: expand(r.text), no: r.no, page: r.page, tab: null }));
  layTabTables(raw.map((r) => r.text), lines);
  return lines;
}

/**
 * A table whose header line is tab-separated (a tab between its own keywords) is laid out cell by
 * cell (each cell as wide as its widest entry) when more of its rows read that way than at
 * 8-column stops, which put cells of different widths under different headers (tabs used to line
 * columns up on screen read right at 8-column stops). Each line of a table laid out by cells
 * records its cell count; a row with another count than the header is refused, unless its last
 * cells are blank and written as tabs: counted with its trailing empty cells, it has as many as
 * the table's complete rows (a row missing a cell in the middle has one fewer, whether or not
 * its last cells are blank; trailing tabs every line ends with are counted on both sides). That
 * holds only where the complete rows end with tabs too: where none does, a tab ending a row
 * short of cells cannot be told from a stray one after a row missing a cell in the middle, and
 * the row is refused.
 */
function layTabTables(raw: string[], lines: Line[]): void {
  const headers = lines.map((l, i) => (isCusipHeader(l.text) ? i : -1)).filter((i) => i >= 0);
  headers.forEach((h, n) => {
    if (!/\S\t+\S/.test(raw[h]!.trim())) return;
    let first = h;
    while (first > 0 && h - first < 3 && raw[first - 1]!.includes('\t') && !looksLikeData(lines[first - 1]!.text)) first--;
    let end = headers[n + 1] ?? lines.length;
    const close = raw.slice(h, end).findIndex((s) => /^\s*<\/(?:TEXT|DOCUMENT)>/i.test(s));
    if (close >= 0) end = h + close;
    const widths: number[] = [];
    for (let i = first; i < end; i++) {
      if (!raw[i]!.includes('\t')) continue;
      tabCells(raw[i]!).forEach((c, k) => (widths[k] = Math.max(widths[k] ?? 0, c.trimEnd().length + 2)));
    }
    const byCells = raw.slice(first, end).map((s) => {
      if (!s.includes('\t')) return s;
      const cells = tabCells(s);
      return cells.map((c, k) => (k < cells.length - 1 ? c.trimEnd().padEnd(widths[k]!) : c)).join('');
    });
    const atStops = lines.slice(first, end).map((l) => l.text);
    const header = tabCells(raw[h]!).length;
    // The reach of a complete row (the most common among lines with the header's cell count).
    const full = mostCommon(raw.slice(first, end).filter((s) => s.includes('\t') && tabCells(s).length === header).map(tabReach))?.[0] ?? header;
    const whole = (s: string): boolean => {
      const cells = tabCells(s).length;
      return cells === header || (cells < header && full > header && tabReach(s) === full);
    };
    const cellWise = readable(byCells, h - first, (i) => whole(raw[first + i]!));
    const stopWise = readable(atStops, h - first, () => true);
    const count = (r: (string | null)[]): number => r.filter((x) => x !== null).length;
    if (count(cellWise) === count(stopWise) && cellWise.some((x, i) => x !== stopWise[i])) {
      throw new QuarantineError(`line ${lines[h]!.no}: the tab-separated information table reads two ways, cell by cell and at 8-column stops, with different numbers`);
    }
    if (count(cellWise) <= count(stopWise)) return;
    for (let i = first; i < end; i++) {
      lines[i]!.text = byCells[i - first]!;
      const cells = raw[i]!.trim() ? tabReach(raw[i]!) : 0;
      lines[i]!.tab = { cells, trailing: cells ? cells - tabCells(raw[i]!).length : 0, header, full, whole: whole(raw[i]!) };
    }
  });
}

/** Each line below the header (line `h` of `texts`) read as a row under it (as JSON), or null. */
function readable(texts: string[], h: number, cellsOk: (i: number) => boolean): (string | null)[] {
  let cols: Column[];
  try {
    cols = columnsFrom(texts.slice(0, h + 1), [], 0);
  } catch {
    return [];
  }
  const [from, to] = span(cols, 'cusip');
  return texts.map((text, i) => {
    if (i <= h) return null;
    const line: Line = { text, no: 0, page: false, tab: null };
    const list = tokens(text);
    try {
      const cusip = findCusip(list, from, to, line);
      return cusip && cellsOk(i) ? JSON.stringify(readRow(cols, line, list, cusip, 0).row) : null;
    } catch {
      return null;
    }
  });
}

/**
 * A truncated submission: an SGML wrapper (`<SEC-DOCUMENT>`, `<DOCUMENT>`, `<TEXT>`, the 1990s
 * privacy-enhanced message) opened more often than closed.
 */
function truncation(text: string): string | null {
  const count = (re: RegExp): number => text.match(re)?.length ?? 0;
  for (const tag of ['SEC-DOCUMENT', 'DOCUMENT', 'TEXT']) {
    if (count(new RegExp(`^<${tag}>`, 'gim')) > count(new RegExp(`^</${tag}>`, 'gim'))) return `<${tag}> without </${tag}>`;
  }
  if (text.includes('-----BEGIN PRIVACY-ENHANCED MESSAGE-----') && !text.includes('-----END PRIVACY-ENHANCED MESSAGE-----')) return 'BEGIN PRIVACY-ENHANCED MESSAGE without its END';
  return null;
}

interface HeaderBlock {
  first: number;
  last: number;
  cols: Column[];
}

/** Parses the text of a pre-XML 13F submission (or of its 13F-HR document). */
export function parseForm13fText(input: Buffer | string): Form13fText {
  const text = xmlText(input);
  const lines = toLines(text);
  const facts = coverFacts(lines.map((l) => l.text).join('\n'));

  // Pass 1: header blocks (a CUSIP header line, keyword lines just above it, marker/keyword lines below).
  const blocks = new Map<number, HeaderBlock>();
  for (let i = 0; i < lines.length; i++) {
    if (!isCusipHeader(lines[i]!.text)) continue;
    let first = i;
    while (first > 0 && i - first < 3) {
      const prev = lines[first - 1]!.text;
      if (!prev.trim() || isTagLine(prev) || !hasHeaderKeyword(prev) || looksLikeData(prev) || SUMMARY_TOTAL.test(prev)) break;
      first--;
    }
    let last = i;
    const markers: number[] = [];
    while (last + 1 < lines.length && last - i < 3) {
      const next = lines[last + 1]!.text;
      if (isMarkerRow(next)) markers.push(...markerStarts(next));
      else if (!next.trim() || isTagLine(next) || !hasHeaderKeyword(next) || looksLikeData(next)) break;
      last++;
    }
    const cols = columnsFrom(lines.slice(first, last + 1).map((l) => l.text), markers, lines[i]!.no);
    blocks.set(first, { first, last, cols });
    i = last;
  }
  if (blocks.size > 0) {
    const cut = truncation(text);
    if (cut) throw new QuarantineError(`the submission is truncated (${cut}): the information table may end early or mid-row`);
  }

  // Pass 2: rows under the latest header.
  const rows: InfoTableRow[] = [];
  const rowLines: number[] = [];
  const skipped: SkippedLine[] = [];
  let cols: Column[] | null = null;
  let placed: Placed[] = [];
  let suspended = false; // after </TABLE>: only a line with a CUSIP in its column resumes the table
  let afterRule = false; // a dash rule above: a figure on its own is a column total
  let lastOpen: boolean | null = null; // the table's latest row stops short of its last column (null: no row yet)
  // The row on the line just above (null after a break: blank, tag, rule, form feed or a non-row line).
  // (Asserted, not annotated: `keep` sets it, and a closure's assignments do not widen a narrowed let.)
  let prev = null as { index: number; open: boolean } | null;
  // Name-only lines just above: the end of the previous row's issuer name (`afterRow`) or, when the
  // next row has no name, the start of that row's.
  let pending: { line: Line; afterRow: number | null }[] = [];
  const nameParts = (list: Line[]): { name: string | null; title: string | null } => {
    const name: string[] = [];
    const title: string[] = [];
    for (const l of list) for (const t of tokens(l.text)) (columnOf(cols!, t) === 'title' ? title : name).push(t.text);
    return { name: name.length ? name.join(' ') : null, title: title.length ? title.join(' ') : null };
  };
  /** Whether the row's first name entry starts right of where `first` (a name-only line) starts. */
  const hangsUnder = (first: Line, list: Token[]): boolean => {
    const own = list.find((tk) => columnOf(cols!, tk) === 'name');
    const lead = tokens(first.text)[0];
    return own !== undefined && lead !== undefined && own.start > lead.start;
  };
  const settle = (): void => {
    for (const p of pending) {
      if (p.afterRow === null) {
        skipped.push({ line: p.line.no, kind: 'text', text: p.line.text.trim() });
        continue;
      }
      const r = rows[p.afterRow]!;
      const more = nameParts([p.line]);
      if (more.name) r.issuer = `${r.issuer} ${more.name}`;
      if (more.title) r.titleOfClass = r.titleOfClass ? `${r.titleOfClass} ${more.title}` : more.title;
    }
    pending = [];
  };
  /** The name-only lines just above as the start of `row`'s issuer and title (taken from `pending`). */
  const startFromAbove = (row: ReadRow['row'], above: { name: string | null; title: string | null }): void => {
    if (above.name) row.issuer = row.issuer === null ? above.name : `${above.name} ${row.issuer}`;
    if (above.title) row.titleOfClass = row.titleOfClass ? `${above.title} ${row.titleOfClass}` : above.title;
    pending = [];
  };
  /** Keeps a row read from `line`: it is the row just above the next line. */
  const keep = (r: ReadRow, line: Line): void => {
    rows.push(r.row as InfoTableRow);
    rowLines.push(line.no);
    placed.push({ line, edges: r.edges, straddles: r.straddles, paired: r.paired });
    prev = { index: rows.length - 1, open: r.open };
    lastOpen = r.open;
  };
  const endTable = (): void => {
    settle();
    prev = null;
    checkAlignment(placed);
    placed = [];
    lastOpen = null;
  };
  for (let i = 0; i < lines.length; i++) {
    const block = blocks.get(i);
    if (block) {
      endTable();
      cols = block.cols;
      suspended = false;
      afterRule = false;
      i = block.last;
      continue;
    }
    if (!cols) continue;
    const line = lines[i]!;
    const t = line.text.trim();
    if (line.page) {
      settle();
      prev = null;
    }
    if (/^<\/(?:TEXT|DOCUMENT)>/i.test(t)) {
      endTable();
      cols = null;
      continue;
    }
    if (!t || isTagLine(line.text) || isMarkerRow(line.text)) {
      settle();
      prev = null;
      if (/^<\/TABLE>$/i.test(t)) suspended = true;
      if (isRule(line.text)) afterRule = true;
      continue;
    }
    const ruled = afterRule;
    afterRule = false;
    const [from, to] = span(cols, 'cusip');
    const list = tokens(line.text);
    const cusip = findCusip(list, from, to, line);
    if (suspended && !cusip) continue;
    suspended = false;
    if (cusip) {
      if (line.tab && !line.tab.whole) {
        const { cells, trailing, header, full } = line.tab;
        const why =
          full > header
            ? `${cells} tab-separated cells, the header has ${header} and a complete row ${full} with its trailing tabs`
            : trailing && cells === header
              ? `${cells - trailing} tab-separated cells and ${trailing} trailing tab${trailing > 1 ? 's' : ''}, the header has ${header} and no complete row ends with a tab`
              : `${cells} tab-separated cells, the header has ${header}`;
        throw new QuarantineError(`line ${line.no}: information table row cannot be read (${why}): ${t}`);
      }
      if (i === lines.length - 1 && !/[\r\n]$/.test(text)) {
        throw new QuarantineError(`line ${line.no}: the input ends inside an information table row (no line end): truncated?`);
      }
      const r = readRow(cols, line, list, cusip, rows.length + 1);
      if (r.row.issuer === null) {
        // The issuer on the line(s) just above, the row itself starting in the title column.
        const above = nameParts(pending.map((p) => p.line));
        if (!above.name) throw new QuarantineError(`line ${line.no}: information table row cannot be read (no NAME OF ISSUER): ${t}`);
        startFromAbove(r.row, above);
      } else if (pending.length && hangsUnder(pending[0]!.line, list)) {
        // The row's name indented under name-only lines just above (a hanging indent: "American" /
        // "   Express Co."): they start this row's name; not the end of the previous row's.
        startFromAbove(r.row, nameParts(pending.map((p) => p.line)));
      } else settle();
      keep(r, line);
      continue;
    }
    if (FOOTER.test(line.text) && !CUSIP_ANYWHERE.test(line.text)) {
      settle();
      prev = null;
      skipped.push({ line: line.no, kind: 'footer', text: t });
      continue;
    }
    // The security of the row just above again, under other managers or another discretion (a
    // filer that lists a holding once per set of managers writes its name and CUSIP once): figures
    // from the VALUE column on (a VALUE and a share count: a lone figure there is a total), nothing
    // under NAME, TITLE or CUSIP, right under a row.
    const at = list.map((tk) => columnOf(cols!, tk));
    if (prev !== null && at.includes('value') && at.includes('shares') && !at.some((c) => c === 'name' || c === 'title' || c === 'cusip')) {
      const above = rows[prev.index]!;
      const r = readRow(cols, line, list, { cusip: above.cusip, tokens: [] }, rows.length + 1);
      r.row.issuer = above.issuer;
      r.row.titleOfClass = above.titleOfClass;
      keep(r, line);
      continue;
    }
    if (looksLikeData(line.text)) {
      throw new QuarantineError(`line ${line.no}: information table row cannot be read (no CUSIP in the CUSIP column): ${t}`);
    }
    // Figures without a CUSIP: the rest of a row wrapped onto the next line (under a row that
    // stops short of the last column, or figures for the most part), or a row out of its columns.
    // A page number on its own, a figure under a dash rule (a column total) and, below a complete
    // row, a lone figure ending in the VALUE column (the value total) are not rows; every row has
    // its own VALUE, so a skipped figure cannot be one.
    const figures = list.filter((tk) => NUMBER.test(tk.text) && !/^\(\d{1,2}\)$/.test(tk.text));
    if (figures.length && (prev?.open || figures.length * 2 > list.length || PAGE_NUMBER.test(t))) {
      const total = list.length === 1 && lastOpen === false && columnOf(cols, list[0]!) === 'value';
      if (!prev?.open && (ruled || PAGE_NUMBER.test(t) || total)) {
        settle();
        prev = null;
        skipped.push({ line: line.no, kind: 'footer', text: t });
        continue;
      }
      throw new QuarantineError(`line ${line.no}: information table line has figures but no CUSIP (the rest of a wrapped row, or a row out of its columns?): ${t}`);
    }
    const nameOnly = list.every((tk) => ['name', 'title'].includes(columnOf(cols!, tk)));
    if (nameOnly) {
      pending.push({ line, afterRow: prev?.index ?? pending[pending.length - 1]?.afterRow ?? null });
      prev = null;
      continue;
    }
    settle();
    prev = null;
    skipped.push({ line: line.no, kind: 'text', text: t });
  }
  endTable();
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
