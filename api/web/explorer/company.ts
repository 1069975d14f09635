/**
 * `/company/:ticker`: one company in the data explorer. Price and volume with a range switch
 * (links with `?range=`, no script), key figures, the point-in-time statement as known on a date
 * (a GET form; each value names the filing it came from, linked to EDGAR), the fundamentals
 * history as a chart, recent filings, insider trades, 13F holders by quarter and news with
 * sentiment. Every read goes through `warehouse/queries`, the layer the REST routes use.
 */
import { z } from 'zod';
import { STANDARD_ITEM_NAMES, type StandardItem } from '../../../schema/fundamentals.ts';
import { Quarter } from '../../../schema/ownership.ts';
import { companyByTicker, type CompanyRow } from '../../../warehouse/queries/companies.ts';
import { recentFilings } from '../../../warehouse/queries/filings.ts';
import { fundamentalsHistory, pitStatement, type PitStatement } from '../../../warehouse/queries/fundamentals.ts';
import { insiderTrades } from '../../../warehouse/queries/insiders.ts';
import { institutionalHolders, quarterEnd } from '../../../warehouse/queries/institutions.ts';
import { tickerNews } from '../../../warehouse/queries/news.ts';
import { priceHistory, type PriceBar } from '../../../warehouse/queries/prices.ts';
import { cusipsForTicker } from '../../../warehouse/queries/securities.ts';
import { tickerSnapshot } from '../../../warehouse/queries/snapshot.ts';
import { filedNote, freshnessLine, sourceLine, syntheticBadge } from './provenance.ts';
import type { Warehouse } from '../../../warehouse/reader.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { AnyRoute } from '../../route.ts';
import { chart } from '../charts.ts';
import { html, type SafeHtml } from '../html.ts';
import { choiceParam, count, dateParam, edgarCompanyUrl, edgarDocumentUrl, edgarFilingUrl, explorerPage, monthsBefore, num, param, pct, pctOfFraction, price, safeHref, sendPage, table, term, usd } from './common.ts';
import { utcDay } from '../../../schema/common.ts';

/** The price ranges of the switch, in months back from the latest bar (MAX: everything). */
export const PRICE_RANGES = { '1M': 1, '6M': 6, '1Y': 12, '5Y': 60, MAX: null } as const;
export type PriceRange = keyof typeof PRICE_RANGES;
const RANGE_IDS = Object.keys(PRICE_RANGES) as PriceRange[];

/** Labels of the standardized statement items, in statement order. */
export const ITEM_LABELS: Record<StandardItem, string> = {
  revenue: 'Revenue',
  costOfRevenue: 'Cost of revenue',
  grossProfit: 'Gross profit',
  operatingIncome: 'Operating income',
  netIncome: 'Net income',
  totalAssets: 'Total assets',
  currentAssets: 'Current assets',
  totalLiabilities: 'Total liabilities',
  currentLiabilities: 'Current liabilities',
  stockholdersEquity: 'Stockholders’ equity',
  operatingCashFlow: 'Operating cash flow',
  investingCashFlow: 'Investing cash flow',
  financingCashFlow: 'Financing cash flow',
  epsBasic: 'EPS, basic',
  epsDiluted: 'EPS, diluted',
  longTermDebt: 'Long-term debt',
  sharesOutstanding: 'Shares outstanding',
  dividendsPerShare: 'Dividends per share',
};
const PER_SHARE = new Set<StandardItem>(['epsBasic', 'epsDiluted', 'dividendsPerShare']);

const TICKER = /^[A-Za-z0-9.\-]{1,12}$/;

function itemValue(item: StandardItem, v: number | null): string {
  if (v === null) return '—';
  if (PER_SHARE.has(item)) return price(v);
  if (item === 'sharesOutstanding') return count(v);
  return usd(v);
}

/** The company URL with `changes` applied to the current query (range, as_of, quarter). */
function companyUrl(ticker: string, current: Record<string, string | undefined>, changes: Record<string, string | undefined>, hash = ''): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...current, ...changes })) if (v) q.set(k, v);
  const s = q.toString();
  return `/company/${encodeURIComponent(ticker)}${s ? `?${s}` : ''}${hash}`;
}

