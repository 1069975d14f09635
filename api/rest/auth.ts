/**
 * Registration and sessions (spec 4.1, 5): `/api/auth/challenge`, `/csrf`, `/register`,
 * `/verify-email`, `/resend-verification`, `/login`, `/logout`, `/me`. The rules live in
 * `api/identity/service.ts`; these handlers parse, call and shape.
 */
import { randomToken } from '../identity/crypto.ts';
import { clearSessionCookie, csrfCookie, secureCookies, sessionCookie } from '../identity/cookies.ts';
import { issueCsrfToken } from '../identity/csrf.ts';
import { csrfBinding } from '../identity/identify.ts';
import { accountView } from '../identity/service.ts';
import { findAccountById } from '../store/accounts.ts';
import { UnauthorizedError } from '../errors.ts';
import { defineRoute, resource } from '../route.ts';
import {
  AccountResult,
  AUTH_THROTTLES,
  ChallengeResult,
  CSRF_COOKIE,
  CSRF_HEADER,
  CsrfResult,
  KNOWN_ADDRESS_DAYS,
  LoginBody,
  LoginResult,
  PASSWORD_MIN_LENGTH,
  RegisterBody,
  RegisterResult,
  ResendVerificationBody,
  VerifyEmailQuery,
  VerifyEmailResult,
} from '../../schema/accounts.ts';
import { ErrorBody } from '../../schema/common.ts';

const CSRF_403 = { description: 'X-CSRF-Token missing or not bound to this session (GET /api/auth/csrf)', schema: ErrorBody };
const THROTTLED = { description: 'too many attempts; Retry-After says when to retry, RateLimit and RateLimit-Policy name the throttle (e.g. `"login-per-ip";r=0;t=600`)', schema: ErrorBody };

