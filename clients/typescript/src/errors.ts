/**
 * Errors thrown by the client for every non-2xx answer. 402 is a fact about the account (tier,
 * included calls, extra-call cap): it is never retried and carries its payload typed.
 */
import type { components } from './generated/openapi.ts';

export type TierRequiredBody = components['schemas']['TierRequired'];
export type OverageCapBody = components['schemas']['OverageCap'];
export type AllowanceExhaustedBody = components['schemas']['AllowanceExhausted'];
export type RateLimitedBody = components['schemas']['RateLimited'];

/** Any error answer of the API: its status, JSON body (when there is one) and request id. */
export class AlmanacError extends Error {
  override name = 'AlmanacError';
  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    readonly requestId: string | null,
    readonly method: string,
    readonly url: string,
  ) {
    super(message);
  }
}

/** 400: a missing or invalid parameter (the message names it). */
export class BadRequestError extends AlmanacError {
  override name = 'BadRequestError';
}

/** 401: no key where one is needed, or the key is invalid, revoked or expired. */
export class AuthenticationError extends AlmanacError {
  override name = 'AuthenticationError';
}

/** 404. */
export class NotFoundError extends AlmanacError {
  override name = 'NotFoundError';
}

/** 402 of any kind. Not transient: surface it to the user, do not retry. */
export class PaymentRequiredError extends AlmanacError {
  override name = 'PaymentRequiredError';
  /** Where the user can change their tier or plan, when the payload names it. */
  get upgradeUrl(): string | null {
    const url = (this.body as { upgrade_url?: unknown } | null)?.upgrade_url;
    return typeof url === 'string' ? url : null;
  }
}

/** 402: the account is below the tier the endpoint needs. */
export class TierRequiredError extends PaymentRequiredError {
  override name = 'TierRequiredError';
  declare readonly body: TierRequiredBody;
  get requiredTier(): string {
    return this.body.requiredTier;
  }
  get currentTier(): string {
    return this.body.currentTier;
  }
}

/** 402 `reason: "overage_cap"`: this month's extra-call cap is reached. */
export class OverageCapError extends PaymentRequiredError {
  override name = 'OverageCapError';
  declare readonly body: OverageCapBody;
}

/** 402 `reason: "included_allowance"`: the plan's included calls are used up and extra calls are off. */
export class AllowanceExhaustedError extends PaymentRequiredError {
  override name = 'AllowanceExhaustedError';
  declare readonly body: AllowanceExhaustedBody;
}

/** 429 after the client's bounded retries (or a Retry-After longer than it may wait). */
export class RateLimitError extends AlmanacError {
  override name = 'RateLimitError';
  /** Seconds the server asked to wait, when it said. */
  readonly retryAfterSeconds: number | null;
  constructor(message: string, status: number, body: unknown, requestId: string | null, method: string, url: string, retryAfterSeconds: number | null) {
    super(message, status, body, requestId, method, url);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 5xx (after retries where the method is idempotent). */
export class ServerError extends AlmanacError {
  override name = 'ServerError';
}

/** Seconds of a `Retry-After` header (delta-seconds or an HTTP date), null when absent or unreadable. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | null {
  if (value === null || value.trim() === '') return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The typed error of a non-2xx response (its body already read as `body`). */
export function errorFor(response: Response, body: unknown, method: string): AlmanacError {
  const status = response.status;
  const requestId = response.headers.get('x-request-id');
  const message = typeof (body as { error?: unknown } | null)?.error === 'string' ? (body as { error: string }).error : `HTTP ${status}`;
  const text = `${method} ${redactUrl(response.url)}: ${status} ${message}`;
  const args = [text, status, body, requestId, method, redactUrl(response.url)] as const;
  if (status === 402) {
    const b = (body ?? {}) as Record<string, unknown>;
    if (b.reason === 'overage_cap') return new OverageCapError(...args);
    if (b.reason === 'included_allowance') return new AllowanceExhaustedError(...args);
    if (typeof b.requiredTier === 'string') return new TierRequiredError(...args);
    return new PaymentRequiredError(...args);
  }
  if (status === 429) return new RateLimitError(...args, retryAfterSeconds(response.headers.get('retry-after')));
  if (status === 400) return new BadRequestError(...args);
  if (status === 401) return new AuthenticationError(...args);
  if (status === 404) return new NotFoundError(...args);
  if (status >= 500) return new ServerError(...args);
  return new AlmanacError(...args);
}

/** URLs never carry the key (it travels only in X-API-Key), but strip any `api_key`-like query value anyway. */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:api_key|apikey|key)=)[^&]*/gi, '$1[redacted]');
}
