/** The MCP heavy-tool gate (spec 8.4): 2 at once per tool, 5 in all, a bounded FIFO queue. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { ApiError } from '../../../api/errors.ts';
import { HeavyGate } from '../../../api/limits/heavy.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const test = suite('HeavyGate');

test('never more than 2 of a tool and 5 in all at once; every queued call runs', async () => {
  const gate = new HeavyGate({ maxQueue: 100, maxWaitMs: 5_000 });
  let peakTotal = 0;
  const peak: Record<string, number> = {};
  const tools = ['get_fundamentals', 'peer_fundamentals', 'intrinsic_value', 'sec_filings'];
  const calls = Array.from({ length: 40 }, (_, i) => {
    const tool = tools[i % tools.length]!;
    return gate.run(tool, async () => {
      peakTotal = Math.max(peakTotal, gate.running());
      peak[tool] = Math.max(peak[tool] ?? 0, gate.running(tool));
      await sleep(5);
      return i;
    });
  });
  assert.equal(await Promise.all(calls), Array.from({ length: 40 }, (_, i) => i));
  assert.is(peakTotal, 5);
  assert.equal(Object.values(peak), [2, 2, 2, 2]);
  assert.is(gate.running(), 0);
  assert.is(gate.queued, 0);
});

test('a full queue refuses at once with 429 and Retry-After: 1; a failing tool frees its slot', async () => {
  const gate = new HeavyGate({ maxQueue: 1, maxWaitMs: 5_000 });
  let release!: () => void;
  const hold = new Promise<void>((r) => (release = r));
  const a = gate.run('get_fundamentals', () => hold);
  const b = gate.run('get_fundamentals', () => hold);
  const queued = gate.run('get_fundamentals', async () => 'ran');
  try {
    await gate.run('get_fundamentals', async () => 'never');
    assert.unreachable();
  } catch (err) {
    assert.ok(err instanceof ApiError);
    assert.is(err.status, 429);
    assert.is(err.headers['Retry-After'], '1');
  }
  release();
  await Promise.all([a, b]);
  assert.is(await queued, 'ran');
  try {
    await gate.run('get_fundamentals', async () => {
      throw new Error('tool failed');
    });
  } catch (err) {
    assert.is((err as Error).message, 'tool failed');
  }
  assert.is(gate.running(), 0);
});

test('a call waiting longer than maxWaitMs is refused with 429', async () => {
  const gate = new HeavyGate({ perTool: 1, maxWaitMs: 30 });
  const slow = gate.run('t', () => sleep(100));
  try {
    await gate.run('t', async () => 'late');
    assert.unreachable();
  } catch (err) {
    assert.is((err as ApiError).status, 429);
  }
  await slow;
  assert.is(gate.queued, 0);
});

test.run();
