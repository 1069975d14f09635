/**
 * Password hashing: argon2id (@node-rs/argon2) at OWASP's floor (19 MiB, t=2, p=1), PHC strings,
 * with a bounded number of hashes at once (each costs 19 MiB and a libuv thread) and a bounded
 * queue behind them: past the queue the caller gets 503 with Retry-After rather than a pile-up.
 * Unknown accounts are checked against a dummy hash so they cost the same as a wrong password.
 */
import { hash, verify } from '@node-rs/argon2';
import { availableParallelism } from 'node:os';
import { ServiceUnavailableError } from '../errors.ts';
import { randomToken } from './crypto.ts';

// algorithm 2 = Argon2id (the package's const enum cannot be imported under verbatimModuleSyntax).
export const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export interface PasswordHasherOptions {
  /** Hashes computed at once (default: the CPU count, at most 4). */
  concurrency?: number;
  /** Requests allowed to wait for a slot (default 64). */
  maxQueue?: number;
}

export class PasswordHasher {
  readonly concurrency: number;
  readonly maxQueue: number;
  #running = 0;
  #waiting: (() => void)[] = [];
  #dummy: Promise<string> | null = null;

  constructor(options: PasswordHasherOptions = {}) {
    this.concurrency = Math.max(1, options.concurrency ?? Math.min(4, availableParallelism()));
    this.maxQueue = options.maxQueue ?? 64;
  }

  /** Hashes currently running and waiting (for tests and health). */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }

  async #slot<T>(fn: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#waiting.length >= this.maxQueue) throw new ServiceUnavailableError('too many sign-ins and registrations at once; retry shortly', 2);
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      this.#running++;
    }
    try {
      return await fn();
    } finally {
      // Hand the slot straight to the next waiter (the running count stays the same), or free it.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  /** A PHC string (`$argon2id$v=19$m=19456,t=2,p=1$...`). */
  hash(password: string): Promise<string> {
    return this.#slot(() => hash(password, ARGON2_OPTIONS));
  }

  /** True when `password` matches `phc`. A malformed stored hash is a mismatch, not a crash. */
  verify(phc: string, password: string): Promise<boolean> {
    return this.#slot(() => verify(phc, password).catch(() => false));
  }

  /** Spends the same work as `verify` against a hash no password matches (unknown accounts). */
  async verifyDummy(password: string): Promise<false> {
    this.#dummy ??= hash(randomToken(24), ARGON2_OPTIONS);
    await this.verify(await this.#dummy, password);
    return false;
  }
}
