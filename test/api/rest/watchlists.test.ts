/** `/api/watchlists`: create, rename, delete, add/remove tickers, the snapshot view, ownership (404). */
import { suite } from 'uvu';
import { r4, samplePrices, type SampleBar } from '../../sample-files.ts';
import * as assert from 'uvu/assert';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { conformancePlugin, violations } from '../../openapi-conformance.ts';
import { anonymous, keyAccount, type KeyCaller } from './user-state-accounts.ts';

let t: TestApp;
let alice: KeyCaller;
let bob: KeyCaller;
let id = '';

const lists = suite('/api/watchlists');
lists.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'prices'], server: { plugins: [conformancePlugin()] } });
  alice = await keyAccount(t.app, t.services.store, 'alice-watch@example.com');
  bob = await keyAccount(t.app, t.services.store, 'bob-watch@example.com');
});
lists.after(() => t.close());

lists('anonymous -> 401', async () => {
  assert.is((await anonymous(t.app, 'GET', '/api/watchlists')).statusCode, 401);
  assert.is((await anonymous(t.app, 'POST', '/api/watchlists', { name: 'x' })).statusCode, 401);
});

lists('create with tickers; duplicate name (any case) -> 409; unknown ticker -> 400', async () => {
  const res = await alice.call('POST', '/api/watchlists', { name: 'Megacaps', tickers: ['aapl', 'MSFT', 'AAPL'] });
  assert.is(res.statusCode, 201);
  const w = res.json();
  id = w.id;
  assert.equal([w.name, w.tickers], ['Megacaps', ['AAPL', 'MSFT']]);
  assert.is((await alice.call('POST', '/api/watchlists', { name: 'megacaps' })).statusCode, 409);
  const bad = await alice.call('POST', '/api/watchlists', { name: 'Other', tickers: ['NOPE1'] });
  assert.is(bad.statusCode, 400);
  assert.match(bad.json().error, 'NOPE1');
  assert.is((await alice.call('POST', '/api/watchlists', { name: '' })).statusCode, 400);
  // The same name is fine for another account.
  assert.is((await bob.call('POST', '/api/watchlists', { name: 'Megacaps' })).statusCode, 201);
});

lists('the view carries the snapshot price fields of each ticker', async () => {
  const res = await alice.call('GET', `/api/watchlists/${id}`);
  assert.is(res.statusCode, 200);
  const v = res.json();
  // The last two closes of each generated price file (pipelines/sample/SYNTHETIC lists vendor/prices/: synthetic).
  const price = (ticker: string) => {
    const [prev, last] = samplePrices(ticker).slice(-2) as [SampleBar, SampleBar];
    return { current: last.close, change: r4(last.close - prev.close), changePercent: r4(((last.close - prev.close) / prev.close) * 100), date: last.date, synthetic: true };
  };
  assert.equal(v.rows, [
    { ticker: 'AAPL', name: 'Apple Inc.', price: price('AAPL') },
    { ticker: 'MSFT', name: 'MICROSOFT CORP', price: price('MSFT') },
  ]);
  assert.match(v.disclaimer, 'not investment advice');
});

lists('add and remove tickers, rename, delete', async () => {
  let res = await alice.call('POST', `/api/watchlists/${id}/tickers`, { ticker: 'nvda' });
  assert.equal([res.statusCode, res.json().tickers], [200, ['AAPL', 'MSFT', 'NVDA']]);
  res = await alice.call('POST', `/api/watchlists/${id}/tickers`, { ticker: 'NVDA' });
  assert.equal(res.json().tickers, ['AAPL', 'MSFT', 'NVDA'], 'adding twice changes nothing');
  res = await alice.call('DELETE', `/api/watchlists/${id}/tickers/MSFT`);
  assert.equal([res.statusCode, res.json().tickers], [200, ['AAPL', 'NVDA']]);
  assert.is((await alice.call('DELETE', `/api/watchlists/${id}/tickers/MSFT`)).statusCode, 404);
  res = await alice.call('PATCH', `/api/watchlists/${id}`, { name: 'Chips and phones' });
  assert.equal([res.statusCode, res.json().name], [200, 'Chips and phones']);
  const other = (await alice.call('POST', '/api/watchlists', { name: 'Banks', tickers: ['JPM'] })).json();
  assert.is((await alice.call('PATCH', `/api/watchlists/${other.id}`, { name: 'chips and phones' })).statusCode, 409);
  assert.equal((await alice.call('GET', '/api/watchlists')).json().map((w: { name: string }) => w.name), ['Chips and phones', 'Banks']);
  assert.is((await alice.call('DELETE', `/api/watchlists/${other.id}`)).statusCode, 204);
  assert.is((await alice.call('GET', `/api/watchlists/${other.id}`)).statusCode, 404);
});

lists('ownership: every read, update and delete of another account\'s watchlist is 404', async () => {
  const calls: [string, string, unknown?][] = [
    ['GET', `/api/watchlists/${id}`],
    ['PATCH', `/api/watchlists/${id}`, { name: 'mine now' }],
    ['DELETE', `/api/watchlists/${id}`],
    ['POST', `/api/watchlists/${id}/tickers`, { ticker: 'KO' }],
    ['DELETE', `/api/watchlists/${id}/tickers/AAPL`],
  ];
  for (const [m, u, b] of calls) assert.is((await bob.call(m, u, b)).statusCode, 404, `${m} ${u}`);
  assert.equal((await bob.call('GET', '/api/watchlists')).json().map((w: { name: string }) => w.name), ['Megacaps']);
  const mine = (await alice.call('GET', `/api/watchlists/${id}`)).json();
  assert.equal([mine.name, mine.tickers], ['Chips and phones', ['AAPL', 'NVDA']], 'untouched');
  assert.is((await alice.call('GET', '/api/watchlists/not-a-uuid')).statusCode, 404);
});

lists('every response conforms to the OpenAPI description', () => {
  assert.equal(violations, []);
});

lists.run();
