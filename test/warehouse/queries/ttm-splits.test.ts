/**
 * TTM EPS on one share basis: per-share values filed before a split are divided by it. NVIDIA's
 * 10-for-1 split of 2024-06-10 fell inside its fiscal 2025: the Q1 10-Q (filed 2024-05-29) reports
 * 5.98 a share on the old basis, the later quarters and the 10-K on the new one.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { Warehouse } from '../../../warehouse/reader.ts';
import { latestFundamentals } from '../../../warehouse/queries/fundamentals.ts';
import { buildSample, tempDir } from '../../helpers.ts';

const FACTS = path.join(import.meta.dirname, '../../../pipelines/sample/data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json.gz');

interface Fact { start?: string; end: string; val: number; form: string; filed: string; fp?: string }
/** NVIDIA's reported diluted EPS facts, straight from the companyfacts file (independent of the pipeline). */
function epsFacts(): Fact[] {
  const doc = JSON.parse(gunzipSync(readFileSync(FACTS)).toString('utf8'));
  return doc.facts['us-gaap'].EarningsPerShareDiluted.units['USD/shares'] as Fact[];
}

const ttm = suite('TTM EPS across a stock split');
let sql: Warehouse;
let mem: Warehouse;
ttm.before(async () => {
  const dataDir = tempDir();
  await buildSample(dataDir, ['companies', 'filings', 'fundamentals', 'prices']);
  sql = await Warehouse.open({ dataDir, poolSize: 2, serving: false });
  mem = await Warehouse.open({ dataDir, poolSize: 2 });
});
ttm.after(async () => {
  await sql.close();
  await mem.close();
});

ttm("after the fiscal 2025 10-K: the four quarters on the new basis come to the year's reported EPS", async () => {
  const fy = epsFacts().find((f) => f.form === '10-K' && f.end === '2025-01-26' && f.start === '2024-01-29' && f.filed === '2025-02-26');
  assert.ok(fy, 'the fiscal 2025 figure is in the companyfacts file');
  const q1 = epsFacts().find((f) => f.form === '10-Q' && f.end === '2024-04-28' && f.filed === '2024-05-29' && f.start === '2024-01-29');
  assert.ok(q1 && q1.val > 5, 'the Q1 figure was filed on the pre-split basis');
  for (const wh of [sql, mem]) {
    const [row] = await latestFundamentals(wh, ['NVDA'], '2025-03-01');
    assert.is(row!.fiscalPeriod, 'FY');
    // Quarters do not add up exactly to the year (share counts move); within a cent, not 8.33.
    assert.ok(Math.abs(row!.epsDilutedTtm! - fy!.val) < 0.01, `TTM ${row!.epsDilutedTtm} vs fiscal year ${fy!.val}`);
  }
  assert.equal(await latestFundamentals(mem, ['NVDA'], '2025-03-01'), await latestFundamentals(sql, ['NVDA'], '2025-03-01'));
});

ttm('before the split is effective nothing is adjusted; after it, the pre-split year is divided by 10', async () => {
  // 2024-06-01: Q1 FY2025 filed, the split (2024-06-10) not yet effective: old basis throughout.
  const before = (await latestFundamentals(sql, ['NVDA'], '2024-06-01'))[0]!;
  assert.ok(before.epsDilutedTtm! > 10, `old basis: ${before.epsDilutedTtm}`);
  // 2024-06-20: same filings, split effective: the same four quarters on the new basis.
  const after = (await latestFundamentals(sql, ['NVDA'], '2024-06-20'))[0]!;
  assert.is(after.accession, before.accession);
  assert.ok(Math.abs(after.epsDilutedTtm! - before.epsDilutedTtm! / 10) < 1e-6, `${after.epsDilutedTtm} vs ${before.epsDilutedTtm}`);
  for (const d of ['2024-06-01', '2024-06-20', '2024-09-01', '2024-12-01']) {
    assert.equal(await latestFundamentals(mem, ['NVDA'], d), await latestFundamentals(sql, ['NVDA'], d), d);
  }
});

ttm.run();
