/**
 * The same question through GraphQL and MCP (and the run ledger read without the query code), for
 * suites that compare the doors' answers: provenance, freshness, ownership.
 */
import type { FastifyInstance } from 'fastify';
import * as assert from 'uvu/assert';
import type { Warehouse } from '../warehouse/reader.ts';
import { json } from './helpers.ts';

/** POST /graphql; fails the test on any GraphQL error; the `data`. */
export async function graphqlData(app: FastifyInstance, query: string, headers: Record<string, string>): Promise<any> {
  const body = json<any>(await app.inject({ method: 'POST', url: '/graphql', payload: { query }, headers }));
  assert.not.ok(body.errors, JSON.stringify(body.errors));
  return body.data;
}

/** An MCP `tools/call` over HTTP: whether the result is an error, its JSON answer, and the raw body (for messages). */
export async function mcpCall(app: FastifyInstance, name: string, args: Record<string, unknown>, headers: Record<string, string>): Promise<{ isError: boolean; body: any; raw: string }> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/mcp',
    headers: { ...headers, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    payload: { jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name, arguments: args } },
  });
  const out = JSON.parse(res.body) as { result: { isError?: boolean; content: { text: string }[] } };
  return { isError: out.result.isError === true, body: JSON.parse(out.result.content[0]!.text), raw: res.body };
}

/** An MCP `tools/call` over HTTP; fails the test on an `isError` result; the tool's JSON answer. */
export async function mcpTool(app: FastifyInstance, name: string, args: Record<string, unknown>, headers: Record<string, string>): Promise<any> {
  const { isError, body, raw } = await mcpCall(app, name, args, headers);
  assert.not.ok(isError, `${name}: ${raw}`);
  return body;
}

/** The oldest of the jobs' last successful (or partial) runs, from the run ledger: what `fetchedAt` must say. */
export async function ledgerFetchedAt(warehouse: Warehouse, ...jobs: string[]): Promise<string> {
  const [row] = await warehouse.all<{ at: string }>(
    `SELECT strftime(min(f), '%Y-%m-%dT%H:%M:%S') AS at FROM (
       SELECT max(finished_at) AS f FROM pipeline_runs WHERE status IN ('success', 'partial') AND list_contains($jobs, job) GROUP BY job)`,
    { jobs },
  );
  return row!.at;
}
