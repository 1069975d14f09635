/**
 * `edgar`: the HTTP source (sources/http.ts) as used for SEC EDGAR (www.sec.gov, data.sec.gov):
 * a declared User-Agent, at most 10 requests per second across the process, backoff on 429/5xx
 * (honouring Retry-After), conditional requests, and the raw landing copy (`<landingDir>/<key>`,
 * with `<key>.meta.json` holding the validators), so a re-parse never re-downloads:
 * `--source landing` re-parses with no network at all.
 */
import { httpSource, type HttpSourceOptions } from './http.ts';
import type { Source } from './interface.ts';

export { retryAfterMs } from './http.ts';

export interface EdgarOptions extends Omit<HttpSourceOptions, 'secRps'> {
  /** Requests per second across every SEC host of the process. */
  requestsPerSecond?: number;
}

export function edgarSource(options: EdgarOptions): Source {
  return httpSource({ name: 'edgar', ...options, secRps: options.requestsPerSecond });
}
