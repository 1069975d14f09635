/**
 * Depth, alias and cost limits as GraphQL validation rules: an abusive operation is refused with
 * a GraphQL error before anything executes (numbers and the cost model in schema/graphql.ts).
 * `operationCost` is also what a request is metered by.
 */
import {
  getNamedType,
  GraphQLError,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLNamedType,
  type GraphQLSchema,
  type GraphQLType,
  type SelectionSetNode,
  type ValidationContext,
} from 'graphql';
import { GRAPHQL_LIMITS } from '../../schema/graphql.ts';

type Fragments = Record<string, FragmentDefinitionNode>;

function fragmentsOf(doc: DocumentNode): Fragments {
  const out: Fragments = {};
  for (const d of doc.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) out[d.name.value] = d;
  return out;
}

function depthOf(set: SelectionSetNode | undefined, fragments: Fragments, seen: Set<string>): number {
  if (!set) return 0;
  let max = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) max = Math.max(max, sel.name.value.startsWith('__') ? 0 : 1 + depthOf(sel.selectionSet, fragments, seen));
    else if (sel.kind === Kind.INLINE_FRAGMENT) max = Math.max(max, depthOf(sel.selectionSet, fragments, seen));
    else if (!seen.has(sel.name.value) && fragments[sel.name.value]) {
      max = Math.max(max, depthOf(fragments[sel.name.value]!.selectionSet, fragments, new Set([...seen, sel.name.value])));
    }
  }
  return max;
}

function countAliases(set: SelectionSetNode | undefined, fragments: Fragments, seen: Set<string>): number {
  if (!set) return 0;
  let n = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) n += (sel.alias ? 1 : 0) + countAliases(sel.selectionSet, fragments, seen);
    else if (sel.kind === Kind.INLINE_FRAGMENT) n += countAliases(sel.selectionSet, fragments, seen);
    else if (!seen.has(sel.name.value) && fragments[sel.name.value]) n += countAliases(fragments[sel.name.value]!.selectionSet, fragments, new Set([...seen, sel.name.value]));
  }
  return n;
}

function pageSize(field: FieldNode): number {
  for (const name of ['first', 'last']) {
    const arg = field.arguments?.find((a) => a.name.value === name);
    if (!arg) continue;
    if (arg.value.kind === Kind.INT) return Math.min(Number(arg.value.value), GRAPHQL_LIMITS.maxPage);
    return GRAPHQL_LIMITS.maxPage; // a variable: assume the largest page
  }
  return GRAPHQL_LIMITS.defaultPage;
}

const unwrapNonNull = (t: GraphQLType): GraphQLType => (isNonNullType(t) ? t.ofType : t);

function costOf(schema: GraphQLSchema, set: SelectionSetNode | undefined, parent: GraphQLNamedType | undefined, fragments: Fragments, seen: Set<string>): number {
  if (!set || !parent) return 0;
  let total = 0;
  for (const sel of set.selections) {
    if (sel.kind === Kind.FIELD) {
      if (sel.name.value.startsWith('__') || !isObjectType(parent)) continue;
      const def = parent.getFields()[sel.name.value];
      if (!def) continue;
      const named = getNamedType(def.type);
      if (isLeafType(named)) continue;
      const child = costOf(schema, sel.selectionSet, named, fragments, seen);
      // A connection multiplies its selection by the page size once: its `edges` list is that page.
      const factor = named.name.endsWith('Connection')
        ? pageSize(sel)
        : isListType(unwrapNonNull(def.type)) && !parent.name.endsWith('Connection')
          ? GRAPHQL_LIMITS.listFactor
          : 1;
      total += 1 + factor * child;
    } else if (sel.kind === Kind.INLINE_FRAGMENT) {
      const on = sel.typeCondition ? schema.getType(sel.typeCondition.name.value) : parent;
      total += costOf(schema, sel.selectionSet, on ?? parent, fragments, seen);
    } else if (!seen.has(sel.name.value) && fragments[sel.name.value]) {
      const frag = fragments[sel.name.value]!;
      total += costOf(schema, frag.selectionSet, schema.getType(frag.typeCondition.name.value) ?? parent, fragments, new Set([...seen, sel.name.value]));
    }
  }
  return total;
}

/** Estimated cost of every operation in `doc` (the largest, when there are several). */
export function operationCost(schema: GraphQLSchema, doc: DocumentNode): number {
  const fragments = fragmentsOf(doc);
  let max = 0;
  for (const d of doc.definitions) {
    if (d.kind !== Kind.OPERATION_DEFINITION) continue;
    const root = d.operation === 'mutation' ? schema.getMutationType() : d.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
    max = Math.max(max, costOf(schema, d.selectionSet, root ?? undefined, fragments, new Set()));
  }
  return max;
}

/** The validation rule: depth, aliases and cost within GRAPHQL_LIMITS. */
export function limitsRule(context: ValidationContext): ASTVisitor {
  return {
    Document(doc) {
      const fragments = fragmentsOf(doc);
      for (const d of doc.definitions) {
        if (d.kind !== Kind.OPERATION_DEFINITION) continue;
        const depth = depthOf(d.selectionSet, fragments, new Set());
        if (depth > GRAPHQL_LIMITS.maxDepth) {
          context.reportError(new GraphQLError(`query depth ${depth} exceeds the limit of ${GRAPHQL_LIMITS.maxDepth}`, { nodes: [d], extensions: { code: 'QUERY_TOO_DEEP' } }));
        }
        const aliases = countAliases(d.selectionSet, fragments, new Set());
        if (aliases > GRAPHQL_LIMITS.maxAliases) {
          context.reportError(new GraphQLError(`${aliases} aliases exceed the limit of ${GRAPHQL_LIMITS.maxAliases}`, { nodes: [d], extensions: { code: 'TOO_MANY_ALIASES' } }));
        }
      }
      const cost = operationCost(context.getSchema(), doc);
      if (cost > GRAPHQL_LIMITS.maxCost) {
        context.reportError(
          new GraphQLError(`query cost ${cost} exceeds the limit of ${GRAPHQL_LIMITS.maxCost}: ask for smaller pages (first) or fewer nested lists`, {
            extensions: { code: 'QUERY_TOO_COSTLY', cost, maxCost: GRAPHQL_LIMITS.maxCost },
          }),
        );
      }
    },
  };
}