/** Bars of the range ending at the latest bar (the sample's prices end before today). */
export function barsInRange(bars: PriceBar[], range: PriceRange): PriceBar[] {
  const months = PRICE_RANGES[range];
  if (months === null || bars.length === 0) return bars;
  const from = monthsBefore(bars.at(-1)!.date, months);
  return bars.filter((b) => b.date > from);
}

/** Volume summed per week (starting Monday) or per month, for ranges too long for daily bars. */
export function volumeBuckets(bars: PriceBar[], by: 'week' | 'month'): { x: string; y: number | null }[] {
  const out = new Map<string, number | null>();
  for (const b of bars) {
    const d = new Date(`${b.date}T00:00:00Z`);
    const key = by === 'month' ? `${b.date.slice(0, 7)}-01` : new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * 86_400_000).toISOString().slice(0, 10);
    const prev = out.get(key);
    out.set(key, b.volume === null ? (prev ?? null) : (prev ?? 0) + b.volume);
  }
  return [...out].map(([x, y]) => ({ x, y }));
}

function priceSection(c: CompanyRow, bars: PriceBar[], range: PriceRange, urlOf: (changes: Record<string, string | undefined>) => string): SafeHtml {
  const shown = barsInRange(bars, range);
  const first = shown[0];
  const last = shown.at(-1);
  // Adjusted closes (splits and dividends) when the provider gives them, so a split is no cliff.
  const adjusted = shown.length > 0 && shown.every((b) => b.adjClose !== null);
  const px = (b: PriceBar) => (adjusted ? b.adjClose! : b.close);
  const change = first && last ? ((px(last) - px(first)) / px(first)) * 100 : null;
  const bucket: 'day' | 'week' | 'month' = shown.length > 1300 ? 'month' : shown.length > 260 ? 'week' : 'day';
  return html`<section aria-labelledby="price-h" id="price">
<h2 id="price-h">Price</h2>
<nav aria-label="Price range"><ul class="range-switch">${RANGE_IDS.map((r) => html`<li><a href="${urlOf({ range: r === '1Y' ? undefined : r })}#price"${r === range ? html` aria-current="true"` : ''}>${r}</a></li>`)}</ul></nav>
${
  shown.length === 0
    ? html`<p class="muted">No prices for ${c.ticker} in the warehouse.</p>`
    : html`<p>${first!.date} to ${last!.date}: ${price(px(first!))} → ${price(px(last!))} (${change === null ? '—' : `${change >= 0 ? '+' : ''}${change.toFixed(2)}%`}), ${count(shown.length)} trading days${adjusted ? '; closes adjusted for splits and dividends' : ''}.</p>
${chart({
  id: 'price-chart',
  title: `${c.ticker} daily ${adjusted ? 'adjusted ' : ''}close, ${range}`,
  kind: 'area',
  x: { type: 'time', label: 'Date' },
  y: { format: (n) => `$${n >= 1000 ? n.toFixed(0) : n.toFixed(2)}`, zero: false },
  series: [{ name: adjusted ? 'Adjusted close' : 'Close', points: shown.map((b) => ({ x: b.date, y: px(b) })) }],
  tableLimit: 60,
})}
${chart({
  id: 'volume-chart',
  title: `${c.ticker} ${bucket === 'day' ? 'daily' : `${bucket}ly`} volume, ${range}`,
  kind: 'bar',
  height: 160,
  x: { type: 'time', label: bucket === 'day' ? 'Date' : bucket === 'week' ? 'Week of' : 'Month' },
  series: [{ name: 'Volume', points: bucket === 'day' ? shown.map((b) => ({ x: b.date, y: b.volume })) : volumeBuckets(shown, bucket) }],
  tableLimit: 60,
})}`
}
</section>`;
}

