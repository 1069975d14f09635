/**
 * `/etf` (the tracked ETFs) and `/etf/:symbol`: a fund's profile, returns, sector and asset-class
 * breakdowns (charts with table fallbacks) and top holdings from its latest N-PORT filing, read
 * with the queries of `/api/etf-*`.
 */
import { z } from 'zod';
import { etfData, etfList } from '../../../warehouse/queries/funds.ts';
import { NotFoundError } from '../../errors.ts';
import type { AnyRoute } from '../../route.ts';
import { chart } from '../charts.ts';
import { html } from '../html.ts';
import { count, edgarFilingUrl, explorerPage, numberParam, pct, price, sendPage, table, term, usd } from './common.ts';
import { filedNote } from './provenance.ts';

const SYMBOL = /^[A-Za-z0-9.\-]{1,12}$/;
/** N-PORT asset categories (Form N-PORT item C.4). */
const ASSET_CATEGORIES: Record<string, string> = {
  EC: 'Equity, common', EP: 'Equity, preferred', DBT: 'Debt', 'ABS-MBS': 'Mortgage-backed', 'ABS-ASBS': 'Asset-backed', 'ABS-CBDO': 'Collateralised debt', 'ABS-O': 'Other asset-backed',
  STIV: 'Short-term investment vehicle', LON: 'Loan', DIR: 'Derivative, interest rate', DFE: 'Derivative, foreign exchange', DE: 'Derivative, equity', RE: 'Real estate', OTHER: 'Other',
};

/** `/etf` and `/etf/:symbol` page routes. */
export function fundRoutes(): AnyRoute[] {
  return [
    explorerPage('/etf', 'ETFs in the data explorer', async ({ services, reply }) => {
      const list = await etfList(services.warehouse);
      const body = html`<p class="muted"><a href="/explore">Explorer</a> / ETFs</p><h1>ETFs</h1>
<p class="lead">${term('exchange-traded-fund', 'Exchange-traded funds')} with holdings from their ${term('n-port', 'N-PORT')} filings.</p>
${list.length ? table('ETFs in the warehouse', ['Symbol', 'Name', 'Net assets', 'Holdings as of'], list.map((e) => [html`<a href="/etf/${e.symbol}">${e.symbol}</a>`, e.name, usd(e.netAssets), e.period]), { numeric: [2] }) : html`<p class="muted">No ETFs are in the warehouse.</p>`}`;
      return sendPage(reply, { title: 'ETFs', description: 'ETF holdings and sector breakdowns from N-PORT filings.', body, path: '/explore' });
    }),
    explorerPage(
      '/etf/:symbol',
      'ETF page of the data explorer',
      async ({ params, query, services, reply }) => {
        const symbol = (params.symbol ?? '').toUpperCase();
        if (!SYMBOL.test(symbol)) throw new NotFoundError(`no ETF with the symbol '${symbol.slice(0, 40)}'`);
        const max = numberParam(query, 'holdings', 1, 500) ?? 25;
        const etf = await etfData(services.warehouse, symbol, Math.floor(max));
        if (!etf) throw new NotFoundError(`no ETF with the symbol '${symbol}' in the warehouse`);
        const p = etf.profile;
        const r = etf.performance?.returns;
        const sectorChart = chart({
          id: 'sector-chart',
          title: `${p.symbol} sector breakdown, % of net assets`,
          kind: 'bar',
          x: { type: 'category', label: 'Sector' },
          y: { format: (n) => `${n.toFixed(1)}%` },
          series: [{ name: '% of net assets', points: etf.sectorBreakdown.map((s) => ({ x: s.name, y: s.pctNetAssets })) }],
        });
        const body = html`<p class="muted"><a href="/explore">Explorer</a> / <a href="/etf">ETFs</a> / ${p.symbol}</p>
<h1>${p.name} <span class="muted">(${p.symbol})</span></h1>
<dl class="kpis">
  <div><dt>Net assets</dt><dd>${usd(p.netAssets)}</dd></div>
  <div><dt>Holdings</dt><dd>${count(p.holdingsCount)}</dd></div>
  <div><dt>Report date</dt><dd>${p.period}</dd></div>
  <div><dt>Close</dt><dd>${etf.performance ? `${price(etf.performance.close)} (${etf.performance.asOf})` : '—'}</dd></div>
  <div><dt>1 month</dt><dd>${pct(r?.['1m'])}</dd></div>
  <div><dt>3 months</dt><dd>${pct(r?.['3m'])}</dd></div>
  <div><dt>Year to date</dt><dd>${pct(r?.ytd)}</dd></div>
  <div><dt>1 year</dt><dd>${pct(r?.['1y'])}</dd></div>
</dl>
<p class="help">From the N-PORT filed ${p.filed}${filedNote(etf.provenance)}: ${etf.provenance.accession ? html`<a href="${edgarFilingUrl(p.cik, etf.provenance.accession)}">${etf.provenance.accession}</a>` : html`<code>${etf.provenance.document}</code> (published without its accession number)`}. <a href="/api/etf-data?symbol=${p.symbol}">JSON</a></p>
<section aria-labelledby="sectors-h"><h2 id="sectors-h">Sector breakdown</h2>${sectorChart}
${table(`${p.symbol} by asset category`, ['Asset category', '% of net assets', 'Value', 'Holdings'], etf.assetBreakdown.map((a) => [ASSET_CATEGORIES[a.name] ? `${ASSET_CATEGORIES[a.name]} (${a.name})` : a.name, pct(a.pctNetAssets), usd(a.valueUsd), count(a.holdings)]), { numeric: [1, 2, 3], visibleCaption: true })}
</section>
<section aria-labelledby="holdings-h"><h2 id="holdings-h">Top ${count(etf.holdings.length)} holdings</h2>
${table(
  `${p.symbol} holdings, largest first`,
  ['Holding', 'Ticker', 'Value', '% of net assets', 'Balance', 'Asset', 'Country'],
  etf.holdings.map((h) => [h.name, h.ticker ? html`<a href="/company/${h.ticker}">${h.ticker}</a>` : h.cusip, usd(h.valueUsd), pct(h.pctNetAssets), `${count(h.balance)}${h.units === 'NS' ? ' sh' : h.units ? ` ${h.units}` : ''}`, h.assetCat, h.country]),
  { numeric: [2, 3, 4] },
)}
${etf.holdings.length < p.holdingsCount ? html`<p><a href="/etf/${p.symbol}?holdings=${Math.min(500, p.holdingsCount)}">Show ${count(Math.min(500, p.holdingsCount))} holdings</a></p>` : ''}
</section>`;
        return sendPage(reply, { title: `${p.symbol}: ${p.name}`, description: `${p.name} holdings and sector breakdown.`, body, path: '/explore' });
      },
      z.object({ symbol: z.string() }),
    ),
  ];
}
