/**
 * A number past a body field's bound is refused with the bound, not called "not a number"
 * (issue 13.12: `quantity: 1e19` answered "body field 'quantity' must be a number").
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { PlaceOrderBody } from '../../schema/paper.ts';
import { AddPositionBody } from '../../schema/portfolio.ts';

const test = suite('body number bounds');

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }): string[] => (r.success ? [] : r.error!.issues.map((i) => i.message));

test('paper order quantity and limitPrice past their bound name the bound', () => {
  assert.equal(messages(PlaceOrderBody.safeParse({ ticker: 'AAPL', side: 'buy', quantity: 1e19 })), ["body field 'quantity' must be at most 1000000000"]);
  assert.equal(messages(PlaceOrderBody.safeParse({ ticker: 'AAPL', side: 'buy', type: 'limit', quantity: 1, limitPrice: 1e19 })), ["body field 'limitPrice' must be at most 10000000"]);
  assert.equal(messages(PlaceOrderBody.safeParse({ ticker: 'AAPL', side: 'buy', quantity: '1' })), ["body field 'quantity' must be a number"]);
  assert.ok(PlaceOrderBody.safeParse({ ticker: 'AAPL', side: 'buy', quantity: 1e9 }).success);
});

test('portfolio shares and cost_basis past their bound name the bound', () => {
  assert.equal(messages(AddPositionBody.safeParse({ ticker: 'AAPL', shares: 1e19, cost_basis: 1 })), ["body field 'shares' must be at most 1000000000000"]);
  assert.equal(messages(AddPositionBody.safeParse({ ticker: 'AAPL', shares: 1, cost_basis: 1e19 })), ["body field 'cost_basis' must be at most 1000000000"]);
  assert.ok(AddPositionBody.safeParse({ ticker: 'AAPL', shares: 1e12, cost_basis: 1e9 }).success);
});

test.run();
