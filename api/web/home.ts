/** The home page: what Almanac is, how an agent starts, and where the machine-readable docs are. */
import { TRIAL_KEY_DAILY_CALLS, TRIAL_KEY_DAYS } from '../../schema/accounts.ts';
import { DATASETS } from '../../schema/datasets.ts';
import { GRAPHQL_EXAMPLE, GRAPHQL_PATHS } from '../../schema/graphql.ts';
import { formatUsd, PLAN_TABLE } from '../../schema/plans.ts';
import { TIER_LABELS, TIERS } from '../../schema/tiers.ts';
import { html, page, SITE_NAME } from './html.ts';

export function homePage(publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const body = html`
<section class="hero">
  <h1>${SITE_NAME}: financial data and education for AI agents and the people they work for</h1>
  <p class="lead">Company fundamentals from SEC filings, point in time; insider transactions; institutional (13F) ownership; fund and ETF holdings; a private-credit (BDC) corpus with loan-level holdings; prices, macro series and news; a glossary and a structured curriculum. Over a JSON REST API, GraphQL and MCP.</p>
  <p><a class="button primary" href="/signup">Create an account</a> <a class="button" href="/api-docs">Read the API docs</a> <a class="button" href="/datasets">Browse the datasets</a> <a class="button" href="/explore">Explore the data</a></p>
</section>

<div class="grid">
  <section class="card" aria-labelledby="agents-h">
    <h2 id="agents-h">For agents</h2>
    <p>Start with <a href="/llms.txt">llms.txt</a> and the <a href="/openapi.yaml">OpenAPI description</a>. Send the key in <code>X-API-Key</code> and a descriptive <code>User-Agent</code>. MCP tools (Streamable HTTP at <code>/api/mcp</code>) are listed at <a href="/mcp">/mcp</a>. Never invent credentials: without a key from the user, use the anonymous tools and routes.</p>
    <pre><code>curl '${base}/api/ticker-search?q=apple' \\
  -H 'User-Agent: my-agent/1.0 (me@example.com)'</code></pre>
    <p>That route answers anyone. With a key the user gave you, add <code>-H 'X-API-Key: …'</code>; without one send no such header at all (a placeholder is an invalid key: 401).</p>
  </section>
  <section class="card" aria-labelledby="graphql-h">
    <h2 id="graphql-h">GraphQL</h2>
    <p>One query for a company's profile, quote, price bars, fundamentals, filings and owners: <code>POST ${GRAPHQL_PATHS.endpoint}</code> with the same key and limits. Schema: <a href="${GRAPHQL_PATHS.sdl}">${GRAPHQL_PATHS.sdl}</a>; more in the <a href="/api-docs#graphql">API docs</a>.</p>
    <pre><code>${GRAPHQL_EXAMPLE}</code></pre>
  </section>
  <section class="card" aria-labelledby="people-h">
    <h2 id="people-h">For people</h2>
    <p>Your account holds your API keys, your plan and usage, your LEARN progress, portfolios and watchlists. Create keys and manage extra calls in the <a href="/account">account settings</a>. A trial key gives ${TRIAL_KEY_DAILY_CALLS} calls per day for ${TRIAL_KEY_DAYS} days.</p>
    <p>Tiers, ascending: ${TIERS.map((t) => TIER_LABELS[t]).join(', ')}.</p>
  </section>
  <section class="card" aria-labelledby="plans-h">
    <h2 id="plans-h">Developer plans</h2>
    <table><caption class="visually-hidden">Developer plans</caption>
      <thead><tr><th scope="col">Plan</th><th scope="col">Per month</th><th scope="col">Included calls</th><th scope="col">Extra call</th></tr></thead>
      <tbody>${Object.values(PLAN_TABLE).map((p) => html`<tr><td>${p.label}</td><td>$${formatUsd(p.priceMicros)}</td><td>${p.includedCalls.toLocaleString('en-US')}</td><td>$${formatUsd(p.rateMicros)}</td></tr>`)}</tbody>
    </table>
    <p class="help">Extra calls are off by default; turned on, they are capped at a monthly amount you choose (at most 4 times the plan price).</p>
  </section>
</div>

<section aria-labelledby="data-h">
  <h2 id="data-h">Datasets</h2>
  <ul>${DATASETS.map((d) => html`<li><a href="/datasets#${d.id}">${d.name}</a>: ${d.description}${d.endpoints.length ? html` <span class="endpoints">REST: ${d.endpoints.map((e, i) => html`${i ? ', ' : ''}<code>/api${e}</code>`)}</span>` : ''}</li>`)}</ul>
</section>`;
  return page({
    title: SITE_NAME,
    description: 'Financial data and education for AI agents: SEC fundamentals point in time, insiders, 13F, funds, BDC credit, prices, macro, news, glossary and LEARN.',
    body,
    path: '/',
    canonical: `${base}/`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: SITE_NAME,
        url: `${base}/`,
        description: 'Financial data and education for AI agents and the people they work for.',
      },
    ],
  });
}
