/**
 * Each request's logger (`req.log`), made when the request first logs. Fastify's default makes a
 * pino child per request, its bindings (the request id) serialised at once: about 4 µs of CPU and
 * 0.4-0.5 KB of garbage a request (issue 15, a CPU profile of /api/health at a paced 5,000 req/s
 * against the bare hello-world), for a line that is written only for a 5xx, a slow request or at
 * debug level (api/server.ts). The child made on first use has the same bindings and options, so a
 * line reads as before; reading the level makes none.
 */
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';

type ChildLoggerFactory = NonNullable<FastifyServerOptions['childLoggerFactory']>;
type Bindings = Parameters<ChildLoggerFactory>[1];
type ChildOptions = Parameters<ChildLoggerFactory>[2];
/** What pino's logger has beyond Fastify's base logger type. */
interface PinoExtras {
  levelVal: number;
  msgPrefix?: string;
  isLevelEnabled(level: string): boolean;
  bindings(): Record<string, unknown>;
}

/** A pino log method, called with what it was given. */
type Log = (this: FastifyBaseLogger, ...args: unknown[]) => void;

export class LazyRequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly childBindings: Bindings,
    private readonly options: ChildOptions,
  ) {}

  /** The pino child, made on first use. */
  get logger(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.childBindings, this.options));
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  silent(): void {}

  // The rest of pino's logger, for a plugin that reads it: from the child when one exists or the
  // level differs, else from the parent (the same answer, no child made).
  /** What answers for the level: the child when one exists or its level differs, else the parent. */
  get #levelSource(): PinoExtras {
    return (this.#child ?? (this.options.level ? this.logger : this.parent)) as unknown as PinoExtras;
  }

  get levelVal(): number {
    return this.#levelSource.levelVal;
  }

  get msgPrefix(): string | undefined {
    return ((this.#child ?? this.parent) as unknown as PinoExtras).msgPrefix;
  }

  isLevelEnabled(level: string): boolean {
    return this.#levelSource.isLevelEnabled(level);
  }

  bindings(): Record<string, unknown> {
    return (this.logger as unknown as PinoExtras).bindings();
  }

  child(bindings: Bindings, options?: ChildOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/** Fastify's `childLoggerFactory`: a `LazyRequestLogger` per request. */
export const lazyChildLogger: ChildLoggerFactory = (logger, bindings, options) => new LazyRequestLogger(logger, bindings, options) as unknown as FastifyBaseLogger;

/** pino's log methods, each passed to the child (made on first use). */
const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export interface LazyRequestLogger extends Record<(typeof LEVELS)[number], (...args: unknown[]) => void> {}
// On the prototype, not as arrow-function fields: one object a request, no closures.
for (const level of LEVELS) {
  LazyRequestLogger.prototype[level] = function (this: LazyRequestLogger, ...args: unknown[]): void {
    (this.logger[level] as Log).apply(this.logger, args);
  };
}
