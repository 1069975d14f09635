/** The glossary (and, when it lands, LEARN lessons). */
import { resolveArrayConnection } from '@pothos/plugin-relay';
import { findGlossaryTerm, searchGlossary, type GlossaryTerm } from '../../../schema/glossary.ts';
import { builder } from '../builder.ts';
import { PAGE } from './scalars.ts';

export const GlossaryTermRef = builder.objectRef<GlossaryTerm>('GlossaryTerm');
GlossaryTermRef.implement({
  fields: (t) => ({
    slug: t.exposeString('slug'),
    term: t.exposeString('term'),
    aka: t.exposeStringList('aka'),
    topic: t.exposeString('topic'),
    short: t.exposeString('short'),
    explanation: t.exposeString('explanation'),
    formula: t.exposeString('formula'),
    related: t.field({ type: [GlossaryTermRef], resolve: (g) => g.related.map((r) => findGlossaryTerm(r.slug)).filter((x): x is GlossaryTerm => x !== null) }),
  }),
});

builder.queryFields((t) => ({
  glossaryTerm: t.field({
    type: GlossaryTermRef,
    description: 'A term by slug, name or alias.',
    args: { key: t.arg.string({ required: true }) },
    resolve: (_r, args) => findGlossaryTerm(args.key),
  }),
  glossary: t.connection({
    type: GlossaryTermRef,
    args: { q: t.arg.string(), topic: t.arg.string() },
    resolve: (_r, args) => resolveArrayConnection({ args, ...PAGE }, searchGlossary(args.q ?? undefined, args.topic ?? undefined)),
  }),
}));
