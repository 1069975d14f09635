/**
 * GraphQL and MCP overhead on the sample warehouse, each against a REST baseline measured in the
 * same run:
 * - GraphQL: p50 of a 16-company query (fundamentals, 3 filings each with 2 facts) and the
 *   warehouse queries it makes (DataLoader batching), vs p50 of `/api/ticker-search?q=apple`;
 * - MCP: p50 of a `tools/call` (search_tickers) through the SDK client over HTTP, vs p50 of the
 *   same question as REST over HTTP (fetch); and the size of the `tools/list` answer.
 *
 * Run: node --import tsx test/bench/graphql-mcp.bench.ts   (BENCH_N, default 60)
 */
import { performance } from 'node:perf_hooks';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { InjectOptions } from 'fastify';
import { sampleApp } from '../helpers.ts';

const N = Number(process.env.BENCH_N ?? 60);
const p50 = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const UA = 'almanac-bench/1.0 (bench@example.com)';

const t = await sampleApp({});
// Measure the surfaces, not the limits (the anonymous per-minute limits would refuse a benchmark).
(t.services as { limits?: unknown }).limits = undefined;
const base = await t.app.listen({ port: 0, host: '127.0.0.1' });

const TICKERS = ['AAPL', 'NVDA', 'MSFT', 'GOOGL', 'AMZN', 'TSLA', 'JPM', 'XOM', 'ORCL', 'JNJ', 'KO', 'A', 'IT', 'ARCC', 'MAIN', 'GOOG'];
const query = `{ companies(tickers: ${JSON.stringify(TICKERS)}) { ticker fundamentals(asOf: "2025-01-15") { revenue netMargin } filings(first: 3) { edges { node { form facts(first: 2) { edges { node { concept value } } } } } } } }`;

async function timeInject(opts: InjectOptions): Promise<number> {
  const start = performance.now();
  const res = await t.app.inject(opts);
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body.slice(0, 200)}`);
  return ms;
}

const gql: number[] = [];
const rest: number[] = [];
let queries = 0;
for (let i = 0; i < N; i++) {
  const before = t.services.warehouse.queryCount;
  gql.push(await timeInject({ method: 'POST', url: '/graphql', payload: { query }, headers: { 'user-agent': UA } }));
  queries = t.services.warehouse.queryCount - before;
  rest.push(await timeInject({ url: '/api/ticker-search?q=apple', headers: { 'user-agent': UA } }));
}
console.log(`graphql 16 companies: p50 ${p50(gql).toFixed(1)} ms, ${queries} warehouse queries (an unbatched resolver would make ${1 + 16 * 2 + 16 * 3})`);
console.log(`rest ticker-search:   p50 ${p50(rest).toFixed(1)} ms -> ratio ${(p50(gql) / p50(rest)).toFixed(2)}x`);

const client = new Client({ name: 'bench', version: '1.0.0' });
await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/api/mcp`), { requestInit: { headers: { 'User-Agent': UA } } }));
const { tools } = await client.listTools();
const bytes = Buffer.byteLength(JSON.stringify({ tools }));
const mcp: number[] = [];
const http: number[] = [];
for (let i = 0; i < N; i++) {
  let start = performance.now();
  const r = await client.callTool({ name: 'search_tickers', arguments: { q: 'apple' } });
  mcp.push(performance.now() - start);
  if (r.isError) throw new Error(JSON.stringify(r.content));
  start = performance.now();
  const res = await fetch(`${base}/api/ticker-search?q=apple`, { headers: { 'user-agent': UA } });
  await res.text();
  http.push(performance.now() - start);
}
console.log(`mcp tools/call over HTTP: p50 ${p50(mcp).toFixed(1)} ms; rest over HTTP: p50 ${p50(http).toFixed(1)} ms -> ratio ${(p50(mcp) / p50(http)).toFixed(2)}x`);
console.log(`tools/list: ${tools.length} tools, ${bytes} bytes (~${Math.round(bytes / 4)} tokens at 4 bytes/token)`);
await client.close();
await t.close();
