/**
 * The sample corpus's documents read in tests, independently of the pipelines: the bytes of a key
 * (decompressed when the sample keeps it as `<key>.gz`) and plain CSV rows, so a test can compute
 * the values it expects from the file the service loaded instead of typing them.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { SAMPLE_DIR } from '../schema/config.ts';

/** The bytes of the sample document `key` (`<key>.gz` decompressed when only that exists). */
export function sampleBytes(key: string): Buffer {
  const file = path.join(SAMPLE_DIR, key);
  return existsSync(file) ? readFileSync(file) : gunzipSync(readFileSync(`${file}.gz`));
}

/** A sample CSV without quoted fields as header + rows of cells (blank lines dropped). */
export function sampleCsv(key: string): { header: string[]; rows: string[][] } {
  const [header, ...rows] = sampleBytes(key)
    .toString('utf8')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '')
    .map((l) => l.split(','));
  return { header: header!, rows };
}
