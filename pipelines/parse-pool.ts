/**
 * Worker threads that hash and parse documents for the runner (issue 14: a bulk load of
 * `companyfacts.zip` was bound by one thread scanning JSON while the other core idled). The runner
 * keeps fetching, batching and loading on its own thread; each document's SHA-256 and its parse run
 * here, on as many threads as the machine has cores, in parallel with the loads.
 *
 * A job opts in with `parseInWorker` (jobs/interface.ts): a module and the name of a function
 * `(bytes) => { value, transfer }` that runs in the worker, and `revive(value)` that rebuilds the
 * parsed form on the runner's side. The function should return typed arrays and transfer their
 * buffers: a structured clone of objects per record would cost what the worker saved.
 *
 * Results come back in the order documents went in (the runner's batches and its ledger do not
 * depend on which worker was faster). A parse that throws comes back as that error's message, so the
 * document is quarantined exactly as an in-thread parse would quarantine it.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** What a worker sends back for one document. */
type Reply =
  | { id: number; sha: string; skipped: true }
  | { id: number; sha: string; value: unknown }
  | { id: number; sha: string; error: string; name: string };

/** A document's hash and, unless its bytes were already loaded, its parsed form or parse error. */
export type PoolResult<T> =
  | { sha: string; skipped: true }
  | { sha: string; skipped?: false; parsed: T }
  | { sha: string; skipped?: false; error: Error };

export interface ParseInWorker<T> {
  /** File URL of the module holding the parse function (loaded in each worker). */
  module: string;
  /** Its export: `(bytes: Uint8Array) => { value: unknown; transfer: ArrayBuffer[] }`. */
  name: string;
  /** The parsed form from the worker's value, on the runner's thread. */
  revive(value: unknown): T;
}

/** Worker threads for a run: ALMANAC_PARSE_WORKERS (0 = parse on the runner's thread), else one per core, at most 4. */
export function parseWorkerCount(): number {
  const env = process.env.ALMANAC_PARSE_WORKERS;
  if (env !== undefined && env !== '') {
    const n = Number(env);
    if (!Number.isInteger(n) || n < 0) throw new Error(`ALMANAC_PARSE_WORKERS must be a whole number >= 0, not "${env}"`);
    return Math.min(n, 16);
  }
  return Math.min(4, availableParallelism());
}

const WORKER = new URL('./parse-worker.mjs', import.meta.url);

export class ParsePool<T> {
  readonly #workers: Worker[] = [];
  readonly #waiting = new Map<number, { resolve(r: PoolResult<T>): void; reject(e: Error): void }>();
  /** Documents sent to each worker and not yet answered (the next goes to the least busy). */
  readonly #busy: number[] = [];
  #next = 0;
  #failure: Error | null = null;
  #closed = false;

  constructor(
    readonly spec: ParseInWorker<T>,
    size: number,
  ) {
    for (let w = 0; w < size; w++) {
      const worker = new Worker(WORKER, { workerData: { module: spec.module, name: spec.name } });
      worker.on('message', (reply: Reply) => this.#settle(w, reply));
      worker.on('error', (err) => this.#fail(err));
      worker.on('exit', (code) => {
        if (!this.#closed) this.#fail(new Error(`parse worker exited with code ${code}`));
      });
      this.#workers.push(worker);
      this.#busy.push(0);
    }
  }

  get size(): number {
    return this.#workers.length;
  }

  /**
   * Hashes and parses `bytes` in a worker; when its SHA-256 equals `skipIfSha` the document is not
   * parsed (an incremental run's unchanged document). The bytes are copied to the worker, so the
   * caller's buffer stays usable.
   */
  parse(bytes: Uint8Array, skipIfSha?: string): Promise<PoolResult<T>> {
    if (this.#failure) return Promise.reject(this.#failure);
    const id = this.#next++;
    let w = 0;
    for (let k = 1; k < this.#busy.length; k++) if (this.#busy[k]! < this.#busy[w]!) w = k;
    this.#busy[w]!++;
    return new Promise<PoolResult<T>>((resolve, reject) => {
      this.#waiting.set(id, { resolve, reject });
      this.#workers[w]!.postMessage({ id, bytes, skipIfSha });
    });
  }

  #settle(w: number, reply: Reply): void {
    this.#busy[w]!--;
    const waiter = this.#waiting.get(reply.id);
    if (!waiter) return;
    this.#waiting.delete(reply.id);
    if ('skipped' in reply) waiter.resolve({ sha: reply.sha, skipped: true });
    else if ('error' in reply) {
      const err = new Error(reply.error);
      err.name = reply.name;
      waiter.resolve({ sha: reply.sha, error: err });
    } else {
      try {
        waiter.resolve({ sha: reply.sha, parsed: this.spec.revive(reply.value) });
      } catch (err) {
        waiter.resolve({ sha: reply.sha, error: err as Error });
      }
    }
  }

  /** A worker died (it could not load its module, or ran out of memory): every waiting document fails with it. */
  #fail(err: Error): void {
    this.#failure ??= err;
    for (const waiter of this.#waiting.values()) waiter.reject(err);
    this.#waiting.clear();
  }

  /** Ends the workers (a pool keeps the process alive until closed: the runner closes it when the job ends). */
  async close(): Promise<void> {
    this.#closed = true;
    await Promise.all(this.#workers.map((w) => w.terminate()));
  }
}
