/**
 * A number past a body field's bound is refused with the bound, not called "not a number"
 * (issue 13.12: `quantity: 1e19` answered "body field 'quantity' must be a number"), and the MCP
 * tools taking the same numbers refuse them by the same rule (one field schema, two doors: the
 * tools took any positive number, so a paper order of 1e-9 shares passed there).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { ZodType } from 'zod';
import { parseInput } from '../../api/route.ts';
import { TOOLS } from '../../schema/mcp/index.ts';
import { PlaceOrderBody } from '../../schema/paper.ts';
import { AddPositionBody } from '../../schema/portfolio.ts';
import { CIK_RULE, roundShares, withinDecimals } from '../../schema/common.ts';
import { cik } from '../../schema/mcp/params.ts';
import { FundHoldingsQuery } from '../../schema/ownership.ts';

const test = suite('body number bounds');

/** What a door answers: '' when the input passes, else the 400's message. */
function refusal(schema: ZodType, raw: unknown, where: 'parameter' | 'body field'): string {
  try {
    parseInput(schema, raw, where);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
}

test('share counts and quantities inside their bounds pass the 8-decimal rule at every magnitude, and keep their value', () => {
  // An outside pass found 97,144,803,237 shares and 44,414,247.84 refused as having more than 8
  // decimal places (the check multiplied by 1e8 past 2^53), on REST, MCP and GraphQL alike.
  assert.is(refusal(AddPositionBody, { ticker: 'AAPL', shares: 97144803237, cost_basis: 1 }, 'body field'), '');
  assert.is(refusal(PlaceOrderBody, { ticker: 'AAPL', side: 'buy', type: 'limit', quantity: 44414247.84, limitPrice: 0.01 }, 'body field'), '');
  let seed = 7;
  const random = (): number => ((seed = (seed * 48271) % 2147483647) / 2147483647);
  for (let i = 0; i < 20000; i++) {
    const whole = Math.floor(random() * 1e12) + 1;
    const cents = Math.round(random() * 1e11) / 100; // up to 1e9 with 2 places
    const eight = Number((random() * 1000).toFixed(8));
    for (const n of [whole, cents, eight]) {
      assert.ok(withinDecimals(n, 8), String(n));
      assert.is(roundShares(n), n, String(n));
    }
  }
  // Sums of kept quantities come back to their decimal value; a leftover below half the 8th place is none.
  assert.is(roundShares(0.1 + 0.2), 0.3);
  assert.is(roundShares(999999999999.5 + 0.25), 999999999999.75);
  assert.is(roundShares(1.00000001 - 1.000000009), 0);
  assert.ok(withinDecimals(999999999999.12, 8) && withinDecimals(1e12, 8));
  // More than 8 places is still refused, and rounded to 8 when kept.
  assert.not.ok(withinDecimals(1e-12, 8));
  assert.not.ok(withinDecimals(0.123456789, 8));
  assert.is(roundShares(0.123456789), 0.12345679);
  assert.match(refusal(AddPositionBody, { ticker: 'AAPL', shares: 0.123456789, cost_basis: 1 }, 'body field'), 'at most 8 decimal places');
});

test('paper order quantity and limitPrice past their bound name the bound', () => {
  assert.is(refusal(PlaceOrderBody, { ticker: 'AAPL', side: 'buy', quantity: 1e19 }, 'body field'), "invalid body field 'quantity': must be at most 1000000000");
  assert.is(refusal(PlaceOrderBody, { ticker: 'AAPL', side: 'buy', type: 'limit', quantity: 1, limitPrice: 1e19 }, 'body field'), "invalid body field 'limitPrice': must be at most 10000000");
  assert.is(refusal(PlaceOrderBody, { ticker: 'AAPL', side: 'buy', quantity: '1' }, 'body field'), "invalid body field 'quantity': must be a number");
  assert.is(refusal(PlaceOrderBody, { ticker: 'AAPL', side: 'buy', quantity: 1e9 }, 'body field'), '');
});

test('portfolio shares and cost_basis past their bound name the bound', () => {
  assert.is(refusal(AddPositionBody, { ticker: 'AAPL', shares: 1e19, cost_basis: 1 }, 'body field'), "invalid body field 'shares': must be at most 1000000000000");
  assert.is(refusal(AddPositionBody, { ticker: 'AAPL', shares: 1, cost_basis: 1e19 }, 'body field'), "invalid body field 'cost_basis': must be at most 1000000000");
  assert.is(refusal(AddPositionBody, { ticker: 'AAPL', shares: 1e12, cost_basis: 1e9 }, 'body field'), '');
});

test('the MCP tools refuse the same numbers by the same rules', () => {
  const order = TOOLS.place_paper_order.input;
  assert.is(refusal(order, { ticker: 'AAPL', side: 'buy', quantity: 1e-9 }, 'parameter'), "invalid parameter 'quantity': may have at most 8 decimal places");
  assert.is(refusal(order, { ticker: 'AAPL', side: 'buy', quantity: 1e19 }, 'parameter'), "invalid parameter 'quantity': must be at most 1000000000");
  assert.is(refusal(order, { ticker: 'AAPL', side: 'buy', type: 'limit', quantity: 1, limitPrice: 1e19 }, 'parameter'), "invalid parameter 'limitPrice': must be at most 10000000");
  const add = TOOLS.add_portfolio_position.input;
  assert.is(refusal(add, { ticker: 'AAPL', shares: 1e19, costBasis: 1 }, 'parameter'), "invalid parameter 'shares': must be at most 1000000000000");
  assert.match(refusal(TOOLS.alm_recent_insider_buys.input, { minValue: 1e19 }, 'parameter'), "invalid parameter 'minValue': must be a number from 0 to 1000000000000000");
  assert.match(refusal(TOOLS.run_screener.input, { peMax: 1e300 }, 'parameter'), "invalid parameter 'peMax'");
});

test('a CIK of zero is refused however it is written, on every tool that takes one and on REST', () => {
  // An outside pass found "0" and "00" passing as text where the number 0 was refused: a 404 for
  // CIK 0, or "pass 'ticker', 'ownerCik' or 'owner'" when ownerCik was passed.
  const tools = Object.entries(TOOLS).flatMap(([name, tool]) =>
    Object.entries((tool.input as unknown as { shape: Record<string, unknown> }).shape)
      .filter(([, field]) => field === cik || (field as { unwrap?: () => unknown }).unwrap?.() === cik)
      .map(([arg]) => [name, arg] as const),
  );
  assert.ok(tools.length >= 5, `${tools.length} CIK arguments found`);
  for (const [name, arg] of tools) {
    for (const zero of ['0', '00', 0, ' 0 ']) assert.is(refusal(TOOLS[name as keyof typeof TOOLS].input, { [arg]: zero }, 'parameter'), `invalid parameter '${arg}': ${CIK_RULE}`, `${name} ${arg}=${JSON.stringify(zero)}`);
  }
  assert.is(refusal(FundHoldingsQuery, { cik: '0' }, 'parameter'), `parameter 'cik' ${CIK_RULE}`);
  assert.is(refusal(FundHoldingsQuery, { cik: '0001039565' }, 'parameter'), '');
});

test.run();
