/**
 * The one place that reads `process.env`. Every setting has a documented default (README.md,
 * "Configuration"); the embedded defaults let `npm start` run on a fresh machine with no services.
 */
import { totalmem } from 'node:os';
import path from 'node:path';

export interface Config {
  /** HTTP port of the API server. */
  port: number;
  /** Host/interface the server binds to. */
  host: string;
  /** Where the warehouse, snapshots, raw landing folder, PGlite data and the mail outbox live. */
  dataDir: string;
  /** PostgreSQL URL for the user store; empty = embedded PGlite under `dataDir/userstore`. */
  databaseUrl: string;
  /** How long a request waits for a free PostgreSQL pool connection before it is a 503 (ms). */
  databaseWaitMs: number;
  /** Redis URL for limits and metering; empty = the in-process store. */
  redisUrl: string;
  /** Prefix of every Redis key of limits and metering (several deployments or test runs can share one Redis). */
  redisPrefix: string;
  /** SMTP URL for mail; empty = the outbox folder `dataDir/outbox`. */
  smtpUrl: string;
  /** Sender of the service's mail (verification links). */
  mailFrom: string;
  /** User-Agent sent to SEC EDGAR (SEC asks for "Company Name admin@example.com"). */
  secUserAgent: string;
  /** Pipeline source used by `npm start` and the scheduler: `live`, `edgar`, `landing` or `mirror:<dir>`. */
  source: string;
  /** Public base URL, used in links (verification mail, upgrade_url, docs). */
  publicUrl: string;
  /**
   * Origins (`scheme://host[:port]`) whose pages may call `/graphql` with credentials (CORS); no
   * other origin gets CORS headers there. Default: the origin of `publicUrl`.
   */
  corsOrigins: string[];
  /** Secret for HMAC signing (proof-of-work challenges, CSRF tokens); production refuses a weak one (`secretProblem`). */
  secret: string;
  /** `development` or `production`; production sets Secure cookies. */
  env: 'development' | 'production' | 'test';
  /** How many snapshots to keep on disk. */
  snapshotsKeep: number;
  /** DuckDB settings for the API reader and the build database. */
  duckdbThreads: number;
  duckdbMemoryLimit: string;
  /**
   * DuckDB's memory limit for `backfill --dataset` (the DERA quarterly data sets) and `backfill --bulk`
   * (`companyfacts.zip`, `submissions.zip`): DUCKDB_MEMORY_LIMIT when set, else `datasetMemoryLimit()`
   * of this machine, so that a quarter's or a bulk file's load stays under 2 GB of RSS with no setting
   * (README, "Scale rehearsal").
   */
  duckdbDatasetMemoryLimit: string;
  /** Connections in the API's DuckDB pool. */
  duckdbPoolSize: number;
  /** How often (ms) the API checks the snapshot pointer for a new version. */
  snapshotPollMs: number;
  /**
   * API server processes (`ALMANAC_WORKERS`, default 1; 0 = one per core): more than one needs the
   * shared stores (DATABASE_URL and REDIS_URL). They share the port (node:cluster) and each
   * attaches the snapshot read-only with its own serving layer.
   */
  workers: number;
  /** Log level for the server's structured logs. */
  logLevel: string;
  /**
   * Requests slower than this (ms) are logged at info level (`LOG_SLOW_MS`, default 500); so are
   * 5xx answers. Every other request is logged at debug level only (README, "Request logging").
   */
  logSlowMs: number;
  /**
   * Answers finished in one event loop turn are written to their sockets together at its end
   * (`COALESCE_WRITES`, default on; `0`, `off` or `false` = each answer written as it is finished):
   * api/write-coalescing.ts.
   */
  coalesceWrites: boolean;
  /** Maximum EDGAR requests per second across the process (SEC's fair-access limit is 10). */
  edgarRps: number;
  /** Running under CI (`CI` set): progress is printed as plain lines even on a terminal. */
  ci: boolean;
  /** Cron expressions per job for `almanac scheduler`, JSON object `{ job: "cron" }`, merged over the defaults. */
  schedules: Record<string, string>;
  /** News feeds (document keys such as `www.sec.gov/news/pressreleases.rss`) for the news job; empty = every feed the source lists. */
  newsFeeds: string[];
  /**
   * Base-URL overrides of the live upstreams, JSON `{ "<host>": "<base URL>" }` (`ALMANAC_UPSTREAMS`);
   * the key `*` re-points every host at `<base>/<host>/...` (tests use the local imitation in test/upstream/).
   */
  upstreams: Record<string, string>;
  /** Requests per second per non-SEC upstream host (`UPSTREAM_RPS`). */
  upstreamRps: number;
  /** FRED API key for ALFRED vintages (`FRED_API_KEY`); empty = vintages are not fetched. */
  fredApiKey: string;
  /** Live source: FRED series fetched as `fredgraph.csv?id=` (`ALMANAC_FRED_SERIES`, comma-separated). */
  fredSeries: string[];
  /** Live source with FRED_API_KEY: series fetched with every vintage from ALFRED instead (`ALMANAC_ALFRED_SERIES`). */
  alfredSeries: string[];
  /** Live source: daily price provider, `stooq` (keyless default) or `csv` (`ALMANAC_PRICES_PROVIDER`). */
  pricesProvider: string;
  /** `csv` provider: URL template with `{ticker}` (and optionally `{apikey}`) serving the documented CSV (`ALMANAC_PRICES_URL`). */
  pricesUrl: string;
  /** API key a keyed price provider's URL needs (`ALMANAC_PRICES_KEY`); never part of a landed file's name. */
  pricesKey: string;
  /**
   * How plan changes are paid (`BILLING_PROVIDER`): `manual` (default: requests wait for an
   * operator, `almanac billing pending|approve|reject`) or `stripe` (Checkout and webhooks).
   */
  billingProvider: 'manual' | 'stripe';
  /** `STRIPE_SECRET_KEY`: the Stripe API key (required with `BILLING_PROVIDER=stripe`). */
  stripeSecretKey: string;
  /** `STRIPE_WEBHOOK_SECRET`: the webhook endpoint's signing secret, `whsec_...` (required with Stripe). */
  stripeWebhookSecret: string;
  /** `STRIPE_API_BASE`: another Stripe API base URL (stripe-mock, a test double); empty = api.stripe.com. */
  stripeApiBase: string;
}

