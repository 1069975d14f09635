import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { industryTags, matchName, sentiment, tickerMatcher, type CompanyRef } from '../../../pipelines/parsers/news-text.ts';

const COMPANIES: CompanyRef[] = [
  { ticker: 'AAPL', cik: 320193, name: 'Apple Inc.', rank: 0 },
  { ticker: 'NVDA', cik: 1045810, name: 'NVIDIA CORP', rank: 1 },
  { ticker: 'GOOGL', cik: 1652044, name: 'Alphabet Inc.', rank: 3 },
  { ticker: 'GOOG', cik: 1652044, name: 'Alphabet Inc.', rank: 16 },
  { ticker: 'JPM', cik: 19617, name: 'JPMORGAN CHASE & CO', rank: 6 },
  { ticker: 'JNJ', cik: 200406, name: 'JOHNSON & JOHNSON', rank: 10 },
  { ticker: 'KO', cik: 21344, name: 'COCA COLA CO', rank: 11 },
  { ticker: 'A', cik: 1090872, name: 'AGILENT TECHNOLOGIES, INC.', rank: 12 },
  { ticker: 'IT', cik: 749251, name: 'GARTNER INC', rank: 13 },
  { ticker: 'MAIN', cik: 1396440, name: 'Main Street Capital CORP', rank: 15 },
];
const m = tickerMatcher(COMPANIES);

const tickers = suite('ticker association');

tickers('short symbols: never as bare words, always in explicit forms', () => {
  assert.equal(m.match('IT budgets rise as A.I. spending grows, survey says. Grade A projects first.'), []);
  assert.equal(m.match('Gartner (NYSE: IT) forecasts worldwide IT spending to grow 9.3%'), ['IT']);
  assert.equal(m.match('Shares of $A rose'), ['A']);
  assert.equal(m.match('Agilent Technologies (NYSE:A) reports results'), ['A']);
});

tickers('ambiguous symbols and common first words need the full name', () => {
  assert.equal(m.match('Main Street traffic slows for restaurants'), []);
  assert.equal(m.match('Main Street Capital raises its dividend'), ['MAIN']);
  assert.equal(m.match('Johnson says rates will fall'), []);
  assert.equal(m.match("Johnson & Johnson's talc unit files"), ['JNJ']);
});

tickers('names map to the primary symbol, must be capitalised, and hyphens count as spaces', () => {
  assert.equal(m.match('Alphabet earnings beat'), ['GOOGL']);
  assert.equal(m.match('an apple a day'), []);
  assert.equal(m.match('Coca-Cola raises outlook; JPMorgan Chase profit falls; Nvidia rallies'), ['JPM', 'KO', 'NVDA']);
  assert.equal(m.match('JPMorgan beats'), ['JPM']);
  assert.equal(m.match('NVDA and AAPL lead'), ['AAPL', 'NVDA']);
  assert.equal(m.match('NVDA AND AAPL LEAD A SHOUTED HEADLINE'), [], 'bare symbols are not read in all-caps text');
});

tickers('matchName strips legal suffixes', () => {
  assert.is(matchName('JPMORGAN CHASE & CO'), 'jpmorgan chase');
  assert.is(matchName('AMAZON COM INC'), 'amazon');
  assert.is(matchName('Tesla, Inc.'), 'tesla');
});

tickers.run();

// ---

const tone = suite('sentiment');

tone('a clearly negative headline', () => {
  // title: plunge, fall, miss (x2 = 6); summary: weak, disappointed (2) -> (0 - 8) / (8 + 1) = -0.889
  assert.equal(sentiment('Tesla shares plunge as deliveries fall and miss estimates', 'The weak quarter disappointed investors.'), { score: -0.889, label: 'negative' });
});

tone('positive, neutral, and negation', () => {
  assert.equal(sentiment('Nvidia reports record revenue, beats estimates'), { score: 0.8, label: 'positive' });
  assert.equal(sentiment('SEC Chair to depart agency on January 20'), { score: 0, label: 'neutral' });
  // "fails" is negative and negates "beat": 2 negative title words (x2 = 4) -> -4 / 5
  assert.equal(sentiment('Company fails to beat estimates'), { score: -0.8, label: 'negative' });
});

tone('scores stay in [-1, 1]', () => {
  const s = sentiment('plunge plunge plunge plunge plunge plunge plunge plunge', 'loss loss loss loss');
  assert.ok(s.score >= -1 && s.score < -0.9);
});

tone.run();

// ---

const tags = suite('industry tags');

tags('keywords and sectors', () => {
  assert.equal(industryTags('Nvidia GPUs power the data center boom'), ['semiconductors', 'technology']);
  assert.equal(industryTags('Fed holds interest rates', ['Finance & Insurance', null]), ['finance-and-insurance', 'macro']);
});

tags.run();
