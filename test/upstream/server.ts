/**
 * A local imitation of the public upstreams (EDGAR www + data hosts, Treasury, FRED/ALFRED, a feed
 * host, a price provider, FDIC BankFind, USAspending), for tests that must never touch the network.
 *
 * Requests arrive as `/<host>/<path>?<query>` (the live source's `ALMANAC_UPSTREAMS={"*": url}`
 * re-points every host there). Files are served from `roots`: folders laid out by URL path
 * (`/work/shared/data/corpus`, `pipelines/sample`), recorded real responses, plus what a test
 * `put`s (e.g. generated daily-index files, see edgar-index.ts). The few upstreams that answer at a
 * query URL are routed to the file-like key the live source lands them under:
 *
 * - `fred.stlouisfed.org/graph/fredgraph.csv?id=X` -> `fred.stlouisfed.org/series/X.csv`
 * - `api.stlouisfed.org/fred/series/observations?series_id=X&api_key=K` -> the FRED API's JSON,
 *   generated from the ALFRED-style CSV `fred.stlouisfed.org/vintages/X.csv` (400 without api_key)
 * - `home.treasury.gov/resource-center/.../pages/xml?data=daily_treasury_yield_curve&field_tdr_date_value_month=YYYYMM`
 *   -> `home.treasury.gov/daily_treasury_yield_curve/YYYYMM.xml`, else the year's file cut to that month
 *
 * - `banks.data.fdic.gov/api/institutions?...&format=csv` -> `banks.data.fdic.gov/api/institutions.csv`
 * - `stooq.com/q/d/l/?s=<ticker>.us&i=d` (the keyless price provider) -> `vendor/prices/<TICKER>.csv`
 *
 * A document a root keeps as `<key>.gz` is served decompressed at `<key>`.
 * A filing's complete submission `.txt` that no root holds is assembled from the `.hdr.sgml` and
 * the XML documents of its accession folder, in EDGAR's documented layout.
 *
 * It answers conditional requests (ETag, Last-Modified -> 304), gzips when asked, and can be told
 * to fail: 429 with Retry-After, 5xx, slow or truncated answers (`fault`). It counts requests per
 * path (`hits`).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';

export interface Fault {
  /** Answer with this status (429, 500, 503...) instead of the document. */
  status?: number;
  /** Retry-After header value sent with the status. */
  retryAfter?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Send the headers with the full Content-Length, then only half the body, and close. */
  truncate?: boolean;
  /** How many requests this fault applies to (default: all). */
  times?: number;
}

export interface Upstream {
  /** Base URL: requests go to `<url>/<host>/<path>`. */
  url: string;
  /** The source option / ALMANAC_UPSTREAMS value that re-points every host here. */
  baseUrls: Record<string, string>;
  /** Requests per key (`<host>/<path>`, query string included). */
  hits: Map<string, number>;
  /** Every request in order, with its headers. */
  log: { key: string; headers: IncomingMessage['headers']; status: number }[];
  /** Requests whose key starts with `prefix`. */
  count(prefix: string): number;
  /** Serves `content` at `key` (host-first, no leading slash), overriding the roots. */
  put(key: string, content: string | Buffer, lastModified?: string): void;
  /** Makes `key` (exact key, or every key starting with it when it ends with `*`) fail as described. */
  fault(key: string, fault: Fault): void;
  clearFaults(): void;
  close(): Promise<void>;
}

export const SHARED_CORPUS = path.join(process.env.ALMANAC_SHARED_DATA ?? path.resolve(import.meta.dirname, '../../../shared/data'), 'corpus');
export const SAMPLE = path.resolve(import.meta.dirname, '../../pipelines/sample');

interface Doc {
  bytes: Buffer;
  lastModified: string;
}

const FIXED_DATE = 'Mon, 02 Nov 2026 00:00:00 GMT';

