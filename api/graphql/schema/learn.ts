/** The glossary and the LEARN curriculum (lessons as GET /api/learn/lessons/:id serves them). */
import { resolveArrayConnection } from '@pothos/plugin-relay';
import { findGlossaryTerm, GlossarySlugParams, searchGlossary, type GlossaryTerm } from '../../../schema/glossary.ts';
import type { LessonResult } from '../../../schema/learn.ts';
import type { z } from 'zod';
import { callRoute, parseInDoorWords } from '../../route-call.ts';
import { declaredArgs, deprecatedArg } from '../aliases.ts';
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
    args: { slug: t.arg.string(), key: t.arg.string({ deprecationReason: deprecatedArg('Query.glossaryTerm', 'key') }) },
    resolve: (_r, args) => findGlossaryTerm(parseInDoorWords(GlossarySlugParams, { slug: declaredArgs('Query.glossaryTerm', args).slug ?? undefined }, 'graphql').slug),
  }),
  glossary: t.connection({
    type: GlossaryTermRef,
    args: { q: t.arg.string(), topic: t.arg.string() },
    resolve: (_r, args) => resolveArrayConnection({ args, ...PAGE }, searchGlossary(args.q ?? undefined, args.topic ?? undefined)),
  }),
}));

type LessonShape = z.infer<typeof LessonResult>;

const QuizQuestionRef = builder.objectRef<LessonShape['quiz'][number]>('QuizQuestion');
QuizQuestionRef.implement({ fields: (t) => ({ question: t.exposeString('question'), choices: t.exposeStringList('choices') }) });

const LessonExampleRef = builder.objectRef<LessonShape['examples'][number]>('LessonExample');
LessonExampleRef.implement({ fields: (t) => ({ request: t.exposeString('request'), read: t.exposeString('read') }) });

export const LessonRef = builder.objectRef<LessonShape>('Lesson');
LessonRef.implement({
  description: 'A LEARN lesson; the quiz is answered with the submitLessonQuiz mutation (answers are not served).',
  fields: (t) => ({
    id: t.exposeString('id'),
    title: t.exposeString('title'),
    trackId: t.string({ resolve: (l) => l.track.id }),
    trackTitle: t.string({ resolve: (l) => l.track.title }),
    moduleId: t.string({ resolve: (l) => l.module.id }),
    moduleTitle: t.string({ resolve: (l) => l.module.title }),
    minutes: t.exposeInt('minutes'),
    objectives: t.exposeStringList('objectives'),
    body: t.exposeStringList('body'),
    examples: t.field({ type: [LessonExampleRef], resolve: (l) => l.examples }),
    glossary: t.field({ type: [GlossaryTermRef], resolve: (l) => l.glossary.map((g) => findGlossaryTerm(g.slug)).filter((x): x is GlossaryTerm => x !== null) }),
    quiz: t.field({ type: [QuizQuestionRef], resolve: (l) => l.quiz }),
    previous: t.exposeString('previous'),
    next: t.exposeString('next'),
  }),
});

builder.queryFields((t) => ({
  lesson: t.field({
    type: LessonRef,
    args: { id: t.arg.string({ required: true }) },
    resolve: async (_r, args, ctx) => {
      try {
        return (await callRoute('GET', '/learn/lessons/:id', { params: { id: args.id } }, ctx, 'graphql')) as LessonShape;
      } catch (err) {
        if ((err as { status?: number }).status === 404) return null;
        throw err;
      }
    },
  }),
  lessons: t.connection({
    type: LessonRef,
    description: 'Every lesson in curriculum order.',
    resolve: async (_r, args, ctx) => {
      const { tracks } = (await callRoute('GET', '/learn/tracks', {}, ctx, 'graphql')) as { tracks: { modules: { lessons: { id: string }[] }[] }[] };
      const ids = tracks.flatMap((tr) => tr.modules.flatMap((m) => m.lessons.map((l) => l.id)));
      const lessons = await Promise.all(ids.map((id) => callRoute('GET', '/learn/lessons/:id', { params: { id } }, ctx, 'graphql') as Promise<LessonShape>));
      return resolveArrayConnection({ args, ...PAGE }, lessons);
    },
  }),
}));
