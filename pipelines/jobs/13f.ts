/**
 * `13f`: 13F-HR, 13F-HR/A and 13F-NT filings -> `f13_filings`, `f13_other_managers`,
 * `f13_holdings` (values stored in US dollars).
 *
 * Units are decided per filing (see `decideUnits`) and recorded with how they were decided. Each
 * filing is checked against its own summary page (`tableEntryTotal`, `tableValueTotal`); a
 * mismatch is recorded in the run ledger (`pipeline_notes`), never hidden. Amendments are stored
 * as filed; which rows count for a quarter (RESTATEMENT replaces, NEW HOLDINGS adds) is decided at
 * query time as of a date (warehouse/queries/institutions.ts), so point in time holds.
 *
 * Filings before 2013 have no XML: their cover, summary page and fixed-width information table are
 * text in the submission `.txt` (parsers/form13f-text.ts) and go through the same checks and load.
 */
import { appendRows } from '../../warehouse/load.ts';
import { decideUnits, parseForm13fCover, parseInfoTable, type Form13fCover, type InfoTableRow, type UnitDecision } from '../parsers/form13f.ts';
import { coverFromText, parseForm13fText, type SkippedLine } from '../parsers/form13f-text.ts';
import type { SubmissionHeader } from '../parsers/edgar-submission-txt.ts';
import { filedBasis, findXml, listFilings, noteFiledFrom, openFiling } from './ownership-filings.ts';
import { QuarantineError, type Job } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const F13_FORMS = ['13F-HR', '13F-HR/A', '13F-NT', '13F-NT/A'];

export interface Parsed13f {
  header: SubmissionHeader;
  path: string;
  cover: Form13fCover;
  rows: InfoTableRow[];
  units: UnitDecision;
  /** Text tables only: non-row lines inside the table that were passed over (not totals/footers). */
  skippedText?: SkippedLine[];
}

/** Parses a 13F filing's documents (cover page XML and, for holdings reports, the table XML). */
export function parse13fDocuments(header: SubmissionHeader, path: string, cover: string, table: string | null): Parsed13f {
  const c = parseForm13fCover(cover);
  const rows = table === null ? [] : parseInfoTable(table);
  if (table === null && (c.tableEntryTotal ?? 0) > 0) throw new QuarantineError(`summary page lists ${c.tableEntryTotal} entries but the filing has no information table`);
  return { header, path, cover: c, rows, units: decideUnits(rows, c.tableValueTotal, header.filed) };
}

/**
 * Parses a pre-XML (before 2013) 13F submission: cover facts, summary page and the fixed-width
 * information table are text (see form13f-text.ts). An XML cover page, when the filing has one,
 * is used instead of the text cover. The submission is best given as its bytes: the parser
 * decodes stray windows-1252 bytes (a 0xA0 no-break space between columns) that UTF-8 decoding
 * would turn into U+FFFD, gluing two numbers into one token.
 */
export function parse13fText(header: SubmissionHeader, path: string, submission: Buffer | string, xmlCover: string | null): Parsed13f {
  const t = parseForm13fText(submission);
  // An XML cover page without any table: as before (no rows unless the summary page lists some).
  if (xmlCover !== null && !t.tableFound) return parse13fDocuments(header, path, xmlCover, null);
  const cover = xmlCover !== null ? parseForm13fCover(xmlCover) : coverFromText(t, header);
  if (!t.tableFound && !cover.submissionType.startsWith('13F-NT') && cover.tableEntryTotal !== 0) {
    throw new QuarantineError(`no information table in filing ${header.accession}: neither an XML <informationTable> nor a text table with a NAME OF ISSUER / CUSIP / VALUE header`);
  }
  const rows = t.rows;
  return { header, path, cover, rows, units: decideUnits(rows, cover.tableValueTotal, header.filed), skippedText: t.skipped.filter((s) => s.kind === 'text') };
}

