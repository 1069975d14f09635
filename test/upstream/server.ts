/**
 * A local imitation of the public upstreams (EDGAR www + data hosts, Treasury, FRED/ALFRED, a feed
 * host, a price provider, FDIC BankFind, USAspending), for tests that must never touch the network.
 *
 * Requests arrive as `/<host>/<path>?<query>` (the live source's `ALMANAC_UPSTREAMS={"*": url}`
 * re-points every host there). Files are served from `roots`: folders laid out by URL path
 * (`/work/shared/data/corpus`, `pipelines/sample`), recorded real responses, and the constructed
 * filings of `test/fixtures/ownership/constructed` (13F amendments, Forms 4/A, N-PORT with an
 * accession number, which no real bundled filing offers; see its README), plus what a test
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
 * - USAspending's download API, as documented (https://api.usaspending.gov/docs/endpoints):
 *   `POST api.usaspending.gov/api/v2/download/awards/` (JSON `filters.award_type_codes`,
 *   `filters.time_period[{start_date, end_date}]`; 400 `{"detail"}` otherwise) queues a download and
 *   answers `{status_url, file_name, file_url, download_request}`; `GET .../download/status/?file_name=`
 *   answers `running` on the first poll, then `finished` with `file_url` and `total_rows` (a test can
 *   make it `failed`: `usaspendingFails`); the zip at `files.usaspending.gov/generated_downloads/<file_name>`
 *   holds `Contracts_PrimeAwardSummaries_..._1.csv`: the rows of the roots' contract CSVs whose
 *   `award_latest_action_date` falls in the period
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
import yazl from 'yazl';
import { parseCsvRecords } from '../../pipelines/parsers/csv-records.ts';

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
  /** The next USAspending download jobs end `failed` with this message (null: they finish). */
  usaspendingFails: string | null;
  /** Makes `key` (exact key, or every key starting with it when it ends with `*`) fail as described. */
  fault(key: string, fault: Fault): void;
  clearFaults(): void;
  close(): Promise<void>;
}

/** Constructed (not real) filings the acquisition tests list: see test/fixtures/ownership/constructed/README.md. */
export const CONSTRUCTED = path.resolve(import.meta.dirname, '../fixtures/ownership/constructed');
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
  const roots = options.roots ?? [SAMPLE, SHARED_CORPUS, CONSTRUCTED];
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

  const downloads = new Map<string, { polls: number; rows: number; fails: string | null }>();
  const state = { usaspendingFails: null as string | null };
  const csvCell = (v: string): string => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  /** USAspending's download API (see the header comment). */
  const usaspending = async (req: IncomingMessage, pathname: string, query: URLSearchParams): Promise<{ status: number; body: string } | null> => {
    const json = (status: number, body: unknown) => ({ status, body: JSON.stringify(body) });
    if (pathname === '/api/v2/download/awards/' || pathname === '/api/v2/download/awards') {
      if (req.method !== 'POST') return json(405, { detail: 'Method "GET" not allowed.' });
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      let body: { filters?: { award_type_codes?: unknown; time_period?: { start_date?: string; end_date?: string }[] } };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        return json(400, { detail: 'JSON parse error' });
      }
      const f = body?.filters;
      const codes = f?.award_type_codes;
      const period = f?.time_period?.[0];
      if (!Array.isArray(codes) || codes.length === 0) return json(400, { detail: 'Missing value: \'filters|award_type_codes\' is a required field' });
      if (!period || !/^\d{4}-\d{2}-\d{2}$/.test(period.start_date ?? '') || !/^\d{4}-\d{2}-\d{2}$/.test(period.end_date ?? '')) return json(400, { detail: 'Field \'filters|time_period\' needs start_date and end_date (YYYY-MM-DD)' });
      const out: string[] = [];
      let header: string[] | null = null;
      for (const root of roots) {
        const dir = path.join(root, 'files.usaspending.gov/generated_downloads');
        if (!existsSync(dir)) continue;
        for (const name of readdirSync(dir).filter((n) => /^Contracts_PrimeAwardSummaries.*\.csv$/.test(n)).sort()) {
          const [head, ...records] = parseCsvRecords(readFileSync(path.join(dir, name), 'utf8'));
          if (!head) continue;
          header ??= head;
          const at = head.indexOf('award_latest_action_date');
          for (const r of records) {
            const d = (r[at] ?? '').slice(0, 10);
            if (d >= period.start_date! && d <= period.end_date!) out.push(r.map(csvCell).join(','));
          }
        }
      }
      const fileName = `All_PrimeAwards_${new Date().toISOString().slice(0, 10)}_H00M00S${String(downloads.size + 1).padStart(8, '0')}.zip`;
      const zip = new yazl.ZipFile();
      zip.addBuffer(Buffer.from(`${(header ?? ['contract_award_unique_key']).map(csvCell).join(',')}\n${out.map((l) => `${l}\n`).join('')}`), `Contracts_PrimeAwardSummaries_${fileName.slice(16, -4)}_1.csv`);
      zip.end();
      const zchunks: Buffer[] = [];
      for await (const c of zip.outputStream) zchunks.push(c as Buffer);
      puts.set(`files.usaspending.gov/generated_downloads/${fileName}`, { bytes: Buffer.concat(zchunks), lastModified: FIXED_DATE });
      downloads.set(fileName, { polls: 0, rows: out.length, fails: state.usaspendingFails });
      return json(200, {
        status_url: `https://api.usaspending.gov/api/v2/download/status?file_name=${fileName}`,
        file_name: fileName,
        file_url: `https://files.usaspending.gov/generated_downloads/${fileName}`,
        download_request: body,
      });
    }
    if (pathname === '/api/v2/download/status/' || pathname === '/api/v2/download/status') {
      const name = query.get('file_name') ?? '';
      const d = downloads.get(name);
      if (!d) return json(400, { detail: `Download with file_name ${name} not found` });
      d.polls++;
      const status = d.polls < 2 ? 'running' : d.fails !== null ? 'failed' : 'finished';
      return json(200, {
        status, message: status === 'failed' ? d.fails : null, file_name: name, file_url: `https://files.usaspending.gov/generated_downloads/${name}`,
        total_rows: status === 'finished' ? d.rows : null, total_columns: null, total_size: null, seconds_elapsed: String(d.polls),
      });
    }
    return null;
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
    const doc = host === 'api.usaspending.gov' ? await usaspending(req, pathname, u.searchParams) : resolve(host, pathname, u.searchParams);
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
    get usaspendingFails() {
      return state.usaspendingFails;
    },
    set usaspendingFails(v: string | null) {
      state.usaspendingFails = v;
    },
    fault: (key, fault) => void faults.unshift({ key, fault }),
    clearFaults: () => void (faults.length = 0),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
