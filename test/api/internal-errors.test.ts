/**
 * An unexpected failure inside GraphQL or an MCP tool is answered masked and logged (an attacker
 * pass found GraphQL's masked errors logged nowhere and MCP's written to stderr as unstructured text):
 * one error-level line in the service's log with the request's id, and the id in the answer, so an
 * operator can go from what a client saw to its cause.
 */
import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { SqlParams } from '../../warehouse/db.ts';
import { mcpCall } from '../doors.ts';
import { json, sampleApp, type TestApp } from '../helpers.ts';

const test = suite('internal errors');
let t: TestApp;
const lines: { level: number; msg: string; reqId?: string; err?: { message?: string } }[] = [];
const UA = { 'user-agent': 'almanac-tests/1.0 (internal errors)' };

test.before(async () => {
  const log = new Writable({ write: (chunk, _enc, done) => (lines.push(...String(chunk).trim().split('\n').map((l) => JSON.parse(l))), done()) });
  t = await sampleApp({ jobs: ['companies', 'macro'], server: { logger: { level: 'info', stream: log } } });
});
test.after(() => t.close());

/** Runs `during` with every warehouse query failing as a defect would (a plain Error). */
async function failing(during: () => Promise<void>): Promise<void> {
  const wh = t.services.warehouse;
  const all = wh.all.bind(wh);
  wh.all = (async (_sql: string, _params?: SqlParams) => {
    throw new Error('a defect the test planted');
  }) as typeof wh.all;
  try {
    await during();
  } finally {
    wh.all = all;
  }
}

const errorLines = (reqId: string) => lines.filter((l) => l.level >= 50 && l.reqId === reqId);

test('GraphQL: the masked error carries the request id, and the cause is logged once under it', async () => {
  await failing(async () => {
    const res = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query: '{ yieldCurve { date } }' }, headers: UA });
    const reqId = String(res.headers['x-request-id']);
    const [error] = json(res).errors;
    assert.equal(error.message, 'Unexpected error.');
    assert.equal(error.extensions, { code: 'INTERNAL_SERVER_ERROR', requestId: reqId });
    assert.not.match(res.body, 'planted');
    const logged = errorLines(reqId);
    assert.is(logged.length, 1, JSON.stringify(lines.slice(-5)));
    assert.is(logged[0]!.msg, 'graphql resolver error');
    assert.is(logged[0]!.err?.message, 'a defect the test planted');
  });
});

test('MCP: the tool error carries the request id, and the cause is logged once under it', async () => {
  await failing(async () => {
    const { isError, body, raw } = await mcpCall(t.app, 'get_yield_curve', {}, UA);
    assert.ok(isError, raw);
    assert.is(body.status, 500);
    assert.not.match(raw, 'planted');
    const logged = errorLines(body.requestId);
    assert.is(logged.length, 1, JSON.stringify(lines.slice(-5)));
    assert.is(logged[0]!.msg, 'mcp tool error');
    assert.is(logged[0]!.err?.message, 'a defect the test planted');
  });
});

test.run();
