/** The glossary data files: count, uniqueness, related terms resolve, and every served endpoint and field exists. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { STANDARD_ITEMS } from '../../schema/fundamentals.ts';
import { findGlossaryTerm, glossarySlug, glossaryTerms, glossaryTopics, searchGlossary } from '../../schema/glossary.ts';
import { hasField, routeFor, successSchema } from './route-paths.ts';

const data = suite('glossary data');

data('about 1,400 terms', () => {
  const n = glossaryTerms().length;
  assert.ok(n >= 1350 && n <= 1500, `${n} terms`);
});

data('every term, slug and alias is unique', () => {
  const slugs = new Set<string>();
  const names = new Map<string, string>();
  for (const t of glossaryTerms()) {
    assert.not.ok(slugs.has(t.slug), `duplicate slug ${t.slug}`);
    slugs.add(t.slug);
    for (const n of [t.term, ...t.aka]) {
      const k = n.toLowerCase();
      assert.ok(!names.has(k) || names.get(k) === t.slug, `'${n}' names both ${names.get(k)} and ${t.slug}`);
      names.set(k, t.slug);
    }
  }
});

data('every record is complete: definition, explanation, topic', () => {
  for (const t of glossaryTerms()) {
    assert.ok(t.short.length >= 10 && t.explanation.length >= 10 && t.topic, t.term);
    assert.ok(/[.!?)]$/.test(t.short.trim()), `${t.term}: the short definition is a sentence`);
  }
});

data('every related term resolves to another term', () => {
  for (const t of glossaryTerms()) {
    for (const r of t.related) {
      assert.ok(r.slug, `${t.term}: related '${r.term}' does not resolve`);
      assert.is.not(r.slug, t.slug, `${t.term} relates to itself`);
    }
  }
});

data('every named endpoint is a registered route and every named field is in its result schema', () => {
  let checked = 0;
  for (const t of glossaryTerms()) {
    for (const s of t.servedAt) {
      const route = routeFor('GET', s.endpoint);
      assert.ok(route, `${t.term}: ${s.endpoint} is not a registered GET route`);
      if (s.field) {
        const schema = successSchema(route!);
        assert.ok(schema, `${t.term}: ${s.endpoint} documents no result schema`);
        assert.ok(hasField(schema!, s.field), `${t.term}: ${s.endpoint} has no field '${s.field}'`);
        checked++;
      }
    }
  }
  assert.ok(checked > 80, `${checked} fields checked`);
});

data('the generated family covers every XBRL concept the fundamentals pipeline reads', () => {
  for (const sources of Object.values(STANDARD_ITEMS)) {
    for (const s of sources) {
      const t = findGlossaryTerm(`${s.taxonomy}:${s.concept}`);
      assert.ok(t, `${s.taxonomy}:${s.concept}`);
      assert.is(t!.topic, 'xbrl');
      assert.ok(t!.servedAt.every((x) => x.endpoint === '/api/fundamentals-pit'));
    }
  }
});

data('topics cover the issue: statements, ratios, valuation, XBRL, insiders, 13F, N-PORT, BDC, fixed income, macro, ETFs, trading, portfolio', () => {
  const topics = new Map(glossaryTopics().map((t) => [t.topic, t.count]));
  for (const topic of ['statements', 'ratios', 'valuation', 'xbrl', 'insiders', 'institutional', 'funds', 'bdc-credit', 'fixed-income', 'macro', 'etfs', 'trading', 'portfolio']) {
    assert.ok((topics.get(topic) ?? 0) >= 20, `${topic}: ${topics.get(topic)}`);
  }
  for (const code of 'PSAFMGDJ') assert.ok(findGlossaryTerm(`Form 4 code ${code}`), `Form 4 code ${code}`);
  for (const tenor of ['1-month', '3-month', '2-year', '10-year', '30-year']) assert.ok(findGlossaryTerm(`${tenor} Treasury yield`), tenor);
});

const lookup = suite('glossary lookup and search');

lookup('by slug, term or alias, case-insensitive', () => {
  assert.is(findGlossaryTerm('price-to-earnings-ratio')!.term, 'Price-to-earnings ratio');
  assert.is(findGlossaryTerm('P/E')!.slug, 'price-to-earnings-ratio');
  assert.is(findGlossaryTerm('ebitda')!.term, 'EBITDA');
  assert.is(findGlossaryTerm('no such thing'), null);
  assert.is(glossarySlug("Stockholders' equity"), 'stockholders-equity');
  assert.is(glossarySlug('Profit & loss'), 'profit-and-loss');
});

lookup('ranking: exact name, then prefix, then words in the name, then in definitions', () => {
  const hits = searchGlossary('gross margin').map((t) => t.term);
  assert.is(hits[0], 'Gross margin');
  const duration = searchGlossary('duration').map((t) => t.term);
  assert.is(duration[0], 'Duration');
  assert.ok(duration.indexOf('Modified duration') < duration.indexOf('Convexity') || !duration.includes('Convexity'));
  assert.equal(searchGlossary('zzzzqqq'), []);
  assert.ok(searchGlossary(undefined, 'insiders').every((t) => t.topic === 'insiders'));
});

data.run();
lookup.run();
