/**
 * The data explorer (issue 17): server-rendered pages over the same query layer as the API —
 * `/explore`, `/company/:ticker`, `/macro`, `/etf`, `/etf/:symbol`, `/bdc`, `/bdc/:cik`,
 * `/screener` and `/search`. Every page works without scripts (links and GET forms), charts come
 * from `api/web/charts.ts` with table fallbacks, and tiered data follows schema/access.ts.
 */
import type { AnyRoute } from '../../route.ts';
import { runScreener } from '../../rest/screener.ts';
import { html } from '../html.ts';
import { companyRoutes } from './company.ts';
import { explorerPage, price, sendPage, usd } from './common.ts';
import { creditRoutes } from './credit.ts';
import { fundRoutes } from './funds.ts';
import { macroRoutes } from './macro.ts';
import { screenerRoutes } from './screener.ts';
import { searchRoutes } from './search.ts';

/** Paths of the explorer pages without parameters (for the sitemap and the browser test). */
export const EXPLORER_PAGES = ['/explore', '/macro', '/etf', '/bdc', '/screener', '/search'] as const;

function landingRoute(): AnyRoute {
  return explorerPage('/explore', 'The data explorer', async ({ services, reply }) => {
    // The largest companies by market cap: the screener's first rows, which every tier may see.
    const top = await runScreener(services.warehouse, { sort: 'marketCap:desc', limit: 3 }, 'learner');
    const body = html`<h1>Data explorer</h1>
<p class="lead">Look at the data behind the API: companies with prices and point-in-time fundamentals, rates and macro series, ETF holdings, private-credit BDCs, and a stock screener. Every chart has its data as a table.</p>
<form class="card form row" role="search" action="/search" method="get">
  <div class="field"><label for="explore-q">Find a ticker, company or term</label><input id="explore-q" name="q" type="search" maxlength="100" placeholder="e.g. AAPL or apple"></div>
  <button type="submit" class="primary">Search</button>
</form>
<div class="grid">
  <section class="card" aria-labelledby="x-companies"><h2 id="x-companies">Companies</h2>
    <p>Price and volume, key figures, the statement as known on any date with the filing behind each value, insider trades, 13F holders and news.</p>
    <ul>${top.results.map((r) => html`<li><a href="/company/${r.ticker}">${r.ticker}</a> ${r.name} <span class="muted">${price(r.price)}, ${usd(r.marketCap)}</span></li>`)}</ul>
  </section>
  <section class="card" aria-labelledby="x-macro"><h2 id="x-macro"><a href="/macro">Macro</a></h2><p>The Treasury yield curve on two dates, and FRED series with their vintages (what was known when).</p></section>
  <section class="card" aria-labelledby="x-etf"><h2 id="x-etf"><a href="/etf">ETFs</a></h2><p>Holdings and sector breakdowns from N-PORT filings.</p></section>
  <section class="card" aria-labelledby="x-bdc"><h2 id="x-bdc"><a href="/bdc">BDCs</a></h2><p>Loan-level holdings of business development companies, and credit quality over time.</p></section>
  <section class="card" aria-labelledby="x-screener"><h2 id="x-screener"><a href="/screener">Screener</a></h2><p>Screen by market cap, P/E, dividend yield and sector.</p></section>
</div>`;
    return sendPage(reply, { title: 'Data explorer', description: 'Explore companies, macro series, ETFs, BDCs and a stock screener.', body, path: '/explore' });
  });
}

/** Every explorer page route. */
export function explorerRoutes(): AnyRoute[] {
  return [landingRoute(), ...companyRoutes(), ...macroRoutes(), ...fundRoutes(), ...creditRoutes(), ...screenerRoutes(), ...searchRoutes()];
}
