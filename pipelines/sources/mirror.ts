/** `mirror:<dir>`: the same document keys read from a directory laid out like EDGAR. */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { normalizePath, type Source, type SourceDocument } from './interface.ts';

export function mirrorSource(dir: string): Source {
  const root = path.resolve(dir);
  return {
    name: `mirror:${root}`,
    async get(p: string): Promise<SourceDocument | null> {
      const key = normalizePath(p);
      const file = path.join(root, key);
      try {
        const [bytes, info] = await Promise.all([readFile(file), stat(file)]);
        return { path: key, bytes, lastModified: info.mtime.toUTCString() };
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw err;
      }
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
      const out: string[] = [];
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
          else if (e.isFile() && !e.name.endsWith('.meta.json')) out.push(child);
        }
      }
      await walk(key);
      return out.sort();
    },
  };
}
