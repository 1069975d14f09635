/**
 * `/screener`: the stock screener as a GET form. Input is validated by the API's own schema
 * (`ScreenerQuery`) and the screen is run by the API's own function (`runScreener`) with the
 * caller's tier, so the page shows exactly what `GET /api/screener` would: below Researcher, the
 * top three matches and the locked count.
 */
import { SCREENER_MAX_LIMIT, SCREENER_SORT_FIELDS, ScreenerQuery } from '../../../schema/market.ts';
import { sectors } from '../../../warehouse/queries/filings.ts';
import { parseSort } from '../../../warehouse/queries/screener.ts';
import { BadRequestError } from '../../errors.ts';
import { upgradeUrl } from '../../limits/tier.ts';
import { runScreener } from '../../rest/screener.ts';
import { syntheticBadge } from './provenance.ts';
import type { AnyRoute } from '../../route.ts';
import { html } from '../html.ts';
import { explorerPage, num, param, pct, pctOfFraction, price, sendPage, table, usd } from './common.ts';

const FIELDS = ['mktcap_min', 'pe_max', 'div_yield_min', 'sector', 'sort', 'limit'] as const;
const SORT_LABELS: Record<string, string> = { marketCap: 'Market cap', pe: 'P/E', dividendYield: 'Dividend yield', price: 'Price', changePercent: 'Change', revenue: 'Revenue', netMargin: 'Net margin', roe: 'ROE', eps: 'EPS', ticker: 'Ticker', name: 'Name' };

/** `/screener` page route. */
export function screenerRoutes(): AnyRoute[] {
  return [
    explorerPage('/screener', 'Stock screener page of the data explorer', async ({ query, services, caller, reply }) => {
      const input: Record<string, string> = {};
      for (const f of FIELDS) {
        const v = param(query, f, 100);
        if (v !== undefined) input[f] = v;
      }
      const parsed = ScreenerQuery.safeParse(input);
      if (!parsed.success) {
        const issue = parsed.error.issues[0]!;
        throw new BadRequestError(`parameter '${String(issue.path[0] ?? '')}' ${issue.message}`);
      }
      const q = parsed.data;
      const [result, sectorRows] = await Promise.all([runScreener(services.warehouse, q, caller.tier), sectors(services.warehouse)]);
      const sectorNames = [...new Set(sectorRows.map((s) => s.sector).filter((s): s is string => !!s))].sort();
      const sort = parseSort(q.sort);
      const apiQuery = new URLSearchParams(input).toString();
      const body = html`<p class="muted"><a href="/explore">Explorer</a> / Screener</p>
<h1>Stock screener</h1>
<p class="lead">Every ticker with a latest price, against point-in-time fundamentals as known today.</p>
<form class="card form row" method="get" action="/screener">
  <div class="field"><label for="mktcap_min">Market cap at least (USD)</label><input id="mktcap_min" name="mktcap_min" type="number" min="0" step="any" inputmode="numeric" value="${input.mktcap_min ?? ''}" placeholder="e.g. 10000000000"></div>
  <div class="field"><label for="pe_max">P/E at most</label><input id="pe_max" name="pe_max" type="number" step="any" value="${input.pe_max ?? ''}"></div>
  <div class="field"><label for="div_yield_min">Dividend yield at least (%)</label><input id="div_yield_min" name="div_yield_min" type="number" min="0" step="any" value="${input.div_yield_min ?? ''}"></div>
  <div class="field"><label for="sector">Sector</label><select id="sector" name="sector"><option value="">Any sector</option>${sectorNames.map((s) => html`<option${q.sector?.toLowerCase() === s.toLowerCase() ? html` selected` : ''}>${s}</option>`)}</select></div>
  <div class="field"><label for="sort">Sort by</label><select id="sort" name="sort">${SCREENER_SORT_FIELDS.flatMap((f) => [`${f}:desc`, `${f}:asc`]).map((s) => html`<option value="${s}"${s === `${sort.field}:${sort.direction}` ? html` selected` : ''}>${SORT_LABELS[s.split(':')[0]!]} ${s.endsWith('desc') ? '(high to low)' : '(low to high)'}</option>`)}</select></div>
  <div class="field"><label for="limit">Rows (up to ${SCREENER_MAX_LIMIT})</label><input id="limit" name="limit" type="number" min="1" max="${SCREENER_MAX_LIMIT}" value="${input.limit ?? ''}" placeholder="50"></div>
  <button type="submit" class="primary">Screen</button>
</form>
<p role="status">${result.total.toLocaleString('en-US')} ${result.total === 1 ? 'match' : 'matches'}, sorted by ${result.sort}${result.locked ? `; ${result.results.length} shown` : ''}.</p>
${
  result.locked
    ? html`<div class="alert warning locked" role="note"><p><strong>The full result needs the Researcher tier or above.</strong> Below it the screener shows the top ${result.results.length} of ${result.locked_total ?? result.total} matches (the API answers the same, with <code>locked: true</code>). ${caller.accountId ? '' : html`<a href="/login">Sign in</a> or `}<a href="${upgradeUrl(services.config.publicUrl, 'researcher')}">see the plans</a>.</p></div>`
    : ''
}
${table(
  'Screener matches',
  ['Ticker', 'Name', 'Sector', 'Price', 'Change', 'Market cap', 'P/E', 'Div. yield', 'Revenue', 'Net margin', 'ROE'],
  result.results.map((r) => [html`<a href="/company/${r.ticker}">${r.ticker}</a>`, r.name, r.sector, html`${price(r.price)}${syntheticBadge(r.priceProvenance?.synthetic)}`, pct(r.changePercent), usd(r.marketCap), num(r.pe), pct(r.dividendYield), usd(r.revenue), pctOfFraction(r.netMargin), pctOfFraction(r.roe)]),
  { id: 'screener-results', numeric: [3, 4, 5, 6, 7, 8, 9, 10] },
)}
${result.results.some((r) => r.priceProvenance?.synthetic) ? html`<p class="help">Prices marked synthetic, and the market values and ratios made from them, come from generated closes${syntheticBadge(true)}.</p>` : ''}
<p class="help">The same screen as JSON: <a href="/api/screener${apiQuery ? `?${apiQuery}` : ''}">/api/screener${apiQuery ? `?${apiQuery}` : ''}</a>. Data is educational and is not investment advice.</p>`;
      return sendPage(reply, { title: 'Screener', description: 'Screen US stocks by market cap, P/E, dividend yield and sector.', body, path: '/explore' }, { tierDependent: true });
    }),
  ];
}