export const f13Job: Job<Parsed13f> = {
  name: '13f',
  description: '13F-HR cover pages and information tables into f13_filings, f13_holdings (USD)',
  schedule: JOB_SCHEDULES['13f'],
  after: ['companies'],
  documents: (ctx) => listFilings(ctx, (f) => F13_FORMS.includes(f), F13_FORMS),
  async parse(source, ctx) {
    const filing = await openFiling(source, ctx);
    const cover = findXml(filing, 'edgarSubmission');
    const table = findXml(filing, 'informationTable');
    // Before 2013 the table (and the cover) is text inside the complete submission .txt.
    if (!table && source.path.endsWith('.txt')) return parse13fText(filing.header, filing.path, source.bytes, cover?.text ?? null);
    if (!cover) throw new QuarantineError(`no 13F cover page XML in filing ${filing.header.accession}`);
    return parse13fDocuments(filing.header, filing.path, cover.text, table?.text ?? null);
  },
  async load(p, ctx, doc) {
    const synthetic = { synthetic: doc.synthetic };
    const acc = p.header.accession;
    const { cover, rows, units } = p;
    const factor = units.unit === 'thousands' ? 1000 : 1;
    for (const table of ['f13_holdings', 'f13_other_managers', 'f13_filings']) await ctx.db.run(`DELETE FROM ${table} WHERE accession = $1`, [acc]);
    const sum = rows.reduce((s, r) => s + r.value, 0);
    let out = await appendRows(ctx.conn, 'f13_filings', [
      [
        acc, cover.cik, cover.managerName, p.header.form, p.header.filed, cover.period, cover.reportType, cover.isAmendment, cover.amendmentNo,
        cover.amendmentType, cover.confidentialOmitted, cover.otherIncludedManagersCount, cover.tableEntryTotal, cover.tableValueTotal,
        units.unit, units.basis, rows.length, sum * factor, p.path, filedBasis(p.header),
      ],
    ], synthetic);
    out += await appendRows(ctx.conn, 'f13_other_managers', cover.otherManagers.map((m) => [acc, m.seq, m.cik, m.fileNumber, m.name]), synthetic);
    out += await appendRows(
      ctx.conn,
      'f13_holdings',
      rows.map((r) => [
        acc, r.row, cover.cik, cover.period, p.header.filed, r.issuer, r.titleOfClass, r.cusip, r.figi, r.value * factor, r.shares, r.shareType,
        r.putCall, r.investmentDiscretion, r.otherManagers, r.voteSole, r.voteShared, r.voteNone,
      ]),
      synthetic,
    );
    // Check the filing against its own summary page.
    if (cover.tableEntryTotal !== null && cover.tableEntryTotal !== rows.length) {
      await ctx.note(p.path, 'entry_total_mismatch', `${acc}: summary page tableEntryTotal ${cover.tableEntryTotal}, information table has ${rows.length} rows`);
    }
    if (cover.tableValueTotal !== null && rows.length > 0) {
      const total = cover.tableValueTotal;
      const tol = Math.max(rows.length, total * 0.0005);
      const ok = Math.abs(sum - total) <= tol || Math.abs(sum - total * 1000) <= tol * 1000 || Math.abs(sum * 1000 - total) <= tol * 1000;
      if (!ok) await ctx.note(p.path, 'value_total_mismatch', `${acc}: summary page tableValueTotal ${total}, rows sum to ${sum} (${units.unit})`);
    }
    if (p.skippedText?.length) {
      const lines = p.skippedText.map((l) => l.line);
      await ctx.note(p.path, 'text_table_lines_skipped', `${acc}: ${lines.length} non-row text line(s) inside the information table passed over (lines ${lines.slice(0, 10).join(', ')}${lines.length > 10 ? ', ...' : ''})`);
    }
    await noteFiledFrom(ctx, p.path, p.header);
    return { rowsIn: rows.length, rowsOut: out, watermark: p.header.filed };
  },
};
