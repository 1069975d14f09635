/**
 * The Almanac TypeScript client: openapi-fetch over types generated from the service's own
 * OpenAPI description (src/generated/openapi.ts, `npm run clients:generate`).
 *
 * Every request carries `X-API-Key` (when a key is configured) and a descriptive `User-Agent`;
 * 429 is retried after `Retry-After` a bounded number of times; 402 is thrown as a typed error
 * and never retried; every other non-2xx is thrown as a typed `AlmanacError`.
 *
 * @example
 * const almanac = new Almanac({ baseUrl: 'https://almanac.example', apiKey: process.env.ALMANAC_API_KEY });
 * const hits = await almanac.get('/ticker-search', { params: { query: { q: 'apple' } } });
 * for await (const item of almanac.paginate('/news/search', { query: { ticker: 'AAPL' } })) console.log(item.title);
 */
import createClient, { type Client, type FetchOptions } from 'openapi-fetch';
import type { FilterKeys, HttpMethod, PathsWithMethod, Readable, RequiredKeysOf, ResponseObjectMap, SuccessResponse } from 'openapi-typescript-helpers';
import { AlmanacError, errorFor, RateLimitError, retryAfterSeconds } from './errors.ts';
import type { components, operations, paths } from './generated/openapi.ts';
import { API_VERSION, PAGED, type PagedPath } from './generated/paged.ts';

export * from './errors.ts';
export type { components, operations, paths };
export { API_VERSION, PAGED, type PagedPath };

export const CLIENT_VERSION = '0.1.0';
export const CLIENT_NAME = 'almanac-client-typescript';

export interface AlmanacOptions {
  /** Base URL of the service (a trailing `/api` or `/api/v1` is dropped); default: the `ALMANAC_URL` environment variable. Required. */
  baseUrl?: string;
  /** API key, sent as `X-API-Key` on every call; default: `ALMANAC_API_KEY`. Without one, calls are anonymous. */
  apiKey?: string;
  /** Your application, prepended to the User-Agent, e.g. `my-agent/1.0 (me@example.com)`. */
  appInfo?: string;
  /** Retries of a 429 (and of a 503 on idempotent methods) after `Retry-After`; default 3. */
  maxRetries?: number;
  /** The longest single wait the client accepts; a longer `Retry-After` is thrown at once. Default 60 s. */
  maxRetryWaitMs?: number;
  /** Wait when a 429 names no `Retry-After`; default 1 s (doubled per attempt). */
  defaultRetryWaitMs?: number;
  /** Per-attempt timeout; default 60 s. */
  timeoutMs?: number;
  /** A fetch implementation (tests, proxies); default globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Called before each retry wait (logging). */
  onRetry?: (info: { attempt: number; status: number; waitMs: number; url: string }) => void;
  /** Called with every final response's metadata: the price of the call (`X-SVC-Per-Call-Cost`, US dollars), request id, rate-limit state. */
  onResponse?: (info: ResponseInfo) => void;
}

/** What a response says about the call itself. */
export interface ResponseInfo {
  method: string;
  url: string;
  status: number;
  requestId: string | null;
  /** `X-SVC-Per-Call-Cost`: the price of this call in US dollars (`"0"` when not billed); null on unmetered routes. */
  perCallCostUsd: string | null;
  /** `RateLimit` (IETF draft), e.g. `"minute";r=0;t=30`, when the server sent it. */
  rateLimit: string | null;
}

type Init<P extends Record<string, any>, M extends HttpMethod> = FetchOptions<FilterKeys<P, M>>;
type InitArg<I> = RequiredKeysOf<I> extends never ? [init?: I] : [init: I];
/** The JSON success body of an operation. */
export type Data<P extends keyof paths, M extends HttpMethod> =
  ResponseObjectMap<FilterKeys<paths[P], M>> extends infer R extends Record<string | number, any> ? Readable<SuccessResponse<R, 'application/json'>> : never;
/** The query parameters of an operation. */
export type Query<P extends keyof paths, M extends HttpMethod = 'get'> = FilterKeys<paths[P], M> extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
/** One item of a paginated operation. */
export type PageItem<P extends PagedPath> = (typeof PAGED)[P]['items'] extends string
  ? Data<P, 'get'>[(typeof PAGED)[P]['items'] & keyof Data<P, 'get'>] extends (infer T)[]
    ? T
    : never
  : Data<P, 'get'> extends (infer T)[]
    ? T
    : never;

