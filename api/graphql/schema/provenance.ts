/** Provenance, date fallbacks and freshness (schema/provenance.ts), shared by every data type. */
import type { CapabilityId } from '../../../schema/access.ts';
import type { DataThrough, DateFallbackData, ProvenanceData } from '../../../schema/provenance.ts';
import type { Db } from '../../../warehouse/db.ts';
import { catalogDatasets, catalogStats } from '../../../warehouse/queries/catalog.ts';
import { fetchedAt } from '../../../warehouse/queries/freshness.ts';
import { datingTool, routeJobs, TOOL_JOBS } from '../../freshness.ts';
import { builder } from '../builder.ts';
import type { GraphQLContext } from '../context.ts';
import { JsonScalar } from './scalars.ts';

export const ProvenanceRef = builder.objectRef<ProvenanceData>('Provenance');
ProvenanceRef.implement({
  description: 'Where a served row came from.',
  fields: (t) => ({
    source: t.exposeString('source', { description: 'the publisher (SEC EDGAR, U.S. Treasury, FRED, FDIC, USAspending.gov, vendor file)' }),
    document: t.exposeString('document', { nullable: true, description: 'the document key (host/path) the row was loaded from' }),
    url: t.exposeString('url', { nullable: true, description: 'where the document is published; null for vendor files' }),
    accession: t.exposeString('accession', { nullable: true, description: 'SEC accession number, for rows from a filing' }),
    synthetic: t.exposeBoolean('synthetic', { description: 'true when the row was generated, not taken from the source' }),
    filedBasis: t.string({
      nullable: true,
      description:
        "For rows from an ownership filing (Forms 3/4/5, 13F, N-PORT): how the filing's `filed` date is known. 'edgar' = the filing date EDGAR " +
        "published (envelope header, submissions JSON, DERA data set); 'signature' = estimated from the signature date in the document (bundled " +
        'without its EDGAR envelope; the real filing date is that day or later). Null for other rows.',
      resolve: (p) => p.filedBasis ?? null,
    }),
  }),
});

export const DateFallbackRef = builder.objectRef<DateFallbackData>('DateFallback');
DateFallbackRef.implement({
  description: 'The date asked, the date served (earlier) and why.',
  fields: (t) => ({ requested: t.exposeString('requested'), served: t.exposeString('served'), reason: t.exposeString('reason') }),
});

export const FETCHED_AT_DESCRIPTION = 'When Almanac last fetched the source successfully (run ledger), ISO 8601 UTC without zone; never the request time.';
export const DATA_THROUGH_DESCRIPTION = 'The newest date (YYYY-MM-DD) the data of this answer covers.';

/** What a list connection carries beside its edges (issue 16): `dataThrough` of the page's rows, `fetchedAt` of the ledger. */
export interface ConnectionFreshness {
  dataThrough: string | null;
  fetchedAt: string | null;
}

/**
 * The freshness of `answer` as the REST route `path` says it: `rule`'s `dataThrough` (undefined:
 * the answer's own) and the ledger time of the jobs of the datasets that list the route. For a
 * capability no MCP data tool serves (corporate actions); the others are dated by their tool
 * (`capabilityFreshness`).
 * @example { ...actions, fetchedAt: (await routeFreshness(db, '/corporate-actions', actions)).fetchedAt }
 */
export async function routeFreshness(db: Db, path: string, answer: unknown, rule?: DataThrough): Promise<ConnectionFreshness> {
  const at = await fetchedAt(db, routeJobs(path) ?? []);
  return { dataThrough: rule ? rule(answer, at) : ((answer as Partial<ConnectionFreshness>).dataThrough ?? null), fetchedAt: at };
}

/**
 * The `dataThrough` and `fetchedAt` fields of a list connection, whose resolver returns the
 * connection spread with them (`{ ...connection, ...freshness }`).
 * @example t.connection({ type, resolve }, { name: 'QueryBdcsConnection', fields: (c) => ({ dataThrough: c.string(CONNECTION_DATA_THROUGH), fetchedAt: c.string(CONNECTION_FETCHED_AT) }) })
 */
