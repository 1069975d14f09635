/**
 * Generates the TypeScript client's types from the service's OpenAPI description:
 * `src/generated/openapi.ts` (openapi-typescript: `paths`, `components`, `operations`) and
 * `src/generated/paged.ts` (the offset-paginated operations and where their items are).
 */
import openapiTS, { astToString } from 'openapi-typescript';
import { pagedOperations, type OpenApiDocument } from '../../openapi.ts';

const HEADER = (version: string) =>
  `/**\n * Generated from the Almanac OpenAPI description (API version ${version}) by \`npm run clients:generate\`.\n * Do not edit: a test fails when this file no longer matches the API.\n */\n`;

/** The generated files of the TypeScript client, by path relative to clients/typescript. */
export async function typescriptFiles(doc: OpenApiDocument): Promise<Record<string, string>> {
  const version = String(doc.info.version);
  const ast = await openapiTS(doc as unknown as Parameters<typeof openapiTS>[0], { silent: true });
  const types = HEADER(version) + '/* eslint-disable */\n' + astToString(ast);
  const paged = pagedOperations(doc);
  const pagedTs = [
    HEADER(version).trimEnd(),
    "import type { paths } from './openapi.ts';",
    '',
    `export const API_VERSION = ${JSON.stringify(version)};`,
    '',
    '/** Offset-paginated GET operations: where the items are, the largest page and offset each accepts. */',
    'export const PAGED = {',
    ...paged.map((p) => `  ${JSON.stringify(p.path)}: { items: ${JSON.stringify(p.items)}, maxLimit: ${p.maxLimit}, maxOffset: ${p.maxOffset} },`),
    '} as const satisfies Partial<Record<keyof paths, { items: string | null; maxLimit: number; maxOffset: number }>>;',
    '',
    'export type PagedPath = keyof typeof PAGED;',
    '',
  ].join('\n');
  return { 'src/generated/openapi.ts': types, 'src/generated/paged.ts': pagedTs };
}
