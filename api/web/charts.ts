/**
 * Server-rendered SVG charts: line, area and bar (grouped or stacked), with axes, tick labels,
 * horizontal reference lines (an allowance, a cap), an accessible name (`role="img"`, `<title>`,
 * `<desc>` with a generated summary) and a data table fallback in a `<details>` element, so every
 * chart reads without a mouse, without scripts and on a screen reader.
 *
 * No script and no style attribute (the CSP refuses inline styles): colours are SVG presentation
 * attributes, the SVG scales with its `viewBox` (`width="100%"`), so a chart fits a 390 px phone.
 * Classes (`chart`, `series-N`, `ref`) let a stylesheet restyle it.
 *
 * @example
 * chart({
 *   id: 'price', title: 'AAPL close', kind: 'line', x: { type: 'time' },
 *   series: [{ name: 'Close', points: bars.map((b) => ({ x: b.date, y: b.close })) }],
 *   y: { format: (n) => `$${n.toFixed(2)}` },
 * });
 */
import { html, raw, type SafeHtml } from './html.ts';

export type ChartKind = 'line' | 'area' | 'bar';

export interface ChartPoint {
  /** ISO date (`YYYY-MM-DD`) for a time axis, a label for a category axis, a number for a linear axis. */
  x: string | number;
  /** Missing values break a line and leave a gap (never drawn as zero). */
  y: number | null;
}

export interface ChartSeries {
  name: string;
  points: ChartPoint[];
  /** Overrides the chart's kind for this series (e.g. a line over bars). */
  kind?: ChartKind;
  /** Stroke/fill colour; defaults to the palette by position. */
  color?: string;
}

export interface ReferenceLine {
  y: number;
  label: string;
  color?: string;
}

export interface ChartOptions {
  /** Unique on the page: prefixes the ids of the title and description. */
  id: string;
  title: string;
  /** Said before the generated summary in `<desc>`. */
  description?: string;
  kind: ChartKind;
  series: ChartSeries[];
  x: { type: 'time' | 'category' | 'linear'; label?: string; format?: (x: string | number) => string };
  y?: { label?: string; format?: (y: number) => string; /** Include zero in the y range (default: true for bar and area). */ zero?: boolean };
  /** Bars of several series stacked (default grouped). */
  stacked?: boolean;
  references?: ReferenceLine[];
  /** viewBox size (default 640 x 280). */
  width?: number;
  height?: number;
  /** The visible caption (default the title). */
  caption?: string | SafeHtml;
  /** Rows of the fallback table: at most this many (the most recent), with a note (default all). */
  tableLimit?: number;
  /** Lines with more points are thinned to about this many for drawing (the table keeps them all). */
  maxPoints?: number;
}

/** Colour-blind-safe palette (Okabe-Ito, darkened for AA contrast on white). */
export const PALETTE = ['#1d4ed8', '#b45309', '#047857', '#9d174d', '#6d28d9', '#0e7490', '#4b5563'];
const DASHES = ['', '6 3', '2 3', '8 3 2 3', '', '4 4', ''];

const MARGIN = { top: 16, right: 24, bottom: 40, left: 64 };

const DAY_MS = 86_400_000;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function dateMs(x: string | number): number {
  return typeof x === 'number' ? x : Date.parse(`${x.slice(0, 10)}T00:00:00Z`);
}

/** A round step near range/count: 1, 2, 2.5 or 5 times a power of ten. */
export function niceStep(range: number, count: number): number {
  if (!(range > 0)) return 1;
  const raw = range / Math.max(1, count);
  const pow = 10 ** Math.floor(Math.log10(raw));
  const m = raw / pow;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 2.5 ? 2.5 : m <= 5 ? 5 : 10) * pow;
}

/** Round ticks covering [min, max] (the domain is widened to the outer ticks). */
export function niceTicks(min: number, max: number, count = 5): number[] {
  if (min === max) {
    const pad = Math.abs(min) > 0 ? Math.abs(min) * 0.1 : 1;
    min -= pad;
    max += pad;
  }
  const step = niceStep(max - min, count);
  const start = Math.floor(min / step + 1e-9) * step;
  const end = Math.ceil(max / step - 1e-9) * step;
  const out: number[] = [];
  for (let v = start, i = 0; v <= end + step / 2 && i < 50; v += step, i++) out.push(Number(v.toPrecision(12)));
  return out;
}

