/**
 * Finding and opening EDGAR filings for the ownership jobs (insiders, 13f, nport).
 *
 * A filing is one accession folder `www.sec.gov/Archives/edgar/data/<cik>/<accession-no-dashes>/`.
 * Its document key is either the complete submission text file `<accession>.txt` (everything in
 * one fetch: the header with form type and filing date, and every document) or, in a mirror laid
 * out file by file, the header file `<accession>.hdr.sgml` next to the XML documents.
 *
 * - mirror source: list the Archives folder, prefer `.txt`, else `.hdr.sgml`, and keep the
 *   filings whose header form the job wants;
 * - edgar source (cannot list): read the `filings` table of the `filings` job (issue 3: every
 *   filing in the submissions JSON of the companies in the company list) and fetch each wanted
 *   filing's `.txt`. Without that table the job has nothing to do and says so in the log.
 */
import { QuarantineError, type JobContext } from './interface.ts';
import type { SourceDocument } from '../sources/index.ts';
import { accessionFolder, parseSubmissionHeader, parseSubmissionTxt, type SubmissionHeader } from '../parsers/edgar-submission-txt.ts';

export const ARCHIVES = 'www.sec.gov/Archives/edgar/data';

export interface FilingDocument {
  filename: string;
  type: string | null;
  text: string;
}

export interface Filing {
  header: SubmissionHeader;
  /** The document key the job was given. */
  path: string;
  documents: FilingDocument[];
}

/** Document keys of filings whose form satisfies `wanted`, oldest filing first. */
export async function listFilings(ctx: JobContext, wanted: (form: string) => boolean, forms: string[]): Promise<string[]> {
  const listed = await ctx.source.list(ARCHIVES);
  if (listed === null) return fromFilingsTable(ctx, forms);
  const folders = new Map<string, string[]>();
  for (const key of listed) {
    const folder = key.slice(0, key.lastIndexOf('/'));
    const list = folders.get(folder) ?? [];
    list.push(key);
    folders.set(folder, list);
  }
  const found: { key: string; filed: string; accession: string }[] = [];
  for (const [folder, files] of folders) {
    const acc18 = folder.slice(folder.lastIndexOf('/') + 1);
    if (!/^\d{18}$/.test(acc18)) continue;
    const dashed = `${acc18.slice(0, 10)}-${acc18.slice(10, 12)}-${acc18.slice(12)}`;
    const key = files.find((f) => f.endsWith(`/${dashed}.txt`)) ?? files.find((f) => f.endsWith(`/${dashed}.hdr.sgml`));
    if (!key) continue;
    const doc = await ctx.source.get(key);
    if (!doc) continue;
    // The header is at the top; a .txt can be large, so read only its head.
    let header: SubmissionHeader;
    try {
      header = parseSubmissionHeader(doc.bytes.subarray(0, 64 * 1024).toString('utf8'));
    } catch {
      found.push({ key, filed: '', accession: dashed }); // let parse quarantine it with the reason
      continue;
    }
    if (!wanted(header.form)) continue;
    if (ctx.since && header.filed < ctx.since) continue;
    found.push({ key, filed: header.filed, accession: header.accession });
  }
  return found.sort((a, b) => a.filed.localeCompare(b.filed) || a.accession.localeCompare(b.accession)).map((f) => f.key);
}

async function fromFilingsTable(ctx: JobContext, forms: string[]): Promise<string[]> {
  const exists = await ctx.db.all<{ n: number }>("SELECT count(*) AS n FROM information_schema.tables WHERE table_name = 'filings'");
  if (!exists[0]?.n) {
    ctx.log('the edgar source cannot list folders and there is no filings table: run the filings job first');
    return [];
  }
  const rows = await ctx.db.all<{ cik: number; accession: string }>(
    `SELECT accession, min(cik) AS cik, min(filing_date) AS filed FROM filings
     WHERE form IN (SELECT unnest($forms::VARCHAR[])) AND ($since IS NULL OR filing_date >= $since::DATE)
     GROUP BY accession ORDER BY filed, accession`,
    { forms, since: ctx.since ?? null },
  );
  return rows.map((r) => `${ARCHIVES}/${r.cik}/${accessionFolder(r.accession)}/${r.accession}.txt`);
}

/** Opens a filing from its document key: splits a `.txt`, or reads the XML files beside a header. */
export async function openFiling(doc: SourceDocument, ctx: JobContext): Promise<Filing> {
  if (doc.path.endsWith('.txt')) {
    const sub = parseSubmissionTxt(doc.bytes);
    return {
      header: sub.header,
      path: doc.path,
      documents: sub.documents.filter((d) => d.isXml).map((d) => ({ filename: d.filename ?? `${d.sequence ?? ''}.xml`, type: d.type || null, text: d.text })),
    };
  }
  if (!doc.path.endsWith('.hdr.sgml')) throw new QuarantineError(`not a filing envelope (.txt or .hdr.sgml): ${doc.path}`);
  const header = parseSubmissionHeader(doc.bytes.toString('utf8'));
  const folder = doc.path.slice(0, doc.path.lastIndexOf('/'));
  const listed = await ctx.source.list(folder);
  if (listed === null) throw new QuarantineError('cannot list the filing folder at this source; use the .txt submission');
  const documents: FilingDocument[] = [];
  for (const key of listed.filter((k) => k.toLowerCase().endsWith('.xml')).sort()) {
    const file = await ctx.source.get(key);
    if (file) documents.push({ filename: key.slice(key.lastIndexOf('/') + 1), type: null, text: file.bytes.toString('utf8') });
  }
  return { header, path: doc.path, documents };
}

/** The first document whose root element is `<root>` (namespace prefixes allowed). */
export function findXml(filing: Filing, root: string): FilingDocument | undefined {
  const re = new RegExp(`<(?:[A-Za-z0-9_]+:)?${root}[\\s>]`);
  return filing.documents.find((d) => re.test(d.text.slice(0, 4096)));
}
