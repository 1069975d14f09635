/**
 * The GraphQL door of the capability rules (schema/access.ts, issue 13.3): every field that reads
 * or changes data is mapped to the capability it serves, and `applyAccess` wraps its resolver with
 * that capability's rule (auth, tier) before anything runs — the same rule, the same 401/402
 * payload as the REST route and the MCP tool of that capability. `'parent'` marks a field served
 * from its parent's data (no read of its own, so no rule of its own).
 *
 * Which fields must be mapped (checked at startup and by test/api/access.test.ts): every root
 * field, and every field that is not a plain property exposure and takes arguments, is a
 * connection, returns an object type or returns JSON. A stale or missing entry is an error.
 *
 * Bulk reads: resolving the fundamentals (`BULK_READ.fieldsOfCompany`, or the XBRL facts of a
 * filing, `BULK_READ.fieldsOfFiling`) of more than `BULK_READ.maxTickers` distinct companies (by
 * CIK) in one request needs the `bulk_fundamentals` rule (Investor), whatever the query's shape
 * (`companies(tickers:)`, aliases, nested lists). `companies(tickers:)` with more tickers than that
 * and such a field selected (below its `filings` for a filing's) is refused as a whole, before any
 * company is read.
 */
import { getNamedType, isLeafType, isObjectType, type FieldNode, type GraphQLField, type GraphQLResolveInfo, type GraphQLSchema, type SelectionSetNode } from 'graphql';
import { BULK_READ, CAPABILITIES, type CapabilityId } from '../../schema/access.ts';
import { PAGING_ARGUMENTS } from '../../schema/door-arguments.ts';
import { z, type ZodType } from 'zod';
import { TOOL_CATALOG } from '../../schema/mcp/index.ts';
import { UnauthorizedError } from '../errors.ts';
import { parseInput } from '../route.ts';
import { requireTier } from '../limits/tier.ts';
import { mutationCall } from './admission.ts';
import type { GraphQLContext } from './context.ts';

export const FIELD_CAPABILITIES: Readonly<Record<string, CapabilityId | 'parent'>> = {
  'Query.bdc': 'bdc_list',
  'Query.bdcs': 'bdc_list',
  'Query.borrowers': 'bdc_borrowers',
  'Query.companies': 'company_lookup',
  'Query.coverage': 'data_coverage',
  'Query.company': 'company_lookup',
  'Query.etfs': 'etf_list',
  'Query.fund': 'etf_data',
  'Query.glossary': 'glossary_search',
  'Query.insiderTrades': 'insider_trades',
  'Query.institutionalHolders': 'institutional_holders',
  'Query.glossaryTerm': 'glossary_term',
  'Query.lesson': 'lesson',
  'Query.lessons': 'learn_tracks',
  'Query.macroSeries': 'macro_series',
  'Query.macroSeriesList': 'macro_series_list',
  'Query.manager': 'manager_holdings',
  'Query.me': 'account_me',
  'Query.searchCompanies': 'ticker_search',
  'Query.security': 'security_lookup',
  'Query.yieldCurve': 'yield_curve',
  'Mutation.addPosition': 'portfolio_add',
  'Mutation.addWatchlistTicker': 'watchlist_add_ticker',
  'Mutation.createWatchlist': 'watchlist_create',
  'Mutation.placePaperOrder': 'paper_order_place',
  'Mutation.removePosition': 'portfolio_remove',
  'Mutation.saveScreen': 'screen_save',
  'Mutation.submitLessonQuiz': 'lesson_quiz',
  'Bdc.creditQuality': 'bdc_credit_quality',
  'Bdc.investments': 'bdc_holdings',
  'Company.corporateActions': 'corporate_actions',
  'Company.filings': 'sec_filings',
  'Company.fundHolders': 'fund_holders',
  'Company.fundamentals': 'fundamentals_pit',
  'Company.fundamentalsHistory': 'fundamentals_history',
  'Company.insiderTrades': 'insider_trades',
  'Company.institutionalHolders': 'institutional_holders',
  'Company.intrinsicValue': 'intrinsic_value',
  'Company.news': 'ticker_news',
  'Company.peers': 'company_lookup',
  'Company.prices': 'price_history',
  'Company.profile': 'company_profile',
  'Company.quote': 'quote',
  'Company.snapshot': 'ticker_snapshot',
  'Company.statement': 'fundamentals_pit',
  'Company.technicals': 'technicals',
  'EtfSummary.fund': 'etf_data',
  'Filing.company': 'company_lookup',
  'Filing.facts': 'filing_facts',
  'FundPosition.security': 'security_lookup',
  'Holding.security': 'security_lookup',
  'MacroSeries.observations': 'macro_series',
  'Manager.holdings': 'manager_holdings',
  'Me.learnProgress': 'learn_progress',
  'Me.paperAccount': 'paper_account',
  'Me.portfolios': 'portfolio_positions',
  'Me.savedScreens': 'screen_list',
  'Me.watchlists': 'watchlist_list',
  'Portfolio.benchmark': 'portfolio_benchmark',
  'Portfolio.history': 'portfolio_history',
  'Portfolio.positions': 'portfolio_positions',
  'Position.company': 'company_lookup',
  'Security.company': 'company_lookup',
  'Watchlist.companies': 'company_lookup',
  'CompanyProfile.formerNames': 'parent',
  'CorporateActions.dividends': 'parent',
  'CorporateActions.splits': 'parent',
  'Fund.assetBreakdown': 'parent',
  'Fund.holdings': 'parent',
  'Fund.sectorBreakdown': 'parent',
  'Fundamentals.provenance': 'parent',
  'FundamentalsEvent.statements': 'parent',
  'GlossaryTerm.related': 'parent',
  'InstitutionalHolders.holders': 'parent',
  'Investment.borrower': 'parent',
  'Lesson.examples': 'parent',
  'Lesson.glossary': 'parent',
  'Lesson.quiz': 'parent',
  'ManagerQuarter.holdings': 'parent',
  'Me.portfolio': 'parent',
  'SavedScreen.params': 'parent',
  'Statement.items': 'parent',
  'Statement.metrics': 'parent',
  'Statement.sources': 'parent',
  'YieldCurve.points': 'parent',
};

