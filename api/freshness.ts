/**
 * Freshness of warehouse answers (issue 16), declared once: a metered REST route whose path a
 * dataset of the catalog lists (schema/datasets.ts `endpoints`) answers with `dataThrough` and `fetchedAt`.
 * `fetchedAt` is the run ledger's last successful fetch of those datasets' jobs (the oldest, as MCP's
 * tools say it); `dataThrough` is the answer's own, or the route's `dataThrough` rule applied to it.
 * An object answer carries both in its body; a bare list keeps its shape and carries them as the
 * `FRESHNESS_HEADERS` (X-Data-Through, X-Fetched-At), and the OpenAPI description says which.
 */
import type { FastifyReply } from 'fastify';
import { z, type ZodType } from 'zod';
import type { CapabilityId } from '../schema/access.ts';
import { jobsByListing } from '../schema/datasets.ts';
import { TOOL_CATALOG, type ToolSpec } from '../schema/mcp/index.ts';
import { FRESHNESS, FRESHNESS_HEADERS, type DataThrough, type FreshnessData } from '../schema/provenance.ts';
import type { Db } from '../warehouse/db.ts';
import { fetchedAt, listFreshness } from '../warehouse/queries/freshness.ts';

/** Sets `X-Data-Through` and `X-Fetched-At` from `f` (each left out when null). */
export function freshnessHeaders(reply: FastifyReply, f: FreshnessData): void {
  if (f.dataThrough) reply.header(FRESHNESS_HEADERS.dataThrough, f.dataThrough);
  if (f.fetchedAt) reply.header(FRESHNESS_HEADERS.fetchedAt, f.fetchedAt);
}

const PATH_JOBS = jobsByListing((d) => d.endpoints);

/** The pipeline jobs behind each data tool: those of every dataset that lists it (schema/datasets.ts). */
export const TOOL_JOBS = jobsByListing((d) => d.mcpTools);

/**
 * Per capability, the MCP tool a dataset lists for it (the first, in catalog order). Its
 * `dataThrough` rule is the capability's, declared once (schema/mcp): GraphQL dates its answers of
 * the capability by it, and a REST list route that declares no rule of its own takes a list tool's.
 */
const DATING_TOOLS = new Map<CapabilityId, ToolSpec>();
for (const tool of TOOL_CATALOG) if (TOOL_JOBS.has(tool.name) && !DATING_TOOLS.has(tool.capability)) DATING_TOOLS.set(tool.capability, tool);

/** The MCP tool whose datasets and `dataThrough` rule date answers of `capability` (undefined when no data tool serves it). */
export const datingTool = (capability: CapabilityId): ToolSpec | undefined => DATING_TOOLS.get(capability);

/**
 * `dataThrough` (the newest of `dates`) and `fetchedAt` of a catalog route's list answer worked out
 * away from its request (the bulk answer, built once per snapshot and kept), from the jobs the
 * catalog lists the route under. A list route's handler just returns its rows: the route layer
 * dates them (`defineRoute`).
 */
export function routeListFreshness(db: Db, path: string, dates: readonly (string | null | undefined)[]): Promise<FreshnessData> {
  return listFreshness(db, routeJobs(path) ?? [], dates);
}

/** The catalog's spelling of a route path: `{cik}` for `:cik`. */
export const catalogPath = (path: string): string => path.replace(/:(\w+)/g, '{$1}');

/** The pipeline jobs of the datasets that list the route `path` (`/credit/bdc/:cik/holdings`); undefined when none does. */
export const routeJobs = (path: string): string[] | undefined => PATH_JOBS.get(catalogPath(path));


const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;

/** Whether `withFreshness` can add anything to `answer` (a list, or a plain object); a reply the route sent itself it leaves alone. */
export const takesFreshness = (answer: unknown): boolean => Array.isArray(answer) || isPlainObject(answer);

/**
 * `answer` with its freshness: an object gets `dataThrough` (its own, else `rule`'s, else null)
 * and `fetchedAt` unless it has its own `fetchedAt`; a list gets the headers on `reply` unless its
 * route set them. Anything else (a body the route sent itself, a Buffer, a stream) is left as it is.
 */
export async function withFreshness(answer: unknown, db: Db, jobs: readonly string[], rule: DataThrough | undefined, reply: Pick<FastifyReply, 'header' | 'hasHeader'>): Promise<unknown> {
  if (Array.isArray(answer)) {
    if (reply.hasHeader(FRESHNESS_HEADERS.fetchedAt)) return answer;
    const at = await fetchedAt(db, jobs);
    freshnessHeaders(reply as FastifyReply, { dataThrough: rule?.(answer, at) ?? null, fetchedAt: at });
    return answer;
  }
  if (!isPlainObject(answer) || 'fetchedAt' in answer) return answer;
  const at = await fetchedAt(db, jobs);
  return { ...answer, dataThrough: 'dataThrough' in answer ? answer.dataThrough : (rule?.(answer, at) ?? null), fetchedAt: at };
}

/**
 * The success response of a catalog route, documented with its freshness: a list response lists
 * the headers, an object schema gains `dataThrough` and `fetchedAt` where it has not got them.
 */
export function documentFreshness<R extends { schema?: ZodType; freshnessHeaders?: boolean }>(doc: R): R {
  const { schema } = doc;
  if (schema instanceof z.ZodArray) return doc.freshnessHeaders ? doc : { ...doc, freshnessHeaders: true };
  if (schema instanceof z.ZodObject && !('fetchedAt' in schema.shape)) return { ...doc, schema: schema.extend('dataThrough' in schema.shape ? { fetchedAt: FRESHNESS.fetchedAt } : FRESHNESS) };
  return doc;
}
