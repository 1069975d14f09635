/**
 * The metering writer's batching (api/billing/meter-writer.ts): one batch in flight, and the calls
 * that finish while it commits form one next batch, cut the moment it commits (issue 15: fewer,
 * larger batches leave more of the shared cores to the server). A store imitation whose commits
 * are released by hand shows what is written when.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { MeterWriter } from '../../../api/billing/meter-writer.ts';
import type { LedgerRow } from '../../../api/billing/ledger.ts';
import type { UserStore } from '../../../api/store/interface.ts';

/** A store whose every `execute` waits until the test commits it; records each batch's ledger ids. */
function heldStore() {
  const batches: string[][] = [];
  const held: (() => void)[] = [];
  const store = {
    execute: (_sql: string, params: unknown[] = []) => {
      // $5 is the ledger's request-id column (meter-writer.ts, BATCH_SQL), a text[] literal
      // (api/store/array-literal.ts) whose quoting JSON reads alike.
      batches.push(JSON.parse(`[${(params[4] as string).slice(1, -1)}]`) as string[]);
      return new Promise<number>((resolve) => held.push(() => resolve(1)));
    },
  } as unknown as UserStore;
  /** Commits the oldest batch still held. */
  const commit = async (): Promise<void> => {
    held.shift()!();
    await new Promise((r) => setTimeout(r, 5));
  };
  return { store, batches, held, commit };
}

const row = (requestId: string): LedgerRow => ({ requestId, accountId: '00000000-0000-7000-8000-000000000001', keyId: null, plan: 'developer', month: '2026-11', costMicros: 0, route: '/api/data', at: new Date() });

const test = suite('meter writer');

test('one batch at a time: calls finishing while it commits form one next batch, written once it commits', async () => {
  const s = heldStore();
  const w = new MeterWriter(s.store);
  const first = w.bill(row('a'));
  await new Promise((r) => setTimeout(r, 5));
  assert.equal(s.batches, [['a']]);
  // Three calls in three turns of the event loop while the first batch commits.
  const later: Promise<void>[] = [];
  for (const id of ['b', 'c', 'd']) {
    later.push(w.bill(row(id)));
    await new Promise((r) => setTimeout(r, 2));
  }
  assert.equal(s.batches, [['a']], 'nothing more is written while a batch commits');
  let laterDone = false;
  void Promise.all(later).then(() => (laterDone = true));
  await s.commit();
  await first;
  assert.equal(s.batches, [['a'], ['b', 'c', 'd']], 'the waiting calls are one batch, cut when the first committed');
  assert.is(laterDone, false, 'a call is not settled before its own batch commits');
  await s.commit();
  await Promise.all(later);
  await w.flush();
  assert.is(w.batches, 2);
  assert.is(s.held.length, 0);
});

test.run();
