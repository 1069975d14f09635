/**
 * Freshness of bare-list answers (issue 16): `dataThrough` and `fetchedAt` as response headers
 * (`FRESHNESS_HEADERS`), so the list body keeps its shape. Routes that use it declare
 * `freshnessHeaders: true` on their success response, and the OpenAPI description lists the headers.
 */
import type { FastifyReply } from 'fastify';
import { FRESHNESS_HEADERS, type FreshnessData } from '../schema/provenance.ts';

/** Sets `X-Data-Through` and `X-Fetched-At` from `f` (each left out when null). */
export function freshnessHeaders(reply: FastifyReply, f: FreshnessData): void {
  if (f.dataThrough) reply.header(FRESHNESS_HEADERS.dataThrough, f.dataThrough);
  if (f.fetchedAt) reply.header(FRESHNESS_HEADERS.fetchedAt, f.fetchedAt);
}
