/**
 * Finding and opening EDGAR filings for the ownership jobs (insiders, 13f, nport).
 *
 * A filing is one accession folder `www.sec.gov/Archives/edgar/data/<cik>/<accession-no-dashes>/`.
 * Its document key is either the complete submission text file `<accession>.txt` (everything in
 * one fetch: the header with form type and filing date, and every document) or, in a mirror laid
 * out file by file, the header file `<accession>.hdr.sgml` next to the XML documents.
 *
 * - mirror source: list the Archives folder, prefer `.txt`, else `.nc` (the dissemination file,
 *   same header and documents), else `.hdr.sgml`, and keep the filings whose header form the job
 *   wants. A folder holding only the XML documents (a filing bundled without its envelope) is a
 *   "bare" filing: its form is the one the document states (`documentType`, `submissionType`),
 *   and its filing date comes from the filer's submissions JSON at the same source when that lists
 *   the accession, else from the signature date in the document (`filedFrom` says which; the jobs
 *   note a signature date in the run ledger). A bare folder not named by an accession number
 *   (`unknown-accession-...`: the document was published without it) keeps that folder name as
 *   its identity;
 * - live source (cannot list): discover filings through the EDGAR daily index (edgar-discovery.ts:
 *   every filing of the wanted forms, whoever filed it, ticker or not) and fetch each wanted
 *   filing's `.txt` that this job has not loaded yet (`pipeline_documents`).
 */
