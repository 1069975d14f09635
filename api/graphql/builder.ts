/** The Pothos schema builder (builds and defines nothing; types live in one file per domain). */
import SchemaBuilder from '@pothos/core';
import RelayPlugin from '@pothos/plugin-relay';
import type { GraphQLContext } from './context.ts';

// Fields are nullable unless marked `nullable: false` (Pothos 4's default): data rows carry nulls.
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: { JSON: { Input: unknown; Output: unknown } };
}>({
  plugins: [RelayPlugin],
  relay: { clientMutationId: 'omit', cursorType: 'String' },
});

builder.queryType({ description: 'Almanac: SEC-derived data and education. Educational data, not investment advice.' });
