/**
 * The warehouse keeps time in UTC whatever the host's zone: DuckDB takes the host's, and with
 * TZ=America/New_York the run ledger's `now()` was five hours behind what `status` and the
 * freshness headers read as UTC (found by a review).
 */
import { execFileSync } from 'node:child_process';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';

const test = suite('warehouse time zone');

test('now() in a database opened by openDatabase is UTC on a host in another zone', () => {
  const script = `
    import { openDatabase } from './warehouse/db.ts';
    const db = await openDatabase(':memory:');
    const conn = await db.connect();
    const rows = (await conn.runAndReadAll("SELECT now()::TIMESTAMP::VARCHAR AS t")).getRowObjectsJson();
    console.log(JSON.stringify({ duck: rows[0].t, utc: new Date().toISOString() }));
    conn.closeSync();
  `;
  const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: new URL('../..', import.meta.url).pathname,
    env: { ...process.env, TZ: 'America/New_York' },
    encoding: 'utf8',
  });
  const { duck, utc } = JSON.parse(out.trim().split('\n').pop()!) as { duck: string; utc: string };
  const gap = Math.abs(Date.parse(`${duck.replace(' ', 'T').slice(0, 23)}Z`) - Date.parse(utc));
  assert.ok(gap < 60_000, `DuckDB ${duck} against UTC ${utc}`);
});

test.run();
