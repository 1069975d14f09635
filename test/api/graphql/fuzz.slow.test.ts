/**
 * Every GraphQL field argument, every hostile value of its type (the GraphQL side of
 * test/api/fuzz.test.ts and test/api/mcp/fuzz.slow.test.ts): each field of `Query` and each field of the
 * types `Query` answers (`Company.fundamentals(asOf)`, `Manager.holdings(quarter)` ...) is asked
 * with its required arguments valid and one argument at a time hostile (impossible dates and
 * quarters, control bytes, very long text, the extremes of Int and Float, empty and long lists),
 * through a variable. No answer may be a 5xx, and no error may be an internal one: a bad argument is
 * a BAD_REQUEST naming it, as REST answers 400 and MCP refuses it. An attacker pass found 13F
 * quarters such as `2025-02-30` reaching DuckDB through `Company.institutionalHolders` and
 * `Manager.holdings`, where REST and `Query.institutionalHolders` refused them.
 */
import { getNamedType, isObjectType, type GraphQLArgument, type GraphQLField } from 'graphql';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { schema } from '../../../api/graphql/schema/index.ts';
import { LIMIT_POLICIES } from '../../../schema/limits.ts';
import { HOSTILE_STRINGS, sampleIdentifiers } from '../../fuzz-values.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount, type KeyCaller } from '../rest/user-state-accounts.ts';

const test = suite('GraphQL fuzz');
let t: TestApp;
let power: KeyCaller;
/** Valid values of required arguments, by `Type.field.argument` or by argument name. */
let VALID: Record<string, unknown> = {};

test.before(async () => {
  for (const p of LIMIT_POLICIES) (p as { limit: number }).limit = 1e9;
  t = await sampleApp();
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1e9;
  power = await keyAccount(t.app, t.services.store, 'graphql-fuzz@example.com', 'power_user');
  // Identifiers with rows in the sample warehouse, so a hostile argument of a field below them is
  // resolved against real rows.
  const { filer13f, bdc, series, lesson } = await sampleIdentifiers(t.services.warehouse);
  VALID = {
    'Query.manager.cik': filer13f,
    'Query.bdc.cik': bdc,
    'Query.macroSeries.id': series,
    'Query.lesson.id': lesson,
    'Query.fund.symbol': 'SPY',
    'Company.fundamentalsHistory.start': '2020-01-01',
    'Company.fundamentalsHistory.end': '2025-06-01',
    ticker: 'AAPL',
    tickers: ['AAPL', 'MSFT'],
    q: 'apple',
    id: 'AAPL',
  };
});
test.after(() => t.close());

const HOSTILE: Record<string, readonly unknown[]> = {
  String: HOSTILE_STRINGS,
  'String!': HOSTILE_STRINGS,
  Int: [-1, 0, 2_147_483_647, -2_147_483_648],
  'Int!': [-1, 0, 2_147_483_647, -2_147_483_648],
  Float: [-1, 0, 1e308, -1e308, 1e-308],
  Boolean: [true, false],
  '[String!]': [[], ['2024-02-30'], ['a\u0000b'], ['A'.repeat(300)], Array.from({ length: 1000 }, () => 'P')],
  '[String!]!': [[], ['$NVDA'], ['a\u0000b'], Array.from({ length: 1000 }, () => 'AAPL')],
};

/** The selection of a field's answer: its typename when it is an object, nothing for a scalar. */
const selection = (field: GraphQLField<unknown, unknown>): string => (isObjectType(getNamedType(field.type)) ? ' { __typename }' : '');

function valid(owner: string, field: string, arg: GraphQLArgument): unknown {
  const value = VALID[`${owner}.${field}.${arg.name}`] ?? VALID[arg.name];
  assert.ok(value !== undefined, `${owner}.${field}: no valid value for its required argument ${arg.name}: add one to VALID`);
  return value;
}

/** `field(args)` with the required arguments as variables of their valid values, `hostile` as `$h`. */
function call(owner: string, field: GraphQLField<unknown, unknown>, hostile: GraphQLArgument | null, prefix: string) {
  const defs: string[] = [];
  const uses: string[] = [];
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    if (arg === hostile) {
      defs.push(`$${prefix}h: ${String(arg.type)}`);
      uses.push(`${arg.name}: $${prefix}h`);
    } else if (String(arg.type).endsWith('!')) {
      defs.push(`$${prefix}${arg.name}: ${String(arg.type)}`);
      uses.push(`${arg.name}: $${prefix}${arg.name}`);
      variables[`${prefix}${arg.name}`] = valid(owner, field.name, arg);
    }
  }
  return { defs, text: `${field.name}${uses.length ? `(${uses.join(', ')})` : ''}${selection(field)}`, variables };
}

interface Probe {
  what: string;
  query: string;
  variables: Record<string, unknown>;
}

/** Every (field, argument, hostile value): Query's fields, and the fields of the types Query's fields answer. */
function probes(): Probe[] {
  const out: Probe[] = [];
  const query = schema.getQueryType()!;
  const withValue = (arg: GraphQLArgument, build: (value: unknown) => Probe): void => {
    const values = HOSTILE[String(arg.type)];
    if (!values) return; // enums and input objects: the GraphQL validator refuses what is not one
    for (const value of values) out.push(build(value));
  };
  for (const field of Object.values(query.getFields())) {
    for (const arg of field.args) {
      withValue(arg, (value) => {
        const c = call('Query', field, arg, '');
        return { what: `Query.${field.name}(${arg.name})`, query: `query(${c.defs.join(', ')}) { ${c.text} }`, variables: { ...c.variables, h: value } };
      });
    }
    const owner = getNamedType(field.type);
    if (!isObjectType(owner)) continue;
    const parent = call('Query', field, null, 'p');
    for (const child of Object.values(owner.getFields())) {
      for (const arg of child.args) {
        withValue(arg, (value) => {
          const c = call(owner.name, child, arg, '');
          const defs = [...parent.defs, ...c.defs];
          return {
            what: `${owner.name}.${child.name}(${arg.name})`,
            query: `query${defs.length ? `(${defs.join(', ')})` : ''} { ${field.name}${parent.text.slice(field.name.length).replace(/ \{ __typename \}$/, '')} { ${c.text} } }`,
            variables: { ...parent.variables, ...c.variables, h: value },
          };
        });
      }
    }
  }
  return out;
}

async function noServerError(p: Probe): Promise<void> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/graphql',
    payload: { query: p.query, variables: p.variables },
    headers: { 'user-agent': 'almanac-fuzz/1.0 (graphql)', 'x-api-key': power.key },
  });
  const shown = `${p.what} = ${JSON.stringify(p.variables.h).slice(0, 60)}: ${res.statusCode} ${res.body.slice(0, 300)}`;
  assert.ok(res.statusCode < 500, shown);
  const body = json<{ errors?: { message: string; extensions?: { code?: string } }[] }>(res);
  for (const e of body.errors ?? []) {
    assert.ok(e.extensions?.code && e.extensions.code !== 'INTERNAL_SERVER_ERROR', shown);
    assert.not.match(e.message, /^Unexpected error/, shown);
  }
}

test('every field argument, every hostile value of its type: refused or answered, never an internal error', async () => {
  const all = probes();
  assert.ok(all.length > 1_000, String(all.length));
  for (let i = 0; i < all.length; i += 8) await Promise.all(all.slice(i, i + 8).map(noServerError));
});

test.run();
