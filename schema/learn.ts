/**
 * LEARN: the curriculum (tracks -> modules -> lessons -> quiz), written for Almanac and stored in
 * `schema/content/learn/<track>.json`, plus the request and result shapes of `/api/learn/*`.
 * Lessons cite live Almanac endpoints in `examples`; the test checks every one is a registered route.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

export const LEARN_DIR = path.resolve(import.meta.dirname, 'content/learn');

/** A quiz passes with at least this fraction of correct answers. */
export const PASS_FRACTION = 2 / 3;

const Id = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'kebab-case id');

export const QuizQuestion = z
  .object({
    question: z.string().min(5),
    choices: z.array(z.string().min(1)).min(2).max(6),
    answer: z.number().int().min(0),
    explanation: z.string().min(5),
  })
  .strict()
  .refine((q) => q.answer < q.choices.length, 'answer must index a choice');

export const LessonExample = z
  .object({
    /** e.g. `GET /api/fundamentals-pit?ticker=AAPL` */
    request: z.string().regex(/^(GET|POST|DELETE|PATCH) \/api\/[^\s]+$/),
    /** What to read in the answer and how to compute with it. */
    read: z.string().min(10),
  })
  .strict();

export const Lesson = z
  .object({
    id: Id,
    title: z.string().min(3),
    minutes: z.number().int().min(1).max(60),
    objectives: z.array(z.string().min(5)).min(1),
    body: z.array(z.string().min(20)).min(1),
    examples: z.array(LessonExample).min(1),
    glossary: z.array(z.string()).default([]),
    quiz: z.array(QuizQuestion).min(2),
  })
  .strict();
export type Lesson = z.infer<typeof Lesson>;

export const Module = z.object({ id: Id, title: z.string(), summary: z.string(), lessons: z.array(Lesson).min(1) }).strict();
export const Track = z.object({ id: Id, title: z.string(), summary: z.string(), level: z.enum(['beginner', 'intermediate', 'advanced']), modules: z.array(Module).min(1) }).strict();
export type Track = z.infer<typeof Track>;

let tracks: Track[] | null = null;

/** Every track, in file-name order (files are prefixed `01-`, `02-` ...). */
export function curriculum(): readonly Track[] {
  if (tracks) return tracks;
  const out: Track[] = [];
  for (const file of readdirSync(LEARN_DIR).filter((f) => f.endsWith('.json')).sort()) {
    const parsed = Track.safeParse(JSON.parse(readFileSync(path.join(LEARN_DIR, file), 'utf8')));
    if (!parsed.success) {
      const i = parsed.error.issues[0]!;
      throw new Error(`learn ${file}: ${i.path.join('.')}: ${i.message}`);
    }
    out.push(parsed.data);
  }
  tracks = out;
  return out;
}

export interface LessonRef {
  lesson: Lesson;
  trackId: string;
  moduleId: string;
  /** Position in the whole curriculum (0-based). */
  index: number;
}

/** Lessons in curriculum order. */
export function lessonsInOrder(): LessonRef[] {
  const out: LessonRef[] = [];
  for (const t of curriculum()) for (const m of t.modules) for (const l of m.lessons) out.push({ lesson: l, trackId: t.id, moduleId: m.id, index: out.length });
  return out;
}

export function findLesson(id: string): LessonRef | null {
  return lessonsInOrder().find((r) => r.lesson.id === id) ?? null;
}

// ---- API shapes ----

const LessonSummary = z.object({ id: z.string(), title: z.string(), minutes: z.number().int(), questions: z.number().int() });

export const CurriculumResult = z.object({
  tracks: z.array(
    z.object({
      id: z.string(),
      title: z.string(),
      summary: z.string(),
      level: z.string(),
      modules: z.array(z.object({ id: z.string(), title: z.string(), summary: z.string(), lessons: z.array(LessonSummary) })),
    }),
  ),
  counts: z.object({ tracks: z.number().int(), modules: z.number().int(), lessons: z.number().int() }),
  disclaimer: z.string(),
});

export const LessonParams = z.object({ id: z.string().max(80) });

export const LessonResult = z.object({
  id: z.string(),
  track: z.object({ id: z.string(), title: z.string() }),
  module: z.object({ id: z.string(), title: z.string() }),
  title: z.string(),
  minutes: z.number().int(),
  objectives: z.array(z.string()),
  body: z.array(z.string()),
  examples: z.array(z.object({ request: z.string(), read: z.string() })),
  glossary: z.array(z.object({ term: z.string(), slug: z.string() })),
  quiz: z.array(z.object({ question: z.string(), choices: z.array(z.string()) })).describe('answers are checked by POST .../quiz'),
  previous: z.string().nullable(),
  next: z.string().nullable(),
  disclaimer: z.string(),
});

export const QuizBody = z.object({ answers: z.array(z.number().int().min(0)).min(1).max(20) }).strict();

export const QuizResult = z.object({
  lessonId: z.string(),
  score: z.number().int(),
  questions: z.number().int(),
  passed: z.boolean(),
  results: z.array(z.object({ correct: z.boolean(), answer: z.number().int(), explanation: z.string() })),
  progress: z.object({ attempts: z.number().int(), bestScore: z.number().int(), completedAt: z.string().nullable() }),
  nextLesson: z.string().nullable(),
  disclaimer: z.string(),
});

export const ProgressResult = z.object({
  completed: z.number().int(),
  total: z.number().int(),
  percent: z.number(),
  nextLesson: z.object({ id: z.string(), title: z.string() }).nullable(),
  lessons: z.array(
    z.object({ lessonId: z.string(), attempts: z.number().int(), lastScore: z.number().int(), bestScore: z.number().int(), questions: z.number().int(), completedAt: z.string().nullable() }),
  ),
  disclaimer: z.string(),
});
