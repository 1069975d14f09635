import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { chart, compactNumber, niceTicks, thin, timeTicks } from '../../../api/web/charts.ts';

const days = (n: number, from = '2024-01-01') => Array.from({ length: n }, (_, i) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));

// ---
const scales = suite('chart scales');

scales('niceTicks covers the domain with round steps', () => {
  assert.equal(niceTicks(3, 97, 5), [0, 20, 40, 60, 80, 100]);
  assert.equal(niceTicks(0.012, 0.049, 4), [0.01, 0.02, 0.03, 0.04, 0.05]);
  assert.equal(niceTicks(-3, 4, 4), [-4, -2, 0, 2, 4]);
  assert.equal(niceTicks(5, 5, 4), [4.5, 4.75, 5, 5.25, 5.5]);
});

scales('compactNumber abbreviates thousands to trillions', () => {
  assert.is(compactNumber(1234), '1.2K');
  assert.is(compactNumber(-2_500_000), '-2.5M');
  assert.is(compactNumber(391_035_000_000), '391B');
  assert.is(compactNumber(0.125), '0.13');
  assert.is(compactNumber(0), '0');
});

scales('timeTicks falls on years, months or days by span', () => {
  const ms = (d: string) => Date.parse(`${d}T00:00:00Z`);
  assert.equal(timeTicks(ms('2019-06-01'), ms('2024-06-01'), 5).map((t) => t.label), ['2020', '2021', '2022', '2023', '2024']);
  assert.equal(timeTicks(ms('2024-01-15'), ms('2024-07-15'), 6).map((t) => t.label), ['Feb 24', 'Mar 24', 'Apr 24', 'May 24', 'Jun 24', 'Jul 24']);
  assert.equal(timeTicks(ms('2024-03-01'), ms('2024-03-29'), 5).map((t) => t.label), ['Mar 1', 'Mar 8', 'Mar 15', 'Mar 22', 'Mar 29']);
});

scales('thin keeps the ends and the extremes', () => {
  const pts = Array.from({ length: 1000 }, (_, i) => ({ px: i, py: i === 500 ? 999 : i % 7 }));
  const out = thin(pts, 100);
  assert.ok(out.length <= 102, String(out.length));
  assert.is(out[0], pts[0]);
  assert.is(out.at(-1), pts.at(-1));
  assert.ok(out.some((p) => p.py === 999), 'the spike survives');
  assert.is(thin(pts.slice(0, 50), 100).length, 50);
});

// ---
const render = suite('chart');

render('a line chart is an accessible, scalable SVG with a table fallback', () => {
  const dates = days(5);
  const out = chart({
    id: 'px',
    title: 'ACME close',
    kind: 'line',
    x: { type: 'time', label: 'Date' },
    y: { format: (n) => `$${n.toFixed(2)}` },
    series: [{ name: 'Close', points: dates.map((x, i) => ({ x, y: [10, 12, 11, 15, 14][i]! })) }],
  }).value;
  assert.match(out, '<figure class="chart" id="px"><figcaption>ACME close</figcaption>');
  assert.match(out, /<svg class="chart" viewBox="0 0 640 280" width="100%"[^>]* role="img" aria-labelledby="px-title px-desc"/);
  assert.match(out, '<title id="px-title">ACME close</title>');
  assert.match(out, '<desc id="px-desc">Line chart of Close by date. Close: 5 values from 2024-01-01 ($10.00) to 2024-01-05 ($14.00); low $10.00 at 2024-01-01, high $15.00 at 2024-01-04.</desc>');
  assert.is((out.match(/<path class="line"/g) ?? []).length, 1);
  assert.match(out, '<details class="chart-data"><summary>Data table: ACME close</summary>');
  assert.match(out, '<tr><th scope="row">2024-01-04</th><td>$15.00</td></tr>');
  assert.not.match(out, 'style=', 'no inline style (the CSP refuses it)');
  assert.not.match(out, '<script');
  assert.not.match(out, 'NaN');
});

