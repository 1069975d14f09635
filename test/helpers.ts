/**
 * Shared test helpers: temporary data folders, a warehouse built from the sample corpus, and the
 * whole application in process (`app.inject`).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../api/app.ts';
import type { ServerOptions } from '../api/server.ts';
import type { Services } from '../api/services.ts';
import { runPipelines, type RunResult } from '../pipelines/runner.ts';
import { mirrorSource } from '../pipelines/sources/mirror.ts';
import { loadConfig, SAMPLE_DIR, type Config } from '../schema/config.ts';

const made: string[] = [];
process.on('exit', () => {
  if (process.env.KEEP_TEST_DIRS) return;
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, removed when the process exits (unless KEEP_TEST_DIRS is set). */
export function tempDir(prefix = 'almanac-test-'): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** A configuration for tests: everything embedded, data under `dataDir`. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const dataDir = overrides.dataDir ?? tempDir();
  return { ...loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }), snapshotPollMs: 0, ...overrides, dataDir };
}

/** Builds the sample warehouse (all jobs, or the named ones) into `dataDir` and publishes it. */
export async function buildSample(dataDir: string, jobs: string[] = []): Promise<RunResult> {
  const result = await runPipelines({ dataDir, source: mirrorSource(SAMPLE_DIR), jobs, threads: 1 });
  if (!result.snapshot) throw new Error(`sample build failed: ${JSON.stringify(result.runs.map((r) => [r.job, r.status, r.error, r.quarantined]))}`);
  return result;
}

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  config: Config;
  close(): Promise<void>;
}

/** The whole application over a freshly built sample warehouse (or an existing `dataDir`). */
export async function sampleApp(options: { config?: Partial<Config>; build?: boolean; jobs?: string[]; server?: Partial<ServerOptions> } = {}): Promise<TestApp> {
  const config = testConfig(options.config);
  if (options.build !== false) await buildSample(config.dataDir, options.jobs);
  const { app, services } = await createApp(config, options.server);
  await app.ready();
  return { app, services, config, close: () => app.close() };
}

/** Parses a JSON response body from `inject`. */
export function json<T = any>(res: { body: string }): T {
  return JSON.parse(res.body) as T;
}