import { quarterOf } from '../parsers/edgar-index.ts';
import { discoverDaily, readFullIndex } from './edgar-discovery.ts';
import { QuarantineError, type JobContext } from './interface.ts';
import type { SourceDocument } from '../sources/index.ts';
import { accessionFolder, parseSubmissionHeader, parseSubmissionTxt, type SubmissionHeader } from '../parsers/edgar-submission-txt.ts';
import { parseFilingColumns, type FilingRecord } from '../parsers/submissions.ts';
import { isoDate, xmlText } from '../parsers/sec-xml.ts';
import type { FiledBasisValue } from '../../schema/provenance.ts';

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
    const accession = accessionOfFolder(acc18);
    if (!accession) continue;
    const envelope = /^\d{18}$/.test(acc18)
      ? (['.txt', '.nc', '.hdr.sgml'].map((ext) => files.find((f) => f.endsWith(`/${accession}${ext}`))).find(Boolean) ?? null)
      : null;
    let key: string;
    let header: SubmissionHeader;
    if (envelope) {
      key = envelope;
      const doc = await ctx.source.get(key);
      if (!doc) continue;
      // The header is at the top; a .txt can be large, so read only its head.
      try {
        header = parseSubmissionHeader(doc.bytes.subarray(0, 64 * 1024).toString('utf8'));
      } catch {
        found.push({ key, filed: '', accession }); // let parse quarantine it with the reason
        continue;
      }
    } else {
      const xmls = files.filter((f) => f.toLowerCase().endsWith('.xml')).sort();
      if (!xmls.length) continue;
      const documents = await readDocuments(ctx, xmls);
      const primary = primaryDocument(documents);
      if (!primary) {
        // A file named .xml that holds no XML (an error page, a garbled or cut download) is where
        // a filing's document should be: quarantined with the reason (`bareHeader`), not skipped
        // unseen as a folder of other XML (an annual report's XBRL) is.
        // Only a folder with no XML at all: one holding an annual report's XBRL beside a garbled
        // file is not one of these filings.
        const broken = documents.length > 0 && documents.every((d) => !looksLikeXml(d.text)) ? documents[0] : undefined;
        if (broken) found.push({ key: `${folder}/${broken.filename}`, filed: '', accession });
        continue;
      }
      key = `${folder}/${primary.filename}`;
      try {
        header = await bareHeader(folder, documents, submissionsLookup(ctx));
      } catch {
        found.push({ key, filed: '', accession });
        continue;
      }
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
  let missing: string[] = [];
  if (period) {
    const q = (d: string) => ({ year: Number(d.slice(0, 4)), quarter: quarterOf(d) });
    missing = await readFullIndex(ctx, q(period.from), q(period.to));
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
  // A quarter whose full index the source lacks is listed too: fetched again and not found, it is
  // quarantined as such and the run ends partial (readFullIndex).
  return [...rows.map((r) => filingKey(r.cik, r.accession)), ...missing];
}

/** Opens a filing from its document key: splits a `.txt`, or reads the XML files beside a header. */
export async function openFiling(doc: SourceDocument, ctx: JobContext): Promise<Filing> {
  if (doc.path.endsWith('.txt') || doc.path.endsWith('.nc')) {
    const sub = parseSubmissionTxt(doc.bytes);
    return {
      header: sub.header,
      path: doc.path,
      documents: sub.documents.filter((d) => d.isXml).map((d) => ({ filename: d.filename ?? `${d.sequence ?? ''}.xml`, type: d.type || null, text: d.text })),
    };
  }
  const bare = doc.path.toLowerCase().endsWith('.xml');
  if (!bare && !doc.path.endsWith('.hdr.sgml')) throw new QuarantineError(`not a filing envelope (.txt, .nc or .hdr.sgml) nor a filing's XML document: ${doc.path}`);
  const folder = doc.path.slice(0, doc.path.lastIndexOf('/'));
  const listed = await ctx.source.list(folder);
  if (listed === null) throw new QuarantineError('cannot list the filing folder at this source; use the .txt submission');
  const documents = await readDocuments(ctx, listed.filter((k) => k.toLowerCase().endsWith('.xml')).sort());
  const header = bare ? await bareHeader(folder, documents, submissionsLookup(ctx)) : parseSubmissionHeader(doc.bytes.toString('utf8'));
  return { header, path: doc.path, documents };
}

async function readDocuments(ctx: JobContext, keys: string[]): Promise<FilingDocument[]> {
  const documents: FilingDocument[] = [];
  for (const key of keys) {
    const file = await ctx.source.get(key);
    // Decoded as every SEC XML document is (UTF-16 and windows-1252 filings among them).
    if (file) documents.push({ filename: key.slice(key.lastIndexOf('/') + 1), type: null, text: xmlText(file.bytes) });
  }
  return documents;
}

/** `000189418823000007` -> `0001894188-23-000007`; an `unknown-accession-...` folder keeps its name; else null. */
export function accessionOfFolder(name: string): string | null {
  if (/^\d{18}$/.test(name)) return `${name.slice(0, 10)}-${name.slice(10, 12)}-${name.slice(12)}`;
  return /^unknown-accession-[A-Za-z0-9-]+$/.test(name) ? name : null;
}

/** Finds the filings a CIK's submissions JSON lists (recent page and older pages); null when the source has none. */
export type SubmissionsLookup = (cik: number) => Promise<FilingRecord[] | null>;

/** Reads `data.sec.gov/submissions/CIK##########.json` and the older pages it names from the job's source. */
export function submissionsLookup(ctx: Pick<JobContext, 'source'>): SubmissionsLookup {
  const cache = new Map<number, Promise<FilingRecord[] | null>>();
  const read = async (cik: number): Promise<FilingRecord[] | null> => {
    const doc = await ctx.source.get(`data.sec.gov/submissions/CIK${String(cik).padStart(10, '0')}.json`);
    if (!doc) return null;
    try {
      const json = JSON.parse(doc.bytes.toString('utf8')) as { filings?: { recent?: unknown; files?: { name?: string }[] } };
      const out = parseFilingColumns(json.filings?.recent);
      for (const page of json.filings?.files ?? []) {
        const more = page.name ? await ctx.source.get(`data.sec.gov/submissions/${page.name}`) : null;
        if (more) out.push(...parseFilingColumns(JSON.parse(more.bytes.toString('utf8'))));
      }
      return out;
    } catch {
      return null;
    }
  };
  return (cik) => {
    let p = cache.get(cik);
    if (!p) cache.set(cik, (p = read(cik)));
    return p;
  };
}

const ROOT = (name: string): RegExp => new RegExp(`<(?:[A-Za-z0-9_]+:)?${name}[\\s>]`);
const tagText = (text: string, name: string): string | null => {
  const m = new RegExp(`<(?:[A-Za-z0-9_]+:)?${name}>\\s*([^<]*?)\\s*</`).exec(text);
  return m ? m[1]! : null;
};

/** Text that could be an XML document: markup after any BOM and blanks, and not an HTML page. */
function looksLikeXml(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart().slice(0, 64);
  return head.startsWith('<') && !/^<(?:!doctype\s+html|html)[\s>]/i.test(head);
}

/** The filing's primary document: the ownership document, else the 13F / N-PORT `edgarSubmission`. */
function primaryDocument(documents: FilingDocument[]): FilingDocument | undefined {
  const head = (d: FilingDocument): string => d.text.slice(0, 4096);
  return documents.find((d) => ROOT('ownershipDocument').test(head(d))) ?? documents.find((d) => ROOT('edgarSubmission').test(head(d)));
}

/**
 * The header of a filing bundled without its envelope (see the file comment): form and period
 * from the primary document, filing date from the filer's submissions JSON (the folder's CIK, then
 * the CIKs the document names) when it lists the accession, else the document's signature date.
 */
export async function bareHeader(folder: string, documents: FilingDocument[], lookup: SubmissionsLookup): Promise<SubmissionHeader> {
  const name = folder.slice(folder.lastIndexOf('/') + 1);
  const accession = accessionOfFolder(name);
  if (!accession) throw new QuarantineError(`not an accession folder: ${folder}`);
  const primary = primaryDocument(documents);
  if (!primary) {
    const broken = documents.find((d) => !looksLikeXml(d.text));
    throw new QuarantineError(broken ? `${folder}/${broken.filename} is not an XML document (an error page, or a garbled or cut download?)` : `no ownership, 13F or N-PORT XML document in ${folder}`);
  }
  const t = primary.text;
  const ownership = ROOT('ownershipDocument').test(t.slice(0, 4096));
  // Cut short (a truncated download): said so, not as the dates it lost.
  const root = ownership ? 'ownershipDocument' : 'edgarSubmission';
  if (!new RegExp(`</(?:[A-Za-z0-9_]+:)?${root}\\s*>`).test(t.slice(-4096))) throw new QuarantineError(`${folder}/${primary.filename} is cut short: no closing </${root}>`);
  const form = (ownership ? tagText(t, 'documentType') : tagText(t, 'submissionType'))?.trim();
  if (!form) throw new QuarantineError(`${folder}: the document states no form type`);
  const period = isoDate(tagText(t, 'periodOfReport')) ?? isoDate(tagText(t, 'reportCalendarOrQuarter')) ?? isoDate(tagText(t, 'repPdDate'));
  const docCiks = [...t.matchAll(/<(?:[A-Za-z0-9_]+:)?(?:issuerCik|rptOwnerCik|cik|regCik)>\s*0*(\d+)\s*</g)].map((m) => Number(m[1]));
  const folderCik = Number(/\/data\/(\d+)\/[^/]+$/.exec(folder)?.[1]);
  const ciks = [...new Set([folderCik, ...docCiks].filter((n) => Number.isInteger(n) && n > 0))];
  const names = [tagText(t, 'issuerName'), tagText(t, 'regName'), tagText(t, 'name')].filter((n): n is string => !!n);
  if (/^\d{10}-\d{2}-\d{6}$/.test(accession)) {
    for (const cik of ciks) {
      const record = (await lookup(cik))?.find((r) => r.accession === accession);
      if (record) {
        return { accession, form: record.form, filed: record.filingDate, period: record.reportDate ?? period, accepted: record.acceptanceTime, ciks, names, filedFrom: 'submissions' };
      }
    }
  }
  const signed = isoDate(tagText(t, 'signatureDate')) ?? isoDate(tagText(t, 'dateSigned'));
  if (!signed) throw new QuarantineError(`${folder}: no filing date (no submissions JSON lists ${accession}, and the document has no signature date)`);
  return { accession, form, filed: signed, period, accepted: null, ciks, names, filedFrom: 'signature' };
}

/** The first document whose root element is `<root>` (namespace prefixes allowed). */
export function findXml(filing: Filing, root: string): FilingDocument | undefined {
  const re = new RegExp(`<(?:[A-Za-z0-9_]+:)?${root}[\\s>]`);
  return filing.documents.find((d) => re.test(d.text.slice(0, 4096)));
}

/**
 * How the filing date of `header` is known, as stored in `filed_basis` (migration 0620): `signature`
 * when it is the document's signature date (a bare filing no submissions JSON lists), else `edgar`
 * (the envelope's header or the filer's submissions JSON).
 */
export function filedBasis(header: SubmissionHeader): FiledBasisValue {
  return header.filedFrom === 'signature' ? 'signature' : 'edgar';
}

/** Records in the run ledger that a filing's date is its signature date (no header or submissions JSON gave it). */
export async function noteFiledFrom(ctx: JobContext, path: string, header: SubmissionHeader): Promise<void> {
  if (header.filedFrom !== 'signature') return;
  await ctx.note(path, 'filed_from_signature', `${header.accession}: bundled without its EDGAR header and not listed in a submissions JSON here; filing date ${header.filed} is the signature date in the document`);
}
