/**
 * Page arguments and cursors of every Relay connection, checked in one place.
 *
 * `guardConnections` wraps the resolver of each field that returns a connection: `first`/`last`
 * must be integers from 0 to GRAPHQL_LIMITS.maxPage and `after`/`before` cursors this connection
 * gave out, else the field is a BAD_REQUEST error naming the argument (never a masked internal
 * error). Cursors are bound to their connection (`Company.filings`, not just an offset): a cursor
 * of another connection, another API or a hand-made string is refused. Resolvers below keep the
 * Pothos offset helpers (resolveArrayConnection, resolveOffsetConnection): the wrapper translates
 * our cursors to theirs on the way in and back on the way out, and gives an empty page null
 * start/end cursors.
 */
import { defaultFieldResolver, getNamedType, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from 'graphql';
import { GRAPHQL_LIMITS } from '../../schema/graphql.ts';
import { BadRequestError } from '../errors.ts';

const POTHOS_PREFIX = 'OffsetConnection:';
const MAX_CURSOR_LENGTH = 200;
const MAX_OFFSET = 999_999_999;

/** Our cursor of row `offset` in connection `kind` (base64url of `kind:offset`). */
export function encodeCursor(kind: string, offset: number): string {
  return Buffer.from(`${kind}:${offset}`, 'utf8').toString('base64url');
}

/** The offset a cursor of `kind` points at; BAD_REQUEST naming `name` for anything else. */
export function decodeCursor(kind: string, cursor: string, name: string): number {
  const bad = (why: string) => new BadRequestError(`invalid argument '${name}': ${why}`);
  if (cursor.length === 0 || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad('not a cursor of this connection (use a cursor from its edges or pageInfo)');
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const m = /^([A-Za-z0-9_.]+):(0|[1-9]\d*)$/.exec(text);
  if (!m || Buffer.from(text, 'utf8').toString('base64url') !== cursor) throw bad('not a cursor of this connection (use a cursor from its edges or pageInfo)');
  if (m[1] !== kind) throw bad(`a cursor of ${m[1]}, not of ${kind}`);
  const offset = Number(m[2]);
  if (offset > MAX_OFFSET) throw bad('cursor out of range');
  return offset;
}

function pageSize(value: unknown, name: string): void {
  if (value === null || value === undefined) return;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > GRAPHQL_LIMITS.maxPage) {
    throw new BadRequestError(`invalid argument '${name}': must be an integer from 0 to ${GRAPHQL_LIMITS.maxPage}`);
  }
}

const toPothos = (offset: number) => Buffer.from(`${POTHOS_PREFIX}${offset}`, 'utf8').toString('base64');
const fromPothos = (cursor: unknown): number | null => {
  if (typeof cursor !== 'string') return null;
  const text = Buffer.from(cursor, 'base64').toString('utf8');
  return text.startsWith(POTHOS_PREFIX) ? Number(text.slice(POTHOS_PREFIX.length)) : null;
};

interface ConnectionShape {
  edges?: ({ cursor?: unknown } | null)[] | null;
  pageInfo?: { startCursor?: unknown; endCursor?: unknown } | null;
}

function outward(kind: string, result: unknown): unknown {
  if (!result || typeof result !== 'object') return result;
  const conn = result as ConnectionShape;
  const mapCursor = (c: unknown) => {
    const offset = fromPothos(c);
    return offset === null || offset < 0 ? null : encodeCursor(kind, offset);
  };
  const edges = conn.edges?.map((e) => (e ? { ...e, cursor: mapCursor(e.cursor) } : e));
  const empty = !edges || edges.length === 0;
  const pageInfo = conn.pageInfo && {
    ...conn.pageInfo,
    startCursor: empty ? null : mapCursor(conn.pageInfo.startCursor),
    endCursor: empty ? null : mapCursor(conn.pageInfo.endCursor),
  };
  return { ...conn, edges, pageInfo };
}

function guard(kind: string, resolve: GraphQLFieldResolver<unknown, unknown>): GraphQLFieldResolver<unknown, unknown> {
  return (source, args: Record<string, unknown>, context, info) => {
    pageSize(args.first, 'first');
    pageSize(args.last, 'last');
    const inner = { ...args };
    for (const name of ['after', 'before'] as const) {
      const v = args[name];
      if (v === null || v === undefined) continue;
      inner[name] = toPothos(decodeCursor(kind, String(v), name));
    }
    const result = resolve(source, inner, context, info);
    return result instanceof Promise ? result.then((r) => outward(kind, r)) : outward(kind, result);
  };
}

/** Wraps every connection field of `schema` (in place) and returns it. */
export function guardConnections(schema: GraphQLSchema): GraphQLSchema {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      const named = getNamedType(field.type);
      const names = new Set(field.args.map((a) => a.name));
      if (!named.name.endsWith('Connection') || !names.has('first') || !names.has('after')) continue;
      field.resolve = guard(named.name.replace(/Connection$/, ''), field.resolve ?? defaultFieldResolver);
    }
  }
  return schema;
}