render('missing values break the line and show as a dash in the table, never as zero', () => {
  const out = chart({ id: 'g', title: 'Gaps', kind: 'line', x: { type: 'time' }, series: [{ name: 'v', points: [{ x: '2024-01-01', y: 5 }, { x: '2024-01-02', y: null }, { x: '2024-01-03', y: 6 }, { x: '2024-01-04', y: 7 }] }] }).value;
  assert.is((out.match(/<path class="line"/g) ?? []).length, 2);
  assert.match(out, '<tr><th scope="row">2024-01-02</th><td>—</td></tr>');
  assert.match(out, '<text class="tick" x="58" y="240" text-anchor="end" dominant-baseline="middle" font-size="14" fill="#4b5563">5</text>', 'y axis starts at 5, not at 0, for a line');
});

render('stacked bars with reference lines (usage against an allowance and a cap)', () => {
  const dates = days(3, '2026-11-01');
  const out = chart({
    id: 'usage',
    title: 'Calls per day',
    kind: 'bar',
    stacked: true,
    x: { type: 'time' },
    series: [
      { name: 'Included', points: dates.map((x) => ({ x, y: 40 })) },
      { name: 'Extra', points: dates.map((x, i) => ({ x, y: i * 10 })) },
    ],
    references: [{ y: 100, label: 'Allowance' }],
  }).value;
  assert.is((out.match(/<rect x=/g) ?? []).length, 6);
  assert.match(out, '<title>Extra, 2026-11-03: 20</title>');
  assert.match(out, '<g class="ref">');
  assert.match(out, 'Allowance: 100.');
  assert.match(out, '<ul class="legend">');
  // y axis from 0 (bars) to 100 (the reference); the tallest stack (60) is 60% of the plot height.
  const rects = [...out.matchAll(/<rect x="[\d.]+" y="([\d.]+)" width="[\d.]+" height="([\d.]+)"/g)].map((m) => [Number(m[1]), Number(m[2])]);
  assert.equal(rects[2], [150.4, 89.6]);
  assert.equal(rects[5], [105.6, 44.8]);
});

render('category bars, escaping, an empty chart, and a table limit', () => {
  const out = chart({ id: 's', title: 'Sectors <b>', kind: 'bar', x: { type: 'category' }, series: [{ name: 'Weight', points: [{ x: 'Tech & <Media>', y: 0.4 }, { x: 'Energy', y: 0.1 }] }] }).value;
  assert.match(out, 'Tech &amp; &lt;Media&gt;');
  assert.not.match(out, '<Media>');
  assert.match(out, 'Sectors &lt;b&gt;');
  const empty = chart({ id: 'e', title: 'Nothing', kind: 'line', x: { type: 'time' }, series: [{ name: 'v', points: [] }] }).value;
  assert.match(empty, 'No data to chart.');
  assert.not.match(empty, '<svg');
  const long = chart({ id: 'l', title: 'Long', kind: 'area', x: { type: 'time' }, tableLimit: 10, series: [{ name: 'v', points: days(2000, '2018-01-01').map((x, i) => ({ x, y: Math.sin(i / 50) })) }] }).value;
  assert.match(long, 'The 10 most recent of 2000 rows.');
  assert.is((long.match(/<th scope="row">/g) ?? []).length, 10);
  assert.match(long, '<path class="area-fill"');
  const d = /<path class="line" d="([^"]+)"/.exec(long)![1]!;
  assert.ok(d.split('L').length <= 602, 'a 2,000-point line is thinned for drawing');
});

