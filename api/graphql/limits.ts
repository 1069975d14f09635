/**
 * Admission of a GraphQL document before anything heavy runs (numbers and the cost model in
 * schema/graphql.ts). `inspectQuery` parses with a token cap, counts operations, fragments and
 * spreads, and measures depth, aliases, expanded fields and cost in one pass that visits every
 * fragment once (a memoised summary per fragment, multiplied by each spread): fragment chains that
 * double at every step cost linear time to measure. Fragment cycles are refused here. Only a
 * document within every limit reaches graphql-js `validate`, and that runs under a wall-clock
 * budget (`validateWithinBudget`): the document limits keep its super-linear rule
 * (OverlappingFieldsCanBeMerged, which also meters itself) small, and every rule's visitor checks
 * the deadline. The inspection has the same budget of its own.
 *
 * The cost is also what a request is metered by (api/graphql/admission.ts).
 */
import {
  getNamedType,
  GraphQLError,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  validate,
  visit,
  type ASTVisitor,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type TypeNode,
  type ValidationRule,
  type ValueNode,
} from 'graphql';
import { GRAPHQL_LIMITS } from '../../schema/graphql.ts';
import { dataPathCapabilities } from '../data-paths.ts';
import { FIELD_CAPABILITIES } from './access.ts';

type Variables = Record<string, unknown>;

/** What the admission step learnt about a query text. */
export interface Inspection {
  source: string;
  /** The parsed document (null when the text was refused or does not parse). */
  document: DocumentNode | null;
  /** Limit refusals (empty when the document is within every limit). */
  errors: GraphQLError[];
  /** Estimated cost: the largest of the document's operations (1 when refused). */
  cost: number;
  /**
   * An operation selects a field of a capability REST serves on a data path (api/data-paths.ts):
   * the request counts in the per-IP data-path limit (false when refused).
   */
  dataPaths: boolean;
}

interface Summary {
  depth: number;
  aliases: number;
  fields: number;
  cost: number;
  /** Selects a data-path field (`dataPathFields`). */
  data: boolean;
}

const ZERO: Summary = { depth: 0, aliases: 0, fields: 0, cost: 0, data: false };

let dataFields: ReadonlySet<string> | undefined;

/** `Type.field` of every field serving a data-path capability (api/graphql/access.ts mapping). */
export function dataPathFields(): ReadonlySet<string> {
  const capabilities = dataPathCapabilities();
  dataFields ??= new Set(Object.entries(FIELD_CAPABILITIES).flatMap(([field, c]) => (c !== 'parent' && capabilities.has(c) ? [field] : [])));
  return dataFields;
}

function limitError(message: string, code: string, extra: Record<string, unknown> = {}, nodes?: OperationDefinitionNode[]): GraphQLError {
  return new GraphQLError(message, { nodes, extensions: { code, ...extra } });
}

class BudgetExceeded extends Error {}

/** The error of a request whose parse and validation outlived `GRAPHQL_LIMITS.validationBudgetMs`. */
export function budgetError(): GraphQLError {
  return limitError(`checking the query took longer than ${GRAPHQL_LIMITS.validationBudgetMs} ms: send a smaller document`, 'QUERY_TOO_COMPLEX');
}

/** Parses with the length and token caps (a GraphQL syntax error, or QUERY_TOO_LARGE). */
export function boundedParse(source: string): DocumentNode {
  if (source.length > GRAPHQL_LIMITS.maxQueryLength) {
    throw limitError(`the query has ${source.length} characters; the limit is ${GRAPHQL_LIMITS.maxQueryLength}`, 'QUERY_TOO_LARGE');
  }
  try {
    return parse(source, { maxTokens: GRAPHQL_LIMITS.maxTokens });
  } catch (err) {
    if (err instanceof GraphQLError && /more tha[nt] \d+ tokens/.test(err.message)) {
      throw limitError(`the query has more than ${GRAPHQL_LIMITS.maxTokens} tokens`, 'QUERY_TOO_LARGE');
    }
    throw err;
  }
}

