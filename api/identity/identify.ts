/**
 * The identity steps of the request pipeline (installed in order by `api/pipeline.ts`):
 *
 * 1. `identify` (onRequest): `X-API-Key` -> a key caller, or 401 for an unknown, malformed, revoked
 *    or expired key (never a silent fall back to anonymous); otherwise the `alm_session` cookie ->
 *    a session caller (a stale cookie is simply anonymous); otherwise anonymous. A key sent as
 *    `Authorization: Bearer` is not looked at: that caller is anonymous (spec 5.2).
 * 2. `userAgentRule` (onRequest): anonymous requests on `/api/*` with a missing or bare default
 *    User-Agent -> 400 (spec 5.3; see `user-agent.ts`).
 * 3. `enforceAccess` (preHandler): the route's declared `access` — `auth: 'account'` needs a key
 *    or a session, `auth: 'session'` a signed-in session (401 otherwise); `csrf: true` needs
 *    `X-CSRF-Token` bound to the session (403 otherwise) and a JSON body (415). Session callers need
 *    it on every state-changing call to an account route, declared or not; key callers never do.
 */
import type { FastifyRequest } from 'fastify';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../schema/accounts.ts';
import { GRAPHQL_PATHS } from '../../schema/graphql.ts';
import { effectiveTier } from '../../schema/tiers.ts';
import { anonymousCaller } from '../caller.ts';
import { isApiRequest, requestPath, routeConfig } from '../request-path.ts';
import { ApiError, BadRequestError, ForbiddenError, UnauthorizedError } from '../errors.ts';
import { parseCookieHeader } from './cookies.ts';
import { ANON_BINDING, verifyCsrfToken, type CsrfBinding } from './csrf.ts';
import { KEY_DENIALS, type Identity } from './service.ts';
import { isBareDefaultAgent, USER_AGENT_MESSAGE } from './user-agent.ts';

/** The request's cookies (parsed from the Cookie header). */
export function cookiesOf(req: FastifyRequest): Record<string, string | undefined> {
  return parseCookieHeader(req.headers.cookie);
}

/** Step 1: who is calling (a promise only when a key or a session has to be looked up). */
export function identify(req: FastifyRequest): Promise<void> | void {
  const userAgent = String(req.headers['user-agent'] ?? '');
  req.caller = anonymousCaller(req.ip, userAgent);
  const identity = req.server.services.identity;
  if (!identity) return;
  const header = req.headers['x-api-key'];
  if (header !== undefined) {
    const raw = typeof header === 'string' ? header.trim() : '';
    // Node joins a repeated header with ", "; a key never holds a comma. Said as a repeated query
    // parameter is ("invalid API key" sent a client with a valid key looking for another one).
    if (raw.includes(',')) throw new BadRequestError("header 'X-API-Key' was given more than once: send one key");
    return identifyKey(req, identity, raw, userAgent);
  }
  const cookie = cookiesOf(req)[SESSION_COOKIE];
  if (cookie) return identifySession(req, identity, cookie, userAgent);
}

async function identifyKey(req: FastifyRequest, identity: Identity, raw: string, userAgent: string): Promise<void> {
  const check = await identity.authenticateKey(raw);
  if (!check.valid) throw new UnauthorizedError(KEY_DENIALS[check.code]);
  const k = check.key;
  req.caller = {
    kind: 'key',
    ip: req.ip,
    userAgent,
    accountId: k.accountId,
    keyId: k.id,
    // Premium (spec 8.1) = a key of an account on a developer plan; trial keys stay trial.
    keyKind: k.kind === 'trial' ? 'trial' : k.plan ? 'premium' : 'standard',
    tier: effectiveTier(k.tier, k.plan),
    plan: k.plan,
    sessionId: null,
    keyDailyLimit: k.dailyLimit,
  };
}

async function identifySession(req: FastifyRequest, identity: Identity, cookie: string, userAgent: string): Promise<void> {
  const found = await identity.resolveSession(cookie);
  if (!found) return;
  req.caller = {
    kind: 'session',
    ip: req.ip,
    userAgent,
    accountId: found.account.id,
    keyId: null,
    keyKind: null,
    tier: effectiveTier(found.account.tier, found.account.plan),
    plan: found.account.plan,
    sessionId: found.session.idHash,
    keyDailyLimit: null,
  };
}

/**
 * Step 2: bare default User-Agents are refused on /api/* when no credential was sent, and on
 * /graphql, which serves the same capabilities (one rule on every door).
 */
export function userAgentRule(req: FastifyRequest): void {
  if (req.caller.kind !== 'anonymous' || !(isApiRequest(req) || requestPath(req) === GRAPHQL_PATHS.endpoint)) return;
  if (isBareDefaultAgent(req.headers['user-agent'])) throw new BadRequestError(USER_AGENT_MESSAGE);
}

/** What the caller's CSRF token must be bound to: the session, else the anonymous cookie. */
export function csrfBinding(req: FastifyRequest): CsrfBinding | null {
  if (req.caller.sessionId) return `s:${req.caller.sessionId}`;
  const anon = cookiesOf(req)[CSRF_COOKIE];
  return anon && ANON_BINDING.test(anon) ? `a:${anon}` : null;
}

function hasBody(req: FastifyRequest): boolean {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** Step 3: the route's declared access (auth, CSRF). */
export function enforceAccess(req: FastifyRequest): void {
  const def = routeConfig(req).def;
  const access = def?.access;
  if (!access) return;
  const caller = req.caller;
  if (access.auth === 'account' && caller.kind === 'anonymous') {
    throw new UnauthorizedError('authentication required: send your API key in the X-API-Key header, or sign in with POST /api/auth/login');
  }
  if (access.auth === 'session' && caller.kind !== 'session') {
    throw new UnauthorizedError('this endpoint needs a signed-in session: POST /api/auth/login sets the alm_session cookie (API keys cannot manage accounts or keys)');
  }
  // CSRF protects cookie-authenticated calls: a route that declares it, and every state-changing
  // call a signed-in session makes to an account route (portfolios, watchlists, paper trading...).
  // A call that carries X-API-Key cannot be forged cross-site (browsers do not add that header).
  const unsafe = req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS';
  const needsCsrf = caller.kind !== 'key' && (access.csrf === true || (caller.kind === 'session' && access.auth !== 'public' && unsafe));
  if (needsCsrf) {
    const identity = req.server.services.identity;
    if (!identity || !verifyCsrfToken(identity.secret, csrfBinding(req), req.headers['x-csrf-token'])) {
      throw new ForbiddenError(
        'CSRF token missing or invalid: get one from GET /api/auth/csrf and send it in the X-CSRF-Token header (a token fetched before signing in stops working after login)',
      );
    }
    const type = String(req.headers['content-type'] ?? '');
    if (def.body && hasBody(req) && !/^application\/json\s*(;|$)/i.test(type)) {
      throw new ApiError(415, 'send the request body as JSON with Content-Type: application/json');
    }
  }
}
