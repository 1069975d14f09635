import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
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
  // The landing copies are what live runs downloaded: with none (or `raw` not a folder), refused.
  assert.throws(() => openSource('landing', config), /source landing: nothing has landed in .*raw/);
  writeFileSync(path.join(config.dataDir, 'raw'), 'not a folder');
  assert.throws(() => openSource('landing', config), /nothing has landed/);
  rmSync(path.join(config.dataDir, 'raw'));
  mkdirSync(path.join(config.dataDir, 'raw', 'www.sec.gov'), { recursive: true });
  assert.is(openSource('landing', config).name, `mirror:${path.join(config.dataDir, 'raw')}`);
  assert.is(openSource('mirror:/tmp/x', config).name, 'mirror:/tmp/x');
  assert.throws(() => openSource('ftp', config), /unknown source/);
  assert.throws(() => openSource('mirror:', config), /unknown source/);
});

mirror('a gzip copy (<key>.gz) is read and listed as its key; the plain file wins when both exist', async () => {
  const dir = layout();
  const facts = JSON.stringify({ cik: 320193, entityName: 'Apple Inc.', facts: {} });
  const key = 'data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json';
  mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
  writeFileSync(path.join(dir, `${key}.gz`), gzipSync(facts));
  // EDGAR's own compressed index keeps its name (no extension before .gz).
  writeFileSync(path.join(dir, 'data.sec.gov/api/xbrl/companyfacts/company.gz'), gzipSync('x'));
  const src = mirrorSource(dir);
  const doc = await src.get(key);
  assert.is(doc!.bytes.toString('utf8'), facts, 'decompressed');
  assert.is(doc!.path, key);
  assert.equal(await src.list('data.sec.gov/api/xbrl/companyfacts'), [
    'data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json',
    'data.sec.gov/api/xbrl/companyfacts/company.gz',
  ]);
  // The gzip bytes themselves are still there under their own name.
  assert.equal((await src.get(`${key}.gz`))!.bytes, gzipSync(facts));
  writeFileSync(path.join(dir, key), '{"plain":true}');
  assert.is((await src.get(key))!.bytes.toString(), '{"plain":true}');
  assert.equal(await src.list('data.sec.gov/api/xbrl/companyfacts'), [
    'data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json',
    'data.sec.gov/api/xbrl/companyfacts/company.gz',
  ], 'listed once');
});

mirror('the SYNTHETIC manifest marks generated documents (exact keys and folders); others are not marked', async () => {
  const dir = layout();
  for (const key of ['vendor/prices/AAPL.csv', 'vendor/news/wire.xml', 'fred.stlouisfed.org/series/DGS10.csv']) {
    mkdirSync(path.dirname(path.join(dir, key)), { recursive: true });
    writeFileSync(path.join(dir, key), 'x');
  }
  writeFileSync(path.join(dir, 'SYNTHETIC'), '# generated files\nvendor/prices/\nvendor/news/wire.xml  # a feed we wrote\n\n');
  const src = mirrorSource(dir);
  assert.is((await src.get('vendor/prices/AAPL.csv'))!.synthetic, true);
  assert.is((await src.get('vendor/news/wire.xml'))!.synthetic, true);
  assert.is((await src.get('fred.stlouisfed.org/series/DGS10.csv'))!.synthetic, undefined);
  assert.is((await src.get('www.sec.gov/files/company_tickers.json'))!.synthetic, undefined);
  assert.is(await src.get('SYNTHETIC').then((d) => d!.synthetic), undefined, 'the manifest is not itself listed');
  // Without a manifest nothing is synthetic (the landing folder of a live source has none).
  const plain = mirrorSource(layout());
  assert.is((await plain.get('www.sec.gov/files/company_tickers.json'))!.synthetic, undefined);
});

mirror.run();
