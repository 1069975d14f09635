import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openSource } from '../../../pipelines/sources/index.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { tempDir, testConfig } from '../../helpers.ts';

const mirror = suite('mirror source');

function layout(): string {
  const dir = tempDir();
  for (const [key, text] of [
    ['www.sec.gov/files/company_tickers.json', '{"0":{"cik_str":1,"ticker":"X","title":"X"}}'],
    ['data.sec.gov/submissions/CIK0000000001.json', '{}'],
    ['data.sec.gov/submissions/CIK0000000001-submissions-001.json', '{}'],
    ['data.sec.gov/submissions/CIK0000000001.json.meta.json', '{}'],
  ]) {
    mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    writeFileSync(path.join(dir, key), text);
  }
  return dir;
}

mirror('reads documents by EDGAR key; missing -> null', async () => {
  const src = mirrorSource(layout());
  const doc = await src.get('www.sec.gov/files/company_tickers.json');
  assert.is(doc!.bytes.toString(), '{"0":{"cik_str":1,"ticker":"X","title":"X"}}');
  assert.is(doc!.path, 'www.sec.gov/files/company_tickers.json');
  assert.is(await src.get('www.sec.gov/files/nope.json'), null);
  assert.is(await src.get('www.sec.gov/files'), null, 'a folder is not a document');
});

mirror('lists recursively and sorted, leaving out landing metadata', async () => {
  const src = mirrorSource(layout());
  assert.equal(await src.list('data.sec.gov'), [
    'data.sec.gov/submissions/CIK0000000001-submissions-001.json',
    'data.sec.gov/submissions/CIK0000000001.json',
  ]);
  assert.equal(await src.list('nothing/here'), []);
});

mirror('no escaping the mirror folder', async () => {
  const src = mirrorSource(layout());
  try {
    await src.get('../../etc/passwd');
    assert.unreachable();
  } catch (err) {
    assert.match((err as Error).message, /invalid document path/);
  }
});

mirror('openSource names: edgar, landing, mirror:DIR; anything else is refused', () => {
  const config = testConfig();
  assert.is(openSource('edgar', config).name, 'edgar');
  assert.is(openSource('landing', config).name, `mirror:${path.join(config.dataDir, 'raw')}`);
  assert.is(openSource('mirror:/tmp/x', config).name, 'mirror:/tmp/x');
  assert.throws(() => openSource('ftp', config), /unknown source/);
  assert.throws(() => openSource('mirror:', config), /unknown source/);
});

mirror.run();