/** The secret used when `ALMANAC_SECRET` is unset: public (it is in this file), so never for production. */
export const DEVELOPMENT_SECRET = 'almanac-development-secret-change-me';
/** Shortest `ALMANAC_SECRET` production accepts (characters; e.g. `openssl rand -base64 32` gives 44). */
export const MIN_SECRET_LENGTH = 32;

/**
 * Why this configuration must not serve in production, or null. Anyone who knows the signing
 * secret can forge CSRF tokens and mint proof-of-work challenges of any lifetime, so production
 * refuses the public development secret, a missing one and a short one (issue 13.4). Other
 * environments only get a warning from the server.
 */
export function secretProblem(config: Pick<Config, 'secret'>): string | null {
  if (config.secret === DEVELOPMENT_SECRET) {
    return 'ALMANAC_SECRET is unset (or the public development value): set it to a random secret of at least 32 characters, e.g. `openssl rand -base64 32`';
  }
  if (config.secret.length < MIN_SECRET_LENGTH) {
    return `ALMANAC_SECRET is ${config.secret.length} characters long: production needs at least ${MIN_SECRET_LENGTH} random characters, e.g. \`openssl rand -base64 32\``;
  }
  return null;
}

/** Throws when `config` must not serve: in production, a weak `ALMANAC_SECRET` (see `secretProblem`). */
export function assertServable(config: Pick<Config, 'env' | 'secret'>): void {
  const problem = config.env === 'production' ? secretProblem(config) : null;
  if (problem) throw new Error(`refusing to start in production: ${problem}`);
}

/** The sample corpus shipped in the repository (an EDGAR-layout mirror). */
export const SAMPLE_DIR = path.resolve(import.meta.dirname, '../pipelines/sample');

/**
 * The default DuckDB memory limit of a data-set backfill: an eighth of the machine's memory, between
 * 256 MB and 1 GB. A 4 M-holding N-PORT quarter needs more than that only for its staged identifier and
 * holding rows, which DuckDB then keeps in its temporary files; the process's own memory (V8, the
 * zip's inflate streams, DuckDB's allocations outside its buffer pool) adds ~0.5 GB.
 */
export function datasetMemoryLimit(totalBytes = totalmem()): string {
  return `${Math.max(256, Math.min(1024, Math.floor(totalBytes / 8 / 2 ** 20)))}MB`;
}

function int(value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`invalid integer setting: ${value}`);
  return n;
}

function json(value: string | undefined): Record<string, string> {
  if (!value) return {};
  const parsed: unknown = JSON.parse(value);
  if (typeof parsed !== 'object' || parsed === null) throw new Error('ALMANAC_SCHEDULES must be a JSON object');
  return parsed as Record<string, string>;
}

/** `CORS_ORIGINS`: comma-separated origins, each exactly `scheme://host[:port]`. */
function origins(value: string | undefined, publicUrl: string): string[] {
  const list = (value ?? '').split(',').map((s) => s.trim().replace(/\/+$/, '')).filter(Boolean);
  if (list.length === 0) return [new URL(publicUrl).origin];
  for (const o of list) {
    let parsed: URL | null = null;
    try {
      parsed = new URL(o);
    } catch {
      parsed = null;
    }
    if (!parsed || parsed.origin !== o || !/^https?:$/.test(parsed.protocol)) throw new Error(`invalid CORS_ORIGINS entry: ${o} (expected an origin such as https://app.example.com)`);
  }
  return list;
}

