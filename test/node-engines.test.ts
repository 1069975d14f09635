/**
 * Issue 13.19: package.json `engines.node` agrees with what runs (every installed dependency
 * accepts the oldest Node it allows, so `npm ci` prints no EBADENGINE), and `npm start` / the
 * CLI refuse an older Node with a clear message before loading anything.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { minimumNode, nodeVersionProblem } from '../bin/node-version.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const engines = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
const test = suite('Node engines');

test('engines.node is >=MAJOR.MINOR and this Node satisfies it', () => {
  assert.ok(minimumNode(engines));
  assert.is(nodeVersionProblem(process.versions.node, engines), null);
  assert.is(nodeVersionProblem('20.19.0', '>=20.19'), null);
  assert.is(nodeVersionProblem('22.0.0', '>=20.19'), null);
  assert.match(String(nodeVersionProblem('20.18.9', '>=20.19')), 'needs Node.js >=20.19');
  assert.match(String(nodeVersionProblem('v18.20.0', '>=20.19')), 'this is Node.js 18.20.0');
});

test('every installed package accepts the oldest Node engines.node allows (no EBADENGINE)', () => {
  const oldest = minimumNode(engines).join('.');
  const refusing: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      const full = path.join(dir, name);
      if (name.startsWith('@')) {
        walk(full);
        continue;
      }
      const manifest = path.join(full, 'package.json');
      if (!existsSync(manifest)) continue;
      const pkg = JSON.parse(readFileSync(manifest, 'utf8')) as { name: string; version: string; engines?: { node?: string } };
      const range = pkg.engines?.node;
      if (range && semver.validRange(range) && !semver.satisfies(oldest, range)) refusing.push(`${pkg.name}@${pkg.version} needs node ${range}`);
      if (existsSync(path.join(full, 'node_modules'))) walk(path.join(full, 'node_modules'));
    }
  };
  walk(path.join(ROOT, 'node_modules'));
  assert.equal(refusing, [], `engines.node is ${engines}`);
});

test('npm start and the CLI exit 1 with a clear message on an older Node, before loading anything', () => {
  for (const entry of ['bin/start.ts', 'bin/almanac.ts']) {
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', `Object.defineProperty(process.versions, 'node', { value: '18.19.0' }); await import(${JSON.stringify(path.join(ROOT, entry))});`],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATA_DIR: '/nonexistent/almanac-engines-test' }, timeout: 60_000 },
    );
    assert.is(child.status, 1, `${entry}: ${child.stderr}`);
    assert.match(child.stderr, `almanac: almanac needs Node.js ${engines}`, entry);
    assert.match(child.stderr, 'this is Node.js 18.19.0', entry);
  }
});

test('on a Node too old to register a loader (no module.register), the JavaScript entries print the same message', () => {
  const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  assert.match(pkg.scripts.start!, 'node bin/start.js', 'npm start must not need --import (older Nodes reject the flag itself)');
  assert.match(pkg.scripts.almanac!, 'node bin/almanac.js');
  for (const entry of ['bin/start.js', 'bin/almanac.js']) {
    const child = spawnSync(
      process.execPath,
      ['--input-type=module', '-e', `import m from 'node:module'; Object.defineProperty(m, 'register', { value: undefined }); Object.defineProperty(process.versions, 'node', { value: '16.20.2' }); await import(${JSON.stringify(path.join(ROOT, entry))});`],
      { cwd: ROOT, encoding: 'utf8', env: { ...process.env, DATA_DIR: '/nonexistent/almanac-engines-test' }, timeout: 60_000 },
    );
    assert.is(child.status, 1, `${entry}: ${child.stderr}`);
    assert.match(child.stderr, `almanac: almanac needs Node.js ${engines}`, entry);
    assert.match(child.stderr, 'this is Node.js 16.20.2', entry);
  }
});

test.run();
