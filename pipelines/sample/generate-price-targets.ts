/**
 * Writes `vendor/price-targets/sample-targets.csv` (`ticker,mean_target,analyst_count,source,fetched_on`):
 * GENERATED mean price targets for AAPL, MSFT and NVDA, a seeded multiple (0.9 to 1.3) of each
 * ticker's last generated close (generate-prices.ts, run that first), so they sit beside the sample's
 * prices and are no analyst's figure; NVDA's row leaves the analyst count empty (a source that does
 * not give one). The `source` column says what they are. Listed in SYNTHETIC.
 *
 * Run: node --import tsx pipelines/sample/generate-price-targets.ts (deterministic).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { between, rng } from './seeded.ts';

const TARGETS: [ticker: string, withCount: boolean][] = [['AAPL', true], ['MSFT', true], ['NVDA', false]];
const SOURCE = 'Almanac sample vendor file (generated target; not a published figure)';

/** The last row's date and close of a generated price file. */
function lastClose(ticker: string): { date: string; close: number } {
  const lines = readFileSync(path.resolve(import.meta.dirname, 'vendor/prices', `${ticker}.csv`), 'utf8').trim().split('\n');
  const header = lines[0]!.split(',');
  const last = lines.at(-1)!.split(',');
  return { date: last[header.indexOf('Date')]!, close: Number(last[header.indexOf('Close')]) };
}

const lines = ['ticker,mean_target,analyst_count,source,fetched_on'];
for (const [ticker, withCount] of TARGETS) {
  const r = rng(`target ${ticker}`);
  const { date, close } = lastClose(ticker);
  const mean = (close * (0.9 + 0.4 * r())).toFixed(2);
  lines.push([ticker, mean, withCount ? String(between(r, 5, 50)) : '', SOURCE, date].join(','));
}
const file = path.resolve(import.meta.dirname, 'vendor/price-targets/sample-targets.csv');
writeFileSync(file, `${lines.join('\n')}\n`);
process.stdout.write(`wrote ${file}\n`);