export type BulkFormat = 'json' | 'csv' | 'arrow' | 'parquet';
export type BulkJson = Data<'/data/bulk', 'get'>;
export interface BulkOptions {
  /** Field groups (`fundamentals`, `metrics`); default both. */
  fields?: string[];
}

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The User-Agent the client sends: the caller's app, then the client and runtime. */
export function userAgent(appInfo?: string): string {
  const runtime = typeof process !== 'undefined' && process.versions?.node ? `node/${process.versions.node}` : 'js';
  return `${appInfo ? `${appInfo.trim()} ` : ''}${CLIENT_NAME}/${CLIENT_VERSION} (API ${API_VERSION}; ${runtime})`;
}

export class Almanac {
  /** The typed openapi-fetch client (`{ data, response }`); non-2xx answers are thrown as errors. */
  readonly api: Client<paths>;
  readonly baseUrl: string;
  readonly #apiKey: string | null;

  constructor(options: AlmanacOptions = {}) {
    const env = typeof process !== 'undefined' ? process.env : {};
    // The service root: a URL given with the API prefix (`…/api`, `…/api/v1`) is taken to mean the same service.
    const baseUrl = (options.baseUrl ?? env.ALMANAC_URL ?? '').trim().replace(/\/+$/, '').replace(/\/api(\/v1)?$/, '');
    if (!baseUrl) throw new Error('Almanac: no service URL: pass { baseUrl } or set ALMANAC_URL (e.g. https://almanac.example)');
    if (!/^https?:\/\//.test(baseUrl)) throw new Error(`Almanac: baseUrl must start with http:// or https:// (got ${JSON.stringify(baseUrl)})`);
    const key = options.apiKey ?? env.ALMANAC_API_KEY;
    if (key !== undefined && key.trim() === '') throw new Error('Almanac: apiKey is empty: pass a key or leave it out for anonymous calls');
    this.baseUrl = baseUrl;
    this.#apiKey = key?.trim() ?? null;
    const agent = userAgent(options.appInfo);
    const maxRetries = options.maxRetries ?? 3;
    const maxWait = options.maxRetryWaitMs ?? 60_000;
    const defaultWait = options.defaultRetryWaitMs ?? 1_000;
    const timeoutMs = options.timeoutMs ?? 60_000;
    const baseFetch = options.fetch ?? ((r: Request) => globalThis.fetch(r));
    const apiKey = this.#apiKey;

    const send = async (request: Request): Promise<Response> => {
      // Headers are set here, on the request that goes out, so no per-call option can drop the key.
      const headers = new Headers(request.headers);
      headers.set('User-Agent', agent);
      if (apiKey) headers.set('X-API-Key', apiKey);
      else headers.delete('X-API-Key');
      if (!headers.has('Accept')) headers.set('Accept', 'application/json');
      const method = request.method.toUpperCase();
      const body = method === 'GET' || method === 'HEAD' ? undefined : await request.arrayBuffer();
      for (let attempt = 0; ; attempt++) {
        const signal = AbortSignal.any([request.signal, AbortSignal.timeout(timeoutMs)]); // the caller's signal still cancels
        const response = await baseFetch(new Request(request.url, { method, headers, body, signal }));
        const retryable = response.status === 429 || (response.status === 503 && IDEMPOTENT.has(method));
        const after = retryAfterSeconds(response.headers.get('retry-after'));
        const waitMs = after !== null ? after * 1000 : defaultWait * 2 ** attempt;
        // Not retried, out of retries, or longer than the caller accepts: this is the answer.
        if (!retryable || attempt >= maxRetries || waitMs > maxWait) {
          options.onResponse?.({
            method,
            url: request.url,
            status: response.status,
            requestId: response.headers.get('x-request-id'),
            perCallCostUsd: response.headers.get('x-svc-per-call-cost'),
            rateLimit: response.headers.get('ratelimit'),
          });
          return response;
        }
        await response.body?.cancel();
        options.onRetry?.({ attempt: attempt + 1, status: response.status, waitMs, url: request.url });
        await sleep(waitMs);
      }
    };

    this.api = createClient<paths>({ baseUrl: `${baseUrl}/api`, fetch: send });
    this.api.use({
      async onResponse({ request, response }) {
        if (response.ok) return undefined;
        const text = await response.clone().text();
        let body: unknown = null;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          body = text;
        }
        const error = errorFor(response, body, request.method);
        if (error instanceof RateLimitError && error.retryAfterSeconds !== null) error.message += ` (retry after ${error.retryAfterSeconds} s)`;
        throw error;
      },
    });
  }

