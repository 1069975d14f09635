/**
 * The status and limit headers of one MCP HTTP answer, from the HTTP request's admission (the
 * per-IP limits) and the outcome of each tool call inside it.
 * - Every tool call refused by a limit (issue 13.15): 429, described by the limit that refused. The
 *   refusal with the longest wait gives `Retry-After` and its own `RateLimit-Policy` and
 *   `RateLimit` (e.g. `"mcp-learner-hour";r=0;t=1740`), never the per-IP window's, which admitted
 *   the request; a refusal for the service's own capacity (the heavy-tool gate) has none of the two:
 *   no quota of the caller's refused it.
 * - Otherwise: `RateLimit-Policy` lists every policy the request and its calls were counted in, and
 *   `RateLimit` is the tightest of them after the calls (the hourly MCP limit once it binds, as on
 *   REST), from admitted calls only: a call given back by the gate is not in it.
 *
 * @example
 * const limits = new AnswerLimits(admission?.states ?? []);
 * limits.outcome(outcome); // each tool call's (ToolAnswer.outcome)
 * const { status, headers } = limits.answer(200, Date.now());
 */
import type { CounterState } from '../limits/interface.ts';
import { rateLimitHeaders } from '../limits/headers.ts';
import type { ToolOutcome } from './context.ts';

/** Header names in lower case (the fast path's `writeHead` takes them so). */
function lowerCased(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name in headers) out[name.toLowerCase()] = headers[name]!;
  return out;
}

export class AnswerLimits {
  #calls = 0;
  #limited = 0;
  #refusal: { wait: number; headers: Record<string, string> } | null = null;
  readonly #states = new Map<string, CounterState>();

  /** `admitted`: the HTTP request's own admission (its per-IP policies). */
  constructor(admitted: CounterState[]) {
    for (const s of admitted) this.#states.set(s.policy, s);
  }

  /** Takes one tool call's outcome (`ToolAnswer.outcome`). */
  outcome(o: ToolOutcome): void {
    this.#calls++;
    if (o.limited) {
      this.#limited++;
      const wait = o.retryAfterSeconds ?? 1;
      if (!this.#refusal || wait > this.#refusal.wait) this.#refusal = { wait, headers: o.refusal ?? {} };
    }
    for (const s of o.states ?? []) {
      const had = this.#states.get(s.policy);
      // The calls of a batch run concurrently: the fewest remaining is the latest.
      if (!had || s.remaining < had.remaining) this.#states.set(s.policy, s);
    }
  }

  /** The answer's status (`status` unless every call was refused by a limit) and limit headers. */
  answer(status: number, now: number): { status: number; headers: Record<string, string> } {
    if (status === 200 && this.#calls > 0 && this.#limited === this.#calls) {
      const { wait, headers } = this.#refusal!;
      return { status: 429, headers: { ...lowerCased(headers), 'retry-after': String(wait) } };
    }
    return { status, headers: lowerCased(rateLimitHeaders([...this.#states.values()], now)) };
  }
}
