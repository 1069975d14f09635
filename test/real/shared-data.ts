/**
 * Where the real-data suites find `../shared/data` (beside the repository, as in CI), and a suite
 * whose tests are reported as skipped, not passed, when that folder is absent.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { suite, type Test } from 'uvu';

/** `ALMANAC_SHARED_DATA`, else `../shared/data` next to the repository. */
export const SHARED_DATA = process.env.ALMANAC_SHARED_DATA ?? path.resolve(import.meta.dirname, '../../../shared/data');

/** A uvu suite over real files under `required`: every test is a skip when it is missing. */
export function realSuite(title: string, required: string): Test {
  const s = suite(title);
  if (existsSync(required)) return s;
  console.log(`skipped "${title}": ${required} is missing`);
  const skipping = ((name: string, fn: Parameters<Test>[1]) => s.skip(name, fn)) as Test;
  return Object.assign(skipping, { before: s.before, after: s.after, run: s.run, skip: s.skip, only: s.skip });
}
