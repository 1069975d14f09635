/**
 * Every GraphQL answer says how fresh it is where its REST route does (issue 16): a field whose
 * capability a metered REST route serves with `dataThrough` and `fetchedAt` (a catalog route, one
 * a dataset lists: api/freshness.ts), or an MCP tool a dataset lists, returns a type that carries both,
 * or holds nothing but identifiers and such types (`entryOnly`). A scalar answer (`Company.snapshot`,
 * JSON) is REST's answer as is. A part of its parent's answer (`Fund.holdings` under `Fund`) is
 * `parent` in FIELD_CAPABILITIES and dated by it; a field of a capability of its own is not, even on
 * a dated type (`MacroSeries.observations`: the series' `dataThrough` is not its page's).
 * An outside pass found `Company.fundamentals`, `Company.prices` and `Technicals` without them, and
 * then eleven more lists and objects: checked here over the whole schema, not field by field.
 */
import { getNamedType, isLeafType, isObjectType, type GraphQLObjectType } from 'graphql';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { FIELD_CAPABILITIES } from '../../../api/graphql/access.ts';
import { schema } from '../../../api/graphql/schema/index.ts';
import { routeJobs } from '../../../api/freshness.ts';
import { RESOURCES } from '../../../api/rest/index.ts';
import { CAPABILITIES, type CapabilityId } from '../../../schema/access.ts';
import { jobsByListing } from '../../../schema/datasets.ts';
import { TOOL_CATALOG } from '../../../schema/mcp/index.ts';

const test = suite('GraphQL freshness');

/** Capabilities a metered REST route or MCP tool of the catalog serves with its freshness. */
const datedCapabilities = new Set<CapabilityId>();
for (const resource of RESOURCES) {
  for (const route of resource.routes) {
    if (route.method === 'GET' && CAPABILITIES[route.capability].metered && routeJobs(route.path)) datedCapabilities.add(route.capability);
  }
}
const TOOL_JOBS = jobsByListing((d) => d.mcpTools);
for (const tool of TOOL_CATALOG) if (CAPABILITIES[tool.capability].metered && TOOL_JOBS.has(tool.name)) datedCapabilities.add(tool.capability);

const dated = (type: GraphQLObjectType): boolean => {
  const fields = type.getFields();
  return 'dataThrough' in fields && 'fetchedAt' in fields;
};

/** A connection's node type, or the type itself. */
function nodeType(type: GraphQLObjectType): GraphQLObjectType {
  const edge = type.name.endsWith('Connection') ? getNamedType(type.getFields()['edges']?.type) : undefined;
  const node = edge && isObjectType(edge) ? getNamedType(edge.getFields()['node']?.type) : undefined;
  return node && isObjectType(node) ? node : type;
}

/**
 * An entry point holding no data of its own: its fields are identifiers (`id`, `cik`), JSON (a
 * REST answer as is) or types that say their own freshness. A manager is its CIK (its quarter,
 * `ManagerQuarter`, is dated); a portfolio its id (its positions are dated).
 */
function entryOnly(type: GraphQLObjectType): boolean {
  return Object.values(type.getFields()).every((f) => {
    const named = getNamedType(f.type);
    if (isLeafType(named)) return f.name === 'id' || f.name === 'cik' || named.name === 'JSON';
    return isObjectType(named) && (dated(named) || dated(nodeType(named)));
  });
}

test('a field whose REST route dates its answer answers with dataThrough and fetchedAt (on its own type)', () => {
  const undated: string[] = [];
  let checked = 0;
  for (const [key, capability] of Object.entries(FIELD_CAPABILITIES)) {
    if (capability === 'parent' || !datedCapabilities.has(capability)) continue;
    const [typeName, fieldName] = key.split('.') as [string, string];
    if (typeName === 'Mutation') continue;
    const parent = schema.getType(typeName);
    assert.ok(isObjectType(parent), key);
    const field = parent.getFields()[fieldName];
    assert.ok(field, key);
    const named = getNamedType(field.type);
    if (isLeafType(named)) continue;
    checked++;
    if (!isObjectType(named)) continue;
    // Not `dated(parent)`: a connection of its own capability on a dated type (MacroSeries.observations,
    // Bdc.investments) passed without any freshness of its own.
    if (!dated(named) && !entryOnly(nodeType(named))) undated.push(`${key}: ${named.name}`);
  }
  assert.ok(checked > 20, `${checked} fields checked`);
  assert.equal(undated, [], 'fields answering without dataThrough and fetchedAt');
});

test.run();
