/** Scalars: `JSON` for nested documents served as the REST API serves them (the ticker snapshot). */
import { builder } from '../builder.ts';

export const JsonScalar = builder.scalarType('JSON', {
  description: 'A JSON value, shaped as the REST API serves the same data.',
  serialize: (value) => value,
  parseValue: (value) => value,
});

/** Page arguments of connections are the Relay ones: first/after, last/before. */
export const PAGE = { defaultSize: 20, maxSize: 100 } as const;
