/**
 * A bulk zip presented as a folder of documents: the SEC's nightly `companyfacts.zip` as
 * `data.sec.gov/api/xbrl/companyfacts/CIK##########.json`, `submissions.zip` as
 * `data.sec.gov/submissions/...`. Jobs then read it exactly as they read a mirror (same keys, so the
 * run ledger's per-document records and the unchanged-bytes skip carry over between bulk and
 * per-company fetches).
 *
 * The zip is read with yauzl (https://github.com/thejoshwolfe/yauzl): the central directory once,
 * then each entry on demand (its compressed bytes, inflated in one call); the archive is never
 * unpacked on disk and never held in memory, only one entry at a time (at most `maxEntryBytes`).
 */
import { promisify } from 'node:util';
import { inflateRaw } from 'node:zlib';
import yauzl from 'yauzl';
import { normalizePath, SourceError, type Source, type SourceDocument } from './interface.ts';

const inflate = promisify(inflateRaw);

export interface ZipSource extends Source {
  close(): void;
}

export function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false, strictFileNames: false, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );
}

export function readEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (e: yauzl.Entry) => {
      if (!e.fileName.endsWith('/')) entries.set(e.fileName, e);
      zip.readEntry();
    });
    zip.once('end', () => resolve(entries));
    zip.once('error', reject);
    zip.readEntry();
  });
}

/**
 * One entry's bytes: its compressed bytes read whole, then inflated in one call on libuv's thread
 * pool (zlib.inflateRaw), which costs a third of the CPU of yauzl's inflate stream in 16 KB chunks;
 * its output in one chunk of the declared size (one callback, no copy into a concatenated buffer).
 * The inflated size must be the one the central directory declares, and at most `maxBytes`.
 */
function readEntry(zip: yauzl.ZipFile, entry: yauzl.Entry, maxBytes: number): Promise<Buffer> {
  if (entry.uncompressedSize > maxBytes) return Promise.reject(new SourceError(`zip entry ${entry.fileName} is ${entry.uncompressedSize} bytes, over the cap of ${maxBytes}`));
  if (entry.compressionMethod !== 0 && entry.compressionMethod !== 8) return Promise.reject(new SourceError(`zip entry ${entry.fileName}: unsupported compression method ${entry.compressionMethod}`));
  return new Promise<Buffer>((resolve, reject) =>
    zip.openReadStream(entry, { decompress: false }, (err, stream) => {
      if (err) return reject(err);
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.once('error', reject);
      stream.once('end', () => resolve(Buffer.concat(chunks)));
    }),
  ).then(async (raw) => {
    const bytes = entry.compressionMethod === 8 ? await inflate(raw, { maxOutputLength: Math.max(1, entry.uncompressedSize), chunkSize: Math.max(64, entry.uncompressedSize + 1) }) : raw;
    if (bytes.length !== entry.uncompressedSize) throw new SourceError(`zip entry ${entry.fileName}: ${bytes.length} bytes inflated, ${entry.uncompressedSize} declared`);
    return bytes;
  });
}

/** The inflated bytes of one entry, as a stream (never the whole entry in memory). */
export function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

/**
 * Presents each entry (top-level file name) of the zip at `zipKey` as `<folderKey>/<name>`; any
 * other key is asked of `base`. The zip is fetched (`base.file`) and opened on first use, so the
 * download is counted in the run ledger of the job that reads it.
 */
export function zipFolderSource(base: Source, zipKey: string, folderKey: string, maxEntryBytes = 512 * 1024 * 1024): ZipSource {
  const folder = normalizePath(folderKey);
  let opened: Promise<{ zip: yauzl.ZipFile; byKey: Map<string, yauzl.Entry>; keys: string[] }> | null = null;
  const open = () =>
    (opened ??= (async () => {
      if (!base.file) throw new SourceError(`the ${base.name} source cannot provide files`);
      const file = await base.file(zipKey);
      if (!file) throw new SourceError(`${zipKey} is not at the source`);
      const zip = await openZip(file);
      const entries = await readEntries(zip);
      const byKey = new Map([...entries].map(([name, e]) => [`${folder}/${name.slice(name.lastIndexOf('/') + 1)}`, e]));
      return { zip, byKey, keys: [...byKey.keys()].sort() };
    })());
  return {
    name: `${base.name}+zip:${zipKey}`,
    stats: base.stats ? () => base.stats!() : undefined,
    async get(p: string): Promise<SourceDocument | null> {
      const key = normalizePath(p);
      if (!key.startsWith(`${folder}/`)) return base.get(key);
      const { zip, byKey } = await open();
      const entry = byKey.get(key);
      if (!entry) return null;
      return { path: key, bytes: await readEntry(zip, entry, maxEntryBytes), lastModified: entry.getLastModDate().toUTCString() };
    },
    async list(prefix: string): Promise<string[] | null> {
      const key = normalizePath(prefix.replace(/\/+$/, ''));
      if (key === folder || folder.startsWith(`${key}/`)) return (await open()).keys;
      return base.list(key);
    },
    close: () => void opened?.then((o) => o.zip.close(), () => {}),
  };
}

/** `<zip key>!/<entry name>`: one member of a zip document. */
export const ZIP_MEMBER = /^(.+\.zip)!\/(.+)$/;

/**
 * Adds zip members to a source's keys: `get('<zip key>!/<entry>')` fetches the zip once
 * (`source.file`: streamed to the landing folder, conditionally) and reads that entry with yauzl.
 * Used for the SEC's data sets that are published only as zips (the DERA BDC data sets).
 */
export function withZipMembers(source: Source): Source {
  if (!source.file) return source;
  type Opened = { zip: yauzl.ZipFile; entries: Map<string, yauzl.Entry> } | null;
  // An opened zip serves the run that opened it; after ten minutes the next use asks the source again.
  const zips = new Map<string, { at: number; z: Promise<Opened> }>();
  const open = (zipKey: string): Promise<Opened> => {
    const held = zips.get(zipKey);
    if (held && Date.now() - held.at > 10 * 60_000) {
      zips.delete(zipKey);
      void held.z.then((o) => o?.zip.close(), () => {});
    }
    let z = zips.get(zipKey)?.z;
    if (!z) {
      z = (async () => {
        const file = await source.file!(zipKey);
        if (!file) return null;
        const zip = await openZip(file);
        return { zip, entries: await readEntries(zip) };
      })();
      z.catch(() => zips.delete(zipKey));
      zips.set(zipKey, { at: Date.now(), z });
    }
    return z;
  };
  return {
    ...source,
    name: source.name,
    async get(p: string): Promise<SourceDocument | null> {
      const key = normalizePath(p);
      const m = ZIP_MEMBER.exec(key);
      if (!m) return source.get(key);
      const z = await open(m[1]!);
      const entry = z?.entries.get(m[2]!);
      if (!z || !entry) return null;
      return { path: key, bytes: await readEntry(z.zip, entry, 512 * 1024 * 1024), lastModified: entry.getLastModDate().toUTCString() };
    },
    list: (prefix) => source.list(prefix),
  };
}

/** The file names inside a local zip (central directory only). */
export async function zipEntryNames(file: string): Promise<string[]> {
  const zip = await openZip(file);
  try {
    return [...(await readEntries(zip)).keys()];
  } finally {
    zip.close();
  }
}
