/**
 * GraphQL at `/graphql` (graphql-yoga over the Pothos schema), mounted as a Fastify route so the
 * request pipeline (identity, User-Agent rule, limits) runs exactly as for REST.
 *
 * - Limits: depth, aliases and cost are validation rules (api/graphql/limits.ts): an abusive query
 *   is an error before execution. Batched operations are off, so one request is one operation.
 * - Errors: domain errors (ApiError) keep their message and carry `extensions.code` and `status`
 *   (402 tier errors also `requiredTier`, `currentTier`, `upgrade_url`); anything else is masked.
 * - CSRF: a request authenticated by the session cookie must be a POST carrying `X-CSRF-Token`
 *   (the same token as the REST account routes; GET /api/auth/csrf); key and anonymous callers
 *   need none (no ambient credential). Mutations are never accepted over GET.
 * - GraphiQL in development only.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GraphQLError, parse } from 'graphql';
import { createYoga, type Plugin } from 'graphql-yoga';
import { WarehouseUnavailableError } from '../../warehouse/reader.ts';
import { ApiError, ForbiddenError } from '../errors.ts';
import { csrfBinding } from '../identity/identify.ts';
import { verifyCsrfToken } from '../identity/csrf.ts';
import { formatUsd } from '../../schema/plans.ts';
import { PER_CALL_COST_HEADER } from '../limits/hooks.ts';
import { admitGraphqlRequest, graphqlWeight, settleGraphqlRequest } from './admission.ts';
import type { GraphQLContext } from './context.ts';
import { operationCost, limitsRule } from './limits.ts';
import { createLoaders } from './loaders.ts';
import { schema } from './schema/index.ts';

interface ServerContext {
  req: FastifyRequest;
  reply: FastifyReply;
}

const CODES: Record<number, string> = { 400: 'BAD_REQUEST', 401: 'UNAUTHENTICATED', 402: 'TIER_REQUIRED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'RATE_LIMITED', 503: 'UNAVAILABLE' };

/** Domain errors keep their message and carry a code; anything else becomes `message` (masked). */
export function maskGraphqlError(err: unknown, message: string): GraphQLError {
  return domainError(err) ?? new GraphQLError(message, { extensions: { code: 'INTERNAL_SERVER_ERROR' } });
}

function domainError(err: unknown): GraphQLError | null {
  const original = err instanceof GraphQLError ? err.originalError : err;
  if (original instanceof ApiError) {
    return new GraphQLError(original.message, {
      nodes: err instanceof GraphQLError ? err.nodes : undefined,
      path: err instanceof GraphQLError ? err.path : undefined,
      extensions: { code: CODES[original.status] ?? `HTTP_${original.status}`, status: original.status, ...original.extra },
    });
  }
  if (original instanceof WarehouseUnavailableError) {
    return new GraphQLError(original.message, { path: err instanceof GraphQLError ? err.path : undefined, extensions: { code: 'UNAVAILABLE', status: 503 } });
  }
  if (err instanceof GraphQLError && !err.originalError) return err; // validation and syntax errors
  return null;
}

const limits: Plugin = {
  onValidate({ addValidationRule }) {
    addValidationRule(limitsRule);
  },
};

/** The operation's query text from a GET query string or a POST JSON body. */
function queryText(req: FastifyRequest): string | null {
  const from = req.method === 'GET' ? (req.query as Record<string, unknown>) : (req.body as Record<string, unknown> | undefined);
  return typeof from?.query === 'string' ? from.query : null;
}

/** Estimated cost of the request's operation (1 when it does not parse: validation will refuse it). */
function requestCost(req: FastifyRequest): number {
  const text = queryText(req);
  if (!text) return 1;
  try {
    return operationCost(schema, parse(text));
  } catch {
    return 1;
  }
}

function hasErrors(body: Buffer): boolean {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { errors?: unknown[] };
    return Array.isArray(parsed.errors) && parsed.errors.length > 0;
  } catch {
    return false; // GraphiQL HTML
  }
}

async function sendResponse(reply: FastifyReply, response: Response, body?: Buffer | null): Promise<FastifyReply> {
  response.headers.forEach((value, key) => void reply.header(key, value));
  reply.status(response.status);
  const payload = body !== undefined ? body : response.body ? Buffer.from(await response.arrayBuffer()) : null;
  return reply.send(payload);
}

/** Registers `/graphql`. */
export function graphqlPlugin() {
  return async (app: FastifyInstance): Promise<void> => {
    const dev = app.services.config.env === 'development';
    const yoga = createYoga<ServerContext, GraphQLContext>({
      schema,
      graphqlEndpoint: '/graphql',
      graphiql: dev,
      landingPage: false,
      batching: false,
      logging: false,
      // CORS is the pipeline's (api/cors.ts): yoga's default reflects any Origin with credentials.
      cors: false,
      plugins: [limits],
      maskedErrors: {
        maskError: (error, message) => maskGraphqlError(error, message),
      },
      context: ({ req }): GraphQLContext => ({
        services: req.server.services,
        caller: req.caller,
        requestId: req.id,
        today: new Date().toISOString().slice(0, 10),
        loaders: createLoaders(req.server.services.warehouse),
      }),
    });

    app.route({
      url: '/graphql',
      method: ['GET', 'POST', 'OPTIONS'],
      handler: async (req, reply) => {
        if (req.caller.kind === 'session' && req.method !== 'OPTIONS') {
          const identity = req.server.services.identity;
          const ok = req.method === 'POST' && identity && verifyCsrfToken(identity.secret, csrfBinding(req), req.headers['x-csrf-token']);
          if (!ok) throw new ForbiddenError('GraphQL with a session cookie needs POST with the X-CSRF-Token header (GET /api/auth/csrf gives the token); API keys need none');
        }
        if (req.method === 'OPTIONS') return reply.code(204).send();
        // One metered call per request, weighted by the query cost; refusals are REST's 429/402/503.
        const services = req.server.services;
        const admission = await admitGraphqlRequest(services, req.caller, graphqlWeight(requestCost(req)));
        let body: Buffer | null = null;
        let response: Response;
        try {
          response = await yoga.handleNodeRequestAndResponse(req, reply, { req, reply });
          body = response.body ? Buffer.from(await response.arrayBuffer()) : null;
        } catch (err) {
          await settleGraphqlRequest(services, admission, false).catch(() => undefined);
          throw err;
        }
        const ok = response.status === 200 && body !== null && !hasErrors(body);
        const price = await settleGraphqlRequest(services, admission, ok);
        if (admission) {
          for (const [k, v] of Object.entries(admission.headers)) reply.header(k, v);
          reply.header(PER_CALL_COST_HEADER, formatUsd(ok ? price : 0));
        }
        return sendResponse(reply, response, body);
      },
    });
  };
}
