/**
 * Writes `fred.stlouisfed.org/vintages/GDP.csv`, the sample's one vintaged (ALFRED-style) series:
 * GENERATED, NOT GDP. No real ALFRED file is in ../shared/data, and the point-in-time macro query
 * (`as_of`) needs a series whose values are revised after their first release. The file has the
 * ALFRED layout `realtime_start,realtime_end,date,value` the macro job reads: for each quarter of
 * 2023-2024 an advance estimate, a second and a third one, each the previous plus a seeded
 * revision. The level starts at exactly 20000.000 and grows by a seeded rate, so no value is
 * a published figure. Listed in SYNTHETIC: its rows are served with `synthetic: true`.
 *
 * Run: node --import tsx pipelines/sample/generate-gdp-vintages.ts (deterministic: the same
 * bytes each run).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { rng, gauss } from './seeded.ts';

const QUARTERS = ['2023-01-01', '2023-04-01', '2023-07-01', '2023-10-01', '2024-01-01', '2024-04-01', '2024-07-01', '2024-10-01'];
/** Release lags in months after the quarter's end: advance, second and third estimates. */
const LAGS = [1, 2, 3];
const START_LEVEL = 20000;

/** A release day: the 25th of the month `months` after the quarter's end (a fixed rule, not the BEA calendar). */
function releaseDay(quarterStart: string, months: number): string {
  const d = new Date(`${quarterStart}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + 3 + months - 1, 25);
  return d.toISOString().slice(0, 10);
}

const dayBefore = (iso: string): string => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

function gdpVintages(): string {
  const r = rng('GDP vintages');
  const lines = ['realtime_start,realtime_end,date,value'];
  let level = START_LEVEL;
  for (const q of QUARTERS) {
    level *= 1 + 0.012 + 0.004 * gauss(r);
    let value = level;
    const releases = LAGS.map((lag) => releaseDay(q, lag));
    releases.forEach((start, i) => {
      if (i > 0) value *= 1 + 0.002 * gauss(r);
      const end = i + 1 < releases.length ? dayBefore(releases[i + 1]!) : '9999-12-31';
      lines.push([start, end, q, value.toFixed(3)].join(','));
    });
    level = value;
  }
  return `${lines.join('\n')}\n`;
}

const file = path.resolve(import.meta.dirname, 'fred.stlouisfed.org/vintages/GDP.csv');
mkdirSync(path.dirname(file), { recursive: true });
writeFileSync(file, gdpVintages());
process.stdout.write(`wrote ${file}\n`);
