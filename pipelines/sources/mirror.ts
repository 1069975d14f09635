/**
 * `mirror:<dir>`: the same document keys read from a directory laid out like EDGAR.
 *
 * - Compressed copies: a document may be stored as `<key>.gz` (gzip); `get` decompresses it and
 *   `list` names it by its key without `.gz` (only names with an extension before `.gz`, such as
 *   `CIK0000320193.json.gz`; EDGAR's own `company.gz` keeps its name), so jobs never see the
 *   difference. An uncompressed file wins when both exist.
 * - Generated documents: the optional manifest `<dir>/SYNTHETIC` lists the keys that were
 *   generated rather than copied from their publisher, one a line (`#` starts a comment; a line
 *   ending in `/` covers a whole folder). `get` marks those documents `synthetic: true`, and the
 *   jobs load their rows with `synthetic = true` (see pipelines/sample/README.md).
 */
import { readFileSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { normalizePath, type Source, type SourceDocument } from './interface.ts';

export const SYNTHETIC_MANIFEST = 'SYNTHETIC';

/** The manifest's entries (keys and folder prefixes ending in `/`); none when there is no manifest. */
export function readSyntheticManifest(root: string): string[] {
  let text: string;
  try {
    text = readFileSync(path.join(root, SYNTHETIC_MANIFEST), 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*$/, '').trim())
    .filter(Boolean)
    .map((l) => (l.endsWith('/') ? `${normalizePath(l.slice(0, -1))}/` : normalizePath(l)));
}

/** True when `key` is listed in the manifest entries (exactly, or under a listed folder). */
export function isListedSynthetic(entries: readonly string[], key: string): boolean {
  return entries.some((e) => (e.endsWith('/') ? key.startsWith(e) : key === e));
}

export function mirrorSource(dir: string): Source {
  const root = path.resolve(dir);
  const synthetic = readSyntheticManifest(root);
  const missing = (err: unknown): boolean => ['ENOENT', 'EISDIR', 'ENOTDIR'].includes((err as NodeJS.ErrnoException).code ?? '');
  return {
    name: `mirror:${root}`,
    async get(p: string): Promise<SourceDocument | null> {
      const key = normalizePath(p);
      const file = path.join(root, key);
      let bytes: Buffer;
      let info;
      try {
        [bytes, info] = await Promise.all([readFile(file), stat(file)]);
      } catch (err) {
        if (!missing(err)) throw err;
        try {
          [bytes, info] = await Promise.all([readFile(`${file}.gz`), stat(`${file}.gz`)]);
        } catch (err2) {
          if (missing(err2)) return null;
          throw err2;
        }
        bytes = gunzipSync(bytes);
      }
      const doc: SourceDocument = { path: key, bytes, lastModified: info.mtime.toUTCString() };
      if (isListedSynthetic(synthetic, key)) doc.synthetic = true;
      return doc;
    },
    async file(p: string): Promise<string | null> {
      const file = path.join(root, normalizePath(p));
      try {
        return (await stat(file)).isFile() ? file : null;
      } catch {
        return null;
      }
    },
    async list(prefix: string): Promise<string[]> {
      const key = normalizePath(prefix.replace(/\/+$/, ''));
      const out = new Set<string>();
      async function walk(rel: string): Promise<void> {
        let entries;
        try {
          entries = await readdir(path.join(root, rel), { withFileTypes: true });
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
          throw err;
        }
        for (const e of entries) {
          const child = `${rel}/${e.name}`;
          if (e.isDirectory()) await walk(child);
          else if (e.isFile() && !e.name.endsWith('.meta.json')) out.add(/\.[A-Za-z0-9]+\.gz$/.test(e.name) ? child.slice(0, -3) : child);
        }
      }
      await walk(key);
      return [...out].sort();
    },
  };
}
