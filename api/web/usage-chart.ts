/**
 * The settings panel's usage chart (issue 17): month-to-date calls per UTC day, for the account or
 * one key, as a server-rendered SVG (api/web/charts.ts: labelled, with a data table fallback).
 * Daily calls are stacked bars (included and extra), the month-to-date total a line; a developer
 * plan adds its included allowance and, with extra calls on, the extra-call cap as reference lines.
 * Without a plan there is no allowance to fill: no reference line, nothing drawn as "full".
 */
import { chart } from './charts.ts';
import { html, type SafeHtml } from './html.ts';
import type { DailyUsageView } from '../billing/daily.ts';

const n = (v: number): string => v.toLocaleString('en-US');
const calls = (v: number): string => `${n(v)} ${v === 1 ? 'call' : 'calls'}`;

/** The chart fragment `/account/usage-chart` returns (inserted into `#usage-chart` by account.js). */
export function usageChart(u: DailyUsageView): SafeHtml {
  const key = u.key ? u.keys.find((k) => k.id === u.key) : null;
  const whose = key ? `key ${key.name ?? key.prefix} (${key.prefix}…)` : 'all keys';
  let running = 0;
  const cumulative = u.days.map((d) => ({ x: d.date, y: (running += d.calls) }));
  const monthCalls = running;
  const references = [];
  if (u.included_calls > 0) references.push({ y: u.included_calls, label: `Included: ${n(u.included_calls)} calls (account)`, color: '#991b1b' });
  if (u.included_calls > 0 && u.extra_call_cap_calls !== null) {
    references.push({ y: u.included_calls + u.extra_call_cap_calls, label: `Extra-call cap: $${u.limit_usd} ≈ ${n(u.extra_call_cap_calls)} more calls`, color: '#854d0e' });
  }
  const summary = u.plan
    ? `${calls(monthCalls)} in ${u.month} for ${whose}; the account has used ${n(Math.min(u.total_calls, u.included_calls))} of ${n(u.included_calls)} included calls${
        u.extra_call_cap_calls !== null ? `, and extra calls are on up to $${u.limit_usd} (about ${n(u.extra_call_cap_calls)} calls)` : ', and extra calls are off: past the allowance calls are refused with 402 until next month'
      }.`
      : `${calls(monthCalls)} in ${u.month} for ${whose}. No developer plan: no monthly allowance and never billed per call.`;
  const figure = chart({
    id: 'usage',
    title: `Calls per day in ${u.month}, ${whose}`,
    caption: `Calls per day in ${u.month} (${whose})`,
    description: summary,
    kind: 'bar',
    stacked: true,
    x: { type: 'time', format: (x) => String(x).slice(5) },
    y: { label: 'calls', zero: true },
    series: [
      { name: 'Included calls', points: u.days.map((d) => ({ x: d.date, y: d.calls - d.extra_calls })) },
      { name: 'Extra calls', points: u.days.map((d) => ({ x: d.date, y: d.extra_calls })) },
      { name: 'Month to date', kind: 'line', points: cumulative },
    ],
    references,
    height: 260,
  });
  return html`<p id="usage-summary" class="help">${summary}</p>
${figure}
<div class="table-wrap"><table id="usage-keys" class="stack">
  <caption>Calls this month by key (account total ${n(u.total_calls)})</caption>
  <thead><tr><th scope="col">Key</th><th scope="col">Prefix</th><th scope="col">Calls</th></tr></thead>
  <tbody>${u.keys.map((k) => html`<tr${k.id === u.key ? html` class="selected"` : html``}><td data-label="Key">${k.name ?? '—'}</td><td data-label="Prefix"><code>${k.prefix}…</code></td><td data-label="Calls">${n(k.calls)}</td></tr>`)}</tbody>
</table></div>`;
}
