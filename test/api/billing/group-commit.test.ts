/**
 * Group commit (api/billing/group-commit.ts, the billing ledger's writer): requests finishing
 * within a few ms share one commit; a record resolves only once its row is committed; a refused
 * write fails every waiter of the batch (the API then answers 503 and bills nothing); a batch that
 * committed but reported a failure is retried without counting any row twice (the ledger's
 * request-id key, imitated here by a Map).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { GroupCommit } from '../../../api/billing/group-commit.ts';

interface Row {
  id: string;
}

/** A ledger imitation: rows keyed by id (ON CONFLICT DO NOTHING), with scripted failures. */
function ledger(script: ('ok' | 'refuse' | 'commit-then-fail')[] = []) {
  const rows = new Map<string, number>();
  let calls = 0;
  const write = async (items: Row[]): Promise<void> => {
    const step = script[calls++] ?? 'ok';
    await new Promise((r) => setTimeout(r, 1));
    if (step === 'refuse') throw new Error('store refused');
    for (const it of items) if (!rows.has(it.id)) rows.set(it.id, 1);
    if (step === 'commit-then-fail') throw new Error('connection lost after commit');
  };
  return { rows, write, calls: () => calls };
}

const test = suite('group commit');

test('requests finishing a few ms apart share a commit (not one per request)', async () => {
  const l = ledger();
  const gc = new GroupCommit<Row>(l.write);
  const waits: Promise<void>[] = [];
  for (let i = 0; i < 60; i++) {
    waits.push(gc.record({ id: `r${i}` }));
    if (i % 3 === 2) await new Promise((r) => setTimeout(r, 0.3));
  }
  await Promise.all(waits);
  assert.is(l.rows.size, 60);
  assert.ok(gc.batches <= 15, `60 rows over ~20 timer turns took ${gc.batches} commits`);
});

test('a record resolves only after its row is committed', async () => {
  const l = ledger();
  const gc = new GroupCommit<Row>(l.write, { lingerMs: 5 });
  let resolved = false;
  const p = gc.record({ id: 'a' }).then(() => {
    resolved = true;
    assert.ok(l.rows.has('a'), 'row is in the ledger when the record resolves');
  });
  await new Promise((r) => setTimeout(r, 2));
  assert.is(resolved, false);
  await p;
  assert.is(resolved, true);
});

test('a full batch does not wait for the linger', async () => {
  const l = ledger();
  const gc = new GroupCommit<Row>(l.write, { maxBatch: 10, lingerMs: 10_000 });
  const started = Date.now();
  await Promise.all(Array.from({ length: 10 }, (_, i) => gc.record({ id: `f${i}` })));
  assert.ok(Date.now() - started < 1_000);
  assert.is(gc.batches, 1);
});

test('refused on every attempt: every waiter of the batch fails, nothing is written', async () => {
  const l = ledger(['refuse', 'refuse', 'refuse']);
  const gc = new GroupCommit<Row>(l.write, { attempts: 3 });
  const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => gc.record({ id: `x${i}` })));
  assert.equal(results.map((r) => r.status), Array(5).fill('rejected'));
  assert.is(l.rows.size, 0);
  // The next records are written normally.
  await gc.record({ id: 'after' });
  assert.equal([...l.rows.keys()], ['after']);
});

test('committed but reported failed: retried, each row counted once, every waiter resolved', async () => {
  const l = ledger(['commit-then-fail', 'refuse']);
  const gc = new GroupCommit<Row>(l.write, { attempts: 3 });
  await Promise.all(Array.from({ length: 8 }, (_, i) => gc.record({ id: `c${i}` })));
  assert.is(l.calls(), 3);
  assert.is(l.rows.size, 8);
  assert.ok([...l.rows.values()].every((n) => n === 1));
  // Every attempt's write time is recorded (the bench reports them), the failed ones too.
  assert.is(gc.writeTimes.count, 3);
  assert.ok(gc.writeTimes.min >= 1);
});

test('a batch cut while another commits is written beside it (concurrency 2), after it with concurrency 1', async () => {
  for (const concurrency of [2, 1]) {
    let release!: () => void;
    const slow = new Promise<void>((r) => (release = r));
    const written: string[] = [];
    const gc = new GroupCommit<Row>(
      async (items) => {
        if (items[0]!.id === 'first') await slow;
        written.push(...items.map((i) => i.id));
      },
      { concurrency },
    );
    const first = gc.record({ id: 'first' });
    await new Promise((r) => setTimeout(r, 10));
    let secondDone = false;
    const second = gc.record({ id: 'second' }).then(() => (secondDone = true));
    await new Promise((r) => setTimeout(r, 20));
    assert.is(secondDone, concurrency === 2, `concurrency ${concurrency}`);
    release();
    await Promise.all([first, second]);
    await gc.flush();
    assert.equal(written.sort(), ['first', 'second']);
    assert.is(gc.batches, 2);
  }
});

test('lingerMs 0 keeps the same-tick behaviour', async () => {
  const l = ledger();
  const gc = new GroupCommit<Row>(l.write, { lingerMs: 0 });
  await Promise.all(Array.from({ length: 20 }, (_, i) => gc.record({ id: `z${i}` })));
  assert.is(gc.batches, 1);
  assert.is(l.rows.size, 20);
});

test.run();
