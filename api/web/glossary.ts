/**
 * Glossary pages (spec 1: public, no account): `/glossary` (search by words and topic, paginated)
 * and `/glossary/:slug` (one term, with a schema.org DefinedTerm). Rendered from the same data the
 * `/api/glossary` endpoints and the MCP tools serve (schema/glossary.ts).
 */
import { z } from 'zod';
import { DISCLAIMER, findGlossaryTerm, glossaryTerms, glossaryTopics, searchGlossary, type GlossaryTerm } from '../../schema/glossary.ts';
import { NotFoundError } from '../errors.ts';
import { defineRoute, type AnyRoute } from '../route.ts';
import { htmlErrors, PAGE } from './explorer/common.ts';
import { html, page, SITE_NAME, type SafeHtml } from './html.ts';

const PAGE_SIZE = 50;

const GlossaryPageQuery = z.object({
  q: z.string().trim().max(100).optional(),
  topic: z.string().trim().max(40).optional(),
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

const topicLabel = (topic: string) => topic.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

function searchUrl(q: string | undefined, topic: string | undefined, pageNo: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (topic) params.set('topic', topic);
  if (pageNo > 1) params.set('page', String(pageNo));
  const s = params.toString();
  return s ? `/glossary?${s}` : '/glossary';
}

/** `/glossary`: the search form, topic filter and one page of results. */
export function glossarySearchPage(q: string | undefined, topic: string | undefined, pageNo: number): string {
  const topics = glossaryTopics();
  const results = searchGlossary(q, topic);
  const pages = Math.max(1, Math.ceil(results.length / PAGE_SIZE));
  const shown = results.slice((pageNo - 1) * PAGE_SIZE, pageNo * PAGE_SIZE);
  const body = html`
<h1>Glossary</h1>
<p class="lead">${glossaryTerms().length.toLocaleString('en-US')} financial terms, written for learners, each linked to where ${SITE_NAME} serves it. ${DISCLAIMER}</p>
<form class="card form row" role="search" action="/glossary" method="get">
  <div class="field"><label for="q">Search terms</label><input id="q" name="q" type="search" value="${q ?? ''}" maxlength="100" placeholder="e.g. price to earnings"></div>
  <div class="field"><label for="topic">Topic</label><select id="topic" name="topic"><option value="">All topics</option>${topics.map((t) => html`<option value="${t.topic}"${t.topic === topic ? html` selected` : ''}>${topicLabel(t.topic)} (${t.count})</option>`)}</select></div>
  <button type="submit" class="primary">Search</button>
</form>
<p role="status">${results.length.toLocaleString('en-US')} ${results.length === 1 ? 'term' : 'terms'}${q ? html` matching “${q}”` : ''}${topic ? html` in ${topicLabel(topic)}` : ''}${pages > 1 ? html`, page ${pageNo} of ${pages}` : ''}.</p>
<dl class="glossary">${shown.map((t) => html`<dt><a href="/glossary/${t.slug}">${t.term}</a> <span class="muted">${topicLabel(t.topic)}</span></dt><dd>${t.short}</dd>`)}</dl>
${
  pages > 1
    ? html`<nav aria-label="Result pages" class="pager">${pageNo > 1 ? html`<a rel="prev" href="${searchUrl(q, topic, pageNo - 1)}">Previous page</a>` : ''} ${pageNo < pages ? html`<a rel="next" href="${searchUrl(q, topic, pageNo + 1)}">Next page</a>` : ''}</nav>`
    : ''
}`;
  return page({ title: 'Glossary', description: `${SITE_NAME} glossary of financial terms.`, body, path: '/glossary' });
}

function servedList(t: GlossaryTerm): SafeHtml {
  if (t.servedAt.length === 0) return html``;
  return html`<h2>Where ${SITE_NAME} serves it</h2><ul>${t.servedAt.map((s) => html`<li><code>GET ${s.endpoint}</code>${s.field ? html`, field <code>${s.field}</code>` : ''}</li>`)}</ul>`;
}

/** `/glossary/:slug`: one term. */
export function glossaryTermPage(t: GlossaryTerm, publicUrl: string): string {
  const base = publicUrl.replace(/\/+$/, '');
  const body = html`
<p><a href="/glossary">Glossary</a> › <a href="/glossary?topic=${t.topic}">${topicLabel(t.topic)}</a></p>
<article class="card term">
  <h1>${t.term}</h1>
  ${t.aka.length ? html`<p class="muted">Also: ${t.aka.join(', ')}</p>` : ''}
  <p class="lead">${t.short}</p>
  ${t.explanation.split(/\n\s*\n/).map((p) => html`<p>${p}</p>`)}
  ${t.formula ? html`<h2>Formula</h2><p><code>${t.formula}</code></p>` : ''}
  ${servedList(t)}
  ${t.related.length ? html`<h2>Related terms</h2><ul>${t.related.map((r) => (r.slug ? html`<li><a href="/glossary/${r.slug}">${r.term}</a></li>` : html`<li>${r.term}</li>`))}</ul>` : ''}
  <p class="help">${DISCLAIMER}</p>
</article>`;
  return page({
    title: t.term,
    description: t.short,
    body,
    path: '/glossary',
    canonical: `${base}/glossary/${t.slug}`,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'DefinedTerm',
        name: t.term,
        description: t.short,
        url: `${base}/glossary/${t.slug}`,
        ...(t.aka.length ? { alternateName: t.aka } : {}),
        inDefinedTermSet: { '@type': 'DefinedTermSet', name: `${SITE_NAME} glossary`, url: `${base}/glossary` },
      },
    ],
  });
}

/** The glossary's root routes (added to the web plugin's pages). */
export function glossaryRoutes(): AnyRoute[] {
  return [
    htmlErrors(
      defineRoute({
        ...PAGE,
        method: 'GET',
        path: '/glossary',
        summary: 'Glossary search page',
        query: GlossaryPageQuery,
        responses: { 200: { description: 'HTML page', contentTypes: ['text/html'] } },
        handler: ({ query, reply }) => {
          reply.type('text/html; charset=utf-8').header('Cache-Control', 'public, max-age=300');
          return glossarySearchPage(query.q || undefined, query.topic || undefined, query.page);
        },
      }),
    ),
    htmlErrors(
      defineRoute({
        ...PAGE,
        method: 'GET',
        path: '/glossary/:slug',
        summary: 'Glossary term page',
        params: z.object({ slug: z.string().min(1).max(120) }),
        responses: { 200: { description: 'HTML page', contentTypes: ['text/html'] } },
        handler: ({ params, services, reply }) => {
          const term = findGlossaryTerm(params.slug);
          if (!term) throw new NotFoundError(`no glossary term '${params.slug}'`);
          if (term.slug !== params.slug) return reply.redirect(`/glossary/${term.slug}`, 301);
          reply.type('text/html; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
          return glossaryTermPage(term, services.config.publicUrl);
        },
      }),
    ),
  ];
}
