import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { tempDir } from '../../helpers.ts';

const test = suite('news job: dedupe across feeds');

const rss = (title: string, items: { link: string; at: string }[]): string =>
  `<rss version="2.0"><channel><title>${title}</title>${items
    .map((i) => `<item><title>Testimony Before the Committee on Financial Services</title><link>${i.link}</link><pubDate>${new Date(`${i.at}Z`).toUTCString()}</pubDate></item>`)
    .join('')}</channel></rss>`;

test('same title on other dates is kept; the same link, or the same title within 48 hours, stays with the first feed', async () => {
  const mirror = tempDir();
  mkdirSync(path.join(mirror, 'vendor/news'), { recursive: true });
  writeFileSync(
    path.join(mirror, 'vendor/news/a-regulator.xml'),
    rss('Regulator', [
      { link: 'https://reg.example/t/1', at: '2024-01-10T15:00:00' },
      { link: 'https://reg.example/t/2', at: '2024-03-05T15:00:00' },
    ]),
  );
  writeFileSync(
    path.join(mirror, 'vendor/news/b-wire.xml'),
    rss('Wire', [
      { link: 'https://wire.example/copy-of-1', at: '2024-01-11T09:00:00' }, // 18 h after t/1: a syndicated copy
      { link: 'https://reg.example/t/2?utm_source=wire', at: '2024-03-07T15:00:00' }, // t/2's link
      { link: 'https://wire.example/t/3', at: '2024-06-20T15:00:00' }, // a new hearing
    ]),
  );
  const dir = tempDir();
  const run = await runPipelines({ dataDir: dir, source: mirrorSource(mirror), jobs: ['news'], threads: 1, publish: false });
  assert.is(run.status, 'success');
  const { db, conn, instance } = await openBuild(dir);
  try {
    assert.equal(await db.all('SELECT link, source FROM news_items ORDER BY published_at'), [
      { link: 'https://reg.example/t/1', source: 'vendor/news/a-regulator.xml' },
      { link: 'https://reg.example/t/2', source: 'vendor/news/a-regulator.xml' },
      { link: 'https://wire.example/t/3', source: 'vendor/news/b-wire.xml' },
    ]);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
});

test.run();