render('a long daily line with a missing value every few days is thinned whole: short gaps bridged, long ones kept', () => {
  // 12,000 days, every 17th missing (DGS10's holidays), and 300 missing in a row near the middle.
  const points = days(12_000, '1990-01-01').map((x, i) => ({ x, y: i % 17 === 0 || (i >= 6000 && i < 6300) ? null : 4 + Math.sin(i / 90) }));
  const out = chart({ id: 'g', title: 'Gaps', kind: 'line', x: { type: 'time' }, tableLimit: 5, series: [{ name: 'v', points }] }).value;
  const lines = [...out.matchAll(/<path class="line" d="([^"]+)"/g)].map((m) => m[1]!);
  assert.is(lines.length, 2, 'two pieces: the 300-day gap, not the single missing days');
  const drawn = lines.reduce((n, d) => n + d.split(/[ML]/).length - 1, 0);
  assert.ok(drawn <= 610, `${drawn} points drawn`);
  assert.not.match(out, '<circle', 'no per-point markers on a long line');
  assert.ok(out.length < 60_000, `${out.length} bytes`);
  // Uneven x values: 30 years monthly, then 3,000 days: a 31-month gap in the monthly part is as
  // wide as ~950 daily points and breaks the line, though few values are missing.
  const monthly = Array.from({ length: 360 }, (_, i) => ({ x: `${1980 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}-01`, y: i >= 100 && i < 131 ? null : 5 }));
  const daily = days(3_000, '2010-01-01').map((x, i) => ({ x, y: i % 17 === 0 ? null : 6 }));
  const mixed = chart({ id: 'm', title: 'Mixed', kind: 'line', x: { type: 'time' }, tableLimit: 5, series: [{ name: 'v', points: [...monthly, ...daily] }] }).value;
  assert.is((mixed.match(/<path class="line"/g) ?? []).length, 2, 'the 31-month gap breaks it; the daily holidays do not');
  // A short line keeps every gap, and its markers.
  const short = chart({ id: 'h', title: 'Short', kind: 'line', x: { type: 'time' }, series: [{ name: 'v', points: days(30, '2024-01-01').map((x, i) => ({ x, y: i === 10 ? null : i })) }] }).value;
  assert.is((short.match(/<path class="line"/g) ?? []).length, 2);
  assert.is((short.match(/<circle/g) ?? []).length, 29);
});

render('long category labels are slanted, cut at 24 characters, and kept inside the viewBox', () => {
  const names = ['Information Technology', 'Consumer Discretionary', 'Financials', 'Energy', 'Health Care', 'Consumer Staples', 'A very long sector name that goes on'];
  const out = chart({ id: 'sec', title: 'Sectors', kind: 'bar', x: { type: 'category' }, series: [{ name: 'Weight', points: names.map((x, i) => ({ x, y: 10 - i })) }] }).value;
  assert.is((out.match(/transform="rotate\(-40 /g) ?? []).length, 7);
  assert.match(out, '>A very long sector name…</text>');
  const [minX, , width, height] = /viewBox="([^"]+)"/.exec(out)![1]!.split(' ').map(Number);
  assert.ok(minX! < 0, `the viewBox starts left of 0 (${minX})`);
  assert.is(width, 640 - minX!);
  assert.is(height, 280 + 24 * 5);
  assert.match(out, '<tr><th scope="row">A very long sector name that goes on</th><td>4</td></tr>', 'the table keeps the full label');
  const short = chart({ id: 's2', title: 'Short', kind: 'bar', x: { type: 'category' }, series: [{ name: 'v', points: [{ x: 'A', y: 1 }, { x: 'B', y: 2 }] }] }).value;
  assert.not.match(short, 'rotate(');
  assert.match(short, 'viewBox="0 0 640 280"');
});

render('a linear x axis (years to maturity) with two series', () => {
  const out = chart({
    id: 'yc',
    title: 'Yield curve',
    kind: 'line',
    x: { type: 'linear', label: 'Years to maturity' },
    y: { format: (n) => `${n.toFixed(2)}%` },
    series: [
      { name: '2024-06-03', points: [{ x: 0.25, y: 5.4 }, { x: 2, y: 4.8 }, { x: 10, y: 4.4 }, { x: 30, y: 4.5 }] },
      { name: '2023-06-02', points: [{ x: 0.25, y: 5.2 }, { x: 2, y: 4.5 }, { x: 10, y: 3.7 }, { x: 30, y: 3.9 }] },
    ],
  }).value;
  assert.match(out, 'stroke-dasharray="6 3"', 'the second series is dashed as well as coloured');
  assert.match(out, '<th scope="col">Years to maturity</th><th scope="col">2024-06-03</th><th scope="col">2023-06-02</th>');
  assert.match(out, '<tr><th scope="row">10</th><td>4.40%</td><td>3.70%</td></tr>');
});

scales.run();
render.run();
