/**
 * Connections page through everything (issue 13.17) and bad page arguments are BAD_REQUEST errors
 * (issue 13.12). The sample is extended in the build database with a company holding more filings
 * than any internal cap, then published.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild } from '../../../pipelines/runner.ts';
import { buildFile } from '../../../warehouse/snapshots.ts';
import { publishSnapshot } from '../../../warehouse/snapshots.ts';
import { buildSample, json, sampleApp, tempDir, type TestApp } from '../../helpers.ts';

let t: TestApp;
const UA = { 'user-agent': 'almanac-graphql-paging-test/1.0' };
/** Synthetic 10-Q/8-K filings added to TSLA (1,722 real filings: recent page and older page): more than the old 1,000-row cap, and than any page. */
const EXTRA = 2_345;
let total = 0;
const SEARCH_HITS = 150;
const NEWS = 250;

/** Every node of a connection, paging forward with `first: 100` (`query` takes $after). */
async function all(query: string, pick: (data: any) => any): Promise<any[]> {
  const nodes: any[] = [];
  let after: string | null = null;
  for (;;) {
    const res = await gql(query, { after });
    assert.not.ok(res.errors, JSON.stringify(res.errors));
    const conn = pick(res.data);
    nodes.push(...conn.edges.map((e: any) => e.node));
    if (!conn.pageInfo.hasNextPage) return nodes;
    assert.is(conn.edges.length, 100);
    after = conn.pageInfo.endCursor;
  }
}

async function gql(query: string, variables?: Record<string, unknown>): Promise<any> {
  const res = await t.app.inject({ method: 'POST', url: '/graphql', payload: { query, variables }, headers: UA });
  return json(res);
}

const FILINGS = `query($first: Int, $after: String, $last: Int, $before: String, $form: String) {
  company(ticker: "TSLA") { filings(first: $first, after: $after, last: $last, before: $before, form: $form) {
    edges { cursor node { accession filed } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor } } } }`;

const paging = suite('graphql paging');
paging.before(async () => {
  const dataDir = tempDir('almanac-gql-paging-');
  await buildSample(dataDir, ['companies', 'filings']);
  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  const ko = (await db.all<{ cik: number }>(`SELECT cik FROM companies WHERE ticker = 'TSLA'`))[0]!.cik;
  await db.run(
    `INSERT INTO filings (cik, accession, form, filing_date, acceptance_time)
     SELECT $cik, printf('9999999999-%02d-%06d', 90, i), CASE WHEN i % 3 = 0 THEN '8-K' ELSE '10-Q' END,
       DATE '1990-01-01' + (i::INTEGER), TIMESTAMP '1990-01-01 16:00:00' + to_days(i::INTEGER)
     FROM range(0, ${EXTRA}) r(i)`,
    { cik: ko },
  );
  total = (await db.all<{ n: number }>(`SELECT count(*)::INTEGER AS n FROM filings WHERE cik = $cik`, { cik: ko }))[0]!.n;
  // Past the other connections' old caps: 150 search hits (was 100), 250 news items (was 200).
  await db.run(
    `INSERT INTO companies (cik, ticker, name, exchange, rank)
     SELECT 8000000 + i, printf('PGC%03d', i), printf('Pagingco Holdings %03d', i), 'NYSE', 900000 + i FROM range(0, ${SEARCH_HITS}) r(i)`,
  );
  await db.run(
    `INSERT INTO news_items (id, title, title_key, link, summary, published_at, feed, source, sentiment_score, sentiment_label, tickers, tags)
     SELECT printf('pg%014d', i), printf('Item %d', i), printf('item %d', i), printf('https://example.com/news/%d', i), NULL,
       TIMESTAMP '2001-01-01 00:00:00' + to_hours(i::INTEGER), 'Paging feed', 'paging', 0, 'neutral', ['TSLA'], []
     FROM range(0, ${NEWS}) r(i)`,
  );
  await conn.run('CHECKPOINT');
  conn.closeSync();
  instance.closeSync();
  await publishSnapshot(dataDir, buildFile(dataDir));
  t = await sampleApp({ build: false, config: { dataDir } });
});
paging.after(() => t.close());

paging('company.filings pages forward through every filing (more than 1,000) and backward again', async () => {
  assert.ok(total > EXTRA);
  const seen: string[] = [];
  let after: string | null = null;
  let pages = 0;
  let lastCursor = '';
  for (;;) {
    const res = await gql(FILINGS, { first: 100, after });
    assert.not.ok(res.errors, JSON.stringify(res.errors));
    const conn = res.data.company.filings;
    lastCursor = conn.pageInfo.endCursor;
    seen.push(...conn.edges.map((e: any) => e.node.accession));
    assert.is(conn.pageInfo.hasPreviousPage, pages > 0);
    pages++;
    if (!conn.pageInfo.hasNextPage) break;
    assert.is(conn.edges.length, 100);
    after = conn.pageInfo.endCursor;
  }
  assert.is(seen.length, total);
  assert.is(new Set(seen).size, total, 'no filing twice');
  assert.is(pages, Math.ceil(total / 100));
  // Newest first: the synthetic 1990s filings come last, the oldest at the very end.
  assert.is(seen[seen.length - 1], '9999999999-90-000000');

  // `last` alone is the oldest page; `before` walks back to the first.
  const tail = (await gql(FILINGS, { last: 10 })).data.company.filings;
  assert.equal(tail.edges.map((e: any) => e.node.accession), seen.slice(-10));
  assert.equal([tail.pageInfo.hasPreviousPage, tail.pageInfo.hasNextPage], [true, false]);
  const back = (await gql(FILINGS, { last: 100, before: tail.pageInfo.startCursor })).data.company.filings;
  assert.equal(back.edges.map((e: any) => e.node.accession), seen.slice(-110, -10));
  assert.equal([back.pageInfo.hasPreviousPage, back.pageInfo.hasNextPage], [true, true]);
  const head = (await gql(FILINGS, { last: 5, before: (await gql(FILINGS, { first: 5 })).data.company.filings.edges[4].cursor })).data.company.filings;
  assert.equal(head.edges.map((e: any) => e.node.accession), seen.slice(0, 4));
  assert.equal([head.pageInfo.hasPreviousPage, head.pageInfo.hasNextPage], [false, true]);

  // A form filter pages through all of its filings too.
  let eightK = 0;
  after = null;
  for (;;) {
    const conn: any = (await gql(FILINGS, { first: 100, after, form: '8-k' })).data.company.filings;
    eightK += conn.edges.length;
    if (!conn.pageInfo.hasNextPage) break;
    after = conn.pageInfo.endCursor;
  }
  assert.ok(eightK >= Math.floor(EXTRA / 3));

  // Past the end: an empty page, no cursors.
  const beyond = (await gql(FILINGS, { first: 10, after: lastCursor })).data.company.filings;
  assert.equal([beyond.edges, beyond.pageInfo.hasNextPage, beyond.pageInfo.hasPreviousPage, beyond.pageInfo.endCursor], [[], false, true, null]);
});

