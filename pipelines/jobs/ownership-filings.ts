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
 * - live source (cannot list): discover filings through the EDGAR daily index (edgar-discovery.ts:
 *   every filing of the wanted forms, whoever filed it, ticker or not) and fetch each wanted
 *   filing's `.txt` that this job has not loaded yet (`pipeline_documents`).
 */
import { quarterOf } from '../parsers/edgar-index.ts';
import { discoverDaily, readFullIndex } from './edgar-discovery.ts';
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
  if (listed === null) return fromIndex(ctx, forms);
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

/** The filing's complete submission text file: `<Archives>/<cik>/<accession, no dashes>/<accession>.txt`. */
export const filingKey = (cik: number | string, accession: string): string => `${ARCHIVES}/${cik}/${accessionFolder(accession)}/${accession}.txt`;

/** Filings of `forms` the index listed and this job has not loaded (nor refused) yet, oldest first. */
async function fromIndex(ctx: JobContext, forms: string[]): Promise<string[]> {
  const period = ctx.backfill;
  if (period) {
    const q = (d: string) => ({ year: Number(d.slice(0, 4)), quarter: quarterOf(d) });
    await readFullIndex(ctx, q(period.from), q(period.to));
  } else await discoverDaily(ctx);
  const rows = await ctx.db.all<{ cik: number; accession: string }>(
    `WITH wanted AS (
       SELECT accession, min(cik) AS cik, min(filed) AS filed FROM edgar_index
       WHERE form IN (SELECT unnest($forms::VARCHAR[])) AND ($since IS NULL OR filed >= $since::DATE) AND ($until IS NULL OR filed <= $until::DATE)
       GROUP BY accession)
     SELECT w.accession, w.cik FROM wanted w
     WHERE NOT EXISTS (
       SELECT 1 FROM pipeline_documents d
       WHERE d.job = $job AND d.doc_path = '${ARCHIVES}/' || w.cik || '/' || replace(w.accession, '-', '') || '/' || w.accession || '.txt')
     ORDER BY w.filed, w.accession`,
    { forms, since: period?.from ?? ctx.since ?? null, until: period?.to ?? null, job: ctx.job ?? '' },
  );
  return rows.map((r) => filingKey(r.cik, r.accession));
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
