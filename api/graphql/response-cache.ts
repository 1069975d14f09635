/**
 * GraphQL answers kept per snapshot (issue 15: a 16-company query cost ~1.1-1.3 ms of CPU in
 * graphql-yoga's request adaptation and graphql-js execution, every time an agent repeated it).
 *
 * Only a read of public warehouse data is kept: every operation of the document is a query, every
 * root field is one of `CACHEABLE_ROOTS` (answers that depend on the snapshot, the day and the
 * arguments only), and every field with a capability (api/graphql/access.ts) serves a public,
 * read-only one. The key names everything else the answer depends on: the snapshot version, the
 * day (`today`, the default `asOf`), the caller's tier and whether it is signed in (the capability
 * rules and the bulk-read rule decide on those alone), the method, the Accept header (yoga's
 * media type), the operation name, the variables and the query text. Only 200 answers without
 * errors are kept. Limits, metering and billing run exactly as for an answer built fresh: the
 * request is admitted before the cache is read and settled from the answer it sends.
 */
import { getNamedType, isObjectType, Kind, TypeInfo, visit, visitWithTypeInfo, type DocumentNode, type GraphQLSchema } from 'graphql';
import { LRUCache } from 'lru-cache';
import { CAPABILITIES } from '../../schema/access.ts';
import type { Caller } from '../caller.ts';
import type { Encodings } from '../encoding.ts';
import { FIELD_CAPABILITIES } from './access.ts';

/**
 * Root fields whose answers are a function of the snapshot, the day and the arguments. Not here:
 * `me` and the mutations (per account), `coverage` (freshness against the clock), the learning
 * content (per account progress sits beside it).
 */
export const CACHEABLE_ROOTS: ReadonlySet<string> = new Set([
  'companies',
  'company',
  'searchCompanies',
  'security',
  'fund',
  'etfs',
  'manager',
  'insiderTrades',
  'institutionalHolders',
  'bdc',
  'bdcs',
  'borrowers',
  'macroSeries',
  'macroSeriesList',
  'yieldCurve',
  '__typename',
]);

/** A kept answer: what yoga answered, as sent; and its compressed forms, made as clients ask. */
export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: Buffer;
  /** It read a metered capability (billed when served again). */
  metered: boolean;
  encoded?: Encodings;
}

const cacheable = new WeakMap<DocumentNode, boolean>();

/** True when `doc` only reads public warehouse data (see the module comment); decided once per document. */
export function cacheableDocument(schema: GraphQLSchema, doc: DocumentNode): boolean {
  let known = cacheable.get(doc);
  if (known !== undefined) return known;
  known = decide(schema, doc);
  cacheable.set(doc, known);
  return known;
}

function decide(schema: GraphQLSchema, doc: DocumentNode): boolean {
  if (doc.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION && d.operation !== 'query')) return false;
  const query = schema.getQueryType();
  const typeInfo = new TypeInfo(schema);
  let ok = true;
  visit(
    doc,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (!parent || !isObjectType(getNamedType(parent))) {
          ok = false;
          return false;
        }
        const name = node.name.value;
        if (parent === query && !CACHEABLE_ROOTS.has(name)) {
          ok = false;
          return false;
        }
        const capability = FIELD_CAPABILITIES[`${parent.name}.${name}`];
        if (capability && capability !== 'parent') {
          const rule = CAPABILITIES[capability];
          if (rule.auth !== 'public' || rule.changesState) {
            ok = false;
            return false;
          }
        }
        return undefined;
      },
    }),
  );
  return ok;
}

export interface AnswerKeyParts {
  version: string | null;
  today: string;
  caller: Caller;
  method: string;
  accept: string | undefined;
  operationName: unknown;
  variables: unknown;
  text: string;
}

/**
 * JSON.stringify's replacer for a key: a number JSON cannot hold (`1e309` in the request's JSON is
 * Infinity) would be written as `null`, the key of the same query with that variable null, and
 * the kept answer to that one would have answered a request whose variable fails its type (found by
 * probing from outside). Such variables get no key: the request is validated and run.
 */
function exactJson(_key: string, value: unknown): unknown {
  if (typeof value === 'number' && !Number.isFinite(value)) throw new RangeError('not a finite number');
  return value;
}

/** The cache key of an answer, or null when it cannot be keyed (no snapshot, unserialisable variables). */
export function answerKey(p: AnswerKeyParts): string | null {
  if (p.version === null) return null;
  let vars: string;
  try {
    vars = JSON.stringify([p.operationName ?? null, p.variables ?? null], exactJson);
  } catch {
    return null;
  }
  const who = `${p.caller.tier}:${p.caller.accountId ? 'account' : 'anonymous'}`;
  return `${p.version}\n${p.today}\n${who}\n${p.method}\n${p.accept ?? ''}\n${vars.length}:${vars}\n${p.text}`;
}

/** Answers by key, least recently used dropped; at most 32 MB of keys and bodies. */
export const ANSWERS = new LRUCache<string, CachedAnswer>({
  max: 10_000,
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (v, k) => Math.max(1, v.body.length + k.length),
});
