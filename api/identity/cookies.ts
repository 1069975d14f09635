/**
 * The two cookies of the identity layer (`alm_session`, `alm_csrf`): parsing the Cookie header and
 * writing Set-Cookie. Our values are base64url, so no encoding is needed; anything else is ignored.
 */
import { CSRF_COOKIE, SESSION_COOKIE } from '../../schema/accounts.ts';
import type { Config } from '../../schema/config.ts';

/** Name -> value of the Cookie header (first occurrence wins). */
export function parseCookieHeader(header: string | undefined): Record<string, string> {
  const out: Record<string, string> = Object.create(null);
  if (!header) return out;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"') && value.length >= 2) value = value.slice(1, -1);
    if (name && !(name in out)) out[name] = value;
  }
  return out;
}

interface CookieOptions {
  secure: boolean;
  expires?: Date;
  maxAgeSeconds?: number;
}

function setCookie(name: string, value: string, o: CookieOptions): string {
  const parts = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax'];
  if (o.expires) parts.push(`Expires=${o.expires.toUTCString()}`);
  if (o.maxAgeSeconds !== undefined) parts.push(`Max-Age=${o.maxAgeSeconds}`);
  if (o.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Cookies are Secure outside local development (production, or an https public URL). */
export function secureCookies(config: Pick<Config, 'env' | 'publicUrl'>): boolean {
  return config.env === 'production' || config.publicUrl.startsWith('https:');
}

export function sessionCookie(token: string, expiresAt: Date, secure: boolean): string {
  return setCookie(SESSION_COOKIE, token, { secure, expires: expiresAt });
}

export function clearSessionCookie(secure: boolean): string {
  return setCookie(SESSION_COOKIE, '', { secure, expires: new Date(0), maxAgeSeconds: 0 });
}

/** The anonymous CSRF binding cookie set by GET /api/auth/csrf before sign-in (one day). */
export function csrfCookie(value: string, secure: boolean): string {
  return setCookie(CSRF_COOKIE, value, { secure, maxAgeSeconds: 86_400 });
}
