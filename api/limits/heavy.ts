/**
 * The MCP heavy-tool gate (spec 8.4): at most 2 concurrent executions of each heavy tool and 5
 * across all tools, process-wide. Calls beyond that wait in one FIFO queue of at most
 * `HEAVY_TOOLS.maxQueue` entries; a call that finds the queue full, or waits longer than
 * `HEAVY_TOOLS.maxWaitMs`, is refused with 429 and `Retry-After: 1` (`CapacityError`: a capacity
 * limit of the spec, not an infrastructure fault, and not a quota of the caller's). The slot is
 * released when `fn` settles, whatever it returns. The server's gate is `services.heavyGate`.
 *
 * @example
 * const result = await services.heavyGate.run('get_fundamentals', () => runTool(args));
 */
import { HEAVY_TOOLS } from '../../schema/limits.ts';
import { CapacityError } from '../errors.ts';

interface Waiter {
  tool: string;
  start(): void;
  timer: NodeJS.Timeout;
}

export interface HeavyGateOptions {
  perTool?: number;
  total?: number;
  maxQueue?: number;
  maxWaitMs?: number;
}

export class HeavyGate {
  readonly perTool: number;
  readonly total: number;
  readonly maxQueue: number;
  readonly maxWaitMs: number;
  readonly #running = new Map<string, number>();
  #runningTotal = 0;
  readonly #queue: Waiter[] = [];

  constructor(options: HeavyGateOptions = {}) {
    this.perTool = options.perTool ?? HEAVY_TOOLS.perTool;
    this.total = options.total ?? HEAVY_TOOLS.total;
    this.maxQueue = options.maxQueue ?? HEAVY_TOOLS.maxQueue;
    this.maxWaitMs = options.maxWaitMs ?? HEAVY_TOOLS.maxWaitMs;
  }

  /** Executions running now (all tools, or one). */
  running(tool?: string): number {
    return tool ? (this.#running.get(tool) ?? 0) : this.#runningTotal;
  }

  get queued(): number {
    return this.#queue.length;
  }

  #free(tool: string): boolean {
    return this.#runningTotal < this.total && (this.#running.get(tool) ?? 0) < this.perTool;
  }

  #take(tool: string): void {
    this.#running.set(tool, (this.#running.get(tool) ?? 0) + 1);
    this.#runningTotal++;
  }

  #give(tool: string): void {
    this.#running.set(tool, (this.#running.get(tool) ?? 1) - 1);
    this.#runningTotal--;
    // Start the first waiter that can run now (FIFO among the runnable: a queued call of a busy
    // tool does not hold back another tool's call).
    for (let i = 0; i < this.#queue.length && this.#runningTotal < this.total; i++) {
      const w = this.#queue[i]!;
      if (this.#free(w.tool)) {
        this.#queue.splice(i, 1);
        i--;
        clearTimeout(w.timer);
        this.#take(w.tool);
        w.start();
      }
    }
  }

  async run<T>(tool: string, fn: () => Promise<T>): Promise<T> {
    // Waiters only ever wait for a slot of their own tool or for the total: a call whose tool is
    // free and has nobody queued ahead of it may start at once without overtaking anyone.
    if (this.#free(tool) && !this.#queue.some((w) => w.tool === tool)) this.#take(tool);
    else {
      if (this.#queue.length >= this.maxQueue) throw new CapacityError(`heavy tool ${tool} is busy (spec 8.4: 2 at once per tool, 5 in all); retry shortly`, 1);
      await new Promise<void>((resolve, reject) => {
        const w: Waiter = {
          tool,
          start: resolve,
          timer: setTimeout(() => {
            const i = this.#queue.indexOf(w);
            if (i >= 0) this.#queue.splice(i, 1);
            reject(new CapacityError(`heavy tool ${tool} is busy (spec 8.4: 2 at once per tool, 5 in all); waited ${this.maxWaitMs} ms, retry shortly`, 1));
          }, this.maxWaitMs),
        };
        this.#queue.push(w);
      });
    }
    try {
      return await fn();
    } finally {
      this.#give(tool);
    }
  }
}

/** The process-wide gate of the hosted server (`services.heavyGate` unless a test gives another). */
export const HEAVY_GATE = new HeavyGate();
