/**
 * `npm run clients:generate`: regenerates the typed parts of the client packages from the
 * service's OpenAPI description (clients/openapi.ts). `--check` writes nothing and exits 1 when
 * a committed file differs (test/clients/generated.test.ts does the same in `npm test`).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { clientOpenApi, shapeOnly } from './openapi.ts';
import { pythonFiles } from './python/generate.ts';
import { typescriptFiles } from './typescript/scripts/generate.ts';

const CLIENTS = import.meta.dirname;

/** Every generated file, by absolute path. */
export async function generatedFiles(): Promise<Record<string, string>> {
  const doc = shapeOnly(clientOpenApi());
  const out: Record<string, string> = {};
  for (const [rel, text] of Object.entries(await typescriptFiles(doc))) out[path.join(CLIENTS, 'typescript', rel)] = text;
  for (const [rel, text] of Object.entries(pythonFiles(doc))) out[path.join(CLIENTS, 'python', rel)] = text;
  return out;
}

/** The generated files whose committed text differs from what the API generates now. */
export async function staleFiles(): Promise<string[]> {
  const stale: string[] = [];
  for (const [file, text] of Object.entries(await generatedFiles())) {
    let current: string | null = null;
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      current = null;
    }
    if (current !== text) stale.push(path.relative(path.dirname(CLIENTS), file));
  }
  return stale;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--check')) {
    const stale = await staleFiles();
    if (stale.length) {
      console.error(`stale generated client files (run npm run clients:generate):\n  ${stale.join('\n  ')}`);
      process.exitCode = 1;
    } else console.log('generated client files are current');
  } else {
    for (const [file, text] of Object.entries(await generatedFiles())) {
      writeFileSync(file, text);
      console.log(`wrote ${path.relative(path.dirname(CLIENTS), file)}`);
    }
  }
}
