/**
 * Test files bundled before they run (used by test/run.ts).
 *
 * A suite that imports the application loads ~300 TypeScript modules. Through tsx each one is
 * resolved and transformed in tsx's loader thread and compiled as its own ES module: ~3 s of CPU
 * per suite before its first test, repeated in every one of ~150 processes. esbuild (the
 * transformer tsx itself uses) bundles all test files in one call instead, with the code they share
 * split into chunks, so a suite loads a handful of modules. Packages stay external (imported from
 * node_modules as usual); `import.meta.dirname`, `filename` and `url` are replaced by each source
 * file's own values, so code that finds files next to itself behaves as it does unbundled.
 */
import { build } from 'esbuild';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { bundleOptions } from '../bin/bundle.js';

const root = path.resolve(import.meta.dirname, '..');

/** Folders under the repository with their own node_modules (workspace packages such as clients/typescript). */
function ownModulesDirs(): string[] {
  const out: string[] = [];
  for (const ws of ['clients']) {
    let names: string[] = [];
    try {
      names = readdirSync(path.join(root, ws));
    } catch {
      continue;
    }
    for (const name of names) if (existsSync(path.join(root, ws, name, 'node_modules'))) out.push(`${ws}/${name}/`);
  }
  return out;
}

/**
 * Bundles `files` (absolute paths of `*.test.ts`) into `outdir`, returning each test file's bundle.
 * A file whose imports reach a workspace package with its own node_modules is left out of the map
 * (a bundle resolves packages from the repository's node_modules only): it runs through tsx.
 * Throws on a build error (the type check reports the same error more clearly).
 */
export async function bundleTests(files: string[], outdir: string): Promise<Map<string, string>> {
  const result = await build({ ...bundleOptions, entryPoints: files, outdir, splitting: true });
  const inputs = result.metafile.inputs;
  const local = ownModulesDirs();
  const reaches = (entry: string): boolean => {
    const seen = new Set<string>();
    const stack = [entry];
    for (let p = stack.pop(); p !== undefined; p = stack.pop()) {
      if (seen.has(p)) continue;
      seen.add(p);
      if (local.some((d) => p.startsWith(d))) return true;
      for (const i of inputs[p]?.imports ?? []) if (!i.external) stack.push(i.path);
    }
    return false;
  };
  return new Map(
    files
      .filter((f) => !reaches(path.relative(root, f)))
      .map((f) => [f, path.join(outdir, path.relative(root, f)).replace(/\.ts$/, '.mjs')]),
  );
}
