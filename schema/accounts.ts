/**
 * Accounts, sessions and API keys (spec 2.1, 2.2, 4.1, 4.2, 5): request bodies, results, and the
 * constants of the identity rules. One definition feeds REST validation, OpenAPI and the docs.
 */
import { z } from 'zod';
import { Name } from './common.ts';
import { PLANS, TIERS } from './tiers.ts';

/** Proof of work (spec 4.1): SHA-256(challenge + solution) in hex begins with this many `0`s. */
export const POW_DIFFICULTY = 3;
/** A challenge is valid this long after issue, and once. */
export const CHALLENGE_TTL_SECONDS = 600;
/** Password policy: length bounds (characters); common passwords are refused as well. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 256;
/** Email verification links expire after this many hours and work once. */
export const VERIFY_TOKEN_TTL_HOURS = 24;
/** Sessions end this many days after sign-in (or at logout). */
export const SESSION_TTL_DAYS = 7;
/** Trial key (spec 2.2): one per account lifetime, 14 days, 100 calls per day. */
export const TRIAL_KEY_DAYS = 14;
export const TRIAL_KEY_DAILY_CALLS = 100;
/** Active (unrevoked, unexpired) keys an account may hold at once. */
export const MAX_ACTIVE_KEYS = 20;
/** Cookie and header names (spec 5.5 leaves them to the service). */
export const SESSION_COOKIE = 'alm_session';
export const CSRF_COOKIE = 'alm_csrf';
export const CSRF_HEADER = 'X-CSRF-Token';

export interface ThrottlePolicy {
  limit: number;
  windowSeconds: number;
}

/**
 * Security throttles of the identity endpoints, shared across processes through the user store.
 * Exceeding one answers 429 with Retry-After. (The general per-IP and per-account limits of spec
 * 8.2 are the limits step's, not these.)
 */
export const AUTH_THROTTLES = {
  /** Registrations per client IP (spec 4.1: "rate-limited per client IP"). */
  registerPerIp: { limit: 10, windowSeconds: 3600 },
  /** Registration attempts per email address (also bounds the mail sent to one address). */
  registerPerEmail: { limit: 3, windowSeconds: 3600 },
  /** Login attempts per client IP. */
  loginPerIp: { limit: 30, windowSeconds: 900 },
  /**
   * Login attempts per account and client IP (the account counted by email, whether or not it
   * exists): guessing from one address stops there without locking the owner out elsewhere.
   */
  loginPerAccountIp: { limit: 10, windowSeconds: 900 },
  /**
   * Failed logins per account from all addresses (issue 13.10). Past it, a login is only considered
   * from an address the account signed in from before, or with a solved proof-of-work challenge in
   * the body (`challenge`, `solution`); the owner always has a way in, a botnet's guesses cost work.
   */
  loginFailuresPerAccount: { limit: 50, windowSeconds: 900 },
  /** Verification resends per email address. */
  resendPerEmail: { limit: 3, windowSeconds: 3600 },
  /**
   * Verification resends per client IP, counted apart from registrations: a user who mistyped a
   * password at sign-up a few times can still ask for a new link, and a refusal names resends.
   */
  resendPerIp: { limit: 10, windowSeconds: 3600 },
  /** Proof-of-work challenges per client IP. */
  challengePerIp: { limit: 60, windowSeconds: 60 },
} satisfies Record<string, ThrottlePolicy>;
export type ThrottleName = keyof typeof AUTH_THROTTLES;

// Free-text profile fields: printable text only (no control characters), bounded.
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'must not contain control characters');

/** An email address, trimmed; compared case-insensitively. */
export const Email = z.string().trim().max(254).pipe(z.email('must be an email address'));

/** An IANA time zone name such as `Europe/Berlin`. */
export const TimeZone = z
  .string()
  .max(64)
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'must be an IANA time zone such as Europe/Berlin');

/**
 * `POST /api/auth/register` (spec 2.1). Unknown fields (a `tier`, say) are refused with 400, so
 * nothing outside this list can ever be stored.
 */
