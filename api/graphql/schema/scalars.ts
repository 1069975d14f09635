/** Scalars: `JSON` for nested documents served as the REST API serves them (the ticker snapshot). */
import { GRAPHQL_LIMITS } from '../../../schema/graphql.ts';
import { builder } from '../builder.ts';

export const JsonScalar = builder.scalarType('JSON', {
  description: 'A JSON value, shaped as the REST API serves the same data.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

/** Page arguments of connections are the Relay ones: first/after, last/before (checked in connections.ts). */
export const PAGE = { defaultSize: GRAPHQL_LIMITS.defaultPage, maxSize: GRAPHQL_LIMITS.maxPage } as const;
