import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../helpers.ts';

let t: TestApp;
const server = suite('server');
server.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
server.after(() => t.close());

server('unknown paths are JSON 404s', async () => {
  for (const url of ['/api/nope', '/api/v1/nope', '/nothing/here']) {
    const res = await t.app.inject(url);
    assert.is(res.statusCode, 404);
    assert.match(res.headers['content-type'] as string, 'application/json');
    assert.match(json(res).error, 'not found');
  }
});

server('every response carries a request id; a sane incoming one is kept', async () => {
  const a = await t.app.inject('/api/health');
  assert.match(a.headers['x-request-id'] as string, /^[0-9a-f-]{36}$/);
  const b = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'trace-12345678' } });
  assert.is(b.headers['x-request-id'], 'trace-12345678');
  const c = await t.app.inject({ url: '/api/health', headers: { 'x-request-id': 'bad id with spaces' } });
  assert.is.not(c.headers['x-request-id'], 'bad id with spaces');
});

server('health reports the snapshot version and store reachability', async () => {
  const res = await t.app.inject('/api/health');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.is(body.status, 'ok');
  assert.is(body.snapshot, t.services.warehouse.version);
  assert.equal(body.stores.warehouse, 'ok');
  assert.is((await t.app.inject('/api/v1/health')).statusCode, 200);
});

server('malformed JSON bodies are 400 with an error field, never a stack trace', async () => {
  const res = await t.app.inject({ method: 'POST', url: '/api/nope', headers: { 'content-type': 'application/json' }, payload: '{bad' });
  assert.ok(res.statusCode === 404 || res.statusCode === 400);
  assert.type(json(res).error, 'string');
  assert.not.match(res.body, 'at ');
});

server.run();
