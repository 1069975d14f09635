/**
 * `filings`: each company's submissions JSON (and the older-filings pages it names) -> `filings`
 * and `company_profiles`. A company's main document owns every filing row of its CIK, so a rerun
 * replaces them (delete by cik, append) and changes nothing when the input did not change.
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseSubmissions, parseSubmissionsPage, type SubmissionsDocument } from '../parsers/submissions.ts';
import { companiesWithNewFilings } from './edgar-discovery.ts';
import type { Job, JobContext } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const SUBMISSIONS_DIR = 'data.sec.gov/submissions';

const cikFile = (cik: number): string => `CIK${String(cik).padStart(10, '0')}.json`;

/** Main documents only; the older pages (`CIK...-submissions-NNN.json`) are read from them. */
export async function submissionsDocuments(ctx: JobContext): Promise<string[]> {
  const listed = await ctx.source.list(SUBMISSIONS_DIR);
  if (listed !== null) return listed.filter((p) => /\/CIK\d{10}\.json$/.test(p));
  // Live and incremental: only companies never loaded or with any new filing in the index.
  if (ctx.incremental) return (await companiesWithNewFilings(ctx, `${SUBMISSIONS_DIR}/`, null)).map((cik) => `${SUBMISSIONS_DIR}/${cikFile(cik)}`);
  const rows = await ctx.db.all<{ cik: number }>('SELECT DISTINCT cik FROM companies ORDER BY cik');
  return rows.map((r) => `${SUBMISSIONS_DIR}/${cikFile(r.cik)}`);
}

interface ParsedSubmissions extends SubmissionsDocument {
  missingPages: string[];
}

export const filingsJob: Job<ParsedSubmissions> = {
  name: 'filings',
  description: 'SEC submissions JSON (with older-filings pages) into filings and company_profiles',
  schedule: JOB_SCHEDULES['filings'],
  after: ['companies'],
  documents: submissionsDocuments,
  async parse(doc, ctx) {
    const parsed = parseSubmissions(JSON.parse(doc.bytes.toString('utf8')));
    const missingPages: string[] = [];
    const seen = new Set(parsed.filings.map((f) => f.accession));
    for (const page of parsed.pages) {
      const pagePath = `${SUBMISSIONS_DIR}/${page}`;
      const pageDoc = await ctx.source.get(pagePath);
      if (!pageDoc) {
        // The page is history the source does not have: keep what we have and say so in the ledger.
        missingPages.push(pagePath);
        continue;
      }
      for (const f of parseSubmissionsPage(JSON.parse(pageDoc.bytes.toString('utf8')))) {
        if (seen.has(f.accession)) continue;
        seen.add(f.accession);
        parsed.filings.push(f);
      }
    }
    return { ...parsed, missingPages };
  },
  async load(parsed, ctx, doc) {
    const { profile, filings } = parsed;
    for (const p of parsed.missingPages) await ctx.note(doc.path, 'missing-page', `older-filings page ${p} is not available at the source`);
    await ctx.db.run('DELETE FROM filings WHERE cik = $1', [profile.cik]);
    await ctx.db.run('DELETE FROM company_profiles WHERE cik = $1', [profile.cik]);
    const rowsOut = await appendRows(
      ctx.conn,
      'filings',
      filings.map((f) => [
        profile.cik,
        f.accession,
        f.form,
        f.filingDate,
        f.acceptanceTime,
        f.reportDate,
        f.primaryDocument,
        f.primaryDocDescription,
        f.items,
        f.act,
        f.fileNumber,
        f.filmNumber,
        f.size,
        f.isXbrl,
        f.isInlineXbrl,
      ]),
    );
    await appendRows(ctx.conn, 'company_profiles', [
      [
        profile.cik,
        profile.name,
        profile.entityType,
        profile.sicCode,
        profile.sicDescription,
        profile.sector,
        profile.industry,
        profile.fiscalYearEnd,
        profile.stateOfIncorporation,
        profile.category,
        profile.ein,
        JSON.stringify(profile.tickers),
        JSON.stringify(profile.exchanges),
        JSON.stringify(profile.formerNames),
        filings.length,
        parsed.missingPages.length,
      ],
    ]);
    const newest = filings.reduce<string | undefined>((m, f) => (!m || f.filingDate > m ? f.filingDate : m), undefined);
    return { rowsIn: filings.length + 1, rowsOut: rowsOut + 1, watermark: newest };
  },
};
