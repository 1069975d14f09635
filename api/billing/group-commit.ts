/**
 * Group commit: callers queue items and wait; items that arrive while a batch is being written
 * join the next batch, so concurrent requests share one INSERT. `record()` resolves once the
 * item's batch is committed and rejects when it could not be written after `attempts` tries.
 * Used by the metering writes (`meter-writer.ts`: the billing ledger and the per-key usage counts).
 */

import { createHistogram, type RecordableHistogram } from 'node:perf_hooks';

export interface GroupCommitOptions {
  /** Items per write. Default 200. */
  maxBatch?: number;
  /** Attempts per batch before its items fail. Default 3. */
  attempts?: number;
  /**
   * How long (ms) a batch waits for more items after the first one arrives, unless it is full.
   * Default 2: concurrent requests finishing within a few ms share one commit (issue 15 measured
   * 3,300 rows in ~2,940 batches when only same-tick items were grouped). 0 = same tick only.
   */
  lingerMs?: number;
  /**
   * Batches being written at once. Default 2: the next batch is cut after its linger and written
   * while the previous one commits, instead of waiting for it (a request arriving during a commit
   * waited for that commit and then its own: issue 15, keyed metered calls). Each batch is still
   * one commit; 1 = one write at a time.
   */
  concurrency?: number;
}

interface Pending<T> {
  item: T;
  resolve(): void;
  reject(err: unknown): void;
}

export class GroupCommit<T> {
  readonly #writeItems: (items: T[]) => Promise<unknown>;
  readonly #maxBatch: number;
  readonly #attempts: number;
  readonly #lingerMs: number;
  readonly #concurrency: number;
  #queue: Pending<T>[] = [];
  /** The loop cutting batches (lingering, or waiting for a write slot); null when the queue is empty. */
  #flushing: Promise<void> | null = null;
  /** Batches being written. */
  readonly #writing = new Set<Promise<void>>();
  /** Ends the current linger early (set while a batch lingers). */
  #full: (() => void) | null = null;
  /** Batches written (benchmarks and tests). */
  batches = 0;
  /** How long each batch's write took, µs (every attempt's; benchmarks). */
  readonly writeTimes: RecordableHistogram = createHistogram();

  constructor(write: (items: T[]) => Promise<unknown>, options: GroupCommitOptions = {}) {
    this.#writeItems = write;
    this.#maxBatch = options.maxBatch ?? 200;
    this.#attempts = options.attempts ?? 3;
    this.#lingerMs = options.lingerMs ?? 2;
    this.#concurrency = Math.max(1, options.concurrency ?? 2);
  }

  /** Queues an item; resolves when it is committed, rejects when it could not be written. */
  record(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      this.#flushing ??= this.#drain();
      if (this.#full && this.#queue.length >= this.#maxBatch) this.#full();
    });
  }

  /** Resolves when everything queued so far is written (or has failed). */
  async flush(): Promise<void> {
    while (this.#flushing || this.#writing.size) await Promise.all([this.#flushing, ...this.#writing]);
  }

  /** Waits `lingerMs` (same tick only when 0), ending early once a full batch is queued. */
  #linger(): Promise<void> {
    if (this.#lingerMs <= 0) return new Promise<void>((r) => setImmediate(r));
    return new Promise<void>((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.#full = null;
        resolve();
      };
      const timer = setTimeout(done, this.#lingerMs);
      this.#full = done;
    });
  }

  async #drain(): Promise<void> {
    try {
      // Let the items of concurrently finishing requests join this batch: a few ms, or until full.
      await this.#linger();
      while (this.#queue.length) {
        // At most `concurrency` batches in flight: wait for one to finish before cutting another.
        while (this.#writing.size >= this.#concurrency) await Promise.race(this.#writing);
        const batch = this.#queue.splice(0, this.#maxBatch);
        const written = this.#write(batch).finally(() => this.#writing.delete(written));
        this.#writing.add(written);
        // Items that arrive meanwhile form the next batch; let late ones join it too.
        if (this.#queue.length < this.#maxBatch) await this.#linger();
      }
    } finally {
      this.#flushing = null;
    }
  }

  /** Writes one batch (with retries) and settles its items; never rejects. */
  async #write(batch: Pending<T>[]): Promise<void> {
    let lastErr: unknown;
    let ok = false;
    for (let attempt = 0; attempt < this.#attempts && !ok; attempt++) {
      const started = performance.now();
      try {
        await this.#writeItems(batch.map((p) => p.item));
        ok = true;
      } catch (err) {
        lastErr = err;
      }
      this.writeTimes.record(Math.max(1, Math.round((performance.now() - started) * 1000)));
      if (!ok) await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
    this.batches++;
    for (const p of batch) (ok ? p.resolve() : p.reject(lastErr));
  }
}
