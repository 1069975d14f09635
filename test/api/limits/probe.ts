/** A metered probe route for the limits suites: `GET /api/probe` answers 200, or `?status=` (404 and 500 as errors). */
import { z } from 'zod';
import { NotFoundError } from '../../../api/errors.ts';
import { defineRoute, resource } from '../../../api/route.ts';

export const probe = resource('Probe', [
  defineRoute({
    method: 'GET',
    path: '/probe',
    capability: 'random_ticker', // public, metered, weight 1
    summary: 'test probe',
    query: z.object({ status: z.coerce.number().optional() }),
    responses: { 200: { description: 'ok' } },
    handler: ({ query, reply }) => {
      if (query.status === 404) throw new NotFoundError('nothing here');
      if (query.status === 500) throw new Error('boom');
      reply.code(query.status ?? 200);
      return { ok: true };
    },
  }),
]);