/** Walks selections once per fragment; `measure` is the summary of one operation's selection set. */
class Measurer {
  private readonly summaries = new Map<string, Summary>();
  private readonly inProgress = new Set<string>();
  private steps = 0;
  readonly cycles = new Set<string>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly fragments: Map<string, FragmentDefinitionNode>,
    private readonly variables: Variables,
    private readonly defaults: Map<string, ValueNode>,
    /** Variables declared with a list type. */
    private readonly listVariables: Set<string>,
    private readonly deadline: number,
  ) {}

  measure(set: SelectionSetNode | undefined, parent: GraphQLNamedType | undefined): Summary {
    if (!set) return ZERO;
    if ((++this.steps & 255) === 0 && performance.now() > this.deadline) throw new BudgetExceeded();
    this.countRepeats(set, new Map());
    const out = { ...ZERO };
    for (const sel of set.selections) {
      let s: Summary;
      if (sel.kind === Kind.FIELD) s = this.field(sel, parent);
      else if (sel.kind === Kind.INLINE_FRAGMENT) s = this.measure(sel.selectionSet, sel.typeCondition ? this.schema.getType(sel.typeCondition.name.value) ?? parent : parent);
      else s = this.fragment(sel.name.value);
      out.depth = Math.max(out.depth, s.depth);
      out.aliases += s.aliases;
      out.fields += s.fields;
      out.cost += s.cost;
      out.data ||= s.data;
    }
    return out;
  }

  /** The most often written response key of one selection set (inline fragments flattened). */
  repeated: { key: string; count: number } | null = null;
  private countRepeats(set: SelectionSetNode, counts: Map<string, number>): void {
    for (const sel of set.selections) {
      if (sel.kind === Kind.INLINE_FRAGMENT) this.countRepeats(sel.selectionSet, counts);
      else if (sel.kind === Kind.FIELD) {
        const key = sel.alias?.value ?? sel.name.value;
        const count = (counts.get(key) ?? 0) + 1;
        counts.set(key, count);
        if (count > GRAPHQL_LIMITS.maxRepeatedField && (!this.repeated || count > this.repeated.count)) this.repeated = { key, count };
      }
    }
  }

  private fragment(name: string): Summary {
    const known = this.summaries.get(name);
    if (known) return known;
    const def = this.fragments.get(name);
    if (!def) return ZERO; // unknown fragment: graphql-js validation names it
    if (this.inProgress.has(name)) {
      this.cycles.add(name);
      return ZERO;
    }
    this.inProgress.add(name);
    const s = this.measure(def.selectionSet, this.schema.getType(def.typeCondition.name.value) ?? undefined);
    this.inProgress.delete(name);
    this.summaries.set(name, s);
    return s;
  }

  private field(node: FieldNode, parent: GraphQLNamedType | undefined): Summary {
    const name = node.name.value;
    const def = fieldDef(this.schema, parent, name);
    const named = def ? getNamedType(def.type) : undefined;
    const child = this.measure(node.selectionSet, named);
    const introspection = name.startsWith('__');
    let cost = (parent && GRAPHQL_LIMITS.leafCosts[`${parent.name}.${name}`]) ?? 0;
    if (def && named && !isLeafType(named)) {
      const type = isNonNullType(def.type) ? def.type.ofType : def.type;
      if (named.name.endsWith('Connection')) cost = 1 + this.pageSize(node) * child.cost; // its `edges` are that page
      else if (isListType(type) && !parent?.name.endsWith('Connection')) cost = this.listLength(node, `${parent?.name}.${name}`) * (1 + child.cost); // each object 1
      else cost = 1 + child.cost;
    }
    const data = child.data || (parent !== undefined && dataPathFields().has(`${parent.name}.${name}`));
    return { depth: introspection ? 0 : 1 + child.depth, aliases: (node.alias ? 1 : 0) + child.aliases, fields: 1 + child.fields, cost, data };
  }

  /** A literal, or a variable's value (its default; undefined when it has none). */
  private value(node: ValueNode): unknown {
    if (node.kind === Kind.VARIABLE) {
      const name = node.name.value;
      if (Object.prototype.hasOwnProperty.call(this.variables, name)) return this.variables[name];
      const fallback = this.defaults.get(name);
      return fallback ? this.value(fallback) : undefined;
    }
    if (node.kind === Kind.INT) return Number(node.value);
    if (node.kind === Kind.LIST) return node.values; // length is what counts
    if (node.kind === Kind.NULL) return null;
    return Symbol.for('other');
  }

  private pageSize(node: FieldNode): number {
    let size: number | null = null;
    for (const name of ['first', 'last']) {
      const arg = node.arguments?.find((a) => a.name.value === name);
      if (!arg) continue;
      const v = this.value(arg.value);
      const n = typeof v === 'number' && Number.isFinite(v) ? Math.min(Math.max(v, 0), GRAPHQL_LIMITS.maxPage) : v === null ? null : GRAPHQL_LIMITS.maxPage;
      if (n !== null) size = size === null ? n : Math.min(size, n);
    }
    return size ?? GRAPHQL_LIMITS.defaultPage;
  }

  private listLength(node: FieldNode, key: string): number {
    let longest: number | null = null;
    for (const arg of node.arguments ?? []) {
      const isList = arg.value.kind === Kind.LIST || (arg.value.kind === Kind.VARIABLE && this.listVariables.has(arg.value.name.value));
      if (!isList) continue;
      const v = this.value(arg.value);
      // A single value where a list is expected is a list of one (GraphQL input coercion).
      const n = Array.isArray(v) ? v.length : v === undefined ? GRAPHQL_LIMITS.maxListArgument : v === null ? 0 : 1;
      longest = Math.max(longest ?? 0, n);
    }
    return longest ?? GRAPHQL_LIMITS.listLengths[key] ?? GRAPHQL_LIMITS.listFactor;
  }
}

