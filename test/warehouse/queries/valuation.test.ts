/**
 * Valuation against the listed security: a 20-F filer's per-share figures and cover-page share
 * count are per ordinary share, while what trades in the US is often a depositary share of several
 * (TSMC's ADS is 5 shares), so its market cap and P/E are left out, and the intrinsic-value models
 * say they are per ordinary share.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { valuation } from '../../../warehouse/queries/snapshot.ts';
import { intrinsicValue } from '../../../warehouse/queries/valuation.ts';
import { tempDir } from '../../helpers.ts';

// TSMC's 20-F of 2025-04-17 (sample companyfacts): 25,932,733,242 shares, diluted EPS 1.36 USD a share.
const TSM = { sharesOutstanding: 25_932_733_242, epsDilutedTtm: 1.36 };

const listing = suite('market cap and P/E only where the filings\' shares are the listed security');

listing('a 20-F filer (its amendment, a 6-K it furnished): no market cap or P/E; the dividend yield stays (per listed share from the price file)', () => {
  for (const form of ['20-F', '20-F/A', '6-K', '6-K/A']) assert.equal(valuation(200, { ...TSM, form }, 2.5), { marketCap: null, pe: null, dividendYield: 1.25 }, form);
});

listing('10-K, 10-Q, 8-K and 40-F filings (and a statement without a form): close x shares and close / EPS', () => {
  for (const form of ['10-K', '10-Q', '10-K/A', '8-K', '40-F', null]) {
    assert.equal(valuation(200, { ...TSM, form }, 2.5), { marketCap: Math.round(200 * TSM.sharesOutstanding), pe: 147.0588, dividendYield: 1.25 }, String(form));
  }
});

listing('the intrinsic-value models of a 20-F filer say they are per ordinary share (TSMC in the sample); a 10-K filer\'s do not', async () => {
  const dataDir = tempDir();
  await runPipelines({ dataDir, source: mirrorSource(SAMPLE_DIR), jobs: ['companies', 'filings', 'fundamentals'], threads: 1, publish: false });
  const build = await openBuild(dataDir);
  try {
    const tsm = await intrinsicValue(build.db, 'TSM', 1046179, '2025-06-30');
    assert.is(tsm!.inputs.accession, '0001193125-25-083423');
    assert.match(tsm!.method, /Per ordinary share: the company files 20-F/);
    const aapl = await intrinsicValue(build.db, 'AAPL', 320193, '2025-06-30');
    assert.not.match(aapl!.method, /ordinary share/);
  } finally {
    build.conn.closeSync();
    build.instance.closeSync();
  }
});

listing.run();
