/** `/api/learn/*`: curriculum, lesson, quiz submission and progress (per account; 401 anonymous). */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { findLesson, lessonsInOrder } from '../../../schema/learn.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { conformancePlugin, violations } from '../../openapi-conformance.ts';
import { anonymous, keyAccount, type KeyCaller } from './user-state-accounts.ts';

let t: TestApp;
let alice: KeyCaller;
let bob: KeyCaller;

const answersOf = (id: string, wrong = 0): number[] =>
  findLesson(id)!.lesson.quiz.map((q, i) => (i < wrong ? (q.answer + 1) % q.choices.length : q.answer));

const learn = suite('/api/learn');
learn.before(async () => {
  t = await sampleApp({ jobs: ['companies'], server: { plugins: [conformancePlugin()] } });
  alice = await keyAccount(t.app, t.services.store, 'alice-learn@example.com');
  bob = await keyAccount(t.app, t.services.store, 'bob-learn@example.com');
});
learn.after(() => t.close());

learn('the curriculum is public and counts its parts', async () => {
  const res = await anonymous(t.app, 'GET', '/api/learn/tracks');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.equal(body.counts, { tracks: 3, modules: 8, lessons: lessonsInOrder().length });
  assert.is(body.tracks[0].modules[0].lessons[0].id, 'what-is-a-filing');
  assert.match(body.disclaimer, 'educational and is not investment advice');
});

learn('a lesson without its answers, with neighbours and glossary links', async () => {
  const res = await anonymous(t.app, 'GET', '/api/learn/lessons/income-statement');
  assert.is(res.statusCode, 200);
  const l = json(res);
  assert.equal([l.track.id, l.module.id, l.previous, l.next], ['foundations', 'filings-and-statements', 'point-in-time', 'balance-sheet']);
  assert.not.ok(JSON.stringify(l.quiz).includes('"answer"'), 'answers are not sent');
  assert.ok(l.glossary.some((g: { slug: string }) => g.slug === 'operating-margin'));
  const missing = await anonymous(t.app, 'GET', '/api/learn/lessons/no-such-lesson');
  assert.is(missing.statusCode, 404);
  // The MCP tools answer with this route's message: it names the way to the list on both doors.
  assert.equal(JSON.parse(missing.body), { error: "no lesson 'no-such-lesson': the curriculum lists them (GET /api/learn/tracks)" });
});

learn('quiz and progress need an account', async () => {
  assert.is((await anonymous(t.app, 'POST', '/api/learn/lessons/income-statement/quiz', { answers: [0, 0, 0] })).statusCode, 401);
  assert.is((await anonymous(t.app, 'GET', '/api/learn/progress')).statusCode, 401);
});

learn('submitting a quiz scores it, explains each answer and records progress', async () => {
  let res = await alice.call('POST', '/api/learn/lessons/what-is-a-filing/quiz', { answers: answersOf('what-is-a-filing', 2) });
  assert.is(res.statusCode, 200);
  let r = res.json();
  assert.equal([r.score, r.questions, r.passed, r.progress.attempts, r.progress.completedAt], [1, 3, false, 1, null]);
  assert.equal(r.results.map((x: { correct: boolean }) => x.correct), [false, false, true]);
  assert.is(r.nextLesson, 'what-is-a-filing');
  res = await alice.call('POST', '/api/learn/lessons/what-is-a-filing/quiz', { answers: answersOf('what-is-a-filing', 1) });
  r = res.json();
  assert.equal([r.score, r.passed, r.progress.attempts, r.progress.bestScore], [2, true, 2, 2], 'two of three passes');
  assert.type(r.progress.completedAt, 'string');
  assert.is(r.nextLesson, 'point-in-time');
  res = await alice.call('POST', '/api/learn/lessons/what-is-a-filing/quiz', { answers: answersOf('what-is-a-filing', 3) });
  r = res.json();
  assert.equal([r.score, r.passed, r.progress.bestScore, r.progress.attempts], [0, false, 2, 3]);
  assert.type(r.progress.completedAt, 'string', 'a later failed attempt keeps the completion');
  await alice.call('POST', '/api/learn/lessons/point-in-time/quiz', { answers: answersOf('point-in-time') });
  const p = (await alice.call('GET', '/api/learn/progress')).json();
  assert.equal([p.completed, p.total, p.nextLesson.id], [2, lessonsInOrder().length, 'income-statement']);
  assert.equal(
    p.lessons.map((l: { lessonId: string; attempts: number; lastScore: number; bestScore: number }) => [l.lessonId, l.attempts, l.lastScore, l.bestScore]),
    [['point-in-time', 1, 3, 3], ['what-is-a-filing', 3, 0, 2]],
  );
});

