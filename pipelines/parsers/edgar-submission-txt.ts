/**
 * EDGAR submission envelopes:
 * - the complete submission text file `<accession>.txt`: `<SEC-DOCUMENT>` + `<SEC-HEADER>` with
 *   `KEY:<tab>value` lines (ACCESSION NUMBER, CONFORMED SUBMISSION TYPE, FILED AS OF DATE ...),
 *   then `<DOCUMENT>` blocks (`<TYPE>`, `<SEQUENCE>`, `<FILENAME>`, `<TEXT>`), XML inside `<XML>`;
 * - the header file `<accession>.hdr.sgml` and `.nc` dissemination files: tag-style header
 *   (`<ACCESSION-NUMBER>`, `<TYPE>`, `<FILING-DATE>`, `<PERIOD>`, `<CIK>` ...), one tag per line or
 *   none between tags.
 * Both give a filing's form type and filing date, which the XML documents themselves lack.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { cikNumber, yyyymmdd } from './values.ts';
import { xmlText } from './sec-xml.ts';

export interface SubmissionHeader {
  accession: string;
  form: string;
  /** `YYYY-MM-DD`. */
  filed: string;
  /** `YYYY-MM-DD` or null. */
  period: string | null;
  /** Acceptance time `YYYY-MM-DD HH:MM:SS` (US Eastern, as EDGAR stamps it) or null. */
  accepted: string | null;
  /** Filer / subject / reporting-owner CIKs in header order. */
  ciks: number[];
  /** Company names in header order. */
  names: string[];
  /**
   * Where `filed` comes from: the EDGAR header (`.txt`, `.nc`, `.hdr.sgml`; the default when
   * absent), the filer's submissions JSON, or, for a filing bundled without either, the signature
   * date in the document itself (the day it was signed, on or before the day it was filed).
   */
  filedFrom?: 'header' | 'submissions' | 'signature';
}

export interface SubmissionDocument {
  type: string;
  sequence: number | null;
  filename: string | null;
  description: string | null;
  /** The document body: the content of `<XML>` when present, else of `<TEXT>`. */
  text: string;
  isXml: boolean;
}

export interface Submission {
  header: SubmissionHeader;
  documents: SubmissionDocument[];
}


/** `YYYYMMDDhhmmss` -> `YYYY-MM-DD hh:mm:ss`; null when it is not a day and a time of day. */
function acceptance(s: string): string | null {
  const m = /^(\d{8})([01]\d|2[0-3])([0-5]\d)([0-5]\d)$/.exec(s);
  const day = m ? yyyymmdd(m[1]) : null;
  return day ? `${day} ${m![2]}:${m![3]}:${m![4]}` : null;
}

/** Parses either header style from the text before the first `<DOCUMENT>`. */
export function parseSubmissionHeader(text: string): SubmissionHeader {
  const end = text.indexOf('<DOCUMENT>');
  const head = end >= 0 ? text.slice(0, end) : text;
  const kv = new Map<string, string[]>();
  const put = (k: string, v: string): void => {
    const key = k.trim().toUpperCase().replace(/[\s_]+/g, '-');
    const val = v.trim();
    if (!val) return;
    const list = kv.get(key);
    if (list) list.push(val);
    else kv.set(key, [val]);
  };
  // Tag style: `<TAG>value` (value up to the next `<` or end of line).
  for (const m of head.matchAll(/<([A-Z][A-Z0-9-]*)>([^<\r\n]*)/g)) put(m[1]!, m[2]!);
  // Text style: `KEY:<tabs>value` lines.
  for (const m of head.matchAll(/^[ \t]*([A-Z][A-Z0-9 ]*[A-Z0-9]):[ \t]*([^\r\n]*)$/gm)) put(m[1]!, m[2]!);
  const first = (...keys: string[]): string | undefined => {
    for (const k of keys) {
      const v = kv.get(k)?.[0];
      if (v) return v;
    }
    return undefined;
  };
  const accession = first('ACCESSION-NUMBER');
  const form = first('CONFORMED-SUBMISSION-TYPE', 'TYPE');
  const filed = yyyymmdd(first('FILED-AS-OF-DATE', 'FILING-DATE'));
  if (!accession || !/^\d{10}-\d{2}-\d{6}$/.test(accession)) throw new QuarantineError('submission header has no accession number');
  if (!form) throw new QuarantineError('submission header has no form type');
  if (!filed) throw new QuarantineError('submission header has no filing date');
  const acc = first('ACCEPTANCE-DATETIME');
  const accepted = acc ? acceptance(acc) : null;
  const ciks = [...(kv.get('CENTRAL-INDEX-KEY') ?? []), ...(kv.get('CIK') ?? [])].map(cikNumber).filter((n): n is number => n !== null);
  const names = [...(kv.get('COMPANY-CONFORMED-NAME') ?? []), ...(kv.get('CONFORMED-NAME') ?? [])];
  return { accession, form, filed, period: yyyymmdd(first('CONFORMED-PERIOD-OF-REPORT', 'PERIOD')), accepted, ciks: [...new Set(ciks)], names };
}

