/**
 * `/bdc` (business development companies) and `/bdc/:cik`: a BDC's loan-level holdings and its
 * credit quality over time. Credit quality is the capability `bdc_credit_quality` (Researcher):
 * below that tier the page shows a locked notice and reads nothing, exactly as the API refuses.
 */
import { z } from 'zod';
import { CIK_TEXT } from '../../../schema/common.ts';
import { bdcCreditQuality, bdcHoldings, bdcList } from '../../../warehouse/queries/bdc.ts';
import { BadRequestError, NotFoundError } from '../../errors.ts';
import type { AnyRoute } from '../../route.ts';
import { chart } from '../charts.ts';
import { syntheticBadge } from './provenance.ts';
import { html } from '../html.ts';
import { canUse, count, dateParam, edgarFilingUrl, explorerPage, lockedNotice, numberParam, pctOfFraction, sendPage, table, term, usd } from './common.ts';

const INSTRUMENTS: Record<string, string> = { first_lien: 'First lien', second_lien: 'Second lien', unitranche: 'Unitranche', subordinated: 'Subordinated', equity: 'Equity', structured: 'Structured', other: 'Other' };

/** `/bdc` and `/bdc/:cik` page routes. */
export function creditRoutes(): AnyRoute[] {
  return [
    explorerPage('/bdc', 'BDCs in the data explorer', async ({ services, reply }) => {
      const list = await bdcList(services.warehouse);
      const body = html`<p class="muted"><a href="/explore">Explorer</a> / BDCs</p><h1>Business development companies</h1>
<p class="lead">${term('business-development-company', 'Business development companies')}: private-credit funds that file loan-level schedules of investments with the SEC.</p>
${list.length ? table('BDCs in the warehouse', ['BDC', 'Ticker', 'Latest period', 'Holdings', 'Cost', 'Fair value'], list.map((b) => [html`<a href="/bdc/${b.cik}">${b.name}</a>${syntheticBadge(b.provenance.synthetic)}`, b.ticker, b.latestPeriod, count(b.holdings), usd(b.cost), usd(b.fairValue)]), { numeric: [3, 4, 5] }) : html`<p class="muted">No BDCs are in the warehouse.</p>`}
${list.some((b) => b.provenance.synthetic) ? html`<p class="help">Totals marked synthetic are sums of positions from a generated data-set file${syntheticBadge(true)}.</p>` : ''}`;
      return sendPage(reply, { title: 'BDCs', description: 'Business development companies: loan-level holdings and credit quality.', body, path: '/explore' });
    }),
    explorerPage(
      '/bdc/:cik',
      'BDC page of the data explorer',
      async ({ params, query, services, caller, reply }) => {
        const raw = params.cik ?? '';
        if (!CIK_TEXT.test(raw)) throw new NotFoundError(`no BDC with the CIK '${raw.slice(0, 40)}'`);
        const cik = Number(raw);
        const period = dateParam(query, 'period');
        const limit = Math.floor(numberParam(query, 'limit', 1, 500) ?? 50);
        const db = services.warehouse;
        const bdc = (await bdcList(db)).find((b) => b.cik === cik);
        if (!bdc) throw new NotFoundError(`no BDC with the CIK ${cik} in the warehouse`);
        const holdings = await bdcHoldings(db, cik, { period, limit });
        if (period && holdings.length === 0) throw new BadRequestError(`${bdc.name} reported no schedule of investments for the period ${period} (latest: ${bdc.latestPeriod})`);
        const open = canUse(caller, 'bdc_credit_quality');
        const quality = open ? await bdcCreditQuality(db, cik) : [];
        const first = holdings[0];
        const oldestFirst = [...quality].reverse();
        const qualitySection = open
          ? html`${chart({
              id: 'quality-chart',
              title: `${bdc.name} credit quality by quarter`,
              kind: 'line',
              x: { type: 'time', label: 'Period' },
              y: { format: (n) => `${(n * 100).toFixed(0)}%` },
              series: [
                { name: 'Non-accrual share (at cost)', points: oldestFirst.map((q) => ({ x: q.period ?? q.filed, y: q.nonAccrualShareCost })) },
                { name: 'First-lien share (fair value)', points: oldestFirst.map((q) => ({ x: q.period ?? q.filed, y: q.firstLienShare })) },
                { name: 'Weighted average yield', points: oldestFirst.map((q) => ({ x: q.period ?? q.filed, y: q.weightedAverageYield })) },
              ],
            })}
${table(`${bdc.name} credit quality, newest first`, ['Period', 'Form', 'Holdings', 'Fair value / cost', 'Non-accrual (cost)', 'Non-accrual (fair value)', 'First lien', 'Yield'], quality.map((q) => [q.period, html`<a href="${edgarFilingUrl(cik, q.adsh)}">${q.form} ${q.filed}</a>`, count(q.holdings), q.fairValueToCost === null ? '—' : q.fairValueToCost.toFixed(3), pctOfFraction(q.nonAccrualShareCost), pctOfFraction(q.nonAccrualShareFairValue), pctOfFraction(q.firstLienShare), pctOfFraction(q.weightedAverageYield)]), { numeric: [2, 3, 4, 5, 6, 7] })}`
          : lockedNotice('bdc_credit_quality', caller, services.config.publicUrl, 'Credit quality over time');
        const body = html`<p class="muted"><a href="/explore">Explorer</a> / <a href="/bdc">BDCs</a> / ${bdc.name}</p>
<h1>${bdc.name}${bdc.ticker ? html` <span class="muted">(<a href="/company/${bdc.ticker}">${bdc.ticker}</a>)</span>` : ''}</h1>
<dl class="kpis">
  <div><dt>Latest period</dt><dd>${bdc.latestPeriod ?? '—'}</dd></div>
  <div><dt>Holdings</dt><dd>${count(bdc.holdings)}</dd></div>
  <div><dt>Cost</dt><dd>${usd(bdc.cost)}</dd></div>
  <div><dt>Fair value</dt><dd>${usd(bdc.fairValue)}</dd></div>
</dl>
<section aria-labelledby="quality-h"><h2 id="quality-h">Credit quality over time</h2><p class="help">${term('non-accrual', 'Non-accrual')} loans have stopped paying interest; ${term('first-lien', 'first-lien')} loans are repaid first; ${term('fair-value', 'fair value')} against cost shows marks below par.</p>${qualitySection}</section>
<section aria-labelledby="bdc-holdings-h"><h2 id="bdc-holdings-h">Holdings${first ? `, period ${first.period}` : ''}</h2>
${first ? html`<p class="help">From the ${bdc.latestForm} filed ${first.filed}: <a href="${edgarFilingUrl(cik, first.adsh)}">${first.adsh}</a>. Largest fair value first. <a href="/api/credit/bdc/${cik}/holdings">JSON</a>${holdings.some((h) => h.provenance.synthetic) ? html` These rows come from a generated data-set file${syntheticBadge(true)}.` : ''}</p>` : ''}
${table(
  `${bdc.name} holdings`,
  ['Borrower', 'Industry', 'Instrument', 'Rate', 'Spread', 'Maturity', 'Principal', 'Cost', 'Fair value', 'Non-accrual'],
  holdings.map((h) => [h.borrower, h.industry, INSTRUMENTS[h.instrument ?? ''] ?? h.investmentType ?? h.instrument, pctOfFraction(h.interestRate), h.spread === null ? '—' : `${h.referenceRate ? `${h.referenceRate} + ` : ''}${pctOfFraction(h.spread)}${h.pik ? ' PIK' : ''}`, h.maturity, usd(h.principal), usd(h.cost), usd(h.fairValue), h.nonAccrual ? 'yes' : 'no']),
  { numeric: [3, 6, 7, 8] },
)}
${holdings.length === limit && limit < bdc.holdings ? html`<p><a href="/bdc/${cik}?limit=${Math.min(500, bdc.holdings)}${period ? `&period=${period}` : ''}">Show ${count(Math.min(500, bdc.holdings))} holdings</a></p>` : ''}
</section>`;
        return sendPage(reply, { title: bdc.name, description: `${bdc.name}: loan-level holdings and credit quality.`, body, path: '/explore' }, { tierDependent: true });
      },
      z.object({ cik: z.string() }),
    ),
  ];
}