learn('wrong number of answers or an answer outside the choices -> 400', async () => {
  assert.is((await alice.call('POST', '/api/learn/lessons/pe-ratio/quiz', { answers: [0] })).statusCode, 400);
  const res = await alice.call('POST', '/api/learn/lessons/pe-ratio/quiz', { answers: [0, 9, 0] });
  assert.is(res.statusCode, 400);
  assert.match(res.json().error, 'answers.1');
  assert.is((await alice.call('POST', '/api/learn/lessons/nope/quiz', { answers: [0] })).statusCode, 404);
});

learn("ownership: another account's progress is its own", async () => {
  const p = (await bob.call('GET', '/api/learn/progress')).json();
  assert.equal([p.completed, p.lessons, p.nextLesson.id], [0, [], 'what-is-a-filing']);
});

const glossary = suite('/api/glossary');
glossary.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
glossary.after(() => t.close());

glossary('search is public, ranked, paged, with topics and the disclaimer', async () => {
  const res = await anonymous(t.app, 'GET', '/api/glossary?q=p/e&limit=3');
  assert.is(res.statusCode, 200);
  const body = json(res);
  assert.is(body.terms[0].slug, 'price-to-earnings-ratio');
  assert.equal([body.limit, body.offset, body.terms.length], [3, 0, 3]);
  assert.ok(body.topics.length >= 20);
  assert.match(body.disclaimer, 'not investment advice');
  const page2 = json(await anonymous(t.app, 'GET', '/api/glossary?topic=insiders&limit=5&offset=5'));
  assert.is(page2.terms.length, 5);
  assert.ok(page2.terms.every((x: { topic: string }) => x.topic === 'insiders'));
  assert.is((await anonymous(t.app, 'GET', '/api/glossary?topic=astrology')).statusCode, 400);
  assert.is((await anonymous(t.app, 'GET', '/api/glossary?limit=0')).statusCode, 400);
});

glossary('one term by slug or alias, with formula, related terms and where Almanac serves it', async () => {
  const res = await anonymous(t.app, 'GET', '/api/glossary/gross-margin');
  assert.is(res.statusCode, 200);
  const g = json(res);
  assert.equal([g.term, g.topic, g.formula], ['Gross margin', 'ratios', 'Gross margin = Gross profit / Revenue']);
  assert.ok(g.related.some((r: { slug: string }) => r.slug === 'gross-profit'));
  assert.equal(g.servedAt, [{ endpoint: '/api/fundamentals-pit', field: 'statement.metrics.grossMargin' }]);
  assert.is(json(await anonymous(t.app, 'GET', `/api/glossary/${encodeURIComponent('EBITDA')}`)).slug, 'ebitda');
  assert.is(json(await anonymous(t.app, 'GET', '/api/glossary/us-gaap%3ARevenues')).topic, 'xbrl');
  assert.is((await anonymous(t.app, 'GET', '/api/glossary/not-a-term')).statusCode, 404);
  // Any slug the OpenAPI document allows (up to 120 characters) reaches the route: an unknown one is
  // a 404; a longer one a 400 in the service's words (the router answered 414 above 100 characters).
  const unknown = await anonymous(t.app, 'GET', `/api/glossary/${'a'.repeat(110)}`);
  assert.is(unknown.statusCode, 404, unknown.body);
  const long = await anonymous(t.app, 'GET', `/api/glossary/${'a'.repeat(500)}`);
  assert.is(long.statusCode, 400, long.body);
  assert.match(json(long).error, /^invalid parameter 'slug'/);
});

learn('every response conforms to the OpenAPI description', () => {
  assert.equal(violations, []);
});

learn.run();
glossary.run();