/** Assembles `<acc>.txt` from the accession folder's `.hdr.sgml` and XML files (EDGAR's layout). */
export function assembleSubmission(folder: string, accession: string): Buffer | null {
  const hdr = path.join(folder, `${accession}.hdr.sgml`);
  if (!existsSync(hdr)) return null;
  const header = readFileSync(hdr, 'utf8').trimEnd();
  const filed = /<FILING-DATE>(\d{8})/.exec(header)?.[1] ?? '';
  const form = /<TYPE>([^\n]+)/.exec(header)?.[1]?.trim() ?? '';
  const xmls = readdirSync(folder).filter((f) => f.toLowerCase().endsWith('.xml')).sort((a, b) => (a === 'primary_doc.xml' ? -1 : b === 'primary_doc.xml' ? 1 : a.localeCompare(b)));
  const docs = xmls.map((f, i) => {
    const type = i === 0 ? form : 'INFORMATION TABLE';
    return `<DOCUMENT>\n<TYPE>${type}\n<SEQUENCE>${i + 1}\n<FILENAME>${f}\n<TEXT>\n<XML>\n${readFileSync(path.join(folder, f), 'utf8').trim()}\n</XML>\n</TEXT>\n</DOCUMENT>`;
  });
  return Buffer.from(`<SEC-DOCUMENT>${accession}.txt : ${filed}\n${header}\n${docs.join('\n')}\n</SEC-DOCUMENT>\n`);
}

/** The FRED API observations JSON (realtime ranges = vintages) from an ALFRED-style CSV. */
function fredApiJson(csv: string, seriesId: string): string {
  const [head, ...lines] = csv.trim().split(/\r?\n/);
  const cols = head!.split(',').map((c) => c.trim().toLowerCase());
  const at = (n: string): number => cols.indexOf(n);
  const observations = lines.filter(Boolean).map((l) => {
    const c = l.split(',');
    return { realtime_start: c[at('realtime_start')], realtime_end: c[at('realtime_end')], date: c[at('date')], value: c[at('value')] === '' ? '.' : c[at('value')] };
  });
  return JSON.stringify({ realtime_start: '1776-07-04', realtime_end: '9999-12-31', units: 'lin', count: observations.length, series_id: seriesId, observations });
}

/** The Treasury XML feed cut to the entries of one month (`YYYY-MM`). */
function treasuryMonth(xml: string, month: string): string {
  const first = xml.indexOf('<entry');
  const last = xml.lastIndexOf('</entry>');
  if (first < 0 || last < 0) return xml;
  const entries = xml.slice(first, last + '</entry>'.length).match(/<entry[\s\S]*?<\/entry>/g) ?? [];
  const kept = entries.filter((e) => new RegExp(`NEW_DATE[^>]*>${month}`).test(e));
  return `${xml.slice(0, first)}${kept.join('\n')}${xml.slice(last + '</entry>'.length)}`;
}

