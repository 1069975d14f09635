/**
 * Shared test helpers: temporary data folders, a warehouse built from the sample corpus, and the
 * whole application in process (`app.inject`).
 */
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { createApp } from '../api/app.ts';
import type { ServerOptions } from '../api/server.ts';
import { conformancePlugin, violations } from './openapi-conformance.ts';
import type { Services } from '../api/services.ts';
import type { RunResult } from '../pipelines/runner.ts';
import { loadConfig, SAMPLE_DIR, type Config } from '../schema/config.ts';
import { migrateStore, STORE_MIGRATIONS_DIR } from '../api/store/migrate.ts';
import { openPgliteStore } from '../api/store/pglite.ts';
import type { UserStore } from '../api/store/interface.ts';
import { buildFile, pointTo, snapshotFile, snapshotsDir } from '../warehouse/snapshots.ts';
import { Serving } from '../warehouse/serving.ts';
import { cachedOnce } from './file-lock.ts';

const made: string[] = [];
process.on('exit', () => {
  if (process.env.KEEP_TEST_DIRS) return;
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** A fresh temporary folder, removed when the process exits (unless KEEP_TEST_DIRS is set). */
/** A serving layer of no companies, for the caches it holds (its memo and body cache). */
export function emptyServing(memoEntries = 10): Serving {
  return new Serving('v1', [], new Map(), { companies: 0, statements: 0, periods: 0, buildMs: 0 }, memoEntries);
}

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

const ROOT = path.resolve(import.meta.dirname, '..');

/**
 * A fingerprint of everything a sample build depends on: the corpus, pipelines and warehouse code,
 * plus `extra` (the job list, or a generator's own source).
 */
export function buildFingerprint(jobs: string[], extra = ''): string {
  const hash = createHash('sha256').update(jobs.join(',')).update(extra);
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      const st = statSync(full);
      if (st.isDirectory()) walk(full);
      else hash.update(`${path.relative(ROOT, full)}:${st.size}:${st.mtimeMs}\n`);
    }
  };
  for (const dir of ['pipelines', 'warehouse', 'schema']) walk(path.join(ROOT, dir));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Builds the sample warehouse (all jobs, or the named ones) into `dataDir` and publishes it.
 * Builds are cached machine-wide (keyed by a fingerprint of the corpus and the pipeline/warehouse
 * code), so suites that only read the sample copy a finished snapshot; suites that miss while
 * another process builds wait for its build. Set SAMPLE_CACHE=0 to always build.
 */
export async function buildSample(dataDir: string, jobs: string[] = []): Promise<RunResult> {
  const cached = path.join(tmpdir(), 'almanac-sample-cache', buildFingerprint(jobs));
  if (process.env.SAMPLE_CACHE === '0') return build(dataDir, jobs);
  // One process builds while the others that missed wait for its cache (test/file-lock.ts).
  return cachedOnce(
    cached,
    () => copyCachedSample(cached, dataDir),
    async () => {
      const result = await build(dataDir, jobs);
      const write = (staging: string): void => {
        copyFileSync(snapshotFile(dataDir, result.snapshot!), path.join(staging, 'snapshot.duckdb'));
        writeFileSync(path.join(staging, 'result.json'), JSON.stringify(result));
      };
      return { value: result, write: result.status === 'success' ? write : undefined };
    },
  );
}

async function build(dataDir: string, jobs: string[]): Promise<RunResult> {
  // The pipelines load only on a miss: most suites copy the cached build.
  const [{ runPipelines }, { mirrorSource }] = await Promise.all([import('../pipelines/runner.ts'), import('../pipelines/sources/mirror.ts')]);
  const result = await runPipelines({ dataDir, source: mirrorSource(SAMPLE_DIR), jobs, threads: 1 });
  if (!result.snapshot) throw new Error(`sample build failed: ${JSON.stringify(result.runs.map((r) => [r.job, r.status, r.error, r.quarantined]))}`);
  return result;
}

/** Copies a cached sample build into `dataDir` and publishes it; undefined when there is none. */
async function copyCachedSample(cached: string, dataDir: string): Promise<RunResult | undefined> {
  if (!existsSync(path.join(cached, 'result.json'))) return undefined;
  const result = JSON.parse(readFileSync(path.join(cached, 'result.json'), 'utf8')) as RunResult;
  mkdirSync(snapshotsDir(dataDir), { recursive: true });
  copyFileSync(path.join(cached, 'snapshot.duckdb'), snapshotFile(dataDir, result.snapshot!));
  // The snapshot is a checkpointed copy of the build database: restore that too, so a test can
  // open the build database after buildSample (e.g. to add rows and publish again).
  copyFileSync(path.join(cached, 'snapshot.duckdb'), buildFile(dataDir));
  await pointTo(dataDir, result.snapshot!);
  return result;
}

/**
 * An embedded user store (PGlite) made once per set of migrations and PGlite version and kept
 * beside the sample cache: `migrated` with every migration applied, otherwise fresh from initdb.
 * Creating a PGlite cluster (initdb in WASM) costs seconds of CPU per suite; copying a closed one
 * costs a fraction of that.
 */
async function userStoreTemplate(migrated = true): Promise<string> {
  const hash = createHash('sha256');
  const pkg = path.join(ROOT, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(JSON.parse(readFileSync(pkg, 'utf8')).version as string);
  if (migrated) for (const name of readdirSync(STORE_MIGRATIONS_DIR).sort()) hash.update(name).update(readFileSync(path.join(STORE_MIGRATIONS_DIR, name)));
  const template = path.join(tmpdir(), 'almanac-userstore-cache', `${migrated ? '' : 'initdb-'}${hash.digest('hex').slice(0, 16)}`);
  return cachedOnce(
    template,
    async () => (existsSync(path.join(template, 'PG_VERSION')) ? template : undefined),
    async () => ({
      value: template,
      write: async (staging: string) => {
        const store = await openPgliteStore(staging);
        if (migrated) await migrateStore(store);
        await store.close();
      },
    }),
  );
}

/**
 * A new embedded user store of its own (PGlite, under a temporary folder), copied from a template:
 * migrated unless `migrated: false` (then as initdb left it, for suites that migrate it themselves).
 * The same store as `openPgliteStore()` in memory, without paying for initdb in every suite.
 */
export async function freshPgliteStore(options: { migrated?: boolean } = {}): Promise<UserStore> {
  const dir = path.join(tempDir('almanac-store-'), 'userstore');
  if (process.env.USERSTORE_CACHE !== '0') cpSync(await userStoreTemplate(options.migrated ?? true), dir, { recursive: true });
  const store = await openPgliteStore(dir);
  if (process.env.USERSTORE_CACHE === '0' && options.migrated !== false) await migrateStore(store);
  return store;
}

/** Seeds `DATA_DIR/userstore` with the migrated template unless the config uses PostgreSQL or a store exists. */
export async function seedUserStore(config: Pick<Config, 'dataDir' | 'databaseUrl'>): Promise<void> {
  const target = path.join(config.dataDir, 'userstore');
  if (config.databaseUrl || existsSync(target) || process.env.USERSTORE_CACHE === '0') return;
  cpSync(await userStoreTemplate(), target, { recursive: true });
}

let watching = false;
function watchConformance(): void {
  if (watching) return;
  watching = true;
  process.on('exit', () => {
    if (violations.length === 0) return;
    console.error(`\nOpenAPI conformance: ${violations.length} response(s) do not match the description:`);
    for (const v of violations.slice(0, 20)) console.error(`  ${v}`);
    process.exitCode = 1;
  });
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
  await seedUserStore(config);
  const server = { ...options.server };
  // Every response a suite receives from the documented API must match the OpenAPI description
  // (issue 10): the plugin records violations and the process fails at exit if there are any.
  if (!server.resources && process.env.CONFORMANCE !== '0') {
    server.plugins = [...(server.plugins ?? []), conformancePlugin()];
    watchConformance();
  }
  const { app, services } = await createApp(config, server);
  await app.ready();
  return { app, services, config, close: () => app.close() };
}

/** Parses a JSON response body from `inject`. */
export function json<T = any>(res: { body: string }): T {
  return JSON.parse(res.body) as T;
}

/**
 * Waits, when needed, until at least `marginMs` remain in the current fixed limit window (minute by
 * default), so a test that counts admissions against a real-clock window cannot straddle its edge.
 */
export async function awayFromWindowEdge(windowMs = 60_000, marginMs = 10_000): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 50));
}
