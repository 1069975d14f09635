/**
 * Typed API errors, mapped to HTTP by the one error handler in `api/server.ts`, which writes
 * `{ "error": "..." }` plus any extra fields (the spec's 402 payloads) and headers (Retry-After).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Extra top-level fields of the JSON body (e.g. requiredTier, reason). */
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** 400: a missing or invalid parameter (the message names it). */
export class BadRequestError extends ApiError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(400, message, extra);
  }
}

/** 401: not authenticated, or the key is missing, invalid, revoked or expired. */
export class UnauthorizedError extends ApiError {
  constructor(message = 'authentication required') {
    super(401, message);
  }
}

/** 402: tier, included allowance or extra-call cap (spec section 7); never transient. */
export class PaymentRequiredError extends ApiError {
  constructor(message: string, extra: Record<string, unknown>) {
    super(402, message, extra);
  }
}

/** 403: CSRF failure or admin surface (spec section 5.6). */
export class ForbiddenError extends ApiError {
  constructor(message = 'forbidden') {
    super(403, message);
  }
}

export class NotFoundError extends ApiError {
  constructor(message = 'not found') {
    super(404, message);
  }
}

export class ConflictError extends ApiError {
  constructor(message: string) {
    super(409, message);
  }
}

/** 410: a retired endpoint. */
export class GoneError extends ApiError {
  constructor(message: string, extra: Record<string, unknown> = {}) {
    super(410, message, extra);
  }
}

/** 429: a limit was reached; `retryAfter` in whole seconds. */
export class TooManyRequestsError extends ApiError {
  constructor(message: string, retryAfterSeconds: number, headers: Record<string, string> = {}, extra: Record<string, unknown> = {}) {
    super(429, message, extra, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))), ...headers });
  }
}

/**
 * 429 for the service's own capacity (spec 8.4, the MCP heavy-tool gate), not a quota of the
 * caller: a call refused so gives back what its admission took of the caller's allowances
 * (`Limiter.giveBack`), and its answer carries no RateLimit headers (no quota of the caller's
 * refused it), only `Retry-After`.
 */
export class CapacityError extends TooManyRequestsError {}

/** 503: an infrastructure fault (warehouse not ready, limit store unreachable). Never a 402/429. */
export class ServiceUnavailableError extends ApiError {
  constructor(message: string, retryAfterSeconds = 5) {
    super(503, message, {}, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
  }
}
