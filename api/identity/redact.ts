/**
 * Secrets never reach the logs (issue 13.11): verification links (`?token=`), session cookies,
 * CSRF tokens, API keys and proof-of-work solutions are redacted from every log line the server
 * writes: the Fastify/pino request log (URL query values, credential headers) and the outbox
 * mailer's line (its links).
 *
 * @example
 * redactUrl('/api/auth/verify-email?token=abc&x=1'); // '/api/auth/verify-email?token=[redacted]&x=1'
 * redactSecrets('key alm_live_0123...'); // 'key alm_live_[redacted]'
 */
import type { FastifyRequest, FastifyServerOptions } from 'fastify';

export const REDACTED = '[redacted]';

/** Query parameters whose values are secrets (compared case-insensitively, after decoding). */
const SECRET_PARAMS = new Set(['token', 'key', 'api_key', 'apikey', 'x-api-key', 'access_token', 'session', 'alm_session', 'csrf', 'csrf_token', 'password', 'solution', 'secret']);

// `name=value` pairs of a query string or a text (value up to the next separator or whitespace).
const PAIR = /([?&;]|^)([^=&;?#\s]+)=([^&;#\s]*)/g;
// API keys anywhere in a text (alm_live_ / alm_trial_ followed by the key body).
const API_KEY = /\b(alm_(?:live|trial)_)[0-9A-Za-z]+/g;

function isSecretName(raw: string): boolean {
  let name = raw;
  try {
    name = decodeURIComponent(raw);
  } catch {
    // a malformed escape: compare the raw text
  }
  return SECRET_PARAMS.has(name.toLowerCase());
}

/** The URL (path and query) with the values of secret query parameters replaced. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const redacted = q < 0 ? url : url.slice(0, q) + url.slice(q).replace(PAIR, (all, sep: string, name: string) => (isSecretName(name) ? `${sep}${name}=${REDACTED}` : all));
  return redacted.replace(API_KEY, `$1${REDACTED}`);
}

/** Any text with API keys, and the secret query values of the URLs in it, replaced. */
export function redactSecrets(text: string): string {
  return text.replace(API_KEY, `$1${REDACTED}`).replace(/https?:\/\/\S+/g, redactUrl);
}

/** Request headers that carry credentials, as pino `redact` paths (for any log object holding them). */
const CREDENTIAL_HEADERS = ['authorization', 'cookie', 'set-cookie', 'x-api-key', 'x-csrf-token', 'proxy-authorization'];

/**
 * Pino options for the server's logger with the redaction applied: the request serializer logs
 * the redacted URL and no headers, and credential headers are censored wherever a log object
 * carries them. `true` means the default options.
 */
export function redactingLogger(logger: Exclude<FastifyServerOptions['logger'], false | undefined>): FastifyServerOptions['logger'] {
  const base = (logger === true ? {} : logger) as Record<string, unknown> & { serializers?: Record<string, unknown> };
  const paths = ['req', 'request', 'res', 'reply', ''].flatMap((o) => CREDENTIAL_HEADERS.map((h) => `${o ? `${o}.` : ''}headers["${h}"]`));
  return {
    ...base,
    redact: { paths, censor: REDACTED },
    serializers: {
      ...base.serializers,
      req: (req: FastifyRequest) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  } as FastifyServerOptions['logger'];
}
