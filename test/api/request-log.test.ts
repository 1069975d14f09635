/**
 * Request logging (issue 15): one line per request at debug level; at info level only 5xx answers
 * and slow requests (LOG_SLOW_MS) are logged, each with its request id.
 */
import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleApp } from '../helpers.ts';

function capture(): { stream: Writable; lines: () => Record<string, unknown>[] } {
  const chunks: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  return { stream, lines: () => chunks.join('').split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>) };
}

const test = suite('request log');

test('info level: fast 2xx/4xx answers write nothing; a 5xx and a slow request one line each with the request id', async () => {
  const log = capture();
  const boom = async (app: import('fastify').FastifyInstance): Promise<void> => {
    app.get('/test-boom', async () => {
      throw new Error('boom');
    });
  };
  const t = await sampleApp({ build: false, server: { logger: { level: 'info', stream: log.stream }, plugins: [boom] } });
  try {
    for (let i = 0; i < 20; i++) assert.is((await t.app.inject({ url: '/api/nope' })).statusCode, 404);
    await t.app.inject({ url: '/api/nope' });
    assert.equal(log.lines().filter((l) => l.msg === 'request completed'), [], 'no line for fast answers');
    const res = await t.app.inject({ url: '/test-boom', headers: { 'x-request-id': 'req-boom-1' } });
    assert.is(res.statusCode, 500);
    const done = log.lines().filter((l) => l.msg === 'request completed');
    assert.is(done.length, 1);
    assert.is(done[0]!.reqId, 'req-boom-1');
    assert.is((done[0]!.res as { statusCode: number }).statusCode, 500);
  } finally {
    await t.close();
  }
  const slow = capture();
  const t2 = await sampleApp({ build: false, config: { logSlowMs: 0 }, server: { logger: { level: 'info', stream: slow.stream } } });
  try {
    await t2.app.inject({ url: '/api/nope', headers: { 'x-request-id': 'req-slow-1' } });
    const done = slow.lines().filter((l) => l.msg === 'request completed');
    assert.is(done.length, 1);
    assert.is(done[0]!.reqId, 'req-slow-1');
    assert.is(done[0]!.slow, true);
  } finally {
    await t2.close();
  }
});

test('debug level: every request one line (not Fastify\'s pair)', async () => {
  const log = capture();
  const t = await sampleApp({ build: false, server: { logger: { level: 'debug', stream: log.stream } } });
  try {
    for (let i = 0; i < 3; i++) await t.app.inject({ url: `/api/nope?i=${i}` });
    const lines = log.lines();
    assert.is(lines.filter((l) => l.msg === 'request completed').length, 3);
    assert.is(lines.filter((l) => l.msg === 'incoming request').length, 0);
  } finally {
    await t.close();
  }
});

test('a request that logs nothing makes no pino child; one that logs gets its id on the line (api/request-logger.ts)', async () => {
  const log = capture();
  const made = { n: 0 };
  const asked: unknown[] = [];
  const shout = async (app: import('fastify').FastifyInstance): Promise<void> => {
    app.get('/test-shout', async (req) => {
      // pino's other members answer as a child's would, the level ones without making it.
      const log = req.log as unknown as { isLevelEnabled(l: string): boolean; levelVal: number; bindings(): Record<string, unknown> };
      asked.push(log.isLevelEnabled('debug'), log.isLevelEnabled('warn'), log.levelVal, made.n);
      asked.push(log.bindings().reqId);
      req.log.warn({ extra: 1 }, 'shouting');
      return { ok: true };
    });
  };
  const t = await sampleApp({ build: false, server: { logger: { level: 'info', stream: log.stream }, plugins: [shout] } });
  try {
    const parent = t.app.log as unknown as { child: (...a: unknown[]) => unknown };
    const child = parent.child.bind(parent);
    parent.child = (...a: unknown[]) => {
      made.n += 1;
      return child(...a);
    };
    for (let i = 0; i < 5; i++) assert.is((await t.app.inject({ url: '/api/nope' })).statusCode, 404);
    assert.is(made.n, 0, 'quiet requests made no child');
    assert.is((await t.app.inject({ url: '/test-shout', headers: { 'x-request-id': 'req-shout-1' } })).statusCode, 200);
    assert.is(made.n, 1);
    const line = log.lines().find((l) => l.msg === 'shouting');
    assert.ok(line, 'the line was written');
    assert.equal([line!.reqId, line!.extra, line!.level], ['req-shout-1', 1, 40]);
    assert.equal(asked, [false, true, 30, 0, 'req-shout-1']);
  } finally {
    await t.close();
  }
});

test.run();
