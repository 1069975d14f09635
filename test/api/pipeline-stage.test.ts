import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { stage } from '../../api/pipeline.ts';

const req = {} as FastifyRequest;
const reply = {} as FastifyReply;
/** Runs a stage and answers what its `done` was called with (once). */
function run(hook: ReturnType<typeof stage>): Promise<{ err: unknown; calls: number }> {
  return new Promise((resolve) => {
    let calls = 0;
    hook(req, reply, (err?: unknown) => {
      calls++;
      // A second call would change `calls` after this resolves: checked a turn later.
      setTimeout(() => resolve({ err, calls }), 5);
    });
  });
}

const steps = suite('a pipeline stage runs its steps in order as one hook (api/pipeline.ts)');

steps('steps run in order, waiting for those that return a promise; done once, without an error', async () => {
  const order: string[] = [];
  const hook = stage(
    () => void order.push('a'),
    async () => {
      await new Promise((r) => setTimeout(r, 5));
      order.push('b');
    },
    () => void order.push('c'),
  );
  assert.equal(await run(hook), { err: undefined, calls: 1 });
  assert.equal(order, ['a', 'b', 'c']);
});

steps('without a promise the stage finishes before the hook returns', () => {
  let finished = false;
  stage(() => undefined, () => undefined)(req, reply, () => {
    finished = true;
  });
  assert.ok(finished);
});

steps('a step that throws or rejects ends the stage with its error; the steps after it do not run', async () => {
  const ran: string[] = [];
  const thrown = new Error('refused');
  const r1 = await run(stage(() => { throw thrown; }, () => void ran.push('after throw')));
  assert.is(r1.err, thrown);
  assert.is(r1.calls, 1);
  const rejected = new Error('rejected');
  const r2 = await run(stage(async () => { throw rejected; }, () => void ran.push('after reject')));
  assert.is(r2.err, rejected);
  assert.is(r2.calls, 1);
  assert.equal(ran, []);
});

steps.run();
