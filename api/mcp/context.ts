/** What a tool handler receives besides its arguments, and the handler types. */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { ToolSpec } from '../../schema/mcp/tool.ts';
import type { Caller } from '../caller.ts';
import type { CounterState } from '../limits/interface.ts';
import type { Services } from '../services.ts';

export interface ToolContext {
  services: Services;
  caller: Caller;
  /** Today's date `YYYY-MM-DD` (the default `asOf`). */
  today: string;
  requestId: string;
  /**
   * The HTTP answer the calls report to (api/mcp/plugin.ts): each billed call's price, for
   * `X-SVC-Per-Call-Cost`, and each call's outcome, for the status and limit headers. An object
   * rather than two callbacks: run through tsx (not the bundle npm start runs), closures made per
   * request are named one by one (issue 15).
   */
  answer?: ToolAnswer;
  /**
   * A session-cookie caller sent a valid `X-CSRF-Token` with the MCP HTTP request. State-changing
   * tools need it over a session (as the REST account routes do); key and anonymous callers need none.
   */
  csrfVerified?: boolean;
  /** The HTTP request's logger (its lines carry the request id); internal tool errors go there. */
  log?: FastifyBaseLogger;
}

/** What the calls of one MCP HTTP request report to its answer. */
export interface ToolAnswer {
  /** The price (micro-dollars) of a billed call. */
  price(micros: number): void;
  /** Once per tool call, its outcome (api/mcp/answer-limits.ts gathers them). */
  outcome(outcome: ToolOutcome): void;
}

/** How a tool call went, as far as the HTTP answer's status and limit headers are concerned. */
export interface ToolOutcome {
  /** A limit refused it (429). */
  limited: boolean;
  /** The refusal's wait, seconds. */
  retryAfterSeconds?: number;
  /** The refusal's own headers: Retry-After and, when a quota of the caller's refused it, RateLimit-Policy and RateLimit. */
  refusal?: Record<string, string>;
  /** The caller's limits after the call, when it was admitted (and kept its units). */
  states?: CounterState[];
}

/**
 * A tool result already serialised (`JSON.stringify` of the result): a handler returns it for an
 * answer it keeps serialised per snapshot, and `callTool` sends `json` as the result's text as is.
 * `quoted`, when given, is `JSON.stringify(json)` as UTF-8 bytes, kept with it: the JSON-RPC answer
 * holds the text as a JSON string, and escaping a 7 KB answer again on every call cost ~20 µs
 * (issue 15, MCP profile); bytes, because the answer is written as bytes (`cachedJson`). Not for
 * list tools (their results are paginated as values).
 */
export class SerialisedResult {
  constructor(
    readonly json: string,
    readonly quoted?: Buffer,
  ) {}
}

/**
 * On a result's text item: the text as a JSON string (`SerialisedResult.quoted`). A symbol, so the
 * item serialises as before wherever it goes (the SDK's answers); the plugin's fast path uses it.
 */
export const QUOTED_TEXT = Symbol('text as a JSON string');

/**
 * A tool's implementation: thin, like a REST handler (validated args -> query layer -> data).
 * List tools return the whole (bounded) list; the server pages it with a cursor.
 */
export type ToolHandler<I extends z.ZodObject> = (args: z.output<I>, ctx: ToolContext) => Promise<unknown>;

/** One handler per catalog entry: a missing handler is a compile error. */
export type HandlerMap<T extends Record<string, ToolSpec>> = { [K in keyof T]: ToolHandler<T[K]['input']> };
