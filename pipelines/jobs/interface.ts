/**
 * A pipeline job: extract (list and fetch documents) -> parse (one document into records) -> load
 * (records into the build database, idempotently, keyed on natural keys). The runner owns the
 * ledger, the per-document transaction, quarantine and progress; a job only knows its format.
 */
import type { DuckDBConnection } from '@duckdb/node-api';
import type { Db } from '../../warehouse/db.ts';
import type { ParseInWorker } from '../parse-pool.ts';
import type { Source, SourceDocument } from '../sources/index.ts';

export interface JobContext {
  source: Source;
  /** The build database (the runner's single writer connection). */
  db: Db;
  conn: DuckDBConnection;
  runId: string;
  /** The job being run. */
  job?: string;
  /** An incremental run (pipelines/runner.ts): jobs that can tell list only what is new. */
  incremental?: boolean;
  /** A backfill of filing dates from..to (inclusive) through the quarterly full index. */
  backfill?: { from: string; to: string };
  /** Today's date (YYYY-MM-DD, UTC) as the run sees it: discovery reads the index up to the day before. */
  today?: string;
  /** `--since YYYY-MM-DD`: only documents (filings) on or after this date, where the job can tell. */
  since?: string;
  log(message: string): void;
  /** Records a check against a document's own totals that did not agree (kept in the run ledger). */
  note(docPath: string, kind: string, detail: string): Promise<void>;
}

export interface LoadResult {
  /** Records parsed from the document. */
  rowsIn: number;
  /** Rows inserted or updated in the warehouse. */
  rowsOut: number;
  /** Source watermark this document advances to (e.g. its filing date), if any. */
  watermark?: string;
}

export interface Job<P = unknown> {
  name: string;
  description: string;
  /** Default node-cron schedule (UTC) for `almanac scheduler`; overridable by ALMANAC_SCHEDULES. */
  schedule: string;
  /** Jobs whose tables this one reads (the runner orders a multi-job run by these). */
  after?: string[];
  /**
   * Rebuilt wholly from the tables of `after`, with no documents of its own (technicals from
   * prices, the security master from the company list and holdings): a run of any job in `after`
   * runs it too, so no snapshot serves new inputs beside derivations of the old ones.
   */
  derived?: true;
  /** The document keys this run should process. */
  documents(ctx: JobContext): Promise<string[]>;
  /** Parses one document; throwing quarantines the document with the error's message. */
  parse(doc: SourceDocument, ctx: JobContext): P | Promise<P>;
  /** Loads one document's records; runs inside a transaction the runner opens. */
  load(parsed: P, ctx: JobContext, doc: SourceDocument): Promise<LoadResult>;
  /**
   * Loads several documents' records in one transaction, with the same result as `load` on each in
   * turn (bulk loads: the runner then commits once per `batchBytes` of documents, not per document).
   */
  loadMany?(parsed: P[], ctx: JobContext): Promise<LoadResult[]>;
  /** With `loadMany`: the bytes of documents per transaction. */
  batchBytes?: number;
  /**
   * With `loadMany`: the same parse as `parse`, runnable in worker threads (pipelines/parse-pool.ts),
   * which the runner uses for runs of many documents. `parse` must not need the context for it.
   */
  parseInWorker?: ParseInWorker<P>;
  /** Derivations after all documents loaded (inside one transaction); returns rows written. */
  finish?(ctx: JobContext): Promise<number>;
}

/** A document the parser refuses, with the reason (quarantined, never silently dropped). */
export class QuarantineError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'QuarantineError';
  }
}