  /** Whether calls carry an API key (the key itself is never exposed). */
  get hasKey(): boolean {
    return this.#apiKey !== null;
  }

  /** A GET returning the typed JSON body; throws AlmanacError subclasses on any non-2xx. */
  async get<P extends PathsWithMethod<paths, 'get'>, I extends Init<paths[P], 'get'>>(path: P, ...init: InitArg<I>): Promise<Data<P, 'get'>> {
    const { data } = await (this.api.GET as any)(path, init[0]);
    return data as Data<P, 'get'>;
  }

  /** A POST returning the typed JSON body. */
  async post<P extends PathsWithMethod<paths, 'post'>, I extends Init<paths[P], 'post'>>(path: P, ...init: InitArg<I>): Promise<Data<P, 'post'>> {
    const { data } = await (this.api.POST as any)(path, init[0]);
    return data as Data<P, 'post'>;
  }

  /** A DELETE returning the typed JSON body. */
  async delete<P extends PathsWithMethod<paths, 'delete'>, I extends Init<paths[P], 'delete'>>(path: P, ...init: InitArg<I>): Promise<Data<P, 'delete'>> {
    const { data } = await (this.api.DELETE as any)(path, init[0]);
    return data as Data<P, 'delete'>;
  }

  /**
   * Every item of an offset-paginated endpoint (`/news/search`, `/insiders`, `/glossary`), fetching
   * pages of `query.limit` (default: the largest page the endpoint allows) until a short page, the
   * response's `total`, or the endpoint's largest offset.
   */
  async *paginate<P extends PagedPath>(path: P, options: { query?: Query<P> } = {}): AsyncGenerator<PageItem<P>, void, undefined> {
    const meta = PAGED[path];
    const query = { ...(options.query ?? {}) } as Record<string, unknown>;
    const limit = typeof query.limit === 'number' ? query.limit : meta.maxLimit;
    let offset = typeof query.offset === 'number' ? query.offset : 0;
    for (;;) {
      const page = (await this.get(path as any, { params: { query: { ...query, limit, offset } } } as any)) as unknown;
      const items = (meta.items === null ? page : (page as Record<string, unknown>)[meta.items]) as PageItem<P>[];
      if (!Array.isArray(items)) throw new AlmanacError(`GET ${path}: the response has no '${meta.items}' array`, 200, page, null, 'GET', path);
      yield* items;
      offset += items.length;
      const total = (page as { total?: unknown }).total;
      if (items.length < limit || items.length === 0 || (typeof total === 'number' && offset >= total) || offset > meta.maxOffset) return;
    }
  }

  /** Bulk fundamentals (Investor tier and above) as typed JSON. */
  bulk(tickers: string[], options?: BulkOptions & { format?: 'json' }): Promise<BulkJson>;
  /** Bulk fundamentals as CSV text. */
  bulk(tickers: string[], options: BulkOptions & { format: 'csv' }): Promise<string>;
  /** Bulk fundamentals as raw bytes: an Arrow IPC stream (`apache-arrow`'s tableFromIPC reads it) or a Parquet file. */
  bulk(tickers: string[], options: BulkOptions & { format: 'arrow' | 'parquet' }): Promise<Uint8Array>;
  async bulk(tickers: string[], options: BulkOptions & { format?: BulkFormat } = {}): Promise<BulkJson | string | Uint8Array> {
    const format = options.format ?? 'json';
    const query = { tickers: tickers.join(','), ...(options.fields ? { fields: options.fields.join(',') } : {}), format };
    if (format === 'json') return this.get('/data/bulk', { params: { query } });
    const { data } = await this.api.GET('/data/bulk', { params: { query }, parseAs: format === 'csv' ? 'text' : 'arrayBuffer' });
    return typeof data === 'string' ? data : new Uint8Array(data as ArrayBuffer);
  }
}

export default Almanac;
