/**
 * The one HTTP client every upstream goes through (SEC EDGAR, Treasury, FRED/ALFRED, news feeds,
 * the price provider, FDIC BankFind, USAspending):
 *
 * - a declared User-Agent (the SEC asks for a contact address; every other host gets the same);
 * - a per-host request rate: the SEC hosts (`www.sec.gov`, `data.sec.gov`, `efts.sec.gov`) share
 *   one limiter, at most `secRps` (default 10) request starts per second across the process; every
 *   other host gets its own limiter at `hostRps` (default 4);
 * - retries with exponential backoff on network errors, timeouts, truncated bodies, 429 and 5xx,
 *   honouring `Retry-After`; a 4xx other than 404/429 is an error at once, 404 is "not there";
 * - conditional requests (`If-None-Match` / `If-Modified-Since` from the landing copy's
 *   validators); a 304 is served from the landing copy;
 * - a per-request timeout, gzip (`Accept-Encoding`; the body is decoded by fetch) and a size cap;
 * - the raw landing copy: every fetched document is kept unchanged at `<landingDir>/<key>`, with
 *   `<key>.meta.json` holding the URL and validators, written only once the whole body arrived;
 * - immutability: a document under `www.sec.gov/Archives/edgar/data/` never changes once filed,
 *   so once landed it is served from the landing copy and never requested again.
 *
 * Document keys are host-first (`www.sec.gov/...`, `home.treasury.gov/...`); `upstreamUrl` maps a
 * key to its real URL (most are `https://<key>`; FRED, ALFRED and Treasury keys name a query URL),
 * and `baseUrls` re-points a host (or every host, `*`) at another base URL: tests point it at the
 * local imitation in test/upstream/.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { normalizePath, SourceError, type Source, type SourceDocument, type SourceStats } from './interface.ts';

export interface HttpSourceOptions {
  /** Shown in `--source` and the ledger. */
  name?: string;
  userAgent: string;
  landingDir: string;
  /** Requests per second across every SEC host of the process (SEC fair access: at most 10). */
  secRps?: number;
  /** Requests per second per other host. */
  hostRps?: number;
  /** Attempts per document before giving up (first try included). */
  maxAttempts?: number;
  /** Base delay for exponential backoff when the server gives no Retry-After. */
  backoffMs?: number;
  /** Longest wait honoured from a Retry-After header (longer ones are capped). */
  maxRetryAfterMs?: number;
  /** Per-request timeout (headers and body). */
  timeoutMs?: number;
  /** Largest body accepted, in bytes (bigger is an error, never landed). */
  maxBytes?: number;
  /** Largest file `file()` downloads (bulk zips), in bytes. */
  maxFileBytes?: number;
  /** Timeout of a whole `file()` download. */
  downloadTimeoutMs?: number;
  /** Host -> base URL (`http://127.0.0.1:9000/www.sec.gov`); `*` -> base for every host (`<base>/<host>/...`). */
  baseUrls?: Record<string, string>;
  /** FRED API key, for ALFRED vintages (`api.stlouisfed.org`). */
  fredApiKey?: string;
  /** Extra key -> URL rules tried before upstreamUrl (e.g. the price provider's); null = not mine. */
  urlFor?: (key: string) => string | null;
  /** Maps a document key to a URL outright (overrides upstreamUrl and baseUrls). */
  resolveUrl?: (key: string) => string;
  fetch?: typeof fetch;
  sleep?: (ms: number) => Promise<void>;
}

interface Validators {
  etag?: string;
  lastModified?: string;
  url: string;
  fetchedAt: string;
}

export const SEC_HOSTS = new Set(['www.sec.gov', 'data.sec.gov', 'efts.sec.gov']);
/** Filing documents: immutable once filed, never requested twice. */
export const IMMUTABLE_PREFIX = 'www.sec.gov/Archives/edgar/data/';

const defaultSleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * A spacing limiter: requests start one after another, each at least 1/rps seconds after the
 * previous one actually started (measured when it is let through, so a stalled event loop cannot
 * bunch requests up), so no one-second window holds more than `rps` starts.
 */
export class Spacer {
  private last = 0;
  private chain: Promise<void> = Promise.resolve();
  constructor(private rps: number) {}
  setRate(rps: number): void {
    this.rps = Math.min(this.rps, rps);
  }
  wait(sleep: (ms: number) => Promise<void>): Promise<void> {
    const turn = this.chain.then(async () => {
      // 1 ms of slack: timers may fire a hair early, and the limit is a promise to the SEC.
      const interval = 1000 / this.rps + 1;
      for (let now = Date.now(); now < this.last + interval; now = Date.now()) await sleep(this.last + interval - now);
      this.last = Date.now();
    });
    this.chain = turn;
    return turn;
  }
}

/** Process-wide limiters: one for all SEC hosts, one per other host. */
const limiters = new Map<string, Spacer>();
function limiterFor(host: string, secRps: number, hostRps: number): Spacer {
  const key = SEC_HOSTS.has(host) ? 'sec' : host;
  const rps = key === 'sec' ? secRps : hostRps;
  let l = limiters.get(key);
  if (!l) limiters.set(key, (l = new Spacer(rps)));
  else l.setRate(rps);
  return l;
}

/** Parses Retry-After (seconds or HTTP date) into milliseconds. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export const TREASURY_XML = 'home.treasury.gov/daily_treasury_yield_curve';

/**
 * The real URL of a document key. Keys keep a file-like layout (so the landing folder is a mirror
 * the `landing` source re-parses); a few upstreams answer at a query URL instead:
 * - `fred.stlouisfed.org/series/<ID>.csv` -> `https://fred.stlouisfed.org/graph/fredgraph.csv?id=<ID>`
 * - `api.stlouisfed.org/fred/series/observations/<ID>.json` -> the FRED API (ALFRED: every vintage)
 * - `home.treasury.gov/daily_treasury_yield_curve/<YYYYMM>.xml` -> the Treasury XML feed for a month
 *   (`<YYYY>.xml`: the whole year)
 * - `banks.data.fdic.gov/api/institutions.csv` -> BankFind's institutions API, active institutions, as CSV
 * (price providers add their own rules, sources/price-providers.ts)
 */
export function upstreamUrl(key: string, fredApiKey?: string): string {
  let m = /^fred\.stlouisfed\.org\/series\/([A-Za-z0-9_.-]+)\.csv$/.exec(key);
  if (m) return `https://fred.stlouisfed.org/graph/fredgraph.csv?id=${encodeURIComponent(m[1]!)}`;
  m = /^api\.stlouisfed\.org\/fred\/series\/observations\/([A-Za-z0-9_.-]+)\.json$/.exec(key);
  if (m) {
    if (!fredApiKey) throw new SourceError('ALFRED vintages need FRED_API_KEY');
    return `https://api.stlouisfed.org/fred/series/observations?series_id=${encodeURIComponent(m[1]!)}&api_key=${encodeURIComponent(fredApiKey)}&file_type=json&realtime_start=1776-07-04&realtime_end=9999-12-31`;
  }
  m = new RegExp(`^${TREASURY_XML.replace(/\./g, '\\.')}/(\\d{4})(\\d{2})?\\.xml$`).exec(key);
  if (m) {
    const field = m[2] ? `field_tdr_date_value_month=${m[1]}${m[2]}` : `field_tdr_date_value=${m[1]}`;
    return `https://home.treasury.gov/resource-center/data-chart-center/interest-rates/pages/xml?data=daily_treasury_yield_curve&${field}`;
  }
  if (key === FDIC_INSTITUTIONS) {
    return `https://banks.data.fdic.gov/api/institutions?filters=${encodeURIComponent('ACTIVE:1')}&fields=${FDIC_FIELDS.join(',')}&limit=10000&offset=0&format=csv`;
  }
  return `https://${key}`;
}