/** 1.2K, 3.4M, 5.6B, 7.8T; small numbers with up to two decimals. */
export function compactNumber(n: number): string {
  const a = Math.abs(n);
  const units: [number, string][] = [[1e12, 'T'], [1e9, 'B'], [1e6, 'M'], [1e3, 'K']];
  for (const [v, s] of units) if (a >= v) return `${trim((n / v).toFixed(a / v >= 100 ? 0 : 1))}${s}`;
  return trim(a >= 100 ? n.toFixed(0) : n.toFixed(2));
}

function trim(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** Tick dates on calendar boundaries (years, months or days) for [t0, t1] in epoch ms. */
export function timeTicks(t0: number, t1: number, count = 5): { at: number; label: string }[] {
  const span = t1 - t0;
  const out: { at: number; label: string }[] = [];
  if (span <= 0) return [{ at: t0, label: formatDay(t0) }];
  const d0 = new Date(t0);
  if (span > 3 * 365 * DAY_MS) {
    const y0 = d0.getUTCFullYear();
    const years = span / (365.25 * DAY_MS);
    const step = [1, 2, 5, 10, 20, 50].find((s) => years / s <= count + 1) ?? 100;
    for (let y = Math.ceil(y0 / step) * step; ; y += step) {
      const at = Date.UTC(y, 0, 1);
      if (at > t1) break;
      if (at >= t0) out.push({ at, label: String(y) });
    }
  } else if (span > 75 * DAY_MS) {
    const months = span / (30.44 * DAY_MS);
    const step = [1, 2, 3, 6, 12].find((s) => months / s <= count) ?? 12;
    let y = d0.getUTCFullYear();
    let m = d0.getUTCMonth();
    for (let i = 0; i < 200; i++) {
      const at = Date.UTC(y, m, 1);
      if (at > t1) break;
      if (at >= t0 && m % step === 0) out.push({ at, label: m === 0 ? String(y) : `${MONTHS[m]} ${String(y).slice(2)}` });
      m++;
      if (m === 12) {
        m = 0;
        y++;
      }
    }
  } else {
    const days = span / DAY_MS;
    const step = [1, 2, 7, 14].find((s) => days / s <= count) ?? 14;
    for (let at = Date.UTC(d0.getUTCFullYear(), d0.getUTCMonth(), d0.getUTCDate()); at <= t1; at += step * DAY_MS) if (at >= t0) out.push({ at, label: formatDay(at) });
  }
  return out.length ? out : [{ at: t0, label: formatDay(t0) }];
}

function formatDay(ms: number): string {
  const d = new Date(ms);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}`;
}

function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

function fmt(n: number): string {
  return Number(n.toFixed(2)).toString();
}

/** Keep about `max` points of a line: first, last, and each bucket's extremes (spikes survive). */
export function thin(points: { px: number; py: number }[], max: number): { px: number; py: number }[] {
  if (points.length <= max || max < 4) return points;
  const buckets = Math.floor(max / 2);
  const size = points.length / buckets;
  const out = [points[0]!];
  for (let b = 0; b < buckets; b++) {
    const slice = points.slice(Math.floor(b * size), Math.floor((b + 1) * size));
    if (!slice.length) continue;
    let lo = slice[0]!;
    let hi = slice[0]!;
    for (const p of slice) {
      if (p.py < lo.py) lo = p;
      if (p.py > hi.py) hi = p;
    }
    for (const p of lo.px <= hi.px ? [lo, hi] : [hi, lo]) if (p !== out.at(-1)) out.push(p);
  }
  if (out.at(-1) !== points.at(-1)) out.push(points.at(-1)!);
  return out;
}

function describe(options: ChartOptions, xLabel: (x: string | number) => string, yLabel: (y: number) => string): string {
  const parts: string[] = [];
  const kindWord = options.kind === 'bar' ? 'Bar chart' : options.kind === 'area' ? 'Area chart' : 'Line chart';
  const names = options.series.map((s) => s.name);
  parts.push(`${kindWord} of ${names.join(', ')}${options.x.label ? ` by ${options.x.label.toLowerCase()}` : ''}.`);
  for (const s of options.series) {
    const pts = s.points.filter((p): p is { x: string | number; y: number } => p.y !== null && Number.isFinite(p.y));
    if (!pts.length) {
      parts.push(`${s.name}: no values.`);
      continue;
    }
    let lo = pts[0]!;
    let hi = pts[0]!;
    for (const p of pts) {
      if (p.y < lo.y) lo = p;
      if (p.y > hi.y) hi = p;
    }
    const first = pts[0]!;
    const last = pts.at(-1)!;
    parts.push(
      `${s.name}: ${pts.length} value${pts.length === 1 ? '' : 's'} from ${xLabel(first.x)} (${yLabel(first.y)}) to ${xLabel(last.x)} (${yLabel(last.y)}); low ${yLabel(lo.y)} at ${xLabel(lo.x)}, high ${yLabel(hi.y)} at ${xLabel(hi.x)}.`,
    );
  }
  for (const r of options.references ?? []) parts.push(`${r.label}: ${yLabel(r.y)}.`);
  return parts.join(' ');
}

/**
 * A chart as a `<figure>`: caption, the SVG (or a "no data" note), a legend when there are several
 * series, and the data table fallback.
 */
export function chart(options: ChartOptions): SafeHtml {
  const W = options.width ?? 640;
  const plotW = W - MARGIN.left - MARGIN.right;
  const plotH = (options.height ?? 280) - MARGIN.top - MARGIN.bottom;
  // Category labels too long for their band are drawn slanted (and cut at 24 characters); the
  // SVG grows taller for them instead of the plot getting shorter.
  const labelOf = (c: string) => {
    const s = options.x.format?.(c) ?? c;
    return s.length > 24 ? `${s.slice(0, 23)}…` : s;
  };
  let slant = false;
  let padLeft = 0;
  let H = options.height ?? 280;
  if (options.x.type === 'category') {
    const labels = [...new Set(options.series.flatMap((s) => s.points.map((p) => String(p.x))))].map(labelOf);
    const every = Math.max(1, Math.ceil(labels.length / 8));
    const longest = Math.max(0, ...labels.map((l) => l.length));
    if (labels.length && longest * 7.5 > (plotW / labels.length) * every * 0.9) {
      slant = true;
      H += Math.ceil(longest * 5);
      // The first label reaches left of the plot: the viewBox starts further left to keep it in view.
      padLeft = Math.max(0, Math.ceil(longest * 5.8 - (MARGIN.left + plotW / labels.length / 2) + 4));
    }
  }
  const xType = options.x.type;
  const xFormat = options.x.format ?? ((x: string | number) => (xType === 'time' ? isoDay(dateMs(x)) : String(x)));
  const yFormat = options.y?.format ?? compactNumber;
  const caption = options.caption ?? options.title;
  const titleId = `${options.id}-title`;
  const descId = `${options.id}-desc`;
  const series = options.series.map((s, i) => ({ ...s, kind: s.kind ?? options.kind, color: s.color ?? PALETTE[i % PALETTE.length]!, dash: DASHES[i % DASHES.length]!, index: i }));
  const hasValues = series.some((s) => s.points.some((p) => p.y !== null && Number.isFinite(p.y)));

  if (!hasValues) {
    return html`<figure class="chart" id="${options.id}"><figcaption>${caption}</figcaption><p class="muted">No data to chart.</p></figure>`;
  }

  // x domain: categories in first-seen order across series; numbers for time and linear axes.
  const categories: string[] = [];
  if (xType === 'category') {
    const seen = new Set<string>();
    for (const s of series) for (const p of s.points) if (!seen.has(String(p.x))) (seen.add(String(p.x)), categories.push(String(p.x)));
  }
  const banded = categories.length > 0;
  const xNum = (x: string | number) => (xType === 'time' ? dateMs(x) : Number(x));
  let x0 = Infinity;
  let x1 = -Infinity;
  if (!banded) {
    for (const s of series) for (const p of s.points) {
      const v = xNum(p.x);
      if (Number.isFinite(v)) (x0 = Math.min(x0, v)), (x1 = Math.max(x1, v));
    }
    if (x0 === x1) (x0 -= xType === 'time' ? DAY_MS : 1), (x1 += xType === 'time' ? DAY_MS : 1);
    // Bars on a continuous axis: half a slot of room at each end so the first and last bars fit.
    const n = Math.max(0, ...series.filter((s) => s.kind === 'bar').map((s) => s.points.length));
    if (n > 0) {
      const half = (x1 - x0) / Math.max(1, n - 1) / 2;
      x0 -= half;
      x1 += half;
    }
  }
  const band = banded ? plotW / categories.length : 0;
  const catIndex = new Map(categories.map((c, i) => [c, i]));
  const sx = (x: string | number) => (banded ? MARGIN.left + (catIndex.get(String(x))! + 0.5) * band : MARGIN.left + ((xNum(x) - x0) / (x1 - x0)) * plotW);

  // y domain: values (stacked sums for stacked bars), references, and zero for bars and areas.
  const barSeries = series.filter((s) => s.kind === 'bar');
  const stacked = options.stacked === true && barSeries.length > 1;
  let y0 = Infinity;
  let y1 = -Infinity;
  const see = (v: number) => Number.isFinite(v) && ((y0 = Math.min(y0, v)), (y1 = Math.max(y1, v)));
  for (const s of series) if (!(stacked && s.kind === 'bar')) for (const p of s.points) if (p.y !== null) see(p.y);
  if (stacked) {
    const sums = new Map<string, number>();
    for (const s of barSeries) for (const p of s.points) if (p.y !== null) sums.set(String(p.x), (sums.get(String(p.x)) ?? 0) + p.y);
    for (const v of sums.values()) see(v);
  }
  for (const r of options.references ?? []) see(r.y);
  if (options.y?.zero ?? series.some((s) => s.kind !== 'line')) see(0);
  const ticks = niceTicks(y0, y1, 5);
  y0 = ticks[0]!;
  y1 = ticks.at(-1)!;
  const sy = (y: number) => MARGIN.top + plotH - ((y - y0) / (y1 - y0)) * plotH;
  const baseline = sy(Math.max(y0, Math.min(0, y1)));

  const parts: string[] = [];
  // Grid and y axis.
  for (const t of ticks) {
    const y = fmt(sy(t));
    parts.push(`<line class="grid" x1="${MARGIN.left}" x2="${W - MARGIN.right}" y1="${y}" y2="${y}" stroke="#e5e7eb"/>`);
    parts.push(`<text class="tick" x="${MARGIN.left - 6}" y="${y}" text-anchor="end" dominant-baseline="middle" font-size="14" fill="#4b5563">${esc(yFormat(t))}</text>`);
  }
  // x axis ticks.
  let xTicks: { at: number; label: string }[];
  if (banded) {
    const every = Math.max(1, Math.ceil(categories.length / 8));
    xTicks = categories.map((c, i) => ({ at: i, label: labelOf(c) })).filter((_, i) => i % every === 0);
  } else if (xType === 'time') xTicks = timeTicks(x0, x1, 6);
  else xTicks = niceTicks(x0, x1, 6).filter((v) => v >= x0 && v <= x1).map((v) => ({ at: v, label: options.x.format?.(v) ?? compactNumber(v) }));
  const axisY = MARGIN.top + plotH;
  parts.push(`<line class="axis" x1="${MARGIN.left}" x2="${W - MARGIN.right}" y1="${axisY}" y2="${axisY}" stroke="#6b7280"/>`);
  for (const t of xTicks) {
    const x = fmt(banded ? MARGIN.left + (t.at + 0.5) * band : MARGIN.left + ((t.at - x0) / (x1 - x0)) * plotW);
    parts.push(`<line class="axis" x1="${x}" x2="${x}" y1="${axisY}" y2="${axisY + 4}" stroke="#6b7280"/>`);
    if (slant) parts.push(`<text class="tick" x="${x}" y="${axisY + 14}" text-anchor="end" font-size="14" fill="#4b5563" transform="rotate(-40 ${x} ${axisY + 14})">${esc(t.label)}</text>`);
    else parts.push(`<text class="tick" x="${x}" y="${axisY + 18}" text-anchor="middle" font-size="14" fill="#4b5563">${esc(t.label)}</text>`);
  }
  if (options.x.label) parts.push(`<text class="axis-label" x="${MARGIN.left + plotW / 2}" y="${H - 4}" text-anchor="middle" font-size="14" fill="#374151">${esc(options.x.label)}</text>`);
  if (options.y?.label) parts.push(`<text class="axis-label" x="12" y="${MARGIN.top + plotH / 2}" text-anchor="middle" font-size="14" fill="#374151" transform="rotate(-90 12 ${MARGIN.top + plotH / 2})">${esc(options.y.label)}</text>`);

  // Bars.
  if (barSeries.length) {
    const slot = banded ? band : plotW / Math.max(1, ...barSeries.map((s) => s.points.length));
    const inner = Math.max(0.5, slot * 0.8);
    const groups = stacked ? 1 : barSeries.length;
    const bw = inner / groups;
    const stackTop = new Map<string, number>();
    barSeries.forEach((s, gi) => {
      const rects: string[] = [];
      for (const p of s.points) {
        if (p.y === null || !Number.isFinite(p.y)) continue;
        const cx = sx(p.x);
        let top: number;
        let bottom: number;
        if (stacked) {
          const below = stackTop.get(String(p.x)) ?? 0;
          stackTop.set(String(p.x), below + p.y);
          top = sy(Math.max(below, below + p.y));
          bottom = sy(Math.min(below, below + p.y));
        } else {
          top = Math.min(sy(p.y), baseline);
          bottom = Math.max(sy(p.y), baseline);
        }
        const left = cx - inner / 2 + (stacked ? 0 : gi * bw);
        rects.push(`<rect x="${fmt(left)}" y="${fmt(top)}" width="${fmt(Math.max(0.5, bw - (groups > 1 ? 1 : 0)))}" height="${fmt(Math.max(0, bottom - top))}"><title>${esc(`${s.name}, ${xFormat(p.x)}: ${yFormat(p.y)}`)}</title></rect>`);
      }
      parts.push(`<g class="series series-${s.index} bar" fill="${s.color}">${rects.join('')}</g>`);
    });
  }

  // Lines and areas (segments broken at missing values).
  const maxPoints = options.maxPoints ?? 600;
  for (const s of series) {
    if (s.kind === 'bar') continue;
    const segments: { px: number; py: number }[][] = [[]];
    const sorted = banded ? s.points : [...s.points].sort((a, b) => xNum(a.x) - xNum(b.x));
    const present = (y: number | null): y is number => y !== null && Number.isFinite(y);
    const drawn = sorted.reduce((n, p) => n + (present(p.y) ? 1 : 0), 0);
    // A line thinned to maxPoints draws one step per bucket of points: a gap of missing values
    // narrower on the chart than a bucket (in pixels: uneven x values, a monthly history then daily
    // values, are measured as drawn) cannot be seen, so it is bridged rather than cutting the line.
    // DGS10's empty holidays cut 11,817 points into 696 pieces, each drawn (and marked) on its own:
    // a 954 KB chart. Wider gaps still break the line; an unthinned line breaks at every gap.
    const bucketPx = drawn > maxPoints ? plotW / Math.floor(maxPoints / 2) : 0;
    let missing = false;
    let last: { px: number; py: number } | undefined;
    for (const p of sorted) {
      if (!present(p.y)) {
        missing = true;
        continue;
      }
      const at = { px: sx(p.x), py: sy(p.y) };
      if (missing && last && at.px - last.px >= bucketPx && segments.at(-1)!.length) segments.push([]);
      missing = false;
      segments.at(-1)!.push(at);
      last = at;
    }
    const paths: string[] = [];
    for (const raw of segments) {
      if (!raw.length) continue;
      // Each piece thinned to its share of maxPoints.
      const seg = thin(raw, drawn > maxPoints ? Math.max(4, Math.round((maxPoints * raw.length) / drawn)) : maxPoints);
      const d = seg.map((p, i) => `${i ? 'L' : 'M'}${fmt(p.px)} ${fmt(p.py)}`).join('');
      if (s.kind === 'area') paths.push(`<path class="area-fill" d="${d}L${fmt(seg.at(-1)!.px)} ${fmt(baseline)}L${fmt(seg[0]!.px)} ${fmt(baseline)}Z" fill="${s.color}" fill-opacity="0.18" stroke="none"/>`);
      paths.push(`<path class="line" d="${d}" fill="none" stroke="${s.color}" stroke-width="2" stroke-linejoin="round" stroke-linecap="round"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`);
      if (seg.length === 1) paths.push(`<circle cx="${fmt(seg[0]!.px)}" cy="${fmt(seg[0]!.py)}" r="3" fill="${s.color}"/>`);
      else if (raw.length <= 40) for (const p of raw) paths.push(`<circle cx="${fmt(p.px)}" cy="${fmt(p.py)}" r="2.5" fill="${s.color}"/>`);
    }
    parts.push(`<g class="series series-${s.index} ${s.kind}">${paths.join('')}</g>`);
  }

  // Reference lines, labelled at the right end.
  for (const r of options.references ?? []) {
    const y = fmt(sy(r.y));
    const color = r.color ?? '#991b1b';
    parts.push(
      `<g class="ref"><line x1="${MARGIN.left}" x2="${W - MARGIN.right}" y1="${y}" y2="${y}" stroke="${color}" stroke-width="2" stroke-dasharray="6 4"/><text x="${W - MARGIN.right - 4}" y="${fmt(sy(r.y) - 5)}" text-anchor="end" font-size="14" fill="${color}" stroke="#fff" stroke-width="3" paint-order="stroke">${esc(r.label)}</text></g>`,
    );
  }

  const desc = `${options.description ? `${options.description} ` : ''}${describe(options, xFormat, yFormat)}`;
  const svg = raw(
    `<svg class="chart" viewBox="${-padLeft} 0 ${W + padLeft} ${H}" width="100%" preserveAspectRatio="xMidYMid meet" role="img" aria-labelledby="${esc(titleId)} ${esc(descId)}" xmlns="http://www.w3.org/2000/svg"><title id="${esc(titleId)}">${esc(options.title)}</title><desc id="${esc(descId)}">${esc(desc)}</desc>${parts.join('')}</svg>`,
  );
  const legend =
    series.length > 1 || (options.references ?? []).length
      ? html`<ul class="legend">${series.map((s) => html`<li><svg width="22" height="10" aria-hidden="true" focusable="false">${raw(s.kind === 'bar' ? `<rect width="22" height="10" fill="${s.color}"/>` : `<line x1="0" x2="22" y1="5" y2="5" stroke="${s.color}" stroke-width="3"${s.dash ? ` stroke-dasharray="${s.dash}"` : ''}/>`)}</svg> ${s.name}</li>`)}${(options.references ?? []).map((r) => html`<li><svg width="22" height="10" aria-hidden="true" focusable="false">${raw(`<line x1="0" x2="22" y1="5" y2="5" stroke="${r.color ?? '#991b1b'}" stroke-width="2" stroke-dasharray="6 4"/>`)}</svg> ${r.label}</li>`)}</ul>`
      : '';
  return html`<figure class="chart" id="${options.id}"><figcaption>${caption}</figcaption>${svg}${legend}${dataTable(options, series, xFormat, yFormat)}</figure>`;
}

function esc(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** The fallback table: one row per x, one column per series (in a `<details>`, keyboard reachable). */
function dataTable(options: ChartOptions, series: ChartSeries[], xFormat: (x: string | number) => string, yFormat: (y: number) => string): SafeHtml {
  const keys: (string | number)[] = [];
  const seen = new Map<string, number>();
  const values: (number | null)[][] = [];
  for (const [si, s] of series.entries()) {
    for (const p of s.points) {
      const k = String(p.x);
      let row = seen.get(k);
      if (row === undefined) {
        row = keys.length;
        seen.set(k, row);
        keys.push(p.x);
        values.push(series.map(() => null));
      }
      values[row]![si] = p.y;
    }
  }
  let order = keys.map((_, i) => i);
  if (options.x.type !== 'category') {
    const xv = (x: string | number) => (options.x.type === 'time' ? dateMs(x) : Number(x));
    order = order.sort((a, b) => xv(keys[a]!) - xv(keys[b]!));
  }
  const limit = options.tableLimit;
  const shown = limit !== undefined && order.length > limit ? order.slice(order.length - limit) : order;
  const note = shown.length < order.length ? html`<p class="help">The ${shown.length} most recent of ${order.length} rows.</p>` : '';
  return html`<details class="chart-data"><summary>Data table: ${options.title}</summary>${note}<div class="table-wrap"><table><caption class="visually-hidden">${options.title}</caption><thead><tr><th scope="col">${options.x.label ?? (options.x.type === 'time' ? 'Date' : 'Item')}</th>${series.map((s) => html`<th scope="col">${s.name}</th>`)}</tr></thead><tbody>${shown.map(
    (i) => html`<tr><th scope="row">${xFormat(keys[i]!)}</th>${values[i]!.map((v) => html`<td>${v === null || !Number.isFinite(v) ? '—' : yFormat(v)}</td>`)}</tr>`,
  )}</tbody></table></div></details>`;
}
