/**
 * Another process holding the build database open for writing, as a running `almanac pipelines
 * run` does: for the suites that check a second writer is refused (busy, exit 75).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

const HOLD_BUILD_DB = `
import { DuckDBInstance } from '@duckdb/node-api';
const instance = await DuckDBInstance.create(process.argv[1]);
await instance.connect();
process.stdout.write('ready\\n');
setInterval(() => undefined, 1000);
`;

/** A child process holding `buildFile` open, once it does; `kill()` it when done. */
export async function holdBuildDatabase(buildFile: string): Promise<ChildProcess> {
  const holder = spawn(process.execPath, ['--input-type=module', '-e', HOLD_BUILD_DB, buildFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      holder.stdout!.once('data', () => resolve());
      holder.once('exit', (code) => reject(new Error(`holder exited ${code}`)));
    });
  } catch (err) {
    holder.kill();
    throw err;
  }
  return holder;
}
