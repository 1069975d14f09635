/** Reads the build database of a data folder (tests of the live runs). */
import { openBuild } from '../../../pipelines/runner.ts';

export async function queryBuild<T>(dataDir: string, sql: string): Promise<T[]> {
  const { instance, conn, db } = await openBuild(dataDir, { threads: 1 });
  try {
    return await db.all<T>(sql);
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}