export const FDIC_INSTITUTIONS = 'banks.data.fdic.gov/api/institutions.csv';
/** The BankFind fields pipelines/parsers/fdic.ts reads. */
const FDIC_FIELDS = ['ACTIVE', 'ADDRESS', 'ASSET', 'BKCLASS', 'CERT', 'CITY', 'DEP', 'DEPDOM', 'ENDEFYMD', 'ESTYMD', 'FED_RSSD', 'INSDATE', 'NAME', 'NAMEHCR', 'NETINC', 'OFFDOM', 'REGAGNT', 'REPDTE', 'ROA', 'ROE', 'RSSDHCR', 'STALP', 'STNAME', 'WEBADDR', 'ZIP'];

/** Re-points a URL at a configured base (`baseUrls[host]`, else `baseUrls['*']/<host>`). */
export function rebase(url: string, baseUrls: Record<string, string> | undefined): string {
  if (!baseUrls) return url;
  const u = new URL(url);
  const rest = `${u.pathname}${u.search}`;
  const own = baseUrls[u.host];
  if (own) return `${own.replace(/\/+$/, '')}${rest}`;
  const any = baseUrls['*'];
  if (any) return `${any.replace(/\/+$/, '')}/${u.host}${rest}`;
  return url;
}

/** A URL with its secrets (API keys, tokens) masked, for the landing copy's metadata. */
export const redact = (url: string): string => url.replace(/([?&](?:api_?key|apikey|token|access_token|key)=)[^&]*/gi, '$1REDACTED');

const hostOf = (key: string): string => key.slice(0, key.indexOf('/') < 0 ? key.length : key.indexOf('/'));

/** Reads a response body up to `maxBytes`; a longer body, or one shorter than its Content-Length, throws. */
async function readBody(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length'));
  const encoded = (res.headers.get('content-encoding') ?? 'identity') !== 'identity';
  if (!encoded && Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new SourceError(`body of ${declared} bytes exceeds the size cap of ${maxBytes}`);
  }
  const chunks: Buffer[] = [];
  let total = 0;
  if (res.body) {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > maxBytes) {
        await reader.cancel();
        throw new SourceError(`body exceeds the size cap of ${maxBytes} bytes`);
      }
      chunks.push(Buffer.from(value));
    }
  }
  if (!encoded && res.headers.get('content-length') !== null && total !== declared) {
    throw new TruncatedError(`truncated body: ${total} of ${declared} bytes`);
  }
  return Buffer.concat(chunks, total);
}

class TruncatedError extends Error {}

