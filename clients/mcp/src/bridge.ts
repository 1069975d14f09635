/**
 * The Almanac MCP stdio bridge: an MCP server on stdin/stdout (what desktop agents launch) that
 * forwards `tools/list` and `tools/call` to the hosted Streamable HTTP endpoint `<ALMANAC_URL>/api/mcp`
 * with `X-API-Key: <ALMANAC_API_KEY>` and a descriptive User-Agent on every request.
 *
 * There is no standalone mode: without `ALMANAC_URL` the bridge refuses to start (a key without a
 * URL is named as such), so a configured key can never be silently ignored. The key never appears
 * in a log line or a tool result: every text the bridge writes or forwards is redacted.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';

export const BRIDGE_NAME = 'almanac-mcp';
export const BRIDGE_VERSION = '0.1.0';

export interface BridgeConfig {
  /** Base URL of the service, without a trailing slash (the endpoint is `${url}/api/mcp`). */
  url: string;
  apiKey: string | null;
  /** Retries of a 429 after `Retry-After` (bounded); default 2. */
  maxRetries: number;
  /** The longest `Retry-After` the bridge waits; default 30 s. */
  maxRetryWaitMs: number;
}

export type ConfigResult = { ok: true; config: BridgeConfig } | { ok: false; message: string };

/** Reads `ALMANAC_URL` and `ALMANAC_API_KEY`; refuses (with the reason) rather than guessing. */
export function configFromEnv(env: Record<string, string | undefined>): ConfigResult {
  // The service root, also when given as the API or the MCP endpoint itself (`…/api`, `…/api/v1/mcp`).
  const url = (env.ALMANAC_URL ?? '').trim().replace(/\/+$/, '').replace(/\/api(\/v1)?(\/mcp)?$/, '');
  const rawKey = env.ALMANAC_API_KEY;
  const apiKey = rawKey?.trim() ? rawKey.trim() : null;
  if (!url) {
    return {
      ok: false,
      message: apiKey
        ? 'ALMANAC_API_KEY is set but ALMANAC_URL is not. The bridge has no standalone mode and will not run without the service URL, ' +
          'because your key would be ignored. Set ALMANAC_URL to the service base URL (e.g. https://almanac.example) in the MCP server config.'
        : 'ALMANAC_URL is not set. Set it to the service base URL (e.g. https://almanac.example), and ALMANAC_API_KEY to your key for keyed tools.',
    };
  }
  if (!/^https?:\/\/[^/]+/.test(url)) return { ok: false, message: `ALMANAC_URL must be an http:// or https:// URL (got ${JSON.stringify(url)})` };
  if (rawKey !== undefined && !apiKey) return { ok: false, message: 'ALMANAC_API_KEY is set but empty. Put your key there, or remove the variable to use the anonymous tools only.' };
  const num = (v: string | undefined, d: number) => (v !== undefined && /^\d+$/.test(v) ? Number(v) : d);
  return { ok: true, config: { url, apiKey, maxRetries: num(env.ALMANAC_MAX_RETRIES, 2), maxRetryWaitMs: num(env.ALMANAC_MAX_RETRY_WAIT_MS, 30_000) } };
}

/** Replaces every occurrence of the key (and of any `alm_live_`/`alm_trial_` key-shaped token) in `text`. */
export function redactor(apiKey: string | null): (text: string) => string {
  return (text) => {
    let out = apiKey ? text.split(apiKey).join('[redacted key]') : text;
    out = out.replace(/\balm_(live|trial)_[A-Za-z0-9_-]{8,}/g, 'alm_$1_[redacted]');
    return out;
  };
}

/** Deep-redacts every string of a JSON-like value. */
function redactDeep<T>(value: T, redact: (s: string) => string): T {
  if (typeof value === 'string') return redact(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redact)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)])) as T;
  return value;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** fetch with the bridge's headers on every request and bounded 429 retries after Retry-After. */
