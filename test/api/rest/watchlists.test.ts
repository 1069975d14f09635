/** `/api/watchlists`: create, rename, delete, add/remove tickers, the snapshot view, ownership (404). */
import { suite } from 'uvu';
import { r4, samplePrices, type SampleBar } from '../../sample-files.ts';
import * as assert from 'uvu/assert';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { conformancePlugin, violations } from '../../openapi-conformance.ts';
import { afterStatement, anonymous, keyAccount, type KeyCaller } from './user-state-accounts.ts';
import { mcpCall } from '../../doors.ts';

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

lists('tickers keep the order they were added in, at creation and after', async () => {
  const owner = await keyAccount(t.app, t.services.store, 'order-watch@example.com');
  const res = await owner.call('POST', '/api/watchlists', { name: 'o', tickers: ['MSFT', 'AAPL', 'KO'] });
  assert.equal([res.statusCode, res.json().tickers], [201, ['MSFT', 'AAPL', 'KO']]);
  const added = await owner.call('POST', `/api/watchlists/${res.json().id}/tickers`, { ticker: 'JPM' });
  assert.equal(added.json().tickers, ['MSFT', 'AAPL', 'KO', 'JPM']);
  assert.equal((await owner.call('GET', `/api/watchlists/${res.json().id}`)).json().rows.map((r: { ticker: string }) => r.ticker), ['MSFT', 'AAPL', 'KO', 'JPM']);
  assert.equal((await owner.call('GET', '/api/watchlists')).json()[0].tickers, ['MSFT', 'AAPL', 'KO', 'JPM']);
});

lists('names: NFC-normalised before storing and before the uniqueness check; invisible and control characters refused, naming the field', async () => {
  const owner = await keyAccount(t.app, t.services.store, 'names-watch@example.com');
  const created = await owner.call('POST', '/api/watchlists', { name: 'Caf\u00e9' });
  assert.is(created.statusCode, 201);
  const nfd = await owner.call('POST', '/api/watchlists', { name: 'CAFE\u0301' });
  assert.is(nfd.statusCode, 409, 'the same name with a combining accent, any case');
  const ring = await owner.call('POST', '/api/watchlists', { name: 'A\u030a' });
  assert.equal([ring.statusCode, ring.json().name], [201, '\u00c5'], 'stored precomposed');
  assert.is((await owner.call('POST', '/api/watchlists', { name: '\u00c5' })).statusCode, 409);
  assert.is((await owner.call('PATCH', `/api/watchlists/${ring.json().id}`, { name: 'cafe\u0301' })).statusCode, 409, 'a rename is checked the same way');
  const refused: [string, string][] = [
    ['x\u0085y', 'U+0085 (a control character)'],
    ['x\u009fy', 'U+009F (a control character)'],
    ['evil\u202egnp.exe', 'U+202E (a bidirectional control character)'],
    ['x\u2066y', 'U+2066 (a bidirectional control character)'],
    ['x\u200by', 'U+200B (a zero-width (invisible) character)'],
    ['x\u200dy', 'U+200D (a zero-width (invisible) character)'],
    ['x\u2060y', 'U+2060 (a zero-width (invisible) character)'],
    ['x\ufeffy', 'U+FEFF (a zero-width (invisible) character)'],
    ['x\ud800y', 'U+D800 (a lone surrogate, half of a UTF-16 pair)'],
    ['x\udc00', 'U+DC00 (a lone surrogate, half of a UTF-16 pair)'],
  ];
  for (const [name, why] of refused) {
    const res = await owner.call('POST', '/api/watchlists', { name });
    assert.is(res.statusCode, 400, JSON.stringify(name));
    assert.is(res.json().error, `invalid body field 'name': must not contain ${why}`, JSON.stringify(name));
  }
  const rename = await owner.call('PATCH', `/api/watchlists/${ring.json().id}`, { name: 'x\u202ay' });
  assert.equal([rename.statusCode, rename.json().error], [400, "invalid body field 'name': must not contain U+202A (a bidirectional control character)"]);
  const mcp = await mcpCall(t.app, 'create_watchlist', { name: 'x\u2067y' }, { 'x-api-key': owner.key, 'user-agent': 'almanac-tests/1.0 (user-state)' });
  assert.ok(mcp.isError && /name.*must not contain U\+2067 \(a bidirectional control character\)/.test(mcp.raw), mcp.raw);
  assert.equal((await owner.call('GET', '/api/watchlists')).json().map((w: { name: string }) => w.name), ['Caf\u00e9', '\u00c5']);
});

lists('a watchlist deleted between a write and the answer is a 404 or the list as written, never a 500', async () => {
  const owner = await keyAccount(t.app, t.services.store, 'race-watch@example.com');
  const store = t.services.store;
  const create = async (name: string) => (await owner.call('POST', '/api/watchlists', { name, tickers: ['AAPL', 'MSFT'] })).json().id as string;
  const race = async (prefix: string, id: string, call: () => ReturnType<KeyCaller['call']>) => {
    const undo = afterStatement(store, prefix, () => store.execute('DELETE FROM watchlists WHERE id = $1', [id]));
    try {
      return await call();
    } finally {
      undo();
    }
  };
  let id = await create('renamed');
  let res = await race('UPDATE watchlists SET name', id, () => owner.call('PATCH', `/api/watchlists/${id}`, { name: 'gone' }));
  assert.equal([res.statusCode, res.json().error], [404, `no watchlist '${id}'`]);
  id = await create('removed from');
  res = await race('DELETE FROM watchlist_items', id, () => owner.call('DELETE', `/api/watchlists/${id}/tickers/MSFT`));
  assert.equal([res.statusCode, res.json().error], [404, `no watchlist '${id}'`]);
  id = await create('added to');
  res = await race('INSERT INTO watchlist_items', id, () => owner.call('POST', `/api/watchlists/${id}/tickers`, { ticker: 'KO' }));
  assert.equal([res.statusCode, res.json().tickers], [200, ['AAPL', 'MSFT', 'KO']], 'the list as the write left it');
  assert.is((await owner.call('GET', `/api/watchlists/${id}`)).statusCode, 404);
});

lists('every response conforms to the OpenAPI description', () => {
  assert.equal(violations, []);
});

lists.run();
