/** The embedded user store's start: PGlite's own start parameters kept, its buffer cache sized for one service. */
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openPgliteStore } from '../../../api/store/pglite.ts';
import { tempDir } from '../../helpers.ts';

const test = suite('embedded store start');

const SETTINGS = `SELECT current_setting('shared_buffers') AS shared_buffers, current_setting('search_path') AS search_path,
  current_setting('max_worker_processes') AS workers, current_setting('max_parallel_workers') AS parallel`;

test('in memory and in a folder: a 16 MB buffer cache, with PGlite default parameters still set', async () => {
  for (const dir of [undefined, path.join(tempDir(), 'userstore')]) {
    const store = await openPgliteStore(dir);
    try {
      const [row] = await store.query<Record<string, string>>(SETTINGS);
      assert.equal(row, { shared_buffers: '16MB', search_path: 'public', workers: '0', parallel: '0' }, dir ?? 'in memory');
      await store.exec('CREATE TABLE t (n int); INSERT INTO t VALUES (1), (2)');
      assert.equal(await store.query('SELECT sum(n)::int AS s FROM t'), [{ s: 3 }]);
    } finally {
      await store.close();
    }
  }
});

test.run();
