/**
 * LEARN pages (spec 1: public, no account): `/learn` (tracks, modules, lessons) and `/learn/:id`
 * (one lesson: objectives, text, live API examples, glossary links and the quiz). The quiz is
 * scored by `POST /api/learn/lessons/:id/quiz` from `/assets/account.js`; signed in, the attempt
 * counts toward the account's progress (shown in the settings panel).
 */
import { z } from 'zod';
import { findGlossaryTerm } from '../../schema/glossary.ts';
import { curriculum, findLesson, lessonsInOrder, type LessonRef } from '../../schema/learn.ts';
import { NotFoundError } from '../errors.ts';
import { defineRoute, type AnyRoute } from '../route.ts';
import { htmlErrors, PAGE } from './explorer/common.ts';
import { DISCLAIMER, html, page, SITE_NAME } from './html.ts';


/** `/learn`: the curriculum. */
export function learnIndexPage(): string {
  const tracks = curriculum();
  const lessons = lessonsInOrder().length;
  const body = html`
<h1>Learn</h1>
<p class="lead">${tracks.length} tracks, ${lessons} lessons. Each lesson uses live ${SITE_NAME} requests for its examples and ends with a short quiz; sign in to keep your progress.</p>
${tracks.map(
  (t) => html`
<section class="card" aria-labelledby="track-${t.id}">
  <h2 id="track-${t.id}">${t.title} <span class="badge">${t.level}</span></h2>
  <p>${t.summary}</p>
  ${t.modules.map(
    (m) => html`<h3>${m.title}</h3><p class="muted">${m.summary}</p><ol>${m.lessons.map((l) => html`<li><a href="/learn/${l.id}">${l.title}</a> <span class="muted">${l.minutes} min</span></li>`)}</ol>`,
  )}
</section>`,
)}`;
  return page({ title: 'Learn', description: `${SITE_NAME} LEARN curriculum.`, body, path: '/learn', scripts: ['account.js'] });
}

/** `/learn/:id`: one lesson with its quiz. */
export function lessonPage(ref: LessonRef): string {
  const { lesson } = ref;
  const all = lessonsInOrder();
  const prev = all[ref.index - 1];
  const next = all[ref.index + 1];
  const body = html`
<div data-page="lesson" data-lesson="${lesson.id}">
<p><a href="/learn">Learn</a> › ${curriculum().find((t) => t.id === ref.trackId)?.title ?? ''}</p>
<article class="card lesson">
  <h1>${lesson.title}</h1>
  <p class="muted">${lesson.minutes} minutes</p>
  <h2>You will learn</h2>
  <ul>${lesson.objectives.map((o) => html`<li>${o}</li>`)}</ul>
  ${lesson.body.map((p) => html`<p>${p}</p>`)}
  <h2>Try it</h2>
  <dl>${lesson.examples.map((e) => html`<dt><code>${e.request}</code></dt><dd>${e.read}</dd>`)}</dl>
  ${
    lesson.glossary.length
      ? html`<h2>Glossary</h2><ul>${lesson.glossary.map((g) => {
          const term = findGlossaryTerm(g);
          return term ? html`<li><a href="/glossary/${term.slug}">${term.term}</a></li>` : html`<li>${g}</li>`;
        })}</ul>`
      : ''
  }
</article>
<form id="quiz-form" class="card form" novalidate>
  <h2>Quiz</h2>
  ${lesson.quiz.map(
    (q, i) => html`<fieldset class="question"><legend>${i + 1}. ${q.question}</legend>${q.choices.map(
      (c, j) => html`<div class="field check"><input type="radio" id="q${i}-${j}" name="q${i}" value="${j}" required><label for="q${i}-${j}">${c}</label></div>`,
    )}<p class="explanation help" id="q${i}-result" aria-live="polite"></p></fieldset>`,
  )}
  <button type="submit" class="primary">Check my answers</button>
  <p id="quiz-status" class="status" role="status" aria-live="polite"></p>
</form>
<nav aria-label="Lessons" class="pager">${prev ? html`<a rel="prev" href="/learn/${prev.lesson.id}">Previous: ${prev.lesson.title}</a>` : ''} ${next ? html`<a rel="next" href="/learn/${next.lesson.id}">Next: ${next.lesson.title}</a>` : ''}</nav>
<p class="help">${DISCLAIMER}</p>
</div>`;
  return page({ title: lesson.title, description: lesson.objectives[0], body, path: '/learn', scripts: ['account.js'] });
}

/** The LEARN root routes (added to the web plugin's pages). */
export function learnRoutes(): AnyRoute[] {
  let index: string | null = null;
  return [
    htmlErrors(
      defineRoute({
        ...PAGE,
        method: 'GET',
        path: '/learn',
        summary: 'LEARN curriculum page',
        responses: { 200: { description: 'HTML page', contentTypes: ['text/html'] } },
        handler: ({ reply }) => {
          reply.type('text/html; charset=utf-8').header('Cache-Control', 'public, max-age=300');
          return (index ??= learnIndexPage());
        },
      }),
    ),
    htmlErrors(
      defineRoute({
        ...PAGE,
        method: 'GET',
        path: '/learn/:id',
        summary: 'LEARN lesson page',
        params: z.object({ id: z.string().min(1).max(80) }),
        responses: { 200: { description: 'HTML page', contentTypes: ['text/html'] } },
        handler: ({ params, reply }) => {
          const ref = findLesson(params.id);
          if (!ref) throw new NotFoundError(`no lesson '${params.id}'`);
          reply.type('text/html; charset=utf-8').header('Cache-Control', 'public, max-age=300');
          return lessonPage(ref);
        },
      }),
    ),
  ];
}