const PAGE_ARGS = new Set(Object.keys(PAGING_ARGUMENTS.graphql));

/** The fields that need an entry in `FIELD_CAPABILITIES` (see the file comment). */
export function fieldsNeedingRule(schema: GraphQLSchema): string[] {
  const out: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__') || type.name === 'PageInfo' || /Connection(Edge)?$/.test(type.name)) continue;
    const root = type === schema.getQueryType() || type === schema.getMutationType();
    for (const field of Object.values(type.getFields())) {
      if (!root && (field.extensions as { pothosExposedField?: string }).pothosExposedField) continue;
      const named = getNamedType(field.type);
      const args = field.args.some((a) => !PAGE_ARGS.has(a.name));
      if (root || args || /Connection$/.test(named.name) || !isLeafType(named) || named.name === 'JSON') out.push(`${type.name}.${field.name}`);
    }
  }
  return out.sort();
}

/** Throws the 401/402 of `id`'s rule for the request's caller (the REST and MCP payloads). */
export function checkCapability(ctx: GraphQLContext, id: CapabilityId, what?: string): void {
  const rule = CAPABILITIES[id];
  if (rule.auth !== 'public' && !ctx.caller.accountId) {
    throw new UnauthorizedError('authentication required: send your API key in the X-API-Key header, or sign in (session cookie with X-CSRF-Token)');
  }
  requireTier(ctx.caller, rule.tier, ctx.services.config.publicUrl, what);
}

/** Distinct companies (CIKs) whose fundamentals were read in a request. */
const fundamentalsRead = new WeakMap<GraphQLContext, Set<number>>();
const BULK_FIELDS = new Set<string>(BULK_READ.fieldsOfCompany);
const BULK_FILING_FIELDS = new Set<string>(BULK_READ.fieldsOfFiling);
const BULK_WHAT = `the fundamentals of more than ${BULK_READ.maxTickers} companies in one request (a bulk read, as GET /api/data/bulk)`;

function countFundamentalsRead(ctx: GraphQLContext, cik: number): void {
  let seen = fundamentalsRead.get(ctx);
  if (!seen) fundamentalsRead.set(ctx, (seen = new Set()));
  seen.add(cik);
  if (seen.size > BULK_READ.maxTickers) checkCapability(ctx, BULK_READ.capability, BULK_WHAT);
}

/**
 * True when the selection (fragments followed once each) asks a company for a bulk field, or asks
 * its `filings` for a filing's bulk field at any depth below them (`edges { node { facts } }`).
 */
function selectsBulkField(set: SelectionSetNode | undefined, info: GraphQLResolveInfo, fields: ReadonlySet<string> = BULK_FIELDS, visited = new Set<string>()): boolean {
  for (const sel of set?.selections ?? []) {
    if (sel.kind === 'Field' && fields.has(sel.name.value)) return true;
    if (sel.kind === 'Field' && fields === BULK_FIELDS && sel.name.value === 'filings' && selectsBulkField(sel.selectionSet, info, BULK_FILING_FIELDS, new Set())) return true;
    if (sel.kind === 'Field' && fields === BULK_FILING_FIELDS && selectsBulkField(sel.selectionSet, info, fields, visited)) return true;
    if (sel.kind === 'InlineFragment' && selectsBulkField(sel.selectionSet, info, fields, visited)) return true;
    if (sel.kind === 'FragmentSpread' && !visited.has(sel.name.value)) {
      visited.add(sel.name.value);
      if (selectsBulkField(info.fragments[sel.name.value]?.selectionSet, info, fields, visited)) return true;
    }
  }
  return false;
}