function keyFigures(snap: Awaited<ReturnType<typeof tickerSnapshot>>): SafeHtml {
  if (!snap) return html``;
  const p = snap.price;
  const f = snap.fundamentals;
  const t = snap.technicals;
  const items: [SafeHtml, string][] = [
    [term('price', 'Price'), p ? `${price(p.current)} (${p.date})` : '—'],
    [term('change', 'Change'), p && p.change !== null ? `${p.change >= 0 ? '+' : ''}${p.change.toFixed(2)} (${pct(p.changePercent)})` : '—'],
    [term('market-capitalization', 'Market cap'), usd(f?.marketCap)],
    [term('price-to-earnings-ratio', 'P/E'), num(f?.pe)],
    [term('earnings-per-share', 'EPS (diluted)'), price(f?.epsDiluted)],
    [term('dividend-yield', 'Dividend yield'), pct(f?.dividendYield)],
    [term('revenue', 'Revenue'), usd(f?.revenue)],
    [term('net-income', 'Net income'), usd(f?.netIncome)],
    [term('net-margin', 'Net margin'), pctOfFraction(f?.netMargin)],
    [term('return-on-equity', 'ROE'), pctOfFraction(f?.roe)],
    [term('52-week-high', '52-week range'), t && t.low52Week !== null && t.high52Week !== null ? `${price(t.low52Week)} – ${price(t.high52Week)}` : '—'],
    [term('volume', 'Avg volume (30d)'), count(t?.avgVolume30d)],
  ];
  return html`<section aria-labelledby="kpi-h"><h2 id="kpi-h">Key figures</h2>
<dl class="kpis">${items.map(([k, v]) => html`<div><dt>${k}</dt><dd>${v}</dd></div>`)}</dl>
<p class="help">${freshnessLine(snap)}${snap.price ? html` ${sourceLine(snap.price.provenance, 'Price source')}.` : ''}${snap.technicals?.synthetic ? html` Technicals are computed from generated closes${syntheticBadge(true)}.` : ''}${snap.priceTarget?.synthetic ? html` The price target is illustrative${syntheticBadge(true)}.` : ''}</p>
${f?.accession ? html`<p class="help">Fundamentals from the ${f.form} for ${f.fiscalPeriod} ${f.fiscalYear} (period ended ${f.periodEnd}), filed ${f.filingDate}: <a href="${edgarFilingUrl(snap.profile?.cik ?? 0, f.accession)}">${f.accession}</a>. Market cap and P/E use the latest close.</p>` : ''}
</section>`;
}

function statementSection(c: CompanyRow, asOf: string, st: PitStatement | null, requested: boolean, urlOf: (changes: Record<string, string | undefined>) => string): SafeHtml {
  const form = html`<form class="form row" method="get" action="/company/${c.ticker}#pit" aria-describedby="pit-help">
  <div class="field"><label for="as_of">Known on</label><input id="as_of" name="as_of" type="date" value="${asOf}" min="1993-01-01" max="${utcDay()}"></div>
  <button type="submit" class="primary">Show</button>${requested ? html` <a href="${urlOf({ as_of: undefined })}#pit">Today</a>` : ''}
</form>
<p class="help" id="pit-help">${term('point-in-time-data', 'Point in time')}: the statement of the latest fiscal period first reported on or before the date, with the values as they were known then (a ${term('restatement')} filed later does not show). Each value names the filing it came from by its ${term('accession-number', 'accession number')}.</p>`;
  if (!st) return html`<section aria-labelledby="pit-h" id="pit"><h2 id="pit-h">Statement as known on ${asOf}</h2>${form}<p class="alert warning">Nothing filed by ${c.ticker} on or before ${asOf} is in the warehouse.</p></section>`;
  const rows = STANDARD_ITEM_NAMES.map((item) => {
    const src = st.sources[item];
    return [
      ITEM_LABELS[item],
      itemValue(item, st.fundamentals[item]),
      src ? html`<a href="${edgarFilingUrl(c.cik, src.accession)}">${src.accession}</a>` : '—',
      src ? src.form : '—',
      src ? src.filed : '—',
      src ? html`<code>${term(src.concept)}</code>${src.derived ? ' (derived)' : ''}` : '—',
    ];
  });
  return html`<section aria-labelledby="pit-h" id="pit"><h2 id="pit-h">Statement as known on ${asOf}</h2>${form}
<p><strong>${st.fiscalPeriod} ${st.fiscalYear}</strong>, period ended ${st.periodEnd}; from the ${st.form} filed ${st.filingDate} (<a href="${edgarFilingUrl(c.cik, st.accession)}">${st.accession}</a>)${st.restated ? ', restated' : ''}.</p>
${table(`${c.ticker} statement as known on ${asOf}`, ['Item', 'Value', 'Filing (accession)', 'Form', 'Filed', 'Concept'], rows, { numeric: [1] })}
<p class="help">Margins: gross ${pctOfFraction(st.metrics.grossMargin)}, operating ${pctOfFraction(st.metrics.operatingMargin)}, net ${pctOfFraction(st.metrics.netMargin)}; ROA ${pctOfFraction(st.metrics.roa)}, ROE ${pctOfFraction(st.metrics.roe)}; current ratio ${num(st.metrics.currentRatio)}.</p>
</section>`;
}