function fieldDef(schema: GraphQLSchema, parent: GraphQLNamedType | undefined, name: string): GraphQLField<unknown, unknown> | undefined {
  if (!parent) return undefined;
  if (name === '__typename') return TypeNameMetaFieldDef;
  if (parent === schema.getQueryType() && name === '__schema') return SchemaMetaFieldDef;
  if (parent === schema.getQueryType() && name === '__type') return TypeMetaFieldDef;
  return isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;
}

function listTypeNode(type: TypeNode): boolean {
  return type.kind === Kind.LIST_TYPE || (type.kind === Kind.NON_NULL_TYPE && type.type.kind === Kind.LIST_TYPE);
}

/**
 * Parses `source` within the caps and measures every operation; refusals are in `errors`.
 * `variables` are the request's (they price `first`, `last` and list arguments).
 */
export function inspectQuery(schema: GraphQLSchema, source: string, variables: unknown, started = performance.now()): Inspection {
  const deadline = started + GRAPHQL_LIMITS.validationBudgetMs;
  const refused = (errors: GraphQLError[], document: DocumentNode | null = null): Inspection => ({ source, document, errors, cost: 1, dataPaths: false });
  let document: DocumentNode;
  try {
    document = boundedParse(source);
  } catch (err) {
    if (err instanceof GraphQLError && err.extensions.code === 'QUERY_TOO_LARGE') return refused([err]);
    return refused([]); // a syntax error: graphql-yoga reports it as it parses
  }
  const operations: OperationDefinitionNode[] = [];
  const fragments = new Map<string, FragmentDefinitionNode>();
  let fragmentCount = 0;
  for (const d of document.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION) operations.push(d);
    else if (d.kind === Kind.FRAGMENT_DEFINITION) {
      fragmentCount++;
      if (!fragments.has(d.name.value)) fragments.set(d.name.value, d);
    }
  }
  const L = GRAPHQL_LIMITS;
  if (operations.length > L.maxOperations) return refused([limitError(`${operations.length} operations in one document exceed the limit of ${L.maxOperations}`, 'TOO_MANY_OPERATIONS')], document);
  if (fragmentCount > L.maxFragments) return refused([limitError(`${fragmentCount} fragments exceed the limit of ${L.maxFragments}`, 'TOO_MANY_FRAGMENTS')], document);
  let spreads = 0;
  visit(document, { FragmentSpread: () => void spreads++ });
  if (spreads > L.maxSpreads) return refused([limitError(`${spreads} fragment spreads exceed the limit of ${L.maxSpreads}`, 'TOO_MANY_FRAGMENTS')], document);

  const vars: Variables = variables && typeof variables === 'object' && !Array.isArray(variables) ? (variables as Variables) : {};
  const errors: GraphQLError[] = [];
  let cost = 0;
  let dataPaths = false;
  try {
    for (const op of operations) {
      const defaults = new Map<string, ValueNode>();
      const lists = new Set<string>();
      for (const v of op.variableDefinitions ?? []) {
        if (v.defaultValue) defaults.set(v.variable.name.value, v.defaultValue);
        if (listTypeNode(v.type)) lists.add(v.variable.name.value);
      }
      // Fragment summaries depend on the operation's variables, so one measurer per operation.
      const m = new Measurer(schema, fragments, vars, defaults, lists, deadline);
      const root = op.operation === 'mutation' ? schema.getMutationType() : op.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
      const s = m.measure(op.selectionSet, root ?? undefined);
      if (m.cycles.size > 0) {
        errors.push(limitError(`fragment cycle through ${[...m.cycles].sort().join(', ')}`, 'FRAGMENT_CYCLE', {}, [op]));
        continue;
      }
      if (m.repeated) {
        errors.push(limitError(`'${m.repeated.key}' is selected ${m.repeated.count} times in one selection set; the limit is ${L.maxRepeatedField}`, 'QUERY_TOO_COMPLEX', {}, [op]));
      }
      if (s.fields > L.maxFields) errors.push(limitError(`${s.fields} field selections (fragments expanded) exceed the limit of ${L.maxFields}`, 'QUERY_TOO_LARGE', {}, [op]));
      if (s.depth > L.maxDepth) errors.push(limitError(`query depth ${s.depth} exceeds the limit of ${L.maxDepth}`, 'QUERY_TOO_DEEP', {}, [op]));
      if (s.aliases > L.maxAliases) errors.push(limitError(`${s.aliases} aliases exceed the limit of ${L.maxAliases}`, 'TOO_MANY_ALIASES', {}, [op]));
      if (s.cost > L.maxCost) {
        const shown = Number.isFinite(s.cost) && s.cost < 1e15 ? s.cost : Number.MAX_SAFE_INTEGER;
        errors.push(limitError(`query cost ${shown} exceeds the limit of ${L.maxCost}: ask for smaller pages (first) or fewer nested lists`, 'QUERY_TOO_COSTLY', { cost: shown, maxCost: L.maxCost }, [op]));
      }
      cost = Math.max(cost, s.cost);
      dataPaths ||= s.data;
    }
  } catch (err) {
    if (err instanceof BudgetExceeded) return refused([budgetError()], document);
    throw err;
  }
  if (errors.length > 0) return refused(errors, document);
  return { source, document, errors, cost, dataPaths };
}

