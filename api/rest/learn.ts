/**
 * LEARN (issue 8): `GET /api/learn/tracks` (the curriculum), `GET /api/learn/lessons/{id}` (a lesson
 * with its quiz questions), `POST /api/learn/lessons/{id}/quiz` (submit answers; records progress)
 * and `GET /api/learn/progress` (lessons completed, quiz scores, next lesson). Reading is public;
 * quiz submission and progress need an account. Every answer carries the disclaimer.
 */
import { ErrorBody } from '../../schema/common.ts';
import { DISCLAIMER, findGlossaryTerm } from '../../schema/glossary.ts';
import { curriculum, CurriculumResult, findLesson, LessonParams, LessonResult, lessonsInOrder, PASS_FRACTION, ProgressResult, QuizBody, QuizResult } from '../../schema/learn.ts';
import { listProgress, recordQuizAttempt } from '../store/learn.ts';
import { BadRequestError, NotFoundError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';

const iso = (d: Date | null): string | null => (d ? new Date(d).toISOString() : null);

function lessonOr404(id: string) {
  const ref = findLesson(id);
  // Read through REST and the MCP tools (get_lesson, submit_lesson_quiz): the message names both doors.
  if (!ref) throw new NotFoundError(`no lesson '${id}': the curriculum lists them (GET /api/learn/tracks)`);
  return ref;
}

/** The first lesson in curriculum order not yet completed. */
function nextLesson(completed: Set<string>): { id: string; title: string } | null {
  const next = lessonsInOrder().find((r) => !completed.has(r.lesson.id));
  return next ? { id: next.lesson.id, title: next.lesson.title } : null;
}

export const learn = resource('Learn', [
  defineRoute({
    method: 'GET',
    path: '/learn/tracks',
    capability: 'learn_tracks',
    summary: 'The LEARN curriculum',
    description: 'Tracks -> modules -> lessons (id, title, minutes, number of quiz questions). Public. Educational, not investment advice.',
    responses: { 200: { description: 'the curriculum', schema: CurriculumResult } },
    handler: () => {
      const tracks = curriculum().map((t) => ({
        id: t.id,
        title: t.title,
        summary: t.summary,
        level: t.level,
        modules: t.modules.map((m) => ({
          id: m.id,
          title: m.title,
          summary: m.summary,
          lessons: m.lessons.map((l) => ({ id: l.id, title: l.title, minutes: l.minutes, questions: l.quiz.length })),
        })),
      }));
      const modules = tracks.reduce((n, t) => n + t.modules.length, 0);
      return { tracks, counts: { tracks: tracks.length, modules, lessons: lessonsInOrder().length }, disclaimer: DISCLAIMER };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/learn/lessons/:id',
    capability: 'lesson',
    summary: 'One lesson',
    description:
      'The lesson text, the live Almanac requests its examples use (try them: they answer with current data), glossary links, ' +
      'and the quiz questions without their answers. Public.',
    params: LessonParams,
    responses: {
      200: { description: 'the lesson', schema: LessonResult },
      404: { description: 'no such lesson', schema: ErrorBody },
    },
    handler: ({ params }) => {
      const ref = lessonOr404(params.id);
      const all = lessonsInOrder();
      const track = curriculum().find((t) => t.id === ref.trackId)!;
      const mod = track.modules.find((m) => m.id === ref.moduleId)!;
      const l = ref.lesson;
      return {
        id: l.id,
        track: { id: track.id, title: track.title },
        module: { id: mod.id, title: mod.title },
        title: l.title,
        minutes: l.minutes,
        objectives: l.objectives,
        body: l.body,
        examples: l.examples,
        glossary: l.glossary.flatMap((g) => {
          const t = findGlossaryTerm(g);
          return t ? [{ term: t.term, slug: t.slug }] : [];
        }),
        quiz: l.quiz.map((q) => ({ question: q.question, choices: q.choices })),
        previous: all[ref.index - 1]?.lesson.id ?? null,
        next: all[ref.index + 1]?.lesson.id ?? null,
        disclaimer: DISCLAIMER,
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/learn/lessons/:id/quiz',
    capability: 'lesson_quiz',
    summary: 'Submit a lesson quiz',
    description:
      '`answers`: one choice index (0-based) per question, in order. Scores the attempt, explains each answer and records progress: ' +
      'attempts, last and best score; the lesson counts as completed from the first attempt with at least two thirds correct. Requires an account.',
    params: LessonParams,
    body: QuizBody,
    responses: {
      200: { description: 'the score, per-question results and updated progress', schema: QuizResult },
      400: { description: 'wrong number of answers, or an answer that is not a choice', schema: ErrorBody },
      401: { description: 'not authenticated', schema: ErrorBody },
      404: { description: 'no such lesson', schema: ErrorBody },
    },
    handler: async ({ params, body, caller, services }) => {
      const ref = lessonOr404(params.id);
      const quiz = ref.lesson.quiz;
      // Worded for every door (MCP and GraphQL run this handler too): the name alone, no "body field".
      if (body.answers.length !== quiz.length) throw new BadRequestError(`invalid 'answers': it must have ${quiz.length} entries, one per question (${body.answers.length} given)`);
      body.answers.forEach((a, i) => {
        if (a >= quiz[i]!.choices.length) throw new BadRequestError(`invalid 'answers.${i}': it must be a choice index from 0 to ${quiz[i]!.choices.length - 1}`);
      });
      const results = quiz.map((q, i) => ({ correct: body.answers[i] === q.answer, answer: q.answer, explanation: q.explanation }));
      const score = results.filter((r) => r.correct).length;
      const passed = score >= Math.ceil(quiz.length * PASS_FRACTION - 1e-9);
      const row = await recordQuizAttempt(services.store, { accountId: caller.accountId!, lessonId: ref.lesson.id, score, questions: quiz.length, passed, at: new Date() });
      const done = new Set((await listProgress(services.store, caller.accountId!)).filter((p) => p.completedAt).map((p) => p.lessonId));
      return {
        lessonId: ref.lesson.id,
        score,
        questions: quiz.length,
        passed,
        results,
        progress: { attempts: row.attempts, bestScore: row.bestScore, completedAt: iso(row.completedAt) },
        nextLesson: nextLesson(done)?.id ?? null,
        disclaimer: DISCLAIMER,
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/learn/progress',
    capability: 'learn_progress',
    summary: 'LEARN progress of the account',
    description: 'Lessons completed, quiz scores per attempted lesson, and the next lesson (the first one in curriculum order not yet completed). Requires an account.',
    responses: {
      200: { description: 'progress', schema: ProgressResult },
      401: { description: 'not authenticated', schema: ErrorBody },
    },
    handler: async ({ caller, services }) => {
      const known = new Set(lessonsInOrder().map((r) => r.lesson.id));
      const rows = (await listProgress(services.store, caller.accountId!)).filter((r) => known.has(r.lessonId));
      const done = new Set(rows.filter((r) => r.completedAt).map((r) => r.lessonId));
      const total = known.size;
      return {
        completed: done.size,
        total,
        percent: total ? Math.round((done.size / total) * 1000) / 10 : 0,
        nextLesson: nextLesson(done),
        lessons: rows.map((r) => ({ lessonId: r.lessonId, attempts: r.attempts, lastScore: r.lastScore, bestScore: r.bestScore, questions: r.questions, completedAt: iso(r.completedAt) })),
        disclaimer: DISCLAIMER,
      };
    },
  }),
]);
