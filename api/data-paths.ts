/**
 * The per-IP data-path limit across doors. Spec 8.2 limits "/api/data, /api/fundamentals,
 * /api/credit/" to 120 requests a minute per IP, signed in or not (`path-data-minute`,
 * schema/limits.ts). The same data is also served by MCP tools and GraphQL fields, and a limit that
 * an agent escapes by changing doors limits nothing. So a capability that any REST route serves on
 * such a path is a data-path capability, and its MCP tool calls and the GraphQL requests that
 * read it are counted in the same per-IP window as the paths themselves.
 *
 * The set is worked out from the route table rather than declared again, so it cannot drift from
 * the paths: a route moved under `/api/data` takes its capability with it on every door.
 */
import type { CapabilityId } from '../schema/access.ts';
import { DATA_PATH_PATTERNS } from '../schema/limits.ts';
import { RESOURCES } from './rest/index.ts';

let memo: ReadonlySet<CapabilityId> | undefined;

/** Capabilities some REST route serves on a path of the data-path limit. */
export function dataPathCapabilities(): ReadonlySet<CapabilityId> {
  // Worked out on first use, not at import: the route modules import much of the API themselves.
  memo ??= new Set(
    RESOURCES.flatMap((r) => r.routes)
      .filter((def) => !def.root && DATA_PATH_PATTERNS.some((re) => re.test(`/api${def.path}`)))
      .map((def) => def.capability),
  );
  return memo;
}