/** Each fiscal year's values as last known (a restatement replaces the first report), oldest first. */
export function fiscalYears(entries: Awaited<ReturnType<typeof fundamentalsHistory>>): PitStatement[] {
  const byYear = new Map<number, PitStatement>();
  for (const e of entries) for (const s of e.statements) if (s.fiscalPeriod === 'FY') byYear.set(s.fiscalYear, s);
  return [...byYear.values()].sort((a, b) => a.fiscalYear - b.fiscalYear);
}

function historySection(c: CompanyRow, years: PitStatement[]): SafeHtml {
  const cat = (s: PitStatement) => `FY${s.fiscalYear}`;
  return html`<section aria-labelledby="hist-h" id="history"><h2 id="hist-h">Fundamentals history</h2>
${
  years.length === 0
    ? html`<p class="muted">No annual statements of ${c.ticker} are in the warehouse.</p>`
    : html`${chart({
        id: 'fundamentals-chart',
        title: `${c.ticker} revenue, net income and operating cash flow by fiscal year`,
        description: 'Each fiscal year as last reported (restatements included).',
        kind: 'bar',
        x: { type: 'category', label: 'Fiscal year' },
        y: { format: (n) => usd(n) },
        series: [
          { name: 'Revenue', points: years.map((s) => ({ x: cat(s), y: s.fundamentals.revenue })) },
          { name: 'Net income', points: years.map((s) => ({ x: cat(s), y: s.fundamentals.netIncome })) },
          { name: 'Operating cash flow', points: years.map((s) => ({ x: cat(s), y: s.fundamentals.operatingCashFlow })) },
        ],
      })}
${chart({
  id: 'eps-chart',
  title: `${c.ticker} diluted EPS by fiscal year`,
  kind: 'line',
  height: 200,
  x: { type: 'category', label: 'Fiscal year' },
  y: { format: (n) => `$${n.toFixed(2)}` },
  series: [{ name: 'EPS, diluted', points: years.map((s) => ({ x: cat(s), y: s.fundamentals.epsDiluted })) }],
})}`
}
</section>`;
}

/** The last `n` quarters up to the quarter of `period` (a quarter-end date), newest first, as `2024Q1`. */
export function quartersUpTo(period: string, n: number): string[] {
  let y = Number(period.slice(0, 4));
  let q = Math.ceil(Number(period.slice(5, 7)) / 3);
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    out.push(`${y}Q${q}`);
    q--;
    if (q === 0) (q = 4), y--;
  }
  return out;
}

async function holdersSection(db: Warehouse, c: CompanyRow, quarter: string | undefined, urlOf: (changes: Record<string, string | undefined>) => string): Promise<SafeHtml> {
  const cusips = await cusipsForTicker(db, c.ticker);
  const [latest, chosen] = await Promise.all([
    cusips.length ? institutionalHolders(db, { ticker: c.ticker, cusips, limit: 1 }) : null,
    cusips.length ? institutionalHolders(db, { ticker: c.ticker, cusips, quarter, limit: 25 }) : null,
  ]);
  const head = html`<h2 id="holders-h">Institutional holders (${term('13f', '13F')})</h2>`;
  if (!latest) return html`<section aria-labelledby="holders-h" id="holders">${head}<p class="muted">No 13F holdings of ${c.ticker} are in the warehouse.</p></section>`;
  const quarters = quartersUpTo(latest.period, 8);
  const picker = html`<nav aria-label="13F quarter"><ul class="range-switch">${quarters.map((q) => html`<li><a href="${urlOf({ quarter: q === quarters[0] ? undefined : q })}#holders"${chosen && quarterEnd(q) === chosen.period ? html` aria-current="true"` : ''}>${q}</a></li>`)}</ul></nav>`;
  if (!chosen) return html`<section aria-labelledby="holders-h" id="holders">${head}${picker}<p class="muted">No 13F holder of ${c.ticker} reported ${quarter}.</p></section>`;
  const rows = chosen.holders.map((h) => [html`<a href="${edgarCompanyUrl(h.cik)}">${h.manager}</a>`, count(h.shares), usd(h.valueUsd), pct(h.pctOfPortfolio), h.changeShares === null ? h.change : `${h.change} (${h.changeShares >= 0 ? '+' : ''}${count(h.changeShares)})`]);
  return html`<section aria-labelledby="holders-h" id="holders">${head}${picker}
<p>Quarter ended ${chosen.period}: ${count(chosen.holders.length)} holder${chosen.holders.length === 1 ? '' : 's'} shown, ${count(chosen.totalShares)} shares worth ${usd(chosen.totalValueUsd)}; change against ${chosen.previousPeriod}.</p>
${table(`13F holders of ${c.ticker}, quarter ended ${chosen.period}`, ['Manager', 'Shares', 'Value', 'Of portfolio', 'Change'], rows, { numeric: [1, 2, 3] })}
</section>`;
}