/**
 * The kind of the operation graphql-js will run (`query`, `mutation`, `subscription`): the one
 * named `operationName`, else the document's only one; null when none would run (graphql-js then
 * answers the error).
 */
export function executedOperation(document: DocumentNode, operationName: unknown): OperationDefinitionNode['operation'] | null {
  const operations = document.definitions.filter((d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION);
  const named = typeof operationName === 'string' && operationName !== '';
  const op = named ? operations.find((o) => o.name?.value === operationName) : operations.length === 1 ? operations[0] : undefined;
  return op?.operation ?? null;
}

/** Every visitor callback of `rule` first checks the deadline. */
function withDeadline(rule: ValidationRule, deadline: number): ValidationRule {
  return (context) => {
    const visitor = rule(context) as Record<string, unknown>;
    const check = () => {
      if (performance.now() > deadline) throw new BudgetExceeded();
    };
    const wrap = (fn: unknown) =>
      typeof fn === 'function'
        ? function (this: unknown, ...args: unknown[]) {
            check();
            return (fn as (...a: unknown[]) => unknown).apply(this, args);
          }
        : fn;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(visitor)) {
      out[key] = value && typeof value === 'object' ? { enter: wrap((value as { enter?: unknown }).enter), leave: wrap((value as { leave?: unknown }).leave) } : wrap(value);
    }
    return out as ASTVisitor;
  };
}

/** graphql-js `validate` that gives up with QUERY_TOO_COMPLEX after `GRAPHQL_LIMITS.validationBudgetMs`. */
export function validateWithinBudget(schema: GraphQLSchema, document: DocumentNode, rules: ReadonlyArray<ValidationRule>): ReadonlyArray<GraphQLError> {
  const deadline = performance.now() + GRAPHQL_LIMITS.validationBudgetMs;
  try {
    return validate(schema, document, rules.map((r) => withDeadline(r, deadline)));
  } catch (err) {
    if (err instanceof BudgetExceeded) return [budgetError()];
    throw err;
  }
}