/**
 * Splits a complete submission `.txt` into its header and documents. Bytes are split as Latin-1 (one
 * character per byte, so every offset in the text is the same offset in the bytes: the envelope's
 * markup is ASCII), and each part is decoded from its own bytes by `xmlText`: an XML document by the
 * encoding its declaration names (filer software still writes ISO-8859-1 and windows-1252 XML,
 * sec-xml.ts), anything else as UTF-8. Decoding the whole file as UTF-8 first turned every Latin-1
 * byte of such a document into U+FFFD before its declaration could be read.
 */
export function parseSubmissionTxt(input: Buffer | string): Submission {
  const bytes = typeof input === 'string' ? null : input;
  const text = bytes ? bytes.toString('latin1') : (input as string);
  /** The text of `text.slice(start, end)`, decoded from its own bytes when the input was bytes. */
  const decoded = (start: number, end: number): string => (bytes ? xmlText(bytes.subarray(start, end)) : text.slice(start, end));
  const firstDocument = text.indexOf('<DOCUMENT>');
  const header = parseSubmissionHeader(decoded(0, firstDocument >= 0 ? firstDocument : text.length));
  const documents: SubmissionDocument[] = [];
  // A truncated file (an interrupted download, a cut-off feed member) must not pass for a
  // filing with fewer documents: every envelope and document that opens has to close.
  for (const [open, close] of [['<SEC-DOCUMENT>', '</SEC-DOCUMENT>'], ['<SUBMISSION>', '</SUBMISSION>']] as const) {
    if (text.includes(open) && !text.includes(close)) throw new QuarantineError(`truncated submission: ${open} without ${close}`);
  }
  if (text.lastIndexOf('<DOCUMENT>') > text.lastIndexOf('</DOCUMENT>')) throw new QuarantineError('truncated submission: the last <DOCUMENT> has no </DOCUMENT>');
  const re = /<DOCUMENT>([\s\S]*?)<\/DOCUMENT>/dg;
  for (const m of text.matchAll(re)) {
    const block = m[1]!;
    const blockStart = m.indices![1]![0];
    for (const t of ['XML', 'TEXT']) {
      if (block.includes(`<${t}>`) && !block.includes(`</${t}>`)) throw new QuarantineError(`document ${documents.length + 1}: <${t}> without </${t}>`);
    }
    const tag = (name: string): string | null => {
      const t = new RegExp(`<${name}>([^<\\r\\n]*)`, 'd').exec(block);
      return t ? decoded(blockStart + t.indices![1]![0], blockStart + t.indices![1]![1]).trim() || null : null;
    };
    const xml = /<XML>([\s\S]*?)<\/XML>/d.exec(block);
    const part = xml ?? /<TEXT>([\s\S]*?)<\/TEXT>/d.exec(block);
    const body = part ? decoded(blockStart + part.indices![1]![0], blockStart + part.indices![1]![1]).trimStart() : '';
    const seq = tag('SEQUENCE');
    documents.push({
      type: tag('TYPE') ?? '',
      sequence: seq && /^\d+$/.test(seq) ? Number(seq) : null,
      filename: tag('FILENAME'),
      description: tag('DESCRIPTION'),
      text: body,
      isXml: xml !== null || body.startsWith('<?xml'),
    });
  }
  return { header, documents };
}

/** `0001894188-23-000007` -> `000189418823000007`. */
export const accessionFolder = (accession: string): string => accession.replace(/-/g, '');

/** `000189418823000007` -> `0001894188-23-000007`. */
export function accessionFromFolder(folder: string): string | null {
  return /^\d{18}$/.test(folder) ? `${folder.slice(0, 10)}-${folder.slice(10, 12)}-${folder.slice(12)}` : null;
}