paging('search and news page past their old caps', async () => {
  const hits = await all('query($after: String) { searchCompanies(q: "pagingco", first: 100, after: $after) { edges { node { ticker } } pageInfo { hasNextPage endCursor } } }', (d) => d.searchCompanies);
  assert.is(new Set(hits.map((n) => n.ticker)).size, SEARCH_HITS);
  const news = await all('query($after: String) { company(ticker: "TSLA") { news(first: 100, after: $after) { edges { node { id } } pageInfo { hasNextPage endCursor } } } }', (d) => d.company.news);
  assert.ok(news.length >= NEWS, String(news.length));
  assert.is(new Set(news.map((n) => n.id)).size, news.length);
});

paging('bad first/last/after/before are BAD_REQUEST errors naming the argument', async () => {
  const first = (await gql(FILINGS, { first: 3 })).data.company.filings;
  const cursorOfSearch = (await gql('{ searchCompanies(q: "co", first: 1) { edges { cursor } } }')).data.searchCompanies.edges[0].cursor;
  const cases: [Record<string, unknown>, string][] = [
    [{ first: -1 }, "invalid argument 'first'"],
    [{ last: -5 }, "invalid argument 'last'"],
    [{ first: 101 }, "invalid argument 'first'"],
    [{ first: 2_000_000_000 }, "invalid argument 'first'"],
    [{ last: 1_000_000 }, "invalid argument 'last'"],
    [{ first: 1, after: 'not base64!' }, "invalid argument 'after'"],
    [{ first: 1, after: '' }, "invalid argument 'after'"],
    [{ first: 1, after: 'x'.repeat(5000) }, "invalid argument 'after'"],
    [{ first: 1, after: Buffer.from('OffsetConnection:5').toString('base64') }, "invalid argument 'after'"],
    [{ first: 1, after: Buffer.from('CompanyFilings:-3').toString('base64url') }, "invalid argument 'after'"],
    [{ first: 1, after: Buffer.from('CompanyFilings:99999999999999999999').toString('base64url') }, "invalid argument 'after'"],
    [{ first: 1, after: cursorOfSearch }, "invalid argument 'after': a cursor of QuerySearchCompanies"],
    [{ last: 1, before: 'Q29tcGFueUZpbGluZ3M6MQ==' }, "invalid argument 'before'"], // padded base64 of a real cursor
  ];
  for (const [vars, message] of cases) {
    const res = await gql(FILINGS, vars);
    assert.ok(res.errors, JSON.stringify(vars));
    const e = res.errors[0];
    assert.is(e.extensions.code, 'BAD_REQUEST', `${JSON.stringify(vars)}: ${JSON.stringify(e)}`);
    assert.match(e.message, message, JSON.stringify(vars));
    assert.equal(res.data, { company: { filings: null } });
  }
  // `last` alone where the connection cannot count: refused, naming the argument.
  const lastAlone = await gql('{ company(ticker: "TSLA") { news(last: 5) { edges { cursor } } } }');
  assert.equal([lastAlone.errors[0].extensions.code, /"last"/.test(lastAlone.errors[0].message)], ['BAD_REQUEST', true]);
  // Literals too (not only variables), on every connection.
  const lit = await gql('{ searchCompanies(q: "co", first: -1) { edges { cursor } } lessons(last: 500) { edges { cursor } } }');
  assert.equal(lit.errors.map((e: any) => e.extensions.code), ['BAD_REQUEST', 'BAD_REQUEST']);
  // Ints past 32 bits are refused by GraphQL itself, not masked as internal errors.
  const huge = await gql(FILINGS, { first: 99_999_999_999 });
  assert.ok(huge.errors.every((e: any) => e.extensions?.code !== 'INTERNAL_SERVER_ERROR'), JSON.stringify(huge.errors));
  // Valid cursors still work, and a page of 0 is empty.
  const next = (await gql(FILINGS, { first: 2, after: first.edges[0].cursor })).data.company.filings;
  assert.equal(next.edges.map((e: any) => e.node.accession), (await gql(FILINGS, { first: 3 })).data.company.filings.edges.slice(1).map((e: any) => e.node.accession));
  const none = (await gql(FILINGS, { first: 0 })).data.company.filings;
  assert.equal([none.edges, none.pageInfo.startCursor, none.pageInfo.endCursor], [[], null, null]);
});

paging.run();
