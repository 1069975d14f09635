/**
 * `GET /api/glossary` (search) and `GET /api/glossary/{slug}` (one term): the ~1,400-term glossary
 * of schema/content/glossary. Public; every answer carries the educational-use disclaimer.
 */
import { ErrorBody } from '../../schema/common.ts';
import {
  DISCLAIMER,
  findGlossaryTerm,
  GlossarySearchQuery,
  GlossarySearchResult,
  GlossarySlugParams,
  GlossaryTermResult,
  glossaryTopics,
  searchGlossary,
} from '../../schema/glossary.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

export const glossary = resource('Glossary', [
  defineRoute({
    method: 'GET',
    path: '/glossary',
    capability: 'glossary_search',
    summary: 'Search the glossary',
    description:
      'Ranked search over about 1,400 financial terms: exact term or alias, then term prefix, then every query word in the term, ' +
      'then in the short definition, then in the explanation. Without `q`, lists terms alphabetically (optionally of one `topic`). ' +
      '`topics` lists every topic with its term count. Educational, not investment advice.',
    query: GlossarySearchQuery,
    responses: {
      200: { description: 'matching terms (slug, term, topic, short definition), best first', schema: GlossarySearchResult },
      400: { description: 'an invalid parameter, or an unknown topic', schema: ErrorBody },
    },
    handler: ({ query }) => {
      const topics = glossaryTopics();
      if (query.topic && !topics.some((t) => t.topic === query.topic)) {
        throw new BadRequestError(`unknown topic '${query.topic}': one of ${topics.map((t) => t.topic).join(', ')}`);
      }
      const hits = searchGlossary(query.q, query.topic);
      return {
        total: hits.length,
        limit: query.limit,
        offset: query.offset,
        topics,
        terms: hits.slice(query.offset, query.offset + query.limit).map((t) => ({ slug: t.slug, term: t.term, topic: t.topic, short: t.short })),
        disclaimer: DISCLAIMER,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/glossary/:slug',
    capability: 'glossary_term',
    summary: 'One glossary term',
    description:
      'By slug (e.g. `price-to-earnings-ratio`), exact term or alias (case-insensitive, URL-encoded). Gives the definition, explanation, ' +
      'formula where one exists, related terms (slugs that resolve) and where Almanac serves the term (`servedAt`: endpoint and response field).',
    params: GlossarySlugParams,
    responses: {
      200: { description: 'the term', schema: GlossaryTermResult },
      404: { description: 'no such term', schema: ErrorBody },
    },
    handler: ({ params }) => {
      const term = findGlossaryTerm(params.slug);
      if (!term) throw new NotFoundError(`no glossary term '${params.slug}': search with GET /api/glossary?q=`);
      return { ...term, disclaimer: DISCLAIMER };
    },
  }),
]);
