/**
 * `edgar`: HTTPS client for SEC EDGAR (www.sec.gov, data.sec.gov) following the SEC's fair-access
 * rules: a declared User-Agent, at most 10 requests per second across the process, backoff on
 * 429/5xx (honouring Retry-After), and conditional requests. Every fetched document is kept
 * unchanged in the raw landing folder (`<landingDir>/<key>`, with `<key>.meta.json` holding the
 * validators), so a re-parse never re-downloads: a 304 answer is served from the landing copy, and
 * `--source mirror:<DATA_DIR>/raw` re-parses with no network at all.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { normalizePath, SourceError, type Source, type SourceDocument } from './interface.ts';

export interface EdgarOptions {
  userAgent: string;
  landingDir: string;
  /** Requests per second across every EdgarSource in the process. */
  requestsPerSecond?: number;
  /** Attempts per document before giving up (first try included). */
  maxAttempts?: number;
  /** Base delay for exponential backoff when the server gives no Retry-After. */
  backoffMs?: number;
  /** Maps a document key to a URL (tests point it at a local imitation of EDGAR). */
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

const defaultSleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * A process-wide spacing limiter: requests start one after another, each at least 1/rps seconds
 * after the previous one actually started (measured when it is let through, so a stalled event
 * loop cannot bunch requests up), so no one-second window holds more than `rps` starts.
 */
class Spacer {
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

let spacer: Spacer | null = null;

/** Parses Retry-After (seconds or HTTP date) into milliseconds. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const secs = Number(value);
  if (Number.isFinite(secs)) return Math.max(0, secs * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export function edgarSource(options: EdgarOptions): Source {
  const rps = options.requestsPerSecond ?? 10;
  if (!spacer) spacer = new Spacer(rps);
  else spacer.setRate(rps);
  const limiter = spacer;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 500;
  const resolveUrl = options.resolveUrl ?? ((key: string) => `https://${key}`);
  if (!/\S+@\S+/.test(options.userAgent)) {
    throw new SourceError('SEC_USER_AGENT must name a contact email, e.g. "Almanac ops@example.com"');
  }

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

  return {
    name: 'edgar',
    async get(p: string): Promise<SourceDocument | null> {
      const key = normalizePath(p);
      const url = resolveUrl(key);
      const cached = await landed(key);
      let lastError = '';
      for (let attempt = 1; attempt <= maxAttempts; attempt++) {
        await limiter.wait(sleep);
        const headers: Record<string, string> = { 'User-Agent': options.userAgent, 'Accept-Encoding': 'gzip, deflate' };
        if (cached?.meta.etag) headers['If-None-Match'] = cached.meta.etag;
        if (cached?.meta.lastModified) headers['If-Modified-Since'] = cached.meta.lastModified;
        let res: Response;
        try {
          res = await doFetch(url, { headers, redirect: 'follow' });
        } catch (err) {
          lastError = `network error: ${(err as Error).message}`;
          await sleep(backoffMs * 2 ** (attempt - 1));
          continue;
        }
        if (res.status === 304 && cached) {
          return { path: key, bytes: cached.bytes, lastModified: cached.meta.lastModified };
        }
        if (res.ok) {
          const bytes = Buffer.from(await res.arrayBuffer());
          const meta: Validators = {
            url,
            fetchedAt: new Date().toISOString(),
            etag: res.headers.get('etag') ?? undefined,
            lastModified: res.headers.get('last-modified') ?? undefined,
          };
          await land(key, bytes, meta);
          return { path: key, bytes, lastModified: meta.lastModified };
        }
        if (res.status === 404) return null;
        await res.body?.cancel();
        lastError = `HTTP ${res.status} for ${url}`;
        if (res.status === 429 || res.status >= 500) {
          const wait = retryAfterMs(res.headers.get('retry-after')) ?? backoffMs * 2 ** (attempt - 1);
          await sleep(wait);
          continue;
        }
        throw new SourceError(lastError, res.status);
      }
      throw new SourceError(`${lastError} (gave up after ${maxAttempts} attempts)`);
    },
    async list(): Promise<null> {
      return null;
    },
  };
}
