/**
 * Ticker parameters are upper-cased by zod's own string check (`.toUpperCase()`), not by a
 * `.transform()`: a transform makes the schema a pipe, and on the point-lookup paths the pipe's
 * per-request objects survived scavenges (`bench:serve` with BENCH_HEAP=1, paced 5,000 req/s:
 * 6.97 MB surviving per 3 s of MCP `get_fundamentals` and 3.98 MB of `fundamentals-pit`, against
 * 0.60 and 0.72 MB with the check and 0.42-0.48 MB for the bare hello-world; the old generation
 * they filled brought the major collections that made those routes' p99). Each schema still trims,
 * upper-cases and refuses what it refused.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { z } from 'zod';
import { HistoryQuery, PitQuery } from '../../schema/fundamentals.ts';
import { ticker as mcpTicker } from '../../schema/mcp/params.ts';
import { RequiredTicker } from '../../schema/prices.ts';
import { TOOL_CATALOG } from '../../schema/mcp/index.ts';

const test = suite('ticker case');

const tickerSchemas: [string, z.ZodType][] = [
  ['fundamentals-pit', PitQuery.shape.ticker],
  ['fundamentals history', HistoryQuery.shape.ticker],
  ['MCP ticker', mcpTicker],
  ['prices', RequiredTicker],
];

test('each is a plain string schema (no pipe) that trims and upper-cases', () => {
  for (const [name, schema] of tickerSchemas) {
    assert.is(schema._zod.def.type, 'string', name);
    assert.is(schema.parse(' brk-b '), 'BRK-B', name);
    assert.not.ok(schema.safeParse('').success, name);
  }
});

test('every MCP tool with a ticker argument takes the plain schema', () => {
  let seen = 0;
  for (const tool of TOOL_CATALOG) {
    const shape = (tool.input as unknown as { shape?: Record<string, z.ZodType> }).shape;
    let arg = shape?.ticker;
    if (!arg) continue;
    // Optional arguments wrap the same schema.
    while (arg._zod.def.type === 'optional') arg = (arg._zod.def as unknown as { innerType: z.ZodType }).innerType;
    assert.is(arg._zod.def.type, 'string', tool.name);
    seen += 1;
  }
  assert.ok(seen >= 10, `only ${seen} tools take a ticker`);
});

test.run();