/** `/company/:ticker` page route. */
export function companyRoutes(): AnyRoute[] {
  return [
    explorerPage(
      '/company/:ticker',
      'Company page of the data explorer',
      async ({ params, query, services, reply }) => {
        const raw = params.ticker ?? '';
        if (!TICKER.test(raw)) throw new NotFoundError(`no company with the ticker '${raw.slice(0, 40)}'`);
        const db = services.warehouse;
        const c = await companyByTicker(db, raw.toUpperCase());
        if (!c) throw new NotFoundError(`no company with the ticker '${raw.toUpperCase()}'`);
        if (raw !== c.ticker) {
          const s = new URLSearchParams(query as Record<string, string>).toString();
          reply.redirect(`/company/${encodeURIComponent(c.ticker)}${s ? `?${s}` : ''}`, 301);
          return '';
        }
        const range = choiceParam(query, 'range', RANGE_IDS, '1Y');
        const asOfParam = dateParam(query, 'as_of');
        const quarterRaw = param(query, 'quarter', 20);
        if (quarterRaw !== undefined && !Quarter.safeParse(quarterRaw).success) throw new BadRequestError(`parameter 'quarter' must be a quarter like '2024Q2' (got '${quarterRaw}')`);
        const asOf = asOfParam ?? utcDay();
        const current = { range: range === '1Y' ? undefined : range, as_of: asOfParam, quarter: quarterRaw };
        const urlOf = (changes: Record<string, string | undefined>) => companyUrl(c.ticker, current, changes);

        const [snap, bars, st, history, filings, trades, news, holders] = await Promise.all([
          tickerSnapshot(db, c.ticker),
          priceHistory(db, c.ticker),
          pitStatement(db, c.cik, asOf),
          fundamentalsHistory(db, c.cik, '1900-01-01', utcDay()),
          recentFilings(db, c.ticker, 15),
          insiderTrades(db, { ticker: c.ticker, limit: 20 }),
          tickerNews(db, c.ticker, 10),
          holdersSection(db, c, quarterRaw, urlOf),
        ]);
        const profile = snap?.profile;
        const body = html`
<p class="muted"><a href="/explore">Explorer</a> / Company</p>
<h1>${profile?.name ?? c.name} <span class="muted">(${c.ticker})</span></h1>
<p>${[c.exchange, profile?.sector, profile?.industry].filter(Boolean).join(' · ')}${profile?.sector || c.exchange ? ' · ' : ''}CIK ${c.cik} · <a href="${edgarCompanyUrl(c.cik)}">Filings on EDGAR</a> · <a href="/api/data?ticker=${c.ticker}">JSON</a></p>
<nav aria-label="On this page"><ul class="explorer-nav"><li><a href="#price">Price</a></li><li><a href="#pit">Statement</a></li><li><a href="#history">History</a></li><li><a href="#filings">Filings</a></li><li><a href="#insiders">Insiders</a></li><li><a href="#holders">Holders</a></li><li><a href="#news">News</a></li></ul></nav>
${keyFigures(snap)}
${priceSection(c, bars, range, urlOf)}
${statementSection(c, asOf, st, asOfParam !== undefined, urlOf)}
${historySection(c, fiscalYears(history))}
<section aria-labelledby="filings-h" id="filings"><h2 id="filings-h">Recent filings</h2>
${
  filings.length
    ? table(
        `Recent filings of ${c.ticker}`,
        ['Form', 'Filed', 'Period', 'Accession', 'Document'],
        filings.map((f) => [
          f.form,
          f.filed,
          f.reportDate,
          html`<a href="${edgarFilingUrl(c.cik, f.accession)}">${f.accession}</a>`,
          f.primaryDocument ? html`<a href="${edgarDocumentUrl(c.cik, f.accession, f.primaryDocument)}">${f.primaryDocument}</a>` : null,
        ]),
      )
    : html`<p class="muted">No filings of ${c.ticker} are in the warehouse. <a href="${edgarCompanyUrl(c.cik)}">See EDGAR</a>.</p>`
}</section>
<section aria-labelledby="insiders-h" id="insiders"><h2 id="insiders-h">Insider trades (${term('form-4', 'Form 4')})</h2>
${
  trades.length
    ? table(
        `Insider trades in ${c.ticker}, newest filing first`,
        ['Owner', 'Role', 'Date', 'Code', 'Shares', 'Price', 'Owned after', 'Filing'],
        trades.map((t) => {
          const o = t.owners[0];
          const role = o ? [o.isDirector ? 'Director' : '', o.isOfficer ? (o.officerTitle ?? 'Officer') : '', o.isTenPercentOwner ? '10% owner' : ''].filter(Boolean).join(', ') : '';
          return [o?.name ?? '—', role, t.transactionDate ?? t.filed, `${t.code ?? '—'}${t.acquiredDisposed ? ` (${t.acquiredDisposed === 'A' ? 'acquired' : 'disposed'})` : ''}`, count(t.shares), price(t.price), count(t.sharesAfter), html`<a href="${edgarFilingUrl(c.cik, t.accession)}">${t.form} ${t.filed}</a>${filedNote(t.provenance)}`];
        }),
        { numeric: [4, 5, 6] },
      )
    : html`<p class="muted">No insider filings of ${c.ticker} are in the warehouse.</p>`
}
<p class="help">Codes: ${term('form-4-code-p', 'P')} open-market purchase, ${term('form-4-code-s', 'S')} sale, ${term('form-4-code-m', 'M')} option exercise, ${term('form-4-code-f', 'F')} tax withholding, ${term('form-4-code-a', 'A')} grant, ${term('form-4-code-g', 'G')} gift.</p></section>
${holders}
<section aria-labelledby="news-h" id="news"><h2 id="news-h">News</h2><p class="help">${term('news-sentiment', 'Sentiment')} is scored from -1 (negative) to +1 (positive) from the headline and summary.</p>
${
  news.length
    ? html`<ul class="news">${news.map(
        (n) => html`<li>${safeHref(n.link) ? html`<a href="${safeHref(n.link)}" rel="noopener nofollow">${n.title}</a>` : n.title} <span class="muted">${n.publishedAt.slice(0, 10)}, ${n.feed}</span> <span class="badge sentiment-${n.sentiment.label}">${n.sentiment.label} ${n.sentiment.score >= 0 ? '+' : ''}${n.sentiment.score.toFixed(2)}</span>${syntheticBadge(n.provenance.synthetic)}${n.summary ? html`<br><span class="help">${n.summary}</span>` : ''}</li>`,
      )}</ul>`
    : html`<p class="muted">No news items for ${c.ticker} are in the warehouse.</p>`
}</section>`;
        return sendPage(reply, {
          title: `${c.ticker}: ${profile?.name ?? c.name}`,
          description: `${profile?.name ?? c.name} (${c.ticker}): price, point-in-time fundamentals with their SEC filings, insider trades, 13F holders and news.`,
          body,
          path: '/explore',
          canonical: `${services.config.publicUrl.replace(/\/+$/, '')}/company/${c.ticker}`,
          jsonLd: [{ '@context': 'https://schema.org', '@type': 'Corporation', name: profile?.name ?? c.name, tickerSymbol: c.ticker, identifier: { '@type': 'PropertyValue', propertyID: 'SEC CIK', value: String(c.cik) }, sameAs: edgarCompanyUrl(c.cik) }],
        });
      },
      z.object({ ticker: z.string() }),
    ),
  ];
}
