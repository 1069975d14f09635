import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { getNamedType, getNullableType, isLeafType, isListType, isObjectType } from 'graphql';
import { schema } from '../../../api/graphql/schema/index.ts';
import { printSdl, SDL_FILE } from '../../../api/graphql/sdl.ts';
import { GRAPHQL_LIMITS } from '../../../schema/graphql.ts';

const sdl = suite('schema/graphql.schema.graphql');

sdl('the checked-in SDL is the schema the server builds (run `node --import tsx api/graphql/sdl.ts` when this fails)', () => {
  const file = readFileSync(SDL_FILE, 'utf8');
  if (file !== printSdl()) {
    const a = file.split('\n');
    const b = printSdl().split('\n');
    const i = a.findIndex((line, n) => line !== b[n]);
    assert.unreachable(`stale SDL: first difference at line ${i + 1}: file "${a[i]}" vs schema "${b[i]}"`);
  }
});

sdl('the graph of the issue is there', () => {
  const text = printSdl();
  for (const type of ['type Company', 'type Filing', 'type Fact', 'type Manager', 'type Holding', 'type Security', 'type Fund', 'type Bdc', 'type Investment', 'type Borrower', 'type MacroSeries', 'type YieldCurve', 'type GlossaryTerm', 'type Lesson', 'type Me', 'type Mutation', 'type PageInfo']) {
    assert.ok(text.includes(`${type} `) || text.includes(`${type}\n`), type);
  }
  assert.match(text, /filings\(after: String, asOf: String, before: String, first: Int, form: String, last: Int\): CompanyFilingsConnection/);
});

sdl('the cost table names fields the schema has: listLengths plain lists of objects, leafCosts leaves', () => {
  // A misspelt key would be ignored silently and its field counted at the default (a review's finding).
  const field = (key: string) => {
    const [typeName, name] = key.split('.') as [string, string];
    const type = schema.getType(typeName);
    assert.ok(isObjectType(type), `${key}: no object type ${typeName}`);
    const f = type.getFields()[name];
    assert.ok(f, `${key}: no field ${name}`);
    return f;
  };
  for (const key of Object.keys(GRAPHQL_LIMITS.listLengths)) {
    const f = field(key);
    assert.ok(isListType(getNullableType(f.type)) && isObjectType(getNamedType(f.type)), `${key} is not a plain list of objects`);
  }
  for (const key of Object.keys(GRAPHQL_LIMITS.leafCosts)) assert.ok(isLeafType(getNamedType(field(key).type)), `${key} is not a leaf`);
});

sdl.run();