export const RegisterBody = z.strictObject({
  email: Email,
  password: z.string().max(PASSWORD_MAX_LENGTH, `must be at most ${PASSWORD_MAX_LENGTH} characters`),
  challenge: z.string().min(1).max(300),
  solution: z.string().min(1).max(128),
  displayName: text(100).optional(),
  experience: text(100).optional(),
  useCase: text(1000).optional(),
  referralSource: text(200).optional(),
  timezone: TimeZone.optional(),
});
export type RegisterBody = z.output<typeof RegisterBody>;

/** How long an address that signed in to an account counts as known to it (the login ceiling's way in). */
export const KNOWN_ADDRESS_DAYS = 30;

export const LoginBody = z.strictObject({
  email: z.string().max(254),
  password: z.string().max(PASSWORD_MAX_LENGTH),
  challenge: z
    .string()
    .min(1)
    .max(300)
    .optional()
    .describe(
      'optional proof of work (GET /api/auth/challenge), with `solution`: needed only when the account had too many failed sign-ins from other addresses (the 429 says so) and this address never signed in to it',
    ),
  solution: z.string().min(1).max(128).optional().describe('the solution of `challenge`: SHA-256(challenge + solution) in hex begins with 000'),
});

export const ResendVerificationBody = z.strictObject({ email: Email });

export const VerifyEmailQuery = z.object({ token: z.string().min(1).max(200) });

export const ChallengeResult = z.object({
  challenge: z.string().describe('send back unchanged as `challenge`'),
  difficulty: z.number().int().describe('hex zeros the SHA-256 of challenge + solution must begin with'),
  algorithm: z.literal('sha256'),
  expiresAt: z.string().describe('ISO 8601 UTC'),
});

export const CsrfResult = z.object({
  csrfToken: z.string(),
  header: z.literal(CSRF_HEADER),
  boundTo: z.enum(['session', 'anonymous']).describe('a token fetched before login stops working once signed in; fetch a new one'),
});

export const RegisterResult = z.object({
  status: z.literal('verification_pending'),
  message: z.string(),
});

export const AccountResult = z.object({
  id: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  emailVerifiedAt: z.string().nullable(),
  tier: z.enum(TIERS),
  plan: z.enum(PLANS).nullable(),
  effectiveTier: z.enum(TIERS).describe('the tier the account acts with: a developer plan counts as Power User'),
  displayName: z.string().nullable(),
  experience: z.string().nullable(),
  useCase: z.string().nullable(),
  referralSource: z.string().nullable(),
  timezone: z.string().nullable(),
  createdAt: z.string(),
});

export const LoginResult = z.object({
  account: AccountResult,
  sessionExpiresAt: z.string(),
  csrfToken: z.string().describe('a CSRF token bound to the new session (also available from GET /api/auth/csrf)'),
});

export const VerifyEmailResult = z.object({ verified: z.literal(true), email: z.string() });

export const CreateKeyBody = z.strictObject({
  name: Name(100, 'must not be empty or blank: leave name out for an unnamed key').optional(),
  expiresInDays: z.number().int().min(1).max(3650).optional(),
});

export const KeyKindName = z.enum(['standard', 'trial']);

/** A key as listed: never the key or its hash. */
export const KeyInfo = z.object({
  id: z.string(),
  name: z.string().nullable(),
  prefix: z.string().describe('the first characters of the key, for recognising it'),
  lastFour: z.string(),
  kind: KeyKindName,
  status: z.enum(['active', 'revoked', 'expired']),
  dailyLimit: z.number().int().nullable().describe('calls per UTC day (trial keys)'),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});

export const KeyCreated = KeyInfo.extend({
  key: z.string().describe('the raw key, shown this once only; send it as X-API-Key'),
});

export const KeyList = z.array(KeyInfo);

export const KeyIdParams = z.object({ id: z.string().min(1).max(64) });
