/**
 * The checked-in SDL (`schema/graphql.schema.graphql`): `printSdl()` is what the file must hold;
 * `node --import tsx api/graphql/sdl.ts` rewrites it (a test fails while it is stale).
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { lexicographicSortSchema, printSchema } from 'graphql';
import { schema } from './schema/index.ts';

export const SDL_FILE = path.resolve(import.meta.dirname, '../../schema/graphql.schema.graphql');

export function printSdl(): string {
  return `# Generated from api/graphql (Pothos) by \`node --import tsx api/graphql/sdl.ts\`; do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  writeFileSync(SDL_FILE, printSdl());
  console.log(`wrote ${SDL_FILE}`);
}
