/**
 * `/macro`: the Treasury par yield curve on a date against a comparison date (one chart), and a
 * FRED series with its vintages: the latest values against the values as known on a date (ALFRED
 * realtime periods), through the same queries as `/api/macro/*`.
 */
import { listSeries, seriesObservations, yieldCurve, type YieldCurve } from '../../../warehouse/queries/macro.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { AnyRoute } from '../../route.ts';
import { chart } from '../charts.ts';
import { html, type SafeHtml } from '../html.ts';
import { dateParam, explorerPage, monthsBefore, param, sendPage, table, term } from './common.ts';
import { utcDay } from '../../../schema/common.ts';
import { freshnessLine, sourceLine } from './provenance.ts';

/** Titles of the series the pipelines load (others show their id). */
export const SERIES_TITLES: Record<string, string> = {
  DGS10: '10-year Treasury constant maturity rate (%)',
  DGS2: '2-year Treasury constant maturity rate (%)',
  FEDFUNDS: 'Effective federal funds rate (%)',
  CPIAUCSL: 'Consumer price index, all urban consumers (index 1982-84 = 100)',
  UNRATE: 'Unemployment rate (%)',
  GDP: 'Gross domestic product (billions of dollars, annual rate)',
};

const dayBefore = (d: string) => new Date(Date.parse(`${d}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

function curveSection(curve: YieldCurve | null, compare: YieldCurve | null, date: string | undefined, compareDate: string | undefined): SafeHtml {
  const form = html`<form class="form row" method="get" action="/macro#curve">
  <div class="field"><label for="date">Curve on</label><input id="date" name="date" type="date" value="${curve?.date ?? date ?? ''}" max="${utcDay()}"></div>
  <div class="field"><label for="compare">Compared with</label><input id="compare" name="compare" type="date" value="${compare?.date ?? compareDate ?? ''}" max="${utcDay()}"></div>
  <button type="submit" class="primary">Show</button>
</form>`;
  if (!curve) return html`<section id="curve" aria-labelledby="curve-h"><h2 id="curve-h">Treasury yield curve</h2>${form}<p class="alert warning">No yield curve on or before ${date ?? 'today'} is in the warehouse.</p></section>`;
  const tenors = [...new Map([...curve.points, ...(compare?.points ?? [])].sort((a, b) => a.months - b.months).map((p) => [p.tenor, p.months])).keys()];
  const valueOf = (c: YieldCurve, tenor: string) => c.points.find((p) => p.tenor === tenor)?.value ?? null;
  const series = [{ name: curve.date, points: tenors.map((t) => ({ x: t, y: valueOf(curve, t) })) }];
  if (compare && compare.date !== curve.date) series.push({ name: compare.date, points: tenors.map((t) => ({ x: t, y: valueOf(compare, t) })) });
  const spread = (c: YieldCurve) => {
    const y10 = valueOf(c, '10Y');
    const y2 = valueOf(c, '2Y');
    return y10 !== null && y2 !== null ? `${((y10 - y2) * 100).toFixed(0)} bp` : '—';
  };
  return html`<section id="curve" aria-labelledby="curve-h"><h2 id="curve-h">Treasury yield curve</h2>${form}
${date && curve.date !== date ? html`<p class="help">${date} has no curve (not a business day, or not yet published): showing ${curve.date}, the latest before it.</p>` : ''}
<p class="help">${sourceLine(curve.provenance)}. ${freshnessLine(curve)}</p>
${compareDate && !compare ? html`<p class="help">No curve on or before ${compareDate}.</p>` : ''}
${chart({
  id: 'curve-chart',
  title: `US Treasury par yield curve, ${series.map((s) => s.name).join(' and ')}`,
  kind: 'line',
  x: { type: 'category', label: 'Maturity' },
  y: { format: (n) => `${n.toFixed(2)}%`, zero: false },
  series,
})}
<p>10-year minus 2-year spread: ${curve.date} ${spread(curve)}${compare && compare.date !== curve.date ? html`; ${compare.date} ${spread(compare)}` : ''}. <a href="/api/macro/yield-curve?date=${curve.date}">JSON</a> · ${term('treasury-par-yield-curve', 'What is the par yield curve?')}</p>
</section>`;
}

/** `/macro` page route. */
export function macroRoutes(): AnyRoute[] {
  return [
    explorerPage('/macro', 'Macro page of the data explorer: yield curve and FRED series with vintages', async ({ query, services, reply }) => {
      const db = services.warehouse;
      const date = dateParam(query, 'date');
      const compareDate = dateParam(query, 'compare');
      const asOfParam = dateParam(query, 'as_of');
      const start = dateParam(query, 'start');
      const end = dateParam(query, 'end');
      if (start && end && start > end) throw new BadRequestError(`parameter 'start' (${start}) is after 'end' (${end})`);
      const list = await listSeries(db);
      const requested = param(query, 'series', 40)?.toUpperCase();
      if (requested && !list.some((s) => s.id === requested)) throw new NotFoundError(`no macro series '${requested}' in the warehouse`);
      const info = list.find((s) => s.id === requested) ?? list.find((s) => s.id === 'DGS10') ?? list[0];

      const curve = await yieldCurve(db, date ?? null);
      const compare = curve ? await yieldCurve(db, compareDate ?? monthsBefore(curve.date, 12)) : null;
      // Without a chosen vintage date, a vintaged series is compared with the vintage before its latest revision.
      let asOf = asOfParam;
      const latest = info ? await seriesObservations(db, info.id, { start, end }) : [];
      if (!asOf && info?.vintaged && latest.length) asOf = dayBefore(latest.map((o) => o.realtimeStart).sort().at(-1)!);
      const vintage = info && asOf ? await seriesObservations(db, info.id, { start, end, asOf }) : [];
      const title = info ? (SERIES_TITLES[info.id] ?? info.id) : '';

      const seriesSection = info
        ? html`<section id="series" aria-labelledby="series-h"><h2 id="series-h">FRED series</h2>
<form class="form row" method="get" action="/macro#series">
  ${date ? html`<input type="hidden" name="date" value="${date}">` : ''}${compareDate ? html`<input type="hidden" name="compare" value="${compareDate}">` : ''}
  <div class="field"><label for="series-select">Series</label><select id="series-select" name="series">${list.map((s) => html`<option value="${s.id}"${s.id === info.id ? html` selected` : ''}>${s.id}: ${SERIES_TITLES[s.id] ?? s.id}</option>`)}</select></div>
  <div class="field"><label for="as_of">Vintage: as known on</label><input id="as_of" name="as_of" type="date" value="${asOf ?? ''}" max="${utcDay()}"></div>
  <div class="field"><label for="start">From</label><input id="start" name="start" type="date" value="${start ?? ''}"></div>
  <div class="field"><label for="end">To</label><input id="end" name="end" type="date" value="${end ?? ''}"></div>
  <button type="submit" class="primary">Show</button>
</form>
<p>${info.id}: ${title}. ${info.observations} observations, ${info.first} to ${info.last}. ${info.vintaged ? html`Revised values are kept as ${term('vintage-data', 'vintages')} (${term('alfred', 'ALFRED')}): a value counts from the day it was published.` : 'No revisions are recorded for this series: a value counts from its own date.'}${latest.at(-1) ? html` ${sourceLine(latest.at(-1)!.provenance)}.` : ''}</p>
${chart({
  id: 'series-chart',
  title: `${info.id}${asOf ? `, latest values and as known on ${asOf}` : ''}`,
  description: title,
  kind: 'line',
  x: { type: 'time', label: 'Observation date' },
  y: { zero: false },
  series: [{ name: 'Latest', points: latest.map((o) => ({ x: o.date, y: o.value })) }, ...(asOf ? [{ name: `As known on ${asOf}`, points: vintage.map((o) => ({ x: o.date, y: o.value })) }] : [])],
  tableLimit: 120,
})}
${
  info.vintaged && asOf
    ? table(
        `${info.id} vintages: latest against as known on ${asOf}`,
        ['Observation', 'Latest', 'Published', `As known on ${asOf}`, 'Published'],
        latest.map((o) => {
          const v = vintage.find((x) => x.date === o.date);
          return [o.date, o.value, o.realtimeStart, v?.value ?? 'not yet published', v?.realtimeStart];
        }),
        { numeric: [1, 3] },
      )
    : ''
}
<p><a href="/api/macro/series?id=${info.id}${asOf ? `&as_of=${asOf}` : ''}">JSON</a></p>
</section>`
        : html`<section id="series"><h2>FRED series</h2><p class="muted">No macro series are in the warehouse.</p></section>`;

      const body = html`<p class="muted"><a href="/explore">Explorer</a> / Macro</p>
<h1>Macro: rates and economic series</h1>
<p class="lead">The US Treasury par ${term('yield-curve', 'yield curve')} and ${term('fred', 'FRED')} series, each as it was known on a date.</p>
${curveSection(curve, compare, date, compareDate)}
${seriesSection}
<h2 id="all-series-h">All series</h2>
${table('Macro series in the warehouse', ['Series', 'Observations', 'First', 'Last', 'Vintages'], list.map((s) => [html`<a href="/macro?series=${s.id}#series">${s.id}</a>`, s.observations, s.first, s.last, s.vintaged ? 'yes' : 'no']), { numeric: [1] })}`;
      return sendPage(reply, { title: 'Macro', description: 'Treasury yield curve and FRED macro series with vintages.', body, path: '/explore' });
    }),
  ];
}
