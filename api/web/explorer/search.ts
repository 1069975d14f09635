/**
 * `/search?q=`: the site search behind the search box of every page: tickers and companies (the
 * query of `/api/ticker-search`), glossary terms (`/api/glossary`), and explorer pages whose name
 * matches (ETFs, BDCs, macro series).
 */
import { searchGlossary } from '../../../schema/glossary.ts';
import { bdcList } from '../../../warehouse/queries/bdc.ts';
import { searchTickers } from '../../../warehouse/queries/companies.ts';
import { etfList } from '../../../warehouse/queries/funds.ts';
import { listSeries } from '../../../warehouse/queries/macro.ts';
import type { AnyRoute } from '../../route.ts';
import { html } from '../html.ts';
import { explorerPage, param, sendPage } from './common.ts';
import { SERIES_TITLES } from './macro.ts';

/** `/search` page route. */
export function searchRoutes(): AnyRoute[] {
  return [
    explorerPage('/search', 'Site search: tickers, companies, glossary terms and explorer pages', async ({ query, services, reply }) => {
      const q = param(query, 'q', 100);
      const db = services.warehouse;
      const needle = q?.toLowerCase() ?? '';
      const [companies, etfs, bdcs, series] = q ? await Promise.all([searchTickers(db, q, 20), etfList(db), bdcList(db), listSeries(db)]) : [[], [], [], []];
      const terms = q ? searchGlossary(q).slice(0, 15) : [];
      const pages = [
        ...etfs.filter((e) => e.symbol.toLowerCase() === needle || e.name.toLowerCase().includes(needle)).map((e) => ({ href: `/etf/${e.symbol}`, label: `${e.symbol}: ${e.name} (ETF holdings)` })),
        ...bdcs.filter((b) => b.name.toLowerCase().includes(needle) || b.ticker?.toLowerCase() === needle).map((b) => ({ href: `/bdc/${b.cik}`, label: `${b.name} (BDC holdings)` })),
        ...series.filter((s) => s.id.toLowerCase() === needle || (SERIES_TITLES[s.id] ?? '').toLowerCase().includes(needle)).map((s) => ({ href: `/macro?series=${s.id}#series`, label: `${s.id}: ${SERIES_TITLES[s.id] ?? s.id}` })),
        ...(['yield curve', 'treasury', 'rates'].some((w) => w.includes(needle) || needle.includes(w)) && needle.length >= 3 ? [{ href: '/macro#curve', label: 'Treasury yield curve' }] : []),
      ];
      const total = companies.length + terms.length + pages.length;
      const body = html`<p class="muted"><a href="/explore">Explorer</a> / Search</p>
<h1>Search</h1>
<form class="card form row" role="search" action="/search" method="get">
  <div class="field"><label for="q">Ticker, company or term</label><input id="q" name="q" type="search" value="${q ?? ''}" maxlength="100" placeholder="e.g. AAPL, apple, price to earnings"></div>
  <button type="submit" class="primary">Search</button>
</form>
${
  q
    ? html`<p role="status">${total} result${total === 1 ? '' : 's'} for “${q}”.</p>
<section aria-labelledby="s-companies"><h2 id="s-companies">Companies</h2>${
        companies.length
          ? html`<ul>${companies.map((c) => html`<li><a href="/company/${c.ticker}"><strong>${c.ticker}</strong> ${c.name}</a>${c.exchange ? html` <span class="muted">${c.exchange}</span>` : ''}</li>`)}</ul>`
          : html`<p class="muted">No ticker or company name matches.</p>`
      }</section>
${pages.length ? html`<section aria-labelledby="s-pages"><h2 id="s-pages">Explorer pages</h2><ul>${pages.map((p) => html`<li><a href="${p.href}">${p.label}</a></li>`)}</ul></section>` : ''}
<section aria-labelledby="s-terms"><h2 id="s-terms">Glossary</h2>${
        terms.length
          ? html`<dl class="glossary">${terms.map((t) => html`<dt><a href="/glossary/${t.slug}">${t.term}</a></dt><dd>${t.short}</dd>`)}</dl>${terms.length === 15 ? html`<p><a href="/glossary?q=${encodeURIComponent(q)}">More glossary results</a></p>` : ''}`
          : html`<p class="muted">No glossary term matches.</p>`
      }</section>`
    : html`<p>Search tickers (AAPL), company names (apple), and glossary terms (free cash flow).</p>`
}`;
      return sendPage(reply, { title: q ? `Search: ${q}` : 'Search', description: 'Search tickers, companies and glossary terms.', body, path: '/search' });
    }),
  ];
}
