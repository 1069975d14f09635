/**
 * Production refuses to start with the public development ALMANAC_SECRET, a missing one or a short
 * one (issue 13.4): with it anyone can forge CSRF tokens and mint proof-of-work challenges.
 * Checked through `loadConfig` + `assertServable`, `startServer`, and a real `bin/start.ts` process.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { startServer } from '../../../api/main.ts';
import { issueCsrfToken, verifyCsrfToken } from '../../../api/identity/csrf.ts';
import { assertServable, DEVELOPMENT_SECRET, loadConfig, MIN_SECRET_LENGTH, secretProblem } from '../../../schema/config.ts';
import { tempDir } from '../../helpers.ts';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const STRONG = 'q8Yc2m0ZPpJ1rXvWb7nKd4sHt9uLa3eF6gQyC5iOwTk=';

const s = suite('production secret');

s('the development secret is public: a CSRF token forged with it verifies', () => {
  // Why production must refuse it: this is all an attacker needs.
  const forged = issueCsrfToken(DEVELOPMENT_SECRET, 's:victim-session');
  assert.ok(verifyCsrfToken(loadConfig({ NODE_ENV: 'production' }).secret, 's:victim-session', forged));
});

s('production: unset, empty, development and short secrets are refused, with a message naming ALMANAC_SECRET', () => {
  for (const secret of [undefined, '', DEVELOPMENT_SECRET, 'x'.repeat(MIN_SECRET_LENGTH - 1)]) {
    const config = loadConfig({ NODE_ENV: 'production', ...(secret === undefined ? {} : { ALMANAC_SECRET: secret }) });
    assert.throws(() => assertServable(config), /refusing to start in production: ALMANAC_SECRET/, String(secret));
  }
  assert.not.throws(() => assertServable(loadConfig({ NODE_ENV: 'production', ALMANAC_SECRET: STRONG })));
  assert.is(secretProblem({ secret: 'x'.repeat(MIN_SECRET_LENGTH) }), null);
});

s('development and test only warn: the default secret still lets a fresh clone start', () => {
  for (const NODE_ENV of ['development', 'test', undefined]) {
    const config = loadConfig({ ...(NODE_ENV ? { NODE_ENV } : {}) });
    assert.not.throws(() => assertServable(config));
    assert.match(secretProblem(config) ?? '', 'ALMANAC_SECRET is unset');
  }
});

s('startServer refuses before opening anything', async () => {
  const config = { ...loadConfig({ NODE_ENV: 'production', DATA_DIR: tempDir() }), port: 0, host: '127.0.0.1' };
  try {
    await startServer(config);
    assert.unreachable('started with the development secret in production');
  } catch (err) {
    assert.match((err as Error).message, 'refusing to start in production');
  }
});

s('npm start (bin/start.ts) exits 1 with a clear message and no stack trace', () => {
  const env = { ...process.env, NODE_ENV: 'production', DATA_DIR: tempDir(), PORT: '0', ALMANAC_SECRET: 'too-short' };
  const run = spawnSync(process.execPath, ['bin/start.js'], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
  assert.is(run.status, 1, run.stderr);
  assert.match(run.stderr, /^almanac: refusing to start in production: ALMANAC_SECRET is 9 characters long/m);
  assert.not.match(run.stderr, /\n\s+at /, 'no stack trace');
});

s.run();
