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

test.run();