function list(value: string | undefined, fallback: string[]): string[] {
  const items = (value ?? '').split(',').map((s) => s.trim().toUpperCase()).filter(Boolean);
  return items.length ? items : fallback;
}

function upstreamsSetting(value: string | undefined): Record<string, string> {
  if (!value) return {};
  const parsed: unknown = JSON.parse(value);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('ALMANAC_UPSTREAMS must be a JSON object { "host": "base URL" }');
  for (const [host, url] of Object.entries(parsed)) {
    if (typeof url !== 'string' || !/^https?:\/\/[^/]/.test(url)) throw new Error(`ALMANAC_UPSTREAMS: the base URL for ${host} must be an http(s) URL`);
  }
  return parsed as Record<string, string>;
}

function billingProvider(env: NodeJS.ProcessEnv): 'manual' | 'stripe' {
  const v = env.BILLING_PROVIDER || 'manual';
  if (v !== 'manual' && v !== 'stripe') throw new Error(`BILLING_PROVIDER must be manual or stripe, got ${v}`);
  if (v === 'stripe' && (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET)) {
    throw new Error('BILLING_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET');
  }
  if (env.STRIPE_API_BASE && !/^https?:\/\/[^/]/.test(env.STRIPE_API_BASE)) throw new Error('STRIPE_API_BASE must be an http(s) URL');
  return v;
}

/** Reads the configuration from an environment (default: `process.env`). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = int(env.PORT, 8080);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const mode = env.NODE_ENV === 'production' ? 'production' : env.NODE_ENV === 'test' ? 'test' : 'development';
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? 'data'),
    databaseUrl: env.DATABASE_URL ?? '',
    databaseWaitMs: int(env.DATABASE_WAIT_MS, 5000),
    redisUrl: env.REDIS_URL ?? '',
    redisPrefix: env.REDIS_PREFIX ?? 'alm:',
    smtpUrl: env.SMTP_URL ?? '',
    mailFrom: env.MAIL_FROM || 'Almanac <no-reply@almanac.invalid>',
    secUserAgent: env.SEC_USER_AGENT ?? 'Almanac admin@almanac.invalid',
    source: env.ALMANAC_SOURCE ?? `mirror:${SAMPLE_DIR}`,
    publicUrl,
    corsOrigins: origins(env.CORS_ORIGINS, publicUrl),
    secret: env.ALMANAC_SECRET || DEVELOPMENT_SECRET,
    env: mode,
    snapshotsKeep: int(env.SNAPSHOTS_KEEP, 5),
    duckdbThreads: int(env.DUCKDB_THREADS, 2),
    duckdbMemoryLimit: env.DUCKDB_MEMORY_LIMIT ?? '2GB',
    duckdbDatasetMemoryLimit: env.DUCKDB_MEMORY_LIMIT ?? datasetMemoryLimit(),
    duckdbPoolSize: int(env.DUCKDB_POOL_SIZE, 4),
    snapshotPollMs: int(env.SNAPSHOT_POLL_MS, 1000),
    workers: int(env.ALMANAC_WORKERS, 1),
    logLevel: env.LOG_LEVEL ?? 'info',
    logSlowMs: int(env.LOG_SLOW_MS, 500),
    coalesceWrites: !['0', 'off', 'false'].includes((env.COALESCE_WRITES ?? '').trim().toLowerCase()),
    edgarRps: int(env.EDGAR_RPS, 10),
    ci: Boolean(env.CI),
    schedules: json(env.ALMANAC_SCHEDULES),
    upstreams: upstreamsSetting(env.ALMANAC_UPSTREAMS),
    upstreamRps: int(env.UPSTREAM_RPS, 4),
    fredApiKey: env.FRED_API_KEY ?? '',
    fredSeries: list(env.ALMANAC_FRED_SERIES, ['DGS1MO', 'DGS3MO', 'DGS6MO', 'DGS1', 'DGS2', 'DGS5', 'DGS10', 'DGS30', 'T10Y2Y', 'FEDFUNDS', 'CPIAUCSL', 'UNRATE', 'PAYEMS', 'GDP', 'GDPC1']),
    alfredSeries: list(env.ALMANAC_ALFRED_SERIES, ['GDP', 'GDPC1', 'CPIAUCSL', 'UNRATE', 'PAYEMS']),
    pricesProvider: env.ALMANAC_PRICES_PROVIDER || 'stooq',
    pricesUrl: env.ALMANAC_PRICES_URL ?? '',
    pricesKey: env.ALMANAC_PRICES_KEY ?? '',
    billingProvider: billingProvider(env),
    stripeSecretKey: env.STRIPE_SECRET_KEY ?? '',
    stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET ?? '',
    stripeApiBase: env.STRIPE_API_BASE ?? '',
    newsFeeds: (env.ALMANAC_NEWS_FEEDS ?? '').split(',').map((s) => s.trim().replace(/^https?:\/\//, '')).filter(Boolean),
  };
}
