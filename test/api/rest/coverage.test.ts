/**
 * `/api/coverage` (issue 16) against counts taken straight from the warehouse, written here
 * independently of schema/datasets.ts, and the next scheduled fetch against the cron rules.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { json, sampleApp, type TestApp } from '../../helpers.ts';

let t: TestApp;
const UA = { 'user-agent': 'almanac-tests/1.0 (coverage)' };

const coverage = suite('/api/coverage');
coverage.before(async () => {
  t = await sampleApp({ config: { schedules: { news: '7 3 * * *' } } });
});
coverage.after(() => t.close());

coverage('rows, entities, date ranges and synthetic rows equal an independent count; last fetch from the ledger', async () => {
  const started = new Date();
  const res = await t.app.inject({ url: '/api/coverage', headers: UA });
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.is(body.snapshot, t.services.warehouse.version);
  const byId = new Map(body.datasets.map((d: any) => [d.id, d]));
  const cases: [string, string, string, string][] = [
    ['fundamentals', 'fund_statements', 'cik', 'known_from'],
    ['prices', 'prices', 'ticker', 'date'],
    ['institutional', 'f13_holdings', 'cik', 'period'],
    ['banks', 'fdic_institutions', 'cert', 'report_date'],
    ['bdc', 'bdc_holdings', 'cik', 'period'],
    ['funds', 'nport_holdings', 'reg_cik', 'period'],
  ];
  for (const [id, table, entity, date] of cases) {
    const [n] = await t.services.warehouse.all<{ rows: number; synthetic: number; entities: number; first: string; last: string }>(
      `SELECT count(*)::INTEGER AS rows, count(*) FILTER (WHERE ${table === 'fund_statements' ? 'false' : 'synthetic'})::INTEGER AS synthetic,
              count(DISTINCT ${entity})::INTEGER AS entities, strftime(min(${date}), '%Y-%m-%d') AS first, strftime(max(${date}), '%Y-%m-%d') AS last FROM ${table}`,
    );
    const d = byId.get(id) as any;
    assert.equal([d.rows, d.syntheticRows, d.entities], [n!.rows, n!.synthetic, n!.entities], id);
    assert.ok(n!.rows > 0, `${id} has rows in the sample`);
    if (d.coverage.length === 1) assert.equal([d.from, d.to], [n!.first, n!.last], id);
  }
  // Every dataset with rows says what dates they cover (news by publication time).
  for (const d of body.datasets as any[]) if (d.rows > 0 && d.id !== 'companies') assert.ok(d.from && d.to, `${d.id}: from ${d.from} to ${d.to}`);
  const [published] = await t.services.warehouse.all<{ first: string; last: string }>(`SELECT strftime(min(published_at), '%Y-%m-%d') AS first, strftime(max(published_at), '%Y-%m-%d') AS last FROM news_items`);
  assert.equal([(byId.get('news') as any).from, (byId.get('news') as any).to], [published!.first, published!.last]);
  const macro = byId.get('macro') as any;
  const [m] = await t.services.warehouse.all<{ first: string; last: string }>(
    `SELECT strftime(min(d), '%Y-%m-%d') AS first, strftime(max(d), '%Y-%m-%d') AS last FROM (SELECT date AS d FROM macro_observations UNION ALL SELECT date FROM yield_curve)`,
  );
  assert.equal([macro.from, macro.to], [m!.first, m!.last], 'macro spans both its tables');
  const runs = await t.services.warehouse.all<{ job: string; at: string }>(
    `SELECT job, strftime(max(finished_at), '%Y-%m-%dT%H:%M:%S') AS at FROM pipeline_runs WHERE status IN ('success', 'partial') GROUP BY job`,
  );
  const ledger = new Map(runs.map((r) => [r.job, r.at]));
  for (const d of body.datasets as any[]) {
    for (const j of d.jobs) {
      assert.is(j.lastFetchedAt, ledger.get(j.job) ?? null, `${d.id}/${j.job}`);
      assert.ok(new Date(`${j.nextFetchAt}Z`) > started, `${j.job} next run in the future`);
    }
    const known = d.jobs.map((j: any) => j.lastFetchedAt).filter(Boolean).sort();
    assert.is(d.lastFetchedAt, known[0] ?? null, `${d.id}: the oldest of its jobs`);
  }
  // Cron rules: prices on weekdays at 23:30 UTC; news overridden by ALMANAC_SCHEDULES to 03:07 daily.
  const prices = (byId.get('prices') as any).jobs.find((j: any) => j.job === 'prices');
  const next = new Date(`${prices.nextFetchAt}Z`);
  assert.equal([prices.cron, next.getUTCHours(), next.getUTCMinutes()], ['30 23 * * 1-5', 23, 30]);
  assert.ok(next.getUTCDay() >= 1 && next.getUTCDay() <= 5);
  assert.ok(next.getTime() - started.getTime() <= 4 * 86_400_000, 'within four days (a weekend)');
  const news = (byId.get('news') as any).jobs[0];
  assert.equal([news.cron, news.nextFetchAt.slice(11)], ['7 3 * * *', '03:07:00']);
  // The same numbers in /api/fundamentals-pit/stats and on /datasets.
  const stats = json(await t.app.inject({ url: '/api/fundamentals-pit/stats', headers: UA }));
  assert.equal(stats.datasets.map((d: any) => [d.id, d.rows, d.lastFetchedAt]), body.datasets.map((d: any) => [d.id, d.rows, d.lastFetchedAt]));
  const page = (await t.app.inject({ url: '/datasets', headers: UA })).body;
  assert.match(page, `job <code>prices</code>: last fetched <time datetime="${ledger.get('prices')}Z">`);
});

coverage('banks and federal contracts: each row names its document and carries the flag the warehouse holds', async () => {
  const banks = json(await t.app.inject({ url: '/api/banks?q=bank', headers: UA }));
  assert.ok(banks.length > 0);
  for (const b of banks) {
    const [row] = await t.services.warehouse.all<{ source: string; synthetic: boolean }>(
      `SELECT source, synthetic FROM fdic_institutions WHERE cert = $1 ORDER BY report_date DESC NULLS LAST, source DESC LIMIT 1`,
      [b.cert],
    );
    assert.equal(b.provenance, { source: 'FDIC', document: row!.source, url: `https://${row!.source}`, accession: null, synthetic: row!.synthetic });
  }
  const awards = json(await t.app.inject({ url: '/api/federal-contracts?fiscal_year=2024', headers: UA }));
  assert.ok(awards.length > 0);
  for (const a of awards) {
    const [row] = await t.services.warehouse.all<{ source: string; synthetic: boolean }>(
      `SELECT source, synthetic FROM federal_awards WHERE award_key = $1 ORDER BY last_modified DESC NULLS LAST, source DESC LIMIT 1`,
      [a.awardKey],
    );
    assert.equal(a.provenance, { source: 'USAspending.gov', document: row!.source, url: `https://${row!.source}`, accession: null, synthetic: row!.synthetic });
  }
});

coverage('BDC holdings: each position names its filing and carries the flag the warehouse holds; the explorer page says so', async () => {
  const [bdc] = await t.services.warehouse.all<{ cik: number }>(`SELECT cik FROM bdc_holdings GROUP BY cik ORDER BY count(*) DESC LIMIT 1`);
  const rows = json(await t.app.inject({ url: `/api/credit/bdc/${bdc!.cik}/holdings`, headers: UA }));
  assert.ok(rows.length > 0);
  const [flag] = await t.services.warehouse.all<{ s: boolean }>(`SELECT bool_or(synthetic) AS s FROM bdc_holdings WHERE adsh = $1`, [rows[0].adsh]);
  for (const r of rows) {
    const doc = `www.sec.gov/Archives/edgar/data/${r.bdcCik}/${r.adsh.replaceAll('-', '')}/${r.adsh}-index.htm`;
    assert.equal(r.provenance, { source: 'SEC EDGAR', document: doc, url: `https://${doc}`, accession: r.adsh, synthetic: flag!.s });
  }
  const page = (await t.app.inject({ url: `/bdc/${bdc!.cik}`, headers: UA })).body;
  assert.is(page.includes('These rows come from a generated data-set file'), flag!.s);
});

coverage('insider trades: each row names its filing and how its filing date is known', async () => {
  const rows = json(await t.app.inject({ url: '/api/insiders?ticker=TSLA', headers: UA }));
  assert.ok(rows.length > 0);
  const basis = new Map((await t.services.warehouse.all<{ accession: string; filed_basis: string }>('SELECT accession, filed_basis FROM insider_filings')).map((f) => [f.accession, f.filed_basis]));
  for (const r of rows) {
    const doc = `www.sec.gov/Archives/edgar/data/${r.issuerCik}/${r.accession.replaceAll('-', '')}/${r.accession}-index.htm`;
    assert.equal(r.provenance, { source: 'SEC EDGAR', document: doc, url: `https://${doc}`, accession: r.accession, synthetic: false, filedBasis: basis.get(r.accession) });
  }
});

coverage.run();
