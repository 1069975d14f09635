/** Loading on first use (api/first-use.ts): one load shared by concurrent callers, retried after a failure. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { loadOnce } from '../../api/first-use.ts';

test('concurrent first calls share one load; later calls get the same value', async () => {
  let loads = 0;
  const get = loadOnce(async () => ({ n: ++loads }));
  const [a, b] = await Promise.all([get(), get()]);
  assert.is(a, b);
  assert.is(await get(), a);
  assert.is(loads, 1);
});

test('a failed load is not kept: the next call loads again', async () => {
  let loads = 0;
  const get = loadOnce(async () => {
    loads++;
    if (loads === 1) throw new Error('first load fails');
    return loads;
  });
  await get().then(
    () => assert.unreachable('the first load fails'),
    (err: Error) => assert.is(err.message, 'first load fails'),
  );
  assert.is(await get(), 2);
  assert.is(await get(), 2);
});

test.run();
