/**
 * Where pipeline documents come from. Paths are EDGAR-style keys that start with the host, e.g.
 * `www.sec.gov/files/company_tickers_exchange.json`,
 * `data.sec.gov/submissions/CIK0000320193.json`,
 * `www.sec.gov/Archives/edgar/data/320193/000032019324000123/primary_doc.xml`.
 * Non-SEC inputs use their own host (e.g. `home.treasury.gov/...`, `fred.stlouisfed.org/...`) or a
 * vendor folder (`vendor/prices/AAPL.csv`) that only a mirror provides.
 */
export interface SourceDocument {
  path: string;
  bytes: Buffer;
  /** When the source says the document last changed, if it says. */
  lastModified?: string;
  /** False when served from the landing copy without a new body (immutable filing, or a 304). */
  fresh?: boolean;
  /**
   * True when the document was generated, not fetched from its publisher: only a mirror whose
   * manifest (`SYNTHETIC` at its root) lists the path says so; a live source never does. Jobs load
   * such a document's rows with `synthetic = true` (migration 0600).
   */
  synthetic?: boolean;
  /**
   * A local file holding the document's content when `bytes` is only a manifest of it (the DERA
   * data-set zips: `bytes` lists the zip's entries and CRCs, the job streams the file).
   */
  file?: string;
}

/** Per-host counters of an HTTP source since it was opened. */
export interface SourceStats {
  requests: number;
  /** 304 answers (served from the landing copy). */
  notModified: number;
  /** Body bytes received (after decoding). */
  bytes: number;
  /** Attempts after the first (429, 5xx, timeouts, truncated bodies). */
  retries: number;
  /** Documents given up on. */
  failures: number;
  /** Immutable documents served from the landing copy with no request. */
  cached: number;
}

export interface Source {
  /** `edgar` or `mirror:<dir>`, as given on the command line. */
  readonly name: string;
  /** Fetches one document; null when the source does not have it (404). */
  get(path: string): Promise<SourceDocument | null>;
  /**
   * Lists document paths under a folder key (recursively), or null when the source cannot list
   * (EDGAR has no listing; jobs then derive paths from the company list).
   */
  list(prefix: string): Promise<string[] | null>;
  /**
   * A local file holding the document (large documents such as bulk zips: the HTTP source streams
   * it to the landing folder, conditionally), or null when the source does not have it.
   */
  file?(path: string): Promise<string | null>;
  /** Per-host request counters (HTTP sources only). */
  stats?(): Record<string, SourceStats>;
  /**
   * A JSON API call that is not a document (HTTP sources only): `POST` a JSON body, or `GET` a
   * status, through the same client (User-Agent, per-host rate, retries), never landed. The
   * USAspending download jobs (`POST /api/v2/download/awards/`, then polling its status).
   */
  json?(key: string, init?: { method?: 'GET' | 'POST'; body?: unknown }): Promise<unknown>;
}

/** Thrown for a source failure that retrying did not cure (network, 5xx, 403). */
export class SourceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'SourceError';
  }
}

/** Normalises a document key: no leading slash, no `..`, forward slashes. */
export function normalizePath(p: string): string {
  const clean = p.replace(/^\/+/, '').replace(/\\/g, '/');
  if (clean.split('/').some((seg) => seg === '..' || seg === '')) throw new SourceError(`invalid document path: ${p}`);
  return clean;
}
