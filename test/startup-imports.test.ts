/**
 * What a start loads (issue 15, start-up): `npm start` over an existing warehouse, and every test
 * suite's app, load only what serving needs. Packages for a configuration not in use (pg, ioredis,
 * Stripe, nodemailer), for one answer format (apache-arrow), for the doors loaded on first use or
 * just after listening (graphql-yoga and the Pothos schema, the MCP SDK) and for building a
 * warehouse (the pipelines' parsers) must be reached only through dynamic `import()`. This reads
 * esbuild's import graph of the entries, so a static import added anywhere on the way fails here.
 */
import { build } from 'esbuild';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';

const root = path.resolve(import.meta.dirname, '..');

const LAZY = [
  'pg',
  'ioredis',
  'stripe',
  'nodemailer',
  'apache-arrow',
  'graphql-yoga',
  '@pothos/core',
  '@modelcontextprotocol/sdk/server/index.js',
  '@modelcontextprotocol/sdk/server/streamableHttp.js',
  'fast-xml-parser',
  'yauzl',
  'api/graphql/schema/index.ts',
  'pipelines/runner.ts',
];

/** Every path `entry` reaches by static imports, each with the chain that reaches it. */
async function staticGraph(entry: string): Promise<Map<string, string[]>> {
  const result = await build({ entryPoints: [path.join(root, entry)], absWorkingDir: root, bundle: true, platform: 'node', format: 'esm', packages: 'external', metafile: true, write: false, outdir: 'out', logLevel: 'silent' });
  const inputs = result.metafile.inputs;
  const reached = new Map<string, string[]>([[entry, [entry]]]);
  const queue = [entry];
  for (let p = queue.shift(); p !== undefined; p = queue.shift()) {
    for (const i of inputs[p]?.imports ?? []) {
      if (i.kind === 'dynamic-import' || reached.has(i.path)) continue;
      reached.set(i.path, [...reached.get(p)!, i.path]);
      if (!i.external) queue.push(i.path);
    }
  }
  return reached;
}

for (const entry of ['bin/start.ts', 'api/app.ts']) {
  test(`${entry} reaches the packages and modules loaded on first use only through import()`, async () => {
    const graph = await staticGraph(entry);
    const eager = LAZY.filter((m) => graph.has(m)).map((m) => graph.get(m)!.join(' -> '));
    assert.equal(eager, [], `statically imported:\n${eager.join('\n')}`);
    // The check can fail: these are on the static graph.
    for (const m of ['fastify', '@duckdb/node-api', 'api/server.ts']) assert.ok(graph.has(m), `${m} not found in the graph of ${entry}`);
  });
}

test.run();