type Resolver = NonNullable<GraphQLField<unknown, GraphQLContext>['resolve']>;

function wrap(key: string, id: CapabilityId, resolve: Resolver): Resolver {
  const [type, field] = key.split('.') as [string, string];
  // Both a Company and a Filing row carry the company's CIK.
  const bulkField = (type === 'Company' && BULK_FIELDS.has(field)) || (type === 'Filing' && BULK_FILING_FIELDS.has(field));
  const metered = CAPABILITIES[id].metered;
  const mutation = type === 'Mutation';
  return (parent, args, ctx, info) => {
    checkCapability(ctx, id);
    if (bulkField) countFundamentalsRead(ctx, (parent as { cik: number }).cik);
    if (key === 'Query.companies') {
      const tickers = new Set(((args as { tickers?: string[] }).tickers ?? []).map((s) => s.trim().toUpperCase()));
      if (tickers.size > BULK_READ.maxTickers && info.fieldNodes.some((n: FieldNode) => selectsBulkField(n.selectionSet, info))) checkCapability(ctx, BULK_READ.capability, BULK_WHAT);
    }
    // A root field of a mutation operation is a call of its own: admitted, limited and billed
    // when it runs (api/graphql/admission.ts).
    const calls = ctx.reads.calls;
    if (mutation && calls) return mutationCall(ctx, info, calls, id, () => resolve(parent, args, ctx, info));
    if (!metered || (ctx.reads.metered && !mutation)) return resolve(parent, args, ctx, info);
    // A metered capability's field that answers a value makes the request billable (a null, as for
    // an unknown ticker, or an empty list does not: REST's 404 is never billed); a mutation that
    // took effect is noted too (billed whatever its selection then reads).
    const out = resolve(parent, args, ctx, info);
    const read = (value: unknown): unknown => {
      if (value !== null && value !== undefined && !(Array.isArray(value) && value.length === 0)) {
        ctx.reads.metered = true;
        if (mutation) ctx.reads.mutated = true;
      }
      return value;
    };
    return out instanceof Promise ? out.then(read) : read(out);
  };
}

/** Wraps every mapped field of `schema` with its capability's rule; refuses a stale or missing entry. */
export function applyAccess(schema: GraphQLSchema): GraphQLSchema {
  const needed = fieldsNeedingRule(schema);
  const missing = needed.filter((k) => !(k in FIELD_CAPABILITIES));
  if (missing.length) throw new Error(`GraphQL fields without an access rule (api/graphql/access.ts): ${missing.join(', ')}`);
  for (const [key, id] of Object.entries(FIELD_CAPABILITIES)) {
    const [typeName, fieldName] = key.split('.') as [string, string];
    const type = schema.getType(typeName);
    const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
    if (!field) throw new Error(`api/graphql/access.ts maps ${key}, which the schema does not have`);
    if (id === 'parent') continue;
    const resolve = (field.resolve ?? ((p: Record<string, unknown>) => p[fieldName])) as Resolver;
    const checked = checkArguments(id, field.args.map((a) => a.name), resolve);
    field.resolve = wrap(key, id, checked) as typeof field.resolve;
  }
  return schema;
}

/**
 * `resolve`, after the field's arguments pass the rules their capability's MCP tool declares for
 * the same names (schema/mcp: each tool's input, one zod schema per argument; REST routes take the
 * same rules under snake_case names, test/api/door-arguments.test.ts): one rule per argument at
 * every door. A field's resolver still checks what spans arguments (a start after an end). Before,
 * each resolver had to call the rule itself, and an outside pass found six that did not: GraphQL
 * answered a null or an empty list where REST and MCP said 400 (a 200-character fund symbol, an
 * empty or 300-character search, a bidi control as a symbol). Paging arguments are GraphQL's own.
 */
function checkArguments(id: CapabilityId, names: readonly string[], resolve: Resolver): Resolver {
  const rules: Record<string, ZodType> = {};
  for (const name of names) {
    if (PAGE_ARGS.has(name)) continue;
    for (const tool of TOOL_CATALOG) {
      const rule = tool.capability === id ? (tool.input.shape as Record<string, ZodType>)[name] : undefined;
      if (rule) {
        rules[name] = rule;
        break;
      }
    }
  }
  const ruled = Object.keys(rules);
  if (ruled.length === 0) return resolve;
  const schema = z.object(rules).partial();
  return (parent, args, ctx, info) => {
    const given: Record<string, unknown> = {};
    for (const name of ruled) {
      const value = (args as Record<string, unknown>)[name];
      if (value !== null && value !== undefined) given[name] = value;
    }
    parseInput(schema, given, 'argument');
    return resolve(parent, args, ctx, info);
  };
}