export function bridgeFetch(config: BridgeConfig, log: (line: string) => void): (url: string | URL, init?: RequestInit) => Promise<Response> {
  const agent = `${BRIDGE_NAME}/${BRIDGE_VERSION} (MCP stdio bridge; node/${process.versions.node})`;
  return async (url, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set('User-Agent', agent);
    if (config.apiKey) headers.set('X-API-Key', config.apiKey);
    else headers.delete('X-API-Key');
    headers.delete('Authorization'); // a key is never a Bearer token (spec 5.2)
    for (let attempt = 0; ; attempt++) {
      const response = await fetch(url, { ...init, headers });
      if (response.status !== 429 || attempt >= config.maxRetries) return response;
      const after = response.headers.get('retry-after');
      const seconds = after && /^\d+$/.test(after.trim()) ? Number(after.trim()) : 1;
      if (seconds * 1000 > config.maxRetryWaitMs) return response;
      await response.body?.cancel();
      log(`rate limited (429); retrying in ${seconds} s (attempt ${attempt + 1} of ${config.maxRetries})`);
      await sleep(seconds * 1000);
    }
  };
}

export interface Bridge {
  /** Connects the stdio side once the upstream answered `initialize`. */
  serve(transport: Transport): Promise<void>;
  /**
   * Answers the requests already received, then closes both sides. Once: a later call (the stdio
   * transport's own close handler, run by this close) gets the same promise.
   */
  close(): Promise<void>;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Connects to `${url}/api/mcp`; throws a redacted, human-readable error when the service refuses. */
export async function connectBridge(config: BridgeConfig, log: (line: string) => void): Promise<Bridge> {
  const redact = redactor(config.apiKey);
  const safeLog = (line: string) => log(redact(line));
  const endpoint = new URL(`${config.url}/api/mcp`);
  const upstream = new Client({ name: BRIDGE_NAME, version: BRIDGE_VERSION });
  try {
    await upstream.connect(new StreamableHTTPClientTransport(endpoint, { fetch: bridgeFetch(config, safeLog) }));
  } catch (err) {
    const message = redact(err instanceof Error ? err.message : String(err));
    const status = (err as { code?: unknown }).code;
    const hint =
      status === 401
        ? config.apiKey
          ? ' The service refused the API key (HTTP 401: invalid, revoked or expired): check ALMANAC_API_KEY.'
          : ' The service needs an API key (HTTP 401): set ALMANAC_API_KEY.'
        : typeof status === 'number'
          ? ` (HTTP ${status})`
          : '';
    throw new Error(`cannot reach the Almanac MCP endpoint ${endpoint.href}: ${message}${hint}`);
  }
  safeLog(`connected to ${endpoint.href} (${config.apiKey ? 'with an API key' : 'anonymous: keyed tools will refuse; set ALMANAC_API_KEY'})`);

  const server = new Server(
    { name: BRIDGE_NAME, version: BRIDGE_VERSION },
    { capabilities: { tools: {} }, ...(upstream.getInstructions() ? { instructions: upstream.getInstructions() } : {}) },
  );
  /** Requests being answered: a host that ends stdin right after its last request still gets the answer. */
  const answering = new Set<Promise<unknown>>();
  const answered = <T>(answer: Promise<T>): Promise<T> => {
    answering.add(answer);
    return answer.finally(() => answering.delete(answer));
  };
  server.setRequestHandler(ListToolsRequestSchema, (request) => answered(upstream.listTools(request.params).then((r) => redactDeep(r, redact))));
  server.setRequestHandler(CallToolRequestSchema, (request) =>
    answered(
      (async (): Promise<CallToolResult> => {
        try {
          return redactDeep((await upstream.callTool(request.params)) as CallToolResult, redact);
        } catch (err) {
          const message = redact(err instanceof Error ? err.message : String(err));
          safeLog(`tools/call ${request.params.name} failed: ${message}`);
          return { isError: true, content: [{ type: 'text', text: JSON.stringify({ error: `the Almanac service did not answer the tool call: ${message}` }) }] };
        }
      })(),
    ),
  );
  let closing: Promise<void> | null = null;
  return {
    serve: (transport) => server.connect(transport),
    close: () =>
      (closing ??= (async () => {
        // The requests of stdin's last chunk reach their handlers in promise jobs that may run
        // after stdin's `end`, and an answer is written in a job after its handler's: a turn of the
        // event loop before waiting for the answers, and one after.
        await nextTurn();
        await Promise.allSettled([...answering]);
        await nextTurn();
        await server.close();
        await upstream.close();
      })()),
  };
}
