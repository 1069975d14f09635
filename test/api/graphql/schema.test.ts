import { readFileSync } from 'node:fs';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { printSdl, SDL_FILE } from '../../../api/graphql/sdl.ts';

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

sdl.run();
