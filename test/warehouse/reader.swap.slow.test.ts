/**
 * Snapshot swap under load: a loop of concurrent HTTP requests runs while new snapshots are
 * published; no request may fail, and the new data must be visible after the swap.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createApp } from '../../api/app.ts';
import { runPipelines } from '../../pipelines/runner.ts';
import { mirrorSource } from '../../pipelines/sources/mirror.ts';
import { testConfig, tempDir } from '../helpers.ts';

function companiesMirror(extra: number): string {
  const dir = tempDir();
  const rows: unknown[][] = [[320193, 'Apple Inc.', 'AAPL', 'Nasdaq']];
  for (let i = 1; i <= extra; i++) rows.push([9_000_000 + i, `Swapco ${i} Holdings`, `SWP${i}`, 'NYSE']);
  mkdirSync(path.join(dir, 'www.sec.gov/files'), { recursive: true });
  writeFileSync(path.join(dir, 'www.sec.gov/files/company_tickers_exchange.json'), JSON.stringify({ fields: ['cik', 'name', 'ticker', 'exchange'], data: rows }));
  return dir;
}

const swap = suite('snapshot swap');

swap('publishing while concurrent requests run: zero failures, new data visible', async () => {
  const config = testConfig({ snapshotPollMs: 25, duckdbPoolSize: 4 });
  await runPipelines({ dataDir: config.dataDir, source: mirrorSource(companiesMirror(0)), jobs: ['companies'], threads: 1 });
  const { app, services } = await createApp(config);
  // This test is about snapshot swaps: the per-IP limits (every request comes from 127.0.0.1) are
  // switched off so that every refusal would be a swap failure.
  (services as { limits?: unknown }).limits = undefined;
  // Each switch is announced (the server logs it).
  const switches: { from: string | null; to: string }[] = [];
  services.warehouse.onSwitch((change) => switches.push(change));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;

  let stop = false;
  let requests = 0;
  const failures: string[] = [];
  const workers = Array.from({ length: 8 }, async (_, w) => {
    while (!stop) {
      const url = w % 2 ? `${base}/api/ticker-search?q=swapco` : `${base}/api/ticker-search?q=apple`;
      try {
        const res = await fetch(url, { headers: { 'user-agent': 'almanac-swap-test/1.0' } });
        const body = await res.text();
        requests++;
        if (res.status !== 200) failures.push(`${res.status} ${body}`);
      } catch (err) {
        requests++;
        failures.push(String(err));
      }
    }
  });

  const versions = new Set<string>();
  for (let round = 1; round <= 5; round++) {
    const result = await runPipelines({ dataDir: config.dataDir, source: mirrorSource(companiesMirror(round)), jobs: ['companies'], threads: 1, keepSnapshots: 3 });
    versions.add(result.snapshot!);
    await new Promise((r) => setTimeout(r, 150));
  }
  await new Promise((r) => setTimeout(r, 200));
  stop = true;
  await Promise.all(workers);

  await services.warehouse.refresh();
  const res = await fetch(`${base}/api/ticker-search?q=swapco`, { headers: { 'user-agent': 'almanac-swap-test/1.0' } });
  const rows = (await res.json()) as { ticker: string }[];
  await app.close();

  console.log(`snapshot swap: ${requests} requests across ${versions.size} publishes, ${failures.length} failures`);
  assert.equal(failures.slice(0, 3), []);
  assert.ok(requests > 100, `only ${requests} requests ran`);
  assert.equal(rows.map((r) => r.ticker).sort(), ['SWP1', 'SWP2', 'SWP3', 'SWP4', 'SWP5']);
  assert.is(services.warehouse.version, [...versions].pop());
  assert.ok(switches.length >= 1);
  assert.is(switches.at(-1)!.to, [...versions].pop());
  for (const s of switches) assert.is.not(s.from, s.to);
});

swap.run();