export function httpSource(options: HttpSourceOptions): Source {
  const secRps = options.secRps ?? 10;
  const hostRps = options.hostRps ?? 4;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 500;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 120_000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const maxBytes = options.maxBytes ?? 512 * 1024 * 1024;
  const maxFileBytes = options.maxFileBytes ?? 16 * 1024 ** 3;
  const downloadTimeoutMs = options.downloadTimeoutMs ?? 60 * 60_000;
  const resolveUrl = options.resolveUrl ?? ((key: string) => rebase(options.urlFor?.(key) ?? upstreamUrl(key, options.fredApiKey), options.baseUrls));
  if (!/\S+@\S+/.test(options.userAgent)) {
    throw new SourceError('SEC_USER_AGENT must name a contact email, e.g. "Almanac ops@example.com"');
  }
  const stats = new Map<string, SourceStats>();
  const count = (host: string): SourceStats => {
    let s = stats.get(host);
    if (!s) stats.set(host, (s = { requests: 0, notModified: 0, bytes: 0, retries: 0, failures: 0, cached: 0 }));
    return s;
  };

  async function landed(key: string): Promise<{ bytes: Buffer; meta: Validators } | null> {
    const file = path.join(options.landingDir, key);
    try {
      const [bytes, meta] = await Promise.all([readFile(file), readFile(`${file}.meta.json`, 'utf8')]);
      return { bytes, meta: JSON.parse(meta) as Validators };
    } catch {
      return null;
    }
  }

  async function land(key: string, bytes: Buffer, meta: Validators): Promise<void> {
    const file = path.join(options.landingDir, key);
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, file);
    await writeFile(`${file}.meta.json`, JSON.stringify(meta));
  }

  async function landedMeta(key: string): Promise<Validators | null> {
    const file = path.join(options.landingDir, key);
    try {
      await stat(file);
      return JSON.parse(await readFile(`${file}.meta.json`, 'utf8')) as Validators;
    } catch {
      return null;
    }
  }

  /** Streams a body to `file` (via a temporary file), enforcing the size cap and Content-Length. */
  async function bodyToFile(res: Response, file: string): Promise<number> {
    await mkdir(path.dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    const declared = res.headers.get('content-length');
    const encoded = (res.headers.get('content-encoding') ?? 'identity') !== 'identity';
    let total = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _enc, done) {
        total += chunk.length;
        done(total > maxFileBytes ? new SourceError(`body exceeds the size cap of ${maxFileBytes} bytes`) : null, chunk);
      },
    });
    try {
      await pipeline(Readable.fromWeb(res.body as import('node:stream/web').ReadableStream), counter, createWriteStream(tmp));
      if (!encoded && declared !== null && total !== Number(declared)) throw new TruncatedError(`truncated body: ${total} of ${declared} bytes`);
    } catch (err) {
      await rm(tmp, { force: true });
      throw err;
    }
    await rename(tmp, file);
    return total;
  }

  async function fetchKey(p: string, mode: 'buffer' | 'file'): Promise<SourceDocument | { file: string } | null> {
    const key = normalizePath(p);
    const host = hostOf(key);
    const s = count(host);
    const target = path.join(options.landingDir, key);
    const cached = mode === 'buffer' ? await landed(key) : null;
    const meta0 = mode === 'buffer' ? (cached?.meta ?? null) : await landedMeta(key);
    const fromLanding = (): SourceDocument | { file: string } =>
      mode === 'file' ? { file: target } : { path: key, bytes: cached!.bytes, lastModified: cached!.meta.lastModified, fresh: false };
    if (meta0 && key.startsWith(IMMUTABLE_PREFIX)) {
      s.cached++;
      return fromLanding();
    }
    const url = resolveUrl(key);
    const limiter = limiterFor(host, secRps, hostRps);
    let lastError = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1) s.retries++;
      await limiter.wait(sleep);
      const headers: Record<string, string> = { 'User-Agent': options.userAgent, 'Accept-Encoding': 'gzip, deflate' };
      if (meta0?.etag) headers['If-None-Match'] = meta0.etag;
      if (meta0?.lastModified) headers['If-Modified-Since'] = meta0.lastModified;
      s.requests++;
      let res: Response;
      let bytes: Buffer | null = null;
      let size: number;
      try {
        res = await doFetch(url, { headers, redirect: 'follow', signal: AbortSignal.timeout(mode === 'file' ? downloadTimeoutMs : timeoutMs) });
        if (res.status === 304 && meta0) {
          await res.body?.cancel();
          s.notModified++;
          return fromLanding();
        }
        if (!res.ok) {
          await res.body?.cancel();
          lastError = `HTTP ${res.status} for ${url}`;
          if (res.status === 404) return null;
          if (res.status === 429 || res.status >= 500) {
            const hinted = retryAfterMs(res.headers.get('retry-after'));
            if (attempt < maxAttempts) await sleep(hinted !== null ? Math.min(hinted, maxRetryAfterMs) : backoffMs * 2 ** (attempt - 1));
            continue;
          }
          s.failures++;
          throw new SourceError(lastError, res.status);
        }
        if (mode === 'file') size = await bodyToFile(res, target);
        else size = (bytes = await readBody(res, maxBytes)).length;
      } catch (err) {
        if (err instanceof SourceError) {
          s.failures++;
          throw err;
        }
        const e = err as Error;
        lastError = e instanceof TruncatedError ? `${e.message} from ${url}` : e.name === 'TimeoutError' ? `timed out after ${mode === 'file' ? downloadTimeoutMs : timeoutMs} ms: ${url}` : `network error: ${e.message} (${url})`;
        if (attempt < maxAttempts) await sleep(backoffMs * 2 ** (attempt - 1));
        continue;
      }
      s.bytes += size;
      const meta: Validators = {
        url: redact(url),
        fetchedAt: new Date().toISOString(),
        etag: res.headers.get('etag') ?? undefined,
        lastModified: res.headers.get('last-modified') ?? undefined,
      };
      if (mode === 'file') {
        await writeFile(`${target}.meta.json`, JSON.stringify(meta));
        return { file: target };
      }
      await land(key, bytes!, meta);
      return { path: key, bytes: bytes!, lastModified: meta.lastModified, fresh: true };
    }
    s.failures++;
    throw new SourceError(`${lastError} (gave up after ${maxAttempts} attempts)`);
  }

  /** A JSON API call (not a document: no landing copy, no conditional request), with the same politeness and retries. */
  async function json(p: string, init: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<unknown> {
    // API paths may end in a slash (`/api/v2/download/awards/`); the rest is checked like a key.
    const key = p.replace(/^\/+/, '');
    normalizePath(key.replace(/\/(\?.*)?$/, '$1'));
    const host = hostOf(key);
    const s = count(host);
    const url = resolveUrl(key);
    const limiter = limiterFor(host, secRps, hostRps);
    let lastError = '';
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      if (attempt > 1) s.retries++;
      await limiter.wait(sleep);
      s.requests++;
      let res: Response;
      let bytes: Buffer;
      try {
        res = await doFetch(url, {
          method: init.method ?? 'GET',
          headers: { 'User-Agent': options.userAgent, 'Accept-Encoding': 'gzip, deflate', Accept: 'application/json', ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}) },
          body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
          signal: AbortSignal.timeout(timeoutMs),
        });
        bytes = await readBody(res, maxBytes);
      } catch (err) {
        const e = err as Error;
        if (e instanceof SourceError) {
          s.failures++;
          throw e;
        }
        lastError = e.name === 'TimeoutError' ? `timed out after ${timeoutMs} ms: ${init.method ?? 'GET'} ${url}` : `network error: ${e.message} (${url})`;
        if (attempt < maxAttempts) await sleep(backoffMs * 2 ** (attempt - 1));
        continue;
      }
      s.bytes += bytes.length;
      if (res.status === 429 || res.status >= 500) {
        lastError = `HTTP ${res.status} for ${init.method ?? 'GET'} ${url}`;
        const hinted = retryAfterMs(res.headers.get('retry-after'));
        if (attempt < maxAttempts) await sleep(hinted !== null ? Math.min(hinted, maxRetryAfterMs) : backoffMs * 2 ** (attempt - 1));
        continue;
      }
      if (!res.ok) {
        s.failures++;
        throw new SourceError(`HTTP ${res.status} for ${init.method ?? 'GET'} ${url}: ${bytes.toString('utf8').slice(0, 300)}`, res.status);
      }
      try {
        return JSON.parse(bytes.toString('utf8'));
      } catch {
        s.failures++;
        throw new SourceError(`not JSON from ${url}`);
      }
    }
    s.failures++;
    throw new SourceError(`${lastError} (gave up after ${maxAttempts} attempts)`);
  }

  return {
    name: options.name ?? 'edgar',
    json,
    stats: () => Object.fromEntries([...stats].map(([h, s]) => [h, { ...s }])),
    get: (p: string) => fetchKey(p, 'buffer') as Promise<SourceDocument | null>,
    /** Large documents (bulk zips): streamed to the landing file, never held in memory; returns its path. */
    async file(p: string): Promise<string | null> {
      const r = (await fetchKey(p, 'file')) as { file: string } | null;
      return r?.file ?? null;
    },
    async list(): Promise<null> {
      return null;
    },
  };
}
