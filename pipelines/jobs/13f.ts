/**
 * `13f`: 13F-HR, 13F-HR/A and 13F-NT filings -> `f13_filings`, `f13_other_managers`,
 * `f13_holdings` (values stored in US dollars).
 *
 * Units are decided per filing (see `decideUnits`) and recorded with how they were decided. Each
 * filing is checked against its own summary page (`tableEntryTotal`, `tableValueTotal`); a
 * mismatch is recorded in the run ledger (`pipeline_notes`), never hidden. Amendments are stored
 * as filed; which rows count for a quarter (RESTATEMENT replaces, NEW HOLDINGS adds) is decided at
 * query time as of a date (warehouse/queries/institutions.ts), so point in time holds.
 */
import { appendRows } from '../../warehouse/load.ts';
import { decideUnits, parseForm13fCover, parseInfoTable, type Form13fCover, type InfoTableRow, type UnitDecision } from '../parsers/form13f.ts';
import type { SubmissionHeader } from '../parsers/edgar-submission-txt.ts';
import { findXml, listFilings, openFiling } from './ownership-filings.ts';
import { QuarantineError, type Job } from './interface.ts';

export const F13_FORMS = ['13F-HR', '13F-HR/A', '13F-NT', '13F-NT/A'];

export interface Parsed13f {
  header: SubmissionHeader;
  path: string;
  cover: Form13fCover;
  rows: InfoTableRow[];
  units: UnitDecision;
}

/** Parses a 13F filing's documents (cover page XML and, for holdings reports, the table XML). */
export function parse13fDocuments(header: SubmissionHeader, path: string, cover: string, table: string | null): Parsed13f {
  const c = parseForm13fCover(cover);
  const rows = table === null ? [] : parseInfoTable(table);
  if (table === null && (c.tableEntryTotal ?? 0) > 0) throw new QuarantineError(`summary page lists ${c.tableEntryTotal} entries but the filing has no information table`);
  return { header, path, cover: c, rows, units: decideUnits(rows, c.tableValueTotal, header.filed) };
}

export const f13Job: Job<Parsed13f> = {
  name: '13f',
  description: '13F-HR cover pages and information tables into f13_filings, f13_holdings (USD)',
  schedule: '0 */2 * * *',
  after: ['companies'],
  documents: (ctx) => listFilings(ctx, (f) => F13_FORMS.includes(f), F13_FORMS),
  async parse(source, ctx) {
    const filing = await openFiling(source, ctx);
    const cover = findXml(filing, 'edgarSubmission');
    if (!cover) throw new QuarantineError(`no 13F cover page XML in filing ${filing.header.accession}`);
    const table = findXml(filing, 'informationTable');
    return parse13fDocuments(filing.header, filing.path, cover.text, table?.text ?? null);
  },
  async load(p, ctx) {
    const acc = p.header.accession;
    const { cover, rows, units } = p;
    const factor = units.unit === 'thousands' ? 1000 : 1;
    for (const table of ['f13_holdings', 'f13_other_managers', 'f13_filings']) await ctx.db.run(`DELETE FROM ${table} WHERE accession = $1`, [acc]);
    const sum = rows.reduce((s, r) => s + r.value, 0);
    let out = await appendRows(ctx.conn, 'f13_filings', [
      [
        acc, cover.cik, cover.managerName, p.header.form, p.header.filed, cover.period, cover.reportType, cover.isAmendment, cover.amendmentNo,
        cover.amendmentType, cover.confidentialOmitted, cover.otherIncludedManagersCount, cover.tableEntryTotal, cover.tableValueTotal,
        units.unit, units.basis, rows.length, sum * factor, p.path,
      ],
    ]);
    out += await appendRows(ctx.conn, 'f13_other_managers', cover.otherManagers.map((m) => [acc, m.seq, m.cik, m.fileNumber, m.name]));
    out += await appendRows(
      ctx.conn,
      'f13_holdings',
      rows.map((r) => [
        acc, r.row, cover.cik, cover.period, p.header.filed, r.issuer, r.titleOfClass, r.cusip, r.figi, r.value * factor, r.shares, r.shareType,
        r.putCall, r.investmentDiscretion, r.otherManagers, r.voteSole, r.voteShared, r.voteNone,
      ]),
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
    return { rowsIn: rows.length, rowsOut: out, watermark: p.header.filed };
  },
};
