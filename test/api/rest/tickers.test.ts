import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;

const search = suite('ticker-search');
search.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
search.after(() => t.close());

search('exact symbol first, then symbol prefix, then names', async () => {
  const res = await t.app.inject('/api/ticker-search?q=a');
  assert.is(res.statusCode, 200);
  const rows = json<{ ticker: string }[]>(res);
  assert.is(rows[0]!.ticker, 'A');
  assert.equal(rows.slice(1, 5).map((r) => r.ticker), ['AAPL', 'AMZN', 'ARCC', 'GOOGL']);
});

search('company name matches, case-insensitive', async () => {
  const rows = json<{ ticker: string; name: string; cik: number; exchange: string }[]>(await t.app.inject('/api/ticker-search?q=apple'));
  assert.equal(rows, [{ ticker: 'AAPL', name: 'Apple Inc.', exchange: 'Nasdaq', cik: 320193 }]);
  const coca = json<{ ticker: string }[]>(await t.app.inject('/api/ticker-search?q=cola'));
  assert.equal(coca.map((r) => r.ticker), ['KO']);
});

search('a word inside the name ranks before a substring match', async () => {
  const rows = json<{ ticker: string }[]>(await t.app.inject('/api/ticker-search?q=capital'));
  assert.equal(rows.map((r) => r.ticker), ['ARCC', 'MAIN']);
});

search('the /api/v1 alias answers the same', async () => {
  const a = await t.app.inject('/api/ticker-search?q=tesla');
  const b = await t.app.inject('/api/v1/ticker-search?q=tesla');
  assert.is(b.statusCode, 200);
  assert.is(a.body, b.body);
});

search('no match is an empty list', async () => {
  const res = await t.app.inject('/api/ticker-search?q=zzzzzz');
  assert.is(res.statusCode, 200);
  assert.equal(json(res), []);
});

search('missing or invalid parameters are 400s naming the parameter', async () => {
  let res = await t.app.inject('/api/ticker-search');
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, "'q'");
  res = await t.app.inject('/api/ticker-search?q=a&limit=zero');
  assert.is(res.statusCode, 400);
  assert.match(json(res).error, "'limit'");
  res = await t.app.inject('/api/ticker-search?q=a&limit=1000');
  assert.is(res.statusCode, 400);
});

search('random-ticker returns a company from the universe', async () => {
  const seen = new Set<string>();
  for (let i = 0; i < 30; i++) {
    const res = await t.app.inject('/api/random-ticker');
    assert.is(res.statusCode, 200);
    const row = json<{ ticker: string; cik: number }>(res);
    assert.type(row.cik, 'number');
    seen.add(row.ticker);
  }
  assert.ok(seen.size > 3, `30 draws gave only ${[...seen].join(',')}`);
  assert.not.ok(seen.has('GOOG'), 'secondary share classes are not drawn');
});

search.run();
