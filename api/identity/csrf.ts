/**
 * CSRF tokens (spec 5.5; DESIGN "CSRF"): a signed double-submit token bound to the caller's
 * session. Token = `<random>.<HMAC(secret, binding + random)>`, sent in `X-CSRF-Token` and obtained
 * from `GET /api/auth/csrf`. Signed-in callers are bound to their session (the token dies with it);
 * before sign-in (register, login) the binding is the random `alm_csrf` cookie that endpoint sets.
 */
import { hmacBase64url, randomToken, safeEqual } from './crypto.ts';

const TOKEN = /^([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** What a token is bound to: a session, or the anonymous `alm_csrf` cookie. */
export type CsrfBinding = `s:${string}` | `a:${string}`;

export function issueCsrfToken(secret: string, binding: CsrfBinding): string {
  const nonce = randomToken(16);
  return `${nonce}.${hmacBase64url(secret, `csrf:${binding}:${nonce}`)}`;
}

export function verifyCsrfToken(secret: string, binding: CsrfBinding | null, token: unknown): boolean {
  if (binding === null || typeof token !== 'string') return false;
  const m = TOKEN.exec(token);
  return m !== null && safeEqual(m[2]!, hmacBase64url(secret, `csrf:${binding}:${m[1]}`));
}

/** The anonymous binding cookie's value shape (32 random bytes, base64url). */
export const ANON_BINDING = /^[A-Za-z0-9_-]{43}$/;
