/**
 * The client packages are versioned with the API: their generated types (TypeScript via
 * openapi-typescript, Python TypedDicts and methods) are regenerated in memory from the OpenAPI
 * description and must equal the committed files. Fails after an API change until
 * `npm run clients:generate` is run and its output committed.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generatedFiles } from '../../clients/generate.ts';
import { clientOpenApi, pagedOperations, shapeOnly } from '../../clients/openapi.ts';

const test = suite('generated client files');
const root = path.resolve(import.meta.dirname, '../..');

test('every generated file matches the current OpenAPI description (run npm run clients:generate)', async () => {
  const files = await generatedFiles();
  assert.ok(Object.keys(files).length >= 3);
  const stale: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    let committed: string | null = null;
    try {
      committed = readFileSync(file, 'utf8');
    } catch {
      committed = null;
    }
    if (committed !== text) stale.push(path.relative(root, file));
  }
  assert.equal(stale, [], `stale generated client files: ${stale.join(', ')}; run npm run clients:generate and commit the result`);
});

test('the generated files carry the API version and the paged operations', async () => {
  const doc = clientOpenApi();
  const files = await generatedFiles();
  const text = Object.values(files).join('\n');
  assert.ok(text.includes(`API version ${String(doc.info.version)}`));
  const paged = pagedOperations(doc);
  assert.ok(paged.some((p) => p.path === '/news/search' && p.items === 'items'));
  assert.ok(paged.some((p) => p.path === '/insiders' && p.items === null));
  for (const p of paged) assert.ok(text.includes(JSON.stringify(p.path)), p.path);
});

test('a changed API makes the comparison fail (the check can fail)', async () => {
  const { typescriptFiles } = await import('../../clients/typescript/scripts/generate.ts');
  const { pythonFiles } = await import('../../clients/python/generate.ts');
  const doc = clientOpenApi();
  const before = { ...(await typescriptFiles(doc)), ...pythonFiles(doc) };
  const search = doc.paths['/ticker-search']!.get as { parameters: { name: string; in: string; schema: object }[] };
  search.parameters.push({ name: 'exchange', in: 'query', schema: { type: 'string' } });
  const after = { ...(await typescriptFiles(doc)), ...pythonFiles(doc) };
  assert.ok(after['src/generated/openapi.ts']!.includes('exchange?: string'));
  assert.is.not(after['src/generated/openapi.ts'], before['src/generated/openapi.ts']);
  assert.ok(after['almanac_client/_generated.py']!.includes('exchange: str | None = None'));
  assert.is.not(after['almanac_client/_generated.py'], before['almanac_client/_generated.py']);
});

test('prose is not shape: reworded descriptions leave the generated files alone, a property named description stays', async () => {
  const { typescriptFiles } = await import('../../clients/typescript/scripts/generate.ts');
  const doc = clientOpenApi();
  const before = await typescriptFiles(shapeOnly(doc));
  const op = doc.paths['/ticker-search']!.get as { description: string; summary: string };
  op.description = 'reworded';
  assert.equal(await typescriptFiles(shapeOnly(doc)), before);
  const stripped = shapeOnly({ description: 'x', properties: { description: { type: 'string', description: 'y' } }, required: ['description'] });
  assert.equal(stripped, { properties: { description: { type: 'string' } }, required: ['description'] });
  op.summary = 'renamed';
  assert.is.not((await typescriptFiles(shapeOnly(doc)))['src/generated/openapi.ts'], before['src/generated/openapi.ts']);
});

test.run();