export const auth = resource('Auth', [
  defineRoute({
    method: 'GET',
    path: '/auth/challenge',
    capability: 'auth_challenge',
    summary: 'A proof-of-work challenge for registration',
    description:
      'Returns an HMAC-signed challenge, valid for 10 minutes and usable once. Compute `solution` so that the SHA-256 of `challenge` followed directly by `solution`, in hex, begins with `000` (about 4,096 tries), then send both to POST /api/auth/register.',
    responses: { 200: { description: 'a challenge', schema: ChallengeResult }, 429: THROTTLED },
    handler: ({ services, req }) => services.identity.challenge(req.ip),
  }),
  defineRoute({
    method: 'GET',
    path: '/auth/csrf',
    capability: 'auth_csrf',
    summary: 'A CSRF token for the state-changing account and key endpoints',
    description: `Send the token in the \`${CSRF_HEADER}\` header on register, login, logout, resend-verification and every key change. Signed in, the token is bound to the session; before sign-in it is bound to the HttpOnly \`${CSRF_COOKIE}\` cookie this endpoint sets (keep cookies). After login, fetch a new token.`,
    responses: { 200: { description: 'a token', schema: CsrfResult } },
    handler: ({ services, req, reply }) => {
      let binding = csrfBinding(req);
      if (!binding) {
        const value = randomToken(32);
        reply.header('set-cookie', csrfCookie(value, secureCookies(services.config)));
        binding = `a:${value}`;
      }
      return { csrfToken: issueCsrfToken(services.identity.secret, binding), header: CSRF_HEADER, boundTo: binding.startsWith('s:') ? 'session' : 'anonymous' };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/register',
    capability: 'auth_register',
    summary: 'Register an account (for the human user who supplied the email and password)',
    description: [
      'CSRF-protected and rate-limited per client IP. The email and password must come from the human user; an agent must not invent credentials.',
      `Password: at least ${PASSWORD_MIN_LENGTH} characters, not a common password or a common word with digits around it, not the email address.`,
      'Unknown body fields are refused (400). A new and an already registered email get the same 202: a verification link, or a notice that the account exists, is mailed to the address.',
      'Keys can be issued once the address is verified (GET /api/auth/verify-email).',
    ].join('\n\n'),
    body: RegisterBody,
    responses: {
      202: { description: 'accepted; check the mailbox for the verification link', schema: RegisterResult },
      400: { description: "invalid body; a bad, expired or already used `challenge`, a wrong `solution`, or a weak `password` (the message names the field)", schema: ErrorBody },
      403: CSRF_403,
      429: THROTTLED,
    },
    handler: async ({ body, services, req, reply }) => {
      await services.identity.register(body, req.ip);
      reply.code(202);
      return {
        status: 'verification_pending' as const,
        message: 'If this address can be registered, a verification link is on its way to it. Follow the link, then sign in with POST /api/auth/login.',
      };
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/auth/verify-email',
    capability: 'auth_verify_email',
    summary: 'Confirm an email address (the token of the verification mail)',
    description:
      'The verification mail links the `/verify-email?token=` page for a browser, which makes this call (it needs JavaScript), and tells an agent or script to make it with the same `token`. The token works once and expires after 24 hours.',
    query: VerifyEmailQuery,
    responses: {
      200: { description: 'the address is verified; keys can now be issued', schema: VerifyEmailResult },
      400: { description: 'token missing, invalid, expired or already used', schema: ErrorBody },
    },
    handler: async ({ query, services }) => {
      const account = await services.identity.verifyEmail(query.token);
      return { verified: true as const, email: account.email };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/resend-verification',
    capability: 'auth_resend_verification',
    summary: 'Send a new verification link',
    description: `Always 202, whether or not the address has an unverified account (nothing about the account is revealed). Earlier links stop working. At most ${AUTH_THROTTLES.resendPerEmail.limit} per hour per email and ${AUTH_THROTTLES.resendPerIp.limit} per hour per client IP, counted apart from registrations (429 with Retry-After).`,
    body: ResendVerificationBody,
    responses: {
      202: { description: 'accepted', schema: RegisterResult },
      400: { description: 'invalid email', schema: ErrorBody },
      403: CSRF_403,
      429: THROTTLED,
    },
    handler: async ({ body, services, req, reply }) => {
      await services.identity.resendVerification(body.email, req.ip);
      reply.code(202);
      return { status: 'verification_pending' as const, message: 'If this address has an unverified account, a new verification link is on its way to it.' };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/login',
    capability: 'auth_login',
    summary: 'Sign in: sets the HttpOnly session cookie',
    description:
      [
        'Sets `alm_session` (HttpOnly, SameSite=Lax, Secure outside local development), valid 7 days or until logout. Unknown email and wrong password give the same 401. The response carries a CSRF token bound to the new session.',
        `Throttles (429 with Retry-After): ${AUTH_THROTTLES.loginPerIp.limit} attempts per 15 minutes per client IP and ${AUTH_THROTTLES.loginPerAccountIp.limit} per account and client IP, so guesses from other addresses never lock the owner out. After ${AUTH_THROTTLES.loginFailuresPerAccount.limit} failed sign-ins to one account within 15 minutes from all addresses, a sign-in is considered only from an address that signed in to the account within the last ${KNOWN_ADDRESS_DAYS} days, or with a solved proof-of-work challenge in the body (\`challenge\` and \`solution\`, as for registration; each challenge works once); otherwise 429 saying so.`,
      ].join('\n\n'),
    body: LoginBody,
    responses: {
      200: { description: 'signed in', schema: LoginResult },
      400: { description: 'invalid body; a bad, expired or already used `challenge` or a wrong `solution` (the message names the field)', schema: ErrorBody },
      401: { description: 'invalid email or password', schema: ErrorBody },
      403: CSRF_403,
      429: THROTTLED,
    },
    handler: async ({ body, services, req, reply, caller }) => {
      const meta = { ip: req.ip, userAgent: req.headers['user-agent'] ?? null };
      const { account, token, session } = await services.identity.login(body.email, body.password, meta, { challenge: body.challenge, solution: body.solution });
      // Signing in again replaces the session this browser had.
      if (caller.sessionId) await services.identity.logout(caller.sessionId);
      reply.header('set-cookie', sessionCookie(token, session.expiresAt, secureCookies(services.config)));
      return {
        account: accountView(account),
        sessionExpiresAt: session.expiresAt.toISOString(),
        csrfToken: issueCsrfToken(services.identity.secret, `s:${session.idHash}`),
      };
    },
  }),
  defineRoute({
    method: 'POST',
    path: '/auth/logout',
    capability: 'auth_logout',
    summary: 'Sign out: revokes the session and clears the cookie',
    responses: { 204: { description: 'signed out' }, 401: { description: 'not signed in', schema: ErrorBody }, 403: CSRF_403 },
    handler: async ({ services, caller, reply }) => {
      await services.identity.logout(caller.sessionId!);
      reply.header('set-cookie', clearSessionCookie(secureCookies(services.config)));
      reply.code(204);
      return undefined;
    },
  }),
  defineRoute({
    method: 'GET',
    path: '/auth/me',
    capability: 'account_me',
    summary: 'The current account and its tier',
    description: 'With a session cookie or an X-API-Key.',
    responses: { 200: { description: 'the account', schema: AccountResult }, 401: { description: 'not authenticated', schema: ErrorBody } },
    handler: async ({ services, caller }) => {
      const account = await findAccountById(services.store, caller.accountId!);
      if (!account) throw new UnauthorizedError('the account no longer exists');
      return accountView(account);
    },
  }),
]);
