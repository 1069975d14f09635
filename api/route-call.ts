/**
 * Runs a REST route's own handler for an MCP tool call or a GraphQL field, so they and the
 * endpoint cannot disagree: the route's zod schemas validate the parts, and the handler applies
 * its rules (ownership included) to the caller. No HTTP round trip: limits and metering are the
 * tool call's or the GraphQL request's, not a second request's. Its refusals are put in the
 * calling door's words (api/door-words.ts).
 */
import type { HTTPMethods } from 'fastify';
import type { z, ZodType } from 'zod';
import { RESOURCES } from './rest/index.ts';
import type { Caller } from './caller.ts';
import { inDoorWords, type DoorNames, type OtherDoor } from './door-words.ts';
import { ApiError } from './errors.ts';
import { declaredKeysOf, parseInput, unchanged, type AnyRoute } from './route.ts';
import type { Services } from './services.ts';

const routes = new Map<string, AnyRoute>();

function route(method: HTTPMethods, path: string): AnyRoute {
  const key = `${method} ${path}`;
  let def = routes.get(key);
  if (!def) {
    def = RESOURCES.flatMap((r) => r.routes).find((r) => r.path === path && (Array.isArray(r.method) ? r.method.includes(method) : r.method === method));
    if (!def) throw new Error(`no REST route ${key}`);
    routes.set(key, def);
  }
  return def;
}

export interface RestParts {
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  params?: Record<string, unknown>;
}

const defined = (o: Record<string, unknown> | undefined): Record<string, unknown> =>
  Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined));

/** What `callRoute` needs of an MCP tool call's or a GraphQL request's context. */
export interface CallContext {
  services: Services;
  caller: Caller;
  requestId: string;
}

/**
 * Calls `method path`'s handler with `parts` for the caller of `door` (an MCP tool, a GraphQL
 * field) and returns its result; a refusal is thrown in that door's words (`names`: the door's
 * names of REST fields that are not their camelCase).
 */
export async function callRoute(method: HTTPMethods, path: string, parts: RestParts, ctx: CallContext, door: OtherDoor, names: DoorNames = {}): Promise<unknown> {
  const def = route(method, path);
  try {
    return await runRoute(def, parts, ctx);
  } catch (err) {
    throw reworded(err, door, [def.query, def.params, def.body], names);
  }
}

/** `err`, a refusal by REST's schemas or handlers, reworded for `door`: the fields of `schemas` as the door names them. */
function reworded(err: unknown, door: OtherDoor, schemas: (ZodType | undefined)[], names: DoorNames): unknown {
  if (err instanceof ApiError) err.message = inDoorWords(err.message, door, new Set(schemas.flatMap((s) => [...(declaredKeysOf(s) ?? [])])), names);
  return err;
}

async function runRoute(def: AnyRoute, parts: RestParts, ctx: CallContext): Promise<unknown> {
  const query = def.query ? parseInput(def.query, defined(parts.query), 'parameter') : undefined;
  const params = def.params ? parseInput(def.params, defined(parts.params), 'parameter') : undefined;
  const body = def.body ? parseInput(def.body, defined(parts.body), 'body field') : undefined;
  // Handlers only set a status code or a header on the reply; nothing is sent.
  const reply = {
    sent: false,
    statusCode: 200,
    code(n: number) {
      this.statusCode = n;
      return this;
    },
    status(n: number) {
      this.statusCode = n;
      return this;
    },
    header() {
      return this;
    },
    hasHeader() {
      return false;
    },
  };
  const req = { id: ctx.requestId, ip: ctx.caller.ip, headers: {}, caller: ctx.caller, server: { services: ctx.services } };
  const result = await def.handler({ query, body, params, req: req as never, reply: reply as never, caller: ctx.caller, services: ctx.services, fresh: unchanged });
  return result ?? { ok: true };
}

/**
 * `raw`, REST-named arguments of a GraphQL field or an MCP tool read by a REST route's schema,
 * parsed by it; a refusal is thrown in `door`'s words, as `callRoute`'s are.
 */
export function parseInDoorWords<T extends ZodType>(schema: T, raw: unknown, door: OtherDoor, names: DoorNames = {}): z.output<T> {
  try {
    return parseInput(schema, raw, 'parameter');
  } catch (err) {
    throw reworded(err, door, [schema], names);
  }
}
