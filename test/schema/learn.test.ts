/** The LEARN curriculum files: size, ids, quizzes, and every example request is a registered route. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findGlossaryTerm } from '../../schema/glossary.ts';
import { curriculum, findLesson, lessonsInOrder } from '../../schema/learn.ts';
import { routeFor } from './route-paths.ts';

const learn = suite('LEARN curriculum');

learn('at least 6 modules and 30 lessons, ids unique', () => {
  const modules = curriculum().flatMap((t) => t.modules);
  const lessons = lessonsInOrder();
  assert.ok(modules.length >= 6, `${modules.length} modules`);
  assert.ok(lessons.length >= 30, `${lessons.length} lessons`);
  const ids = [...curriculum().map((t) => t.id), ...modules.map((m) => m.id), ...lessons.map((l) => l.lesson.id)];
  assert.is(new Set(ids).size, ids.length, 'ids are unique across tracks, modules and lessons');
});

learn('every lesson has a quiz whose answers index a choice, and choices are distinct', () => {
  for (const { lesson } of lessonsInOrder()) {
    assert.ok(lesson.quiz.length >= 2, lesson.id);
    for (const q of lesson.quiz) {
      assert.ok(q.answer >= 0 && q.answer < q.choices.length, `${lesson.id}: ${q.question}`);
      assert.is(new Set(q.choices).size, q.choices.length, `${lesson.id}: duplicate choices in '${q.question}'`);
    }
  }
});

learn('every example uses a live Almanac endpoint (a registered route)', () => {
  for (const { lesson } of lessonsInOrder()) {
    for (const e of lesson.examples) {
      const [method, path] = e.request.split(' ') as [string, string];
      assert.ok(routeFor(method, path), `${lesson.id}: ${e.request} is not a registered route`);
    }
  }
});

learn('glossary links resolve', () => {
  for (const { lesson } of lessonsInOrder()) for (const g of lesson.glossary) assert.ok(findGlossaryTerm(g), `${lesson.id}: glossary '${g}'`);
});

learn('the Apple operating-margin lesson uses /api/fundamentals-pit', () => {
  const l = findLesson('income-statement')!.lesson;
  assert.ok(l.examples.some((e) => e.request === 'GET /api/fundamentals-pit?ticker=AAPL'));
});

learn.run();
