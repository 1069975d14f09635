// Entries run from an esbuild bundle (bin/loader.js, and test/bundle.ts for the test suites).
//
// Loading the service's ~300 TypeScript modules through tsx costs each process seconds of CPU
// before it serves (a module at a time through tsx's loader thread, each compiled on its own);
// one bundle of the same sources, with packages left to node_modules, loads in a fraction of that.
// esbuild is the transformer tsx itself uses, so the code that runs is the same.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * esbuild plugin: `import.meta.dirname`, `filename` and `url` become each source file's own values
 * (a bundle would otherwise give every module the bundle's location), so code that finds files
 * next to itself behaves as it does unbundled. A regular expression, not plain text, finds them:
 * this file is bundled too when the test suites run.
 */
export const ownImportMeta = {
  name: 'own-import-meta',
  setup(build) {
    build.onLoad({ filter: /\.[jt]s$/ }, async (args) => {
      if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
      const source = await readFile(args.path, 'utf8');
      const own = { dirname: path.dirname(args.path), filename: args.path, url: pathToFileURL(args.path).href };
      const contents = source.replace(/\bimport\.meta\.(dirname|filename|url)\b/g, (_, key) => JSON.stringify(own[key]));
      return { contents, loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** The esbuild options every bundle of this repository uses. */
export const bundleOptions = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  sourcemap: 'linked',
  outExtension: { '.js': '.mjs' },
  logLevel: 'error',
  absWorkingDir: root,
  outbase: root,
  plugins: [ownImportMeta],
  metafile: true,
};

const stampOf = (inputs) => inputs.map((p) => {
  const s = statSync(path.join(root, p));
  return [p, s.size, s.mtimeMs];
});

/** Notes that this process runs from the bundle `folder` (a file named by its pid under `.users`). */
function useFolder(folder) {
  try {
    mkdirSync(path.join(folder, '.users'), { recursive: true });
    writeFileSync(path.join(folder, '.users', String(process.pid)), '');
  } catch {
    // a folder another process is removing: this one builds or falls back to tsx
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM'; // a process of another user
  }
};

/** Whether a live process other than this one runs from the bundle `folder`. */
function inUse(folder) {
  let users = [];
  try {
    users = readdirSync(path.join(folder, '.users')).map(Number);
  } catch {
    return false;
  }
  return users.some((pid) => Number.isInteger(pid) && pid > 0 && pid !== process.pid && alive(pid));
}

/**
 * A bundle of `entry` (an absolute .ts path under the repository), rebuilt when any of its source
 * files changed (size or modification time, from the last build's list of inputs). Builds go to a
 * folder named by their inputs' stamp, so processes starting at once never see half a bundle.
 * Returns the bundle's path, or null when it cannot be built or written (read-only checkout).
 * Each process notes the bundle it runs from, and a rebuild removes an older bundle only once no
 * live process runs from it.
 */
export async function bundledEntry(entry) {
  const cache = path.join(root, 'node_modules', '.cache', 'almanac-bin');
  const name = path.basename(entry, '.ts');
  const rel = path.relative(root, entry).replace(/\.ts$/, '.mjs');
  const stampFile = path.join(cache, `${name}.json`);
  try {
    const last = JSON.parse(readFileSync(stampFile, 'utf8'));
    const folder = path.join(cache, `${name}-${last.key}`);
    const out = path.join(folder, rel);
    // Noted as used before the check (a rebuild elsewhere then keeps it), and only when it exists
    // (else the note would make a folder that a rebuild could not be renamed onto).
    if (JSON.stringify(stampOf(last.inputs)) === JSON.stringify(last.stamp) && existsSync(out)) {
      useFolder(folder);
      if (existsSync(out)) return out;
    }
  } catch {
    // no bundle yet, or a source file is gone: build
  }
  try {
    const { build } = await import('esbuild');
    mkdirSync(cache, { recursive: true });
    const staging = path.join(cache, `${name}.${process.pid}.tmp`);
    rmSync(staging, { recursive: true, force: true });
    // Split: modules an entry imports on demand (almanac's command areas) stay separate chunks,
    // so a command loads only its own modules and packages.
    const result = await build({ ...bundleOptions, entryPoints: [entry], outdir: staging, splitting: true });
    // This file too: a change of the bundling itself (its options) makes a new bundle.
    const inputs = [...Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules/')), 'bin/bundle.js'];
    const stamp = stampOf(inputs);
    const key = createHash('sha256').update(JSON.stringify(stamp)).digest('hex').slice(0, 16);
    const folder = path.join(cache, `${name}-${key}`);
    try {
      renameSync(staging, folder);
    } catch {
      // Another process built the same sources; or a folder of that name lost its bundle (removed
      // by hand): then it is replaced.
      if (existsSync(path.join(folder, rel))) rmSync(staging, { recursive: true, force: true });
      else {
        rmSync(folder, { recursive: true, force: true });
        renameSync(staging, folder);
      }
    }
    writeFileSync(`${stampFile}.${process.pid}`, JSON.stringify({ key, inputs, stamp }));
    renameSync(`${stampFile}.${process.pid}`, stampFile);
    useFolder(folder);
    // Older bundles go, unless a live process runs from one: its on-demand chunks (the GraphQL
    // SDL, Arrow answers, the mailer) are imported from that folder while it serves, and a running
    // server whose folder a rebuild removed answered 500 for them.
    for (const old of readdirSync(cache)) {
      if (old.startsWith(`${name}-`) && old !== `${name}-${key}` && !inUse(path.join(cache, old))) rmSync(path.join(cache, old), { recursive: true, force: true });
    }
    return path.join(folder, rel);
  } catch {
    return null;
  }
}