export const CONNECTION_DATA_THROUGH = {
  nullable: true as const,
  description: `${DATA_THROUGH_DESCRIPTION} Here: the newest filing date of the rows this connection answers.`,
  resolve: (c: object): string | null => (c as Partial<ConnectionFreshness>).dataThrough ?? null,
};
export const CONNECTION_FETCHED_AT = {
  nullable: true as const,
  description: FETCHED_AT_DESCRIPTION,
  resolve: (c: object): string | null => (c as Partial<ConnectionFreshness>).fetchedAt ?? null,
};

/**
 * `dataThrough` and `fetchedAt` of a GraphQL answer of `capability`, as its MCP tool says them:
 * the answer's own `dataThrough` when it carries one, else the tool's rule applied to it (a list
 * tool's rule to the rows: a connection's page, or the one row an object is), and the ledger's
 * last fetch of the tool's datasets' jobs.
 */
export async function capabilityFreshness(db: Db, capability: CapabilityId, answer: unknown): Promise<ConnectionFreshness> {
  const tool = datingTool(capability);
  const at = await fetchedAt(db, (tool && TOOL_JOBS.get(tool.name)) ?? []);
  const own = answer !== null && typeof answer === 'object' && !Array.isArray(answer) ? (answer as { dataThrough?: string | null }).dataThrough : undefined;
  if (own !== undefined) return { dataThrough: own, fetchedAt: at };
  const rows = tool?.list && !Array.isArray(answer) ? [answer] : answer;
  return { dataThrough: tool?.dataThrough?.(rows, at) ?? null, fetchedAt: at };
}

/** The schema types of the builder (for field helpers shared by several object types). */
type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/**
 * The `dataThrough` and `fetchedAt` fields of a type answering for `capability`, resolved when
 * selected (`capabilityFreshness` of `answerOf(parent)`, the parent itself by default).
 * @example fields: (t) => ({ ...own fields, ...datedFields(t, 'company_profile') })
 */
export function datedFields<P>(t: PothosSchemaTypes.ObjectFieldBuilder<Types, P>, capability: CapabilityId, answerOf: (parent: P) => unknown = (p) => p, through = DATA_THROUGH_DESCRIPTION) {
  const freshness = (parent: P, ctx: GraphQLContext) => capabilityFreshness(ctx.services.warehouse, capability, answerOf(parent));
  return {
    dataThrough: t.string({ nullable: true, description: through, resolve: async (p, _a, ctx) => (await freshness(p, ctx)).dataThrough }),
    fetchedAt: t.string({ nullable: true, description: FETCHED_AT_DESCRIPTION, resolve: async (p, _a, ctx) => (await freshness(p, ctx)).fetchedAt }),
  };
}

/** The rows of a connection's page (a connection resolver's result holds its edges as a list). */
const pageRows = (c: unknown): unknown[] => ((c as { edges?: readonly ({ node: unknown } | null | undefined)[] | null }).edges ?? []).flatMap((e) => (e ? [e.node] : []));

/**
 * A list connection's options naming it and giving it `dataThrough` (of its page's rows) and
 * `fetchedAt`, as the MCP tool of `capability` says them.
 * @example t.connection({ type, resolve }, datedConnection('CompanyNewsConnection', 'ticker_news'))
 */
export function datedConnection(name: string, capability: CapabilityId) {
  return {
    name,
    fields: <P>(c: PothosSchemaTypes.ObjectFieldBuilder<Types, P>) => datedFields(c, capability, pageRows, `${DATA_THROUGH_DESCRIPTION} Here: of the rows of this page.`),
  };
}

builder.queryFields((t) => ({
  coverage: t.field({
    type: JsonScalar,
    description: 'Coverage and freshness of every dataset, exactly as GET /api/coverage serves it.',
    resolve: async (_r, _a, ctx) => ({
      snapshot: ctx.services.warehouse.version,
      datasets: catalogDatasets(await catalogStats(ctx.services.warehouse), ctx.services.config.schedules),
    }),
  }),
}));
