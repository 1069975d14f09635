/**
 * First start: when DATA_DIR holds no snapshot, run every job from the configured source (by
 * default the sample corpus in `pipelines/sample/`) and publish the first snapshot.
 */
import type { Config } from '../schema/config.ts';
import { currentVersion } from '../warehouse/snapshots.ts';

/** Returns the version it published, or null when a snapshot already existed. */
export async function ensureWarehouse(config: Config, quiet = false): Promise<string | null> {
  if (await currentVersion(config.dataDir)) return null;
  // The pipelines (parsers, sources, every job) load only for a build: a start over an existing
  // warehouse does not pay for them.
  const [{ runPipelines }, { openSource }, { consoleProgress }] = await Promise.all([import('./runner.ts'), import('./sources/index.ts'), import('./progress.ts')]);
  const result = await runPipelines({
    dataDir: config.dataDir,
    source: openSource(config.source, config),
    threads: config.duckdbThreads,
    memoryLimit: config.duckdbMemoryLimit,
    keepSnapshots: config.snapshotsKeep,
    progress: quiet ? undefined : consoleProgress({ plain: config.ci }),
  });
  if (!result.snapshot) {
    const failed = result.runs.filter((r) => r.status === 'failed').map((r) => `${r.job}: ${r.error}`);
    throw new Error(`could not build the warehouse: ${failed.join('; ') || 'nothing was published'}`);
  }
  return result.snapshot;
}