export async function startUpstream(options: { roots?: string[] } = {}): Promise<Upstream> {
  const roots = options.roots ?? [SAMPLE, SHARED_CORPUS];
  const puts = new Map<string, Doc>();
  const faults: { key: string; fault: Fault }[] = [];
  const hits = new Map<string, number>();
  const log: Upstream['log'] = [];

  const fromRoots = (key: string): Doc | null => {
    if (key.split('/').some((s) => s === '..' || s === '')) return null;
    const put = puts.get(key);
    if (put) return put;
    for (const root of roots) {
      const file = path.join(root, key);
      try {
        const st = statSync(file);
        if (st.isFile()) return { bytes: readFileSync(file), lastModified: FIXED_DATE };
      } catch {
        // A root may keep a large document gzip-compressed as `<key>.gz` (pipelines/sample):
        // served decompressed at its URL, like the mirror source reads it.
        if (existsSync(`${file}.gz`)) return { bytes: gunzipSync(readFileSync(`${file}.gz`)), lastModified: FIXED_DATE };
      }
      const m = /^(.*)\/(\d{10}-\d{2}-\d{6})\.txt$/.exec(file);
      if (m && existsSync(m[1]!)) {
        const bytes = assembleSubmission(m[1]!, m[2]!);
        if (bytes) return { bytes, lastModified: FIXED_DATE };
      }
    }
    return null;
  };

  const resolve = (host: string, pathname: string, query: URLSearchParams): Doc | null | { status: number; body: string } => {
    if (host === 'fred.stlouisfed.org' && pathname === '/graph/fredgraph.csv') {
      const id = query.get('id');
      return id ? fromRoots(`${host}/series/${id}.csv`) : { status: 400, body: 'id is required' };
    }
    if (host === 'api.stlouisfed.org' && pathname === '/fred/series/observations') {
      if (!query.get('api_key')) return { status: 400, body: JSON.stringify({ error_code: 400, error_message: 'Bad Request.  Variable api_key is not set.' }) };
      const id = query.get('series_id') ?? '';
      const csv = fromRoots(`fred.stlouisfed.org/vintages/${id}.csv`);
      return csv && { bytes: Buffer.from(fredApiJson(csv.bytes.toString('utf8'), id)), lastModified: csv.lastModified };
    }
    if (host === 'home.treasury.gov' && pathname.endsWith('/interest-rates/pages/xml')) {
      const month = query.get('field_tdr_date_value_month');
      const year = query.get('field_tdr_date_value') ?? month?.slice(0, 4);
      if (!year) return { status: 400, body: 'a date field is required' };
      const exact = fromRoots(`${host}/daily_treasury_yield_curve/${month ?? year}.xml`);
      if (exact || !month) return exact;
      const whole = fromRoots(`${host}/daily_treasury_yield_curve/${year}.xml`);
      return whole && { bytes: Buffer.from(treasuryMonth(whole.bytes.toString('utf8'), `${year}-${month.slice(4)}`)), lastModified: whole.lastModified };
    }
    if (host === 'banks.data.fdic.gov' && pathname === '/api/institutions') {
      if (query.get('format') !== 'csv') return { status: 400, body: 'this imitation answers format=csv only' };
      return fromRoots(`${host}/api/institutions.csv`);
    }
    if (host === 'stooq.com' && pathname === '/q/d/l/') {
      // The price provider: the sample's daily CSV (the documented layout) for `<ticker>.us`.
      const m = /^([a-z0-9-]+)\.us$/.exec(query.get('s') ?? '');
      return m ? fromRoots(`vendor/prices/${m[1]!.toUpperCase().replace(/-/g, '.')}.csv`) : { status: 400, body: 'no such symbol' };
    }
    return fromRoots(`${host}${decodeURIComponent(pathname)}`);
  };

  const answer = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const u = new URL(req.url ?? '/', 'http://upstream');
    const [, host = '', ...rest] = u.pathname.split('/');
    const pathname = `/${rest.join('/')}`;
    const key = `${host}${pathname}${u.search}`;
    hits.set(key, (hits.get(key) ?? 0) + 1);
    const entry = { key, headers: req.headers, status: 200 };
    log.push(entry);
    const rule = faults.find((f) => (f.key.endsWith('*') ? key.startsWith(f.key.slice(0, -1)) : f.key === key) && (f.fault.times ?? Infinity) > 0);
    const fault = rule?.fault;
    if (fault && fault.times !== undefined) fault.times--;
    if (fault?.delayMs) await new Promise((r) => setTimeout(r, fault.delayMs));
    if (fault?.status) {
      entry.status = fault.status;
      res.writeHead(fault.status, fault.retryAfter ? { 'Retry-After': fault.retryAfter } : {}).end(`imitation fault ${fault.status}`);
      return;
    }
    const doc = resolve(host, pathname, u.searchParams);
    if (!doc) {
      entry.status = 404;
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not Found');
      return;
    }
    if ('status' in doc) {
      entry.status = doc.status;
      res.writeHead(doc.status).end(doc.body);
      return;
    }
    const etag = `"${createHash('sha1').update(doc.bytes).digest('hex')}"`;
    const notModified = req.headers['if-none-match'] ? req.headers['if-none-match'] === etag : req.headers['if-modified-since'] === doc.lastModified;
    if (notModified) {
      entry.status = 304;
      res.writeHead(304, { ETag: etag, 'Last-Modified': doc.lastModified }).end();
      return;
    }
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && !fault?.truncate;
    const body = gzip ? gzipSync(doc.bytes) : doc.bytes;
    const headers: Record<string, string | number> = { ETag: etag, 'Last-Modified': doc.lastModified, 'Content-Length': body.length };
    if (gzip) headers['Content-Encoding'] = 'gzip';
    res.writeHead(200, headers);
    if (fault?.truncate) {
      res.write(body.subarray(0, Math.floor(body.length / 2)));
      res.destroy();
      return;
    }
    res.end(body);
  };

  const server: Server = createServer((req, res) => {
    answer(req, res).catch((err) => {
      if (!res.headersSent) res.writeHead(500).end(String(err));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    baseUrls: { '*': url },
    hits,
    log,
    count: (prefix) => [...hits].filter(([k]) => k.startsWith(prefix)).reduce((n, [, v]) => n + v, 0),
    put: (key, content, lastModified = FIXED_DATE) => void puts.set(key, { bytes: Buffer.from(content), lastModified }),
    fault: (key, fault) => void faults.unshift({ key, fault }),
    clearFaults: () => void (faults.length = 0),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
