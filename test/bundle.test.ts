/**
 * Bundles (bin/bundle.js: `npm start` and `almanac`; test/bundle.ts: the suites) behave like the
 * TypeScript they come from: modules
 * that find files next to themselves (`import.meta.dirname`, `filename`, `url`) see their own
 * location, not the bundle's, and packages are loaded from node_modules.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { bundledEntry } from '../bin/bundle.js';
import { bundleTests } from './bundle.ts';

const root = path.resolve(import.meta.dirname, '..');
const test = suite('test bundles');

test('a bundled module keeps its own import.meta values and runs without tsx', async () => {
  // The entry must live under the repository (bundles mirror paths relative to it).
  const dir = mkdtempSync(path.join(root, 'test', '.bundle-probe-'));
  const out = mkdtempSync(path.join(root, 'node_modules', '.cache', 'bundle-probe-'));
  try {
    const entry = path.join(dir, 'probe.test.ts');
    // Spelled in pieces: the bundler rewrites this very file's `import.meta` text when it runs bundled.
    const meta = ['import', 'meta'].join('.');
    writeFileSync(
      entry,
      [
        `import { STORE_MIGRATIONS_DIR } from '../../api/store/migrate.ts';`,
        `import { SAMPLE_DIR } from '../../schema/config.ts';`,
        `import { z } from 'zod';`,
        `const here: string = ${meta}.filename;`,
        `console.log(JSON.stringify({ migrations: STORE_MIGRATIONS_DIR, sample: SAMPLE_DIR, here, url: ${meta}.url, dir: ${meta}.dirname, zod: z.string().parse('ok') }));`,
      ].join('\n'),
    );
    const bundles = await bundleTests([entry], out);
    const bundle = bundles.get(entry)!;
    assert.ok(bundle.startsWith(out) && bundle.endsWith('probe.test.mjs'), bundle);
    const run = spawnSync(process.execPath, [bundle], { encoding: 'utf8' });
    assert.is(run.status, 0, run.stderr);
    const seen = JSON.parse(run.stdout);
    assert.equal(seen, {
      migrations: path.join(root, 'api/store/migrations'),
      sample: path.join(root, 'pipelines/sample'),
      here: entry,
      url: `file://${entry}`,
      dir,
      zod: 'ok',
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(out, { recursive: true, force: true });
  }
});

test('an entry run from its bundle (npm start, almanac) is rebuilt when a source it imports changes', async () => {
  const dir = mkdtempSync(path.join(root, 'test', '.bundle-probe-'));
  const name = path.basename(dir).replace(/^\./, '');
  try {
    const entry = path.join(dir, `${name}.ts`);
    const part = path.join(dir, 'part.ts');
    writeFileSync(part, `export const value: number = 1;\n`);
    writeFileSync(entry, `import { value } from './part.ts';\nconsole.log(value);\n`);
    const first = await bundledEntry(entry);
    assert.ok(first);
    assert.is(spawnSync(process.execPath, [first!], { encoding: 'utf8' }).stdout.trim(), '1');
    assert.is(await bundledEntry(entry), first, 'unchanged sources: the same bundle');
    writeFileSync(part, `export const value: number = 22;\n`);
    const second = await bundledEntry(entry);
    assert.is.not(second, first);
    assert.is(spawnSync(process.execPath, [second!], { encoding: 'utf8' }).stdout.trim(), '22');
    assert.not.ok(existsSync(first!), 'the stale bundle is removed');
    // A bundle a live process runs from stays through a rebuild (its on-demand chunks are imported
    // while it serves), and goes with the first rebuild after that process is gone.
    const runner = spawn('sleep', ['60'], { stdio: 'ignore' });
    try {
      const folderOf = (bundle: string): string => path.join(root, 'node_modules', '.cache', 'almanac-bin', path.relative(path.join(root, 'node_modules', '.cache', 'almanac-bin'), bundle).split(path.sep)[0]!);
      writeFileSync(path.join(folderOf(second!), '.users', String(runner.pid)), '');
      writeFileSync(part, `export const value: number = 333;\n`);
      const third = await bundledEntry(entry);
      assert.is(spawnSync(process.execPath, [third!], { encoding: 'utf8' }).stdout.trim(), '333');
      assert.ok(existsSync(second!), 'a bundle a live process runs from is kept');
      runner.kill();
      await new Promise((r) => runner.once('exit', r));
      writeFileSync(part, `export const value: number = 4444;\n`);
      await bundledEntry(entry);
      assert.not.ok(existsSync(second!), 'and removed once that process is gone');
    } finally {
      runner.kill();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
    const cache = path.join(root, 'node_modules', '.cache', 'almanac-bin');
    for (const f of readdirSync(cache)) if (f.startsWith(name)) rmSync(path.join(cache, f), { recursive: true, force: true });
  }
});

test.run();
