import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const get = (url: string) => t.app.inject({ url, headers: { 'user-agent': 'almanac-tests/1.0 (news)' } });
type Item = { id: string; title: string; tickers: string[]; tags: string[]; sentiment: { score: number; label: string }; publishedAt: string; relevance: number | null };

const news = suite('/api/news/*');
news.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'news'] });
});
news.after(() => t.close());

news('the sample feeds: 19 items in, duplicates by link, title and across feeds removed -> 16', async () => {
  const stats = json(await get('/api/news/stats'));
  assert.is(stats.items, 16);
  assert.equal(stats.feeds.map((f: { source: string; items: number }) => [f.source, f.items]), [
    ['vendor/news/business-atom.xml', 7],
    ['vendor/news/markets-wire.xml', 7],
    ['www.sec.gov/news/pressreleases.rss', 2],
  ]);
  assert.equal([stats.first, stats.latest], ['2024-04-02T20:00:00', '2024-12-30T21:00:00']);
  assert.equal(stats.sentiment, { positive: 6, negative: 2, neutral: 8 });
  const all = json(await get('/api/news/search?days=3650&limit=200')).items as Item[];
  assert.is(all.filter((i) => /record quarterly revenue/i.test(i.title)).length, 1);
  assert.is(all.filter((i) => /Pioneer/.test(i.title)).length, 1);
});

news('the short-symbol false positive gets no ticker; the explicit forms do', async () => {
  const all = json(await get('/api/news/search?days=3650&limit=200')).items as Item[];
  const by = (re: RegExp): Item => all.find((i) => re.test(i.title))!;
  assert.equal(by(/^IT budgets rise/).tickers, []);
  assert.equal(by(/^Gartner/).tickers, ['IT']);
  assert.equal(by(/^Agilent/).tickers, ['A']);
  assert.equal(by(/Main Street traffic/).tickers, []);
  assert.equal(by(/talc/).tickers, ['JNJ']);
});

news('the clearly negative headline is labelled negative', async () => {
  const res = json(await get('/api/news/search?q=tesla deliveries&days=3650'));
  assert.is(res.total, 1);
  const item = res.items[0] as Item;
  assert.equal([item.title, item.tickers, item.sentiment], ['Tesla shares plunge as first-quarter deliveries fall and miss estimates', ['TSLA'], { score: -0.909, label: 'negative' }]);
  const negatives = json(await get('/api/news/search?sentiment=negative&days=3650')).items.map((i: Item) => i.tickers[0]);
  assert.equal(negatives.sort(), ['JNJ', 'TSLA']);
});

news('full text: every term must match, stems, title matches rank first', async () => {
  let res = json(await get('/api/news/search?q=spending&days=3650'));
  // "spending" and "spend" share the stem; the two title matches rank above the summary match.
  assert.equal(res.items.map((i: Item) => i.title), [
    'IT budgets rise as A.I. spending grows, survey says',
    'Gartner (NYSE: IT) forecasts worldwide IT spending to grow 9.3% in 2025',
    'Microsoft to invest $80 billion in AI-enabled data centers in fiscal 2025',
  ]);
  assert.ok(res.items[0].relevance > 0);
  res = json(await get('/api/news/search?q=data%20centers&days=3650'));
  assert.equal(res.items.map((i: Item) => i.tickers[0] ?? null).sort(), ['IT', 'MSFT', 'NVDA'], '"centers" finds "center"');
  res = json(await get('/api/news/search?q=nvidia%20oil&days=3650'));
  assert.is(res.total, 0);
});

news('days counts back from the newest item; default 7', async () => {
  const res = json(await get('/api/news/search'));
  assert.equal([res.since, res.total], ['2024-12-23T21:00:00', 1]);
  assert.is(res.items[0].tickers[0], 'MSFT');
  assert.is(json(await get('/api/news/search?days=14')).total, 2);
});

news('filters: ticker, tag; stable pagination with a total', async () => {
  assert.equal(json(await get('/api/news/search?ticker=nvda&days=3650')).items.map((i: Item) => i.tickers), [['NVDA']]);
  const tech = json(await get('/api/news/search?tag=technology&days=3650'));
  assert.is(tech.total, 4);
  const pages: string[] = [];
  for (let offset = 0; offset < 16; offset += 5) {
    const page = json(await get(`/api/news/search?days=3650&limit=5&offset=${offset}`));
    assert.is(page.total, 16);
    pages.push(...page.items.map((i: Item) => i.id));
  }
  assert.is(new Set(pages).size, 16, 'pages neither overlap nor skip');
  const times = (json(await get('/api/news/search?days=3650&limit=200')).items as Item[]).map((i) => i.publishedAt);
  assert.equal(times, [...times].sort().reverse());
});

news('invalid parameters are 400s naming them', async () => {
  for (const [q, name] of [['sentiment=angry', 'sentiment'], ['days=0', 'days'], ['limit=1000', 'limit'], ['offset=-1', 'offset']]) {
    const res = await get(`/api/news/search?${q}`);
    assert.is(res.statusCode, 400, q);
    assert.match(json(res).error, name);
  }
});

news('/api/news/ticker: recent headlines; unknown ticker 404; missing 400', async () => {
  const res = json(await get('/api/news/ticker?ticker=xom'));
  assert.equal([res.ticker, res.items.length, res.items[0].title], ['XOM', 1, 'Exxon Mobil Completes Acquisition of Pioneer Natural Resources']);
  assert.equal(json(await get('/api/news/ticker?ticker=SPY')).items, []);
  assert.is((await get('/api/news/ticker?ticker=NOPE')).statusCode, 404);
  assert.is((await get('/api/news/ticker')).statusCode, 400);
});

news.run();
