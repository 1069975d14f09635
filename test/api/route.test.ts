import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { z } from 'zod';
import { parseInput, rootPlugin } from '../../api/route.ts';
import { BadRequestError } from '../../api/errors.ts';
import { FundHoldingsQuery } from '../../schema/ownership.ts';
import { AddPositionBody } from '../../schema/portfolio.ts';
import { BondSearchQuery } from '../../schema/funds.ts';

/** The 400 message `parseInput` throws for `raw`. */
function message(schema: z.ZodType, raw: unknown, where: 'parameter' | 'body field'): string {
  try {
    parseInput(schema, raw, where);
  } catch (err) {
    assert.instance(err, BadRequestError);
    return (err as BadRequestError).message;
  }
  throw new Error('expected a 400');
}

const names = suite('parseInput: a 400 names the parameter (spec 7)');

names('a missing field is reported as missing', () => {
  assert.is(message(FundHoldingsQuery, {}, 'parameter'), "missing required parameter 'cik' (the fund's SEC CIK)");
  assert.is(message(AddPositionBody, { shares: 1, cost_basis: 1 }, 'body field'), "missing required body field 'ticker'");
  // Missing, not "must be a number" (an outside tester sent MCP's spelling to REST), naming the
  // key that spells it another way.
  assert.is(message(AddPositionBody, { ticker: 'AAPL', shares: 2, costBasis: 100 }, 'body field'), "missing required body field 'cost_basis' (given as 'costBasis': here it is spelled 'cost_basis')");
});

names('a number past its bound names the bound, not zod\'s safe-integer range', () => {
  const limit = z.object({ limit: z.coerce.number().int().min(1).max(100) });
  assert.is(message(limit, { limit: '1e20' }, 'parameter'), "invalid parameter 'limit': must be at most 100");
  assert.is(message(limit, { limit: '-1e20' }, 'parameter'), "invalid parameter 'limit': must be at least 1");
  assert.is(message(limit, { limit: '0' }, 'parameter'), "invalid parameter 'limit': must be at least 1");
});

names("a bound a schema left in zod's words is said as the bounded schemas say it", () => {
  const q = z.object({ q: z.string().min(2).max(5), tickers: z.array(z.string()).min(1).max(2), rate: z.number().positive().lt(1) });
  assert.is(message(q, { q: 'a', tickers: ['A'], rate: 0.5 }, 'parameter'), "invalid parameter 'q': must be at least 2 characters");
  assert.is(message(q, { q: 'abcdef', tickers: ['A'], rate: 0.5 }, 'parameter'), "invalid parameter 'q': must be at most 5 characters");
  assert.is(message(q, { q: 'ab', tickers: [], rate: 0.5 }, 'body field'), "invalid body field 'tickers': must be at least 1 item");
  assert.is(message(q, { q: 'ab', tickers: ['A', 'B', 'C'], rate: 0.5 }, 'body field'), "invalid body field 'tickers': must be at most 2 items");
  assert.is(message(q, { q: 'ab', tickers: ['A'], rate: 0 }, 'body field'), "invalid body field 'rate': must be more than 0");
  assert.is(message(q, { q: 'ab', tickers: ['A'], rate: 1 }, 'body field'), "invalid body field 'rate': must be less than 1");
  const code = z.object({ code: z.string().length(3) });
  assert.is(message(code, { code: 'ab' }, 'parameter'), "invalid parameter 'code': must be exactly 3 characters");
  assert.is(message(code, { code: 'abcd' }, 'parameter'), "invalid parameter 'code': must be exactly 3 characters");
});

names("a value outside an enum a schema left in zod's words is said as REST's enum messages say it", () => {
  // MCP and GraphQL refused the benchmark's `period` with zod's 'expected one of "1M"|"3M"|...'
  // where REST says 'must be one of 1M, 3M, ...' (a review of the doors).
  const period = z.object({ period: z.enum(['1M', '3M', 'YTD']) });
  assert.is(message(period, { period: '2Y' }, 'parameter'), "invalid parameter 'period': must be one of 1M, 3M, YTD");
});

names('a present value of the wrong type (a repeated query parameter, an array in a body) is not called missing', () => {
  const cik = message(FundHoldingsQuery, { cik: ['1', '2'] }, 'parameter');
  assert.not.match(cik, 'missing');
  assert.match(cik, "'cik'");
  assert.match(cik, 'array');
  const q = message(BondSearchQuery, { q: ['ab', 'cd'] }, 'parameter');
  assert.not.match(q, 'missing');
  assert.match(q, "parameter 'q'");
  const ticker = message(AddPositionBody, { ticker: ['AAPL'], shares: 1, cost_basis: 1 }, 'body field');
  assert.not.match(ticker, 'missing');
  assert.match(ticker, "body field 'ticker'");
  const obj = message(AddPositionBody, { ticker: { a: 1 }, shares: 1, cost_basis: 1 }, 'body field');
  assert.is(obj, "invalid body field 'ticker': expected string, received object");
});

names('a custom message that merely contains the word is still prefixed with the quoted name', () => {
  // 'must be a ticker symbol' contains "ticker" but does not name the field.
  assert.is(message(AddPositionBody, { ticker: 'ÄÄPL💥', shares: 1, cost_basis: 1 }, 'body field'), "invalid body field 'ticker': must be a ticker symbol");
  // A message that already names the field in quotes is left alone.
  assert.is(message(AddPositionBody, { ticker: 'AAPL', shares: -1, cost_basis: 1 }, 'body field'), "invalid body field 'shares': must be positive");
});

names.run();

const plugins = suite('resource plugins are named');

plugins('each resource plugin names itself to Fastify and avvio (no search of require.cache per registration)', async () => {
  const { RESOURCES } = await import('../../api/rest/index.ts');
  for (const res of RESOURCES) {
    const display = (res.plugin as unknown as Record<symbol, unknown>)[Symbol.for('fastify.display-name')];
    assert.type(display, 'string', res.name);
    assert.is(res.plugin.name, display, res.name);
  }
  const root = rootPlugin(RESOURCES[0]!);
  assert.is(root.name, `resource ${RESOURCES[0]!.name} (root routes)`);
});

plugins.run();
