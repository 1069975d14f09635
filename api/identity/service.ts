/**
 * Accounts, sessions and keys: the rules of spec 2.1, 2.2, 3, 4.1, 4.2 and 5 over the user store.
 * REST handlers stay thin and call these methods. Denials that are facts about the request are
 * the typed errors of `api/errors.ts`; store failures propagate as errors.
 *
 * Statuses chosen where the spec leaves them open (README "Accounts and keys"):
 * - bad, expired or replayed challenge, wrong solution, weak password: 400 naming the field;
 * - duplicate email: the same 202 as a new one (the address gets a "you already have an account"
 *   mail instead of a link), so registration never reveals whether an email is taken;
 * - unverified email asking for a key, a second trial key, too many active keys: 409;
 * - throttled: 429 with Retry-After.
 */
import { randomUUID } from 'node:crypto';
import {
  AUTH_THROTTLES,
  KNOWN_ADDRESS_DAYS,
  MAX_ACTIVE_KEYS,
  SESSION_TTL_DAYS,
  TRIAL_KEY_DAILY_CALLS,
  TRIAL_KEY_DAYS,
  VERIFY_TOKEN_TTL_HOURS,
  type RegisterBody,
  type ThrottleName,
  type ThrottlePolicy,
} from '../../schema/accounts.ts';
import type { Config } from '../../schema/config.ts';
import { effectiveTier } from '../../schema/tiers.ts';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError, UnauthorizedError } from '../errors.ts';
import { refusalHeaders } from '../limits/headers.ts';
import type { Mailer } from '../mail/interface.ts';
import {
  consumeEmailToken,
  findAccountByEmail,
  findAccountById,
  insertAccount,
  insertEmailToken,
  isUuid,
  markEmailVerified,
  retireEmailTokens,
  type Account,
} from '../store/accounts.ts';
import type { UserStore } from '../store/interface.ts';
import { findKeyByHash, hasTrialKey, insertKeyUnderCap, listKeys, revokeKey, touchKey, type KeyAuthRow, type KeyRow, type StoredKeyKind } from '../store/keys.ts';
import { hitThrottle, spendChallenge, throttleHits } from '../store/security.ts';
import { findActiveSession, insertSession, recordLoginAddress, revokeSession, signedInFrom, type SessionRow } from '../store/sessions.ts';
import { randomToken, safeEqual, sha256Hex } from './crypto.ts';
import { KeyCache } from './key-cache.ts';
import { generateApiKey, hashApiKey, isWellFormedKey } from './keys.ts';
import { passwordProblem } from './password-policy.ts';
import { redactSecrets } from './redact.ts';
import { PasswordHasher } from './passwords.ts';
import { checkChallenge, createChallenge, type Challenge } from './pow.ts';

export interface IdentityOptions {
  store: UserStore;
  mailer: Mailer;
  config: Pick<Config, 'secret' | 'publicUrl'>;
  hasher?: PasswordHasher;
  keyCache?: KeyCache;
  /** Clock in ms (tests move it). */
  now?: () => number;
  /** Where mail failures and similar are reported. */
  log?: (message: string, err?: unknown) => void;
}

/** A key verification's outcome: a denial is data, an infrastructure failure is an error. */
export type KeyCheck = { valid: true; key: KeyAuthRow } | { valid: false; code: 'MALFORMED' | 'NOT_FOUND' | 'REVOKED' | 'EXPIRED' };

export const KEY_DENIALS: Record<Exclude<KeyCheck, { valid: true }>['code'], string> = {
  MALFORMED: 'invalid API key',
  NOT_FOUND: 'invalid API key',
  REVOKED: 'this API key has been revoked',
  EXPIRED: 'this API key has expired',
};

const DAY_MS = 86_400_000;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
// Record last use at most once a minute per key per process: a write per call would cost more than the call.
const TOUCH_EVERY_MS = 60_000;

export class Identity {
  readonly store: UserStore;
  readonly mailer: Mailer;
  readonly hasher: PasswordHasher;
  readonly keyCache: KeyCache;
  /** The security throttles in force (a copy of AUTH_THROTTLES; tests may loosen them). */
  readonly throttles: Record<ThrottleName, ThrottlePolicy>;
  now: () => number;
  readonly #secret: string;
  readonly #publicUrl: string;
  readonly #log: (message: string, err?: unknown) => void;
  readonly #touched = new Map<string, number>();
  /** Work done after the answer (a resent verification link); `settled()` waits for it. */
  readonly #afterAnswer = new Set<Promise<void>>();
  /** The latest resend's work per account (they run one after another). */
  readonly #resending = new Map<string, Promise<void>>();

  constructor(options: IdentityOptions) {
    this.store = options.store;
    this.mailer = options.mailer;
    this.hasher = options.hasher ?? new PasswordHasher();
    this.keyCache = options.keyCache ?? new KeyCache();
    this.now = options.now ?? Date.now;
    this.#secret = options.config.secret;
    this.#publicUrl = options.config.publicUrl.replace(/\/+$/, '');
    this.#log = options.log ?? ((message, err) => process.stderr.write(`${redactSecrets(`${message}${err ? `: ${String(err)}` : ''}`)}\n`));
    this.throttles = structuredClone(AUTH_THROTTLES);
  }

  get secret(): string {
    return this.#secret;
  }

  /** Counts one attempt against a throttle; past its limit, 429 with Retry-After. */
  async throttle(name: ThrottleName, subject: string): Promise<void> {
    const w = this.#window(name);
    const hits = await hitThrottle(this.store, `${name}:${subject}`, w.start);
    if (hits > this.throttles[name].limit) throw this.#throttled(name, `too many attempts (${describeThrottle(name, this.throttles[name])}); retry later`, w.retryAfterSeconds);
  }

  /** A throttle's 429: Retry-After until its window ends, and RateLimit headers naming that throttle (not the request's admission). */
  #throttled(name: ThrottleName, message: string, retryAfterSeconds: number): TooManyRequestsError {
    const p = this.throttles[name];
    return new TooManyRequestsError(message, retryAfterSeconds, refusalHeaders(throttlePolicy(name), p.limit, p.windowSeconds, retryAfterSeconds));
  }

  /** The current fixed window of a throttle: its start and the seconds until it ends. */
  #window(name: ThrottleName): { start: Date; retryAfterSeconds: number } {
    const windowMs = this.throttles[name].windowSeconds * 1000;
    const now = this.now();
    const start = Math.floor(now / windowMs) * windowMs;
    return { start: new Date(start), retryAfterSeconds: (start + windowMs - now) / 1000 };
  }

  /**
   * Checks a solved challenge and spends it: 400 naming the field when it is malformed, forged,
   * expired, wrongly solved or already used (registration, and sign-in past the failure ceiling).
   */
  async #redeemChallenge(challenge: string, solution: string): Promise<void> {
    const now = this.now();
    const check = checkChallenge(this.#secret, challenge, solution, now);
    if (!check.ok) {
      if (check.reason === 'solution') throw new BadRequestError("invalid body field 'solution': SHA-256 of challenge + solution in hex must begin with 000");
      if (check.reason === 'expired') throw new BadRequestError("invalid body field 'challenge': the challenge has expired; get a new one from GET /api/auth/challenge");
      throw new BadRequestError("invalid body field 'challenge': not a challenge issued by this service; get one from GET /api/auth/challenge");
    }
    if (!(await spendChallenge(this.store, check.nonce, check.expiresAt, new Date(now)))) {
      throw new BadRequestError("invalid body field 'challenge': this challenge was already used; get a new one from GET /api/auth/challenge");
    }
  }

  /** A fresh proof-of-work challenge (GET /api/auth/challenge). */
  async challenge(ip: string): Promise<Challenge> {
    await this.throttle('challengePerIp', ip);
    return createChallenge(this.#secret, this.now());
  }

  /**
   * Registers an account (POST /api/auth/register). Resolves the same way whether or not the email
   * was taken; only a verification link or an "already registered" notice is mailed.
   */
  async register(body: RegisterBody, ip: string): Promise<void> {
    await this.throttle('registerPerIp', ip);
    // A weak password is refused before the challenge is spent: the user can retry with the same one.
    const problem = passwordProblem(body.password, body.email);
    const check = checkChallenge(this.#secret, body.challenge, body.solution, this.now());
    if (problem && check.ok) throw new BadRequestError(`invalid body field 'password': ${problem}`);
    await this.#redeemChallenge(body.challenge, body.solution);
    await this.throttle('registerPerEmail', body.email.toLowerCase());
    // Hash before knowing whether the email is free: a taken address costs the same time.
    const passwordHash = await this.hasher.hash(body.password);
    const id = randomUUID();
    const created = await insertAccount(this.store, {
      id,
      email: body.email,
      passwordHash,
      displayName: body.displayName ?? null,
      experience: body.experience ?? null,
      useCase: body.useCase ?? null,
      referralSource: body.referralSource ?? null,
      timezone: body.timezone ?? null,
    });
    if (created) await this.#sendVerification(id, body.email);
    else await this.#mail(body.email, 'Your Almanac account', alreadyRegisteredText(this.#publicUrl));
  }

  /** Spends a verification token (GET /api/auth/verify-email?token=). */
  async verifyEmail(token: string): Promise<Account> {
    const at = new Date(this.now());
    const accountId = await consumeEmailToken(this.store, sha256Hex(token), 'verify_email', at);
    if (!accountId) {
      throw new BadRequestError("invalid parameter 'token': the link is invalid, expired or already used; ask for a new one with POST /api/auth/resend-verification");
    }
    await markEmailVerified(this.store, accountId, at);
    this.keyCache.invalidateAccount(accountId);
    return (await findAccountById(this.store, accountId))!;
  }

  /** Mails a new verification link when the account exists and is unverified; silent otherwise. */
  async resendVerification(email: string, ip: string): Promise<void> {
    await this.throttle('resendPerIp', ip);
    await this.throttle('resendPerEmail', email.toLowerCase());
    const account = await findAccountByEmail(this.store, email);
    if (!account || account.emailVerifiedAt) return;
    // The new link is made and mailed after the answer, so answering takes the same time for an
    // unknown address, a verified account and an unverified one (it took 2 ms longer for the last,
    // which told an unverified account's existence; found by probing from outside).
    // One account's resends run in order: a later one's clean-up never runs before an earlier
    // one's new link is written (two links valid at once).
    const before = this.#resending.get(account.id) ?? Promise.resolve();
    const mine = this.#whenAnswered(async () => {
      await before;
      await retireEmailTokens(this.store, account.id, 'verify_email', new Date(this.now()));
      await this.#sendVerification(account.id, account.email);
    });
    this.#resending.set(account.id, mine);
    void mine.finally(() => {
      if (this.#resending.get(account.id) === mine) this.#resending.delete(account.id);
    });
  }

  /**
   * Runs `work` once the current answer has gone: from the next turn of the event loop, after the
   * promise callbacks that send the answer (no query of it, not even the first, runs before); a
   * failure is logged. `settled()` waits for it.
   */
  #whenAnswered(work: () => Promise<void>): Promise<void> {
    const running: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
      .then(work)
      .catch((err: unknown) => this.#log('could not send a new verification link', err))
      .finally(() => this.#afterAnswer.delete(running));
    this.#afterAnswer.add(running);
    return running;
  }

  /** Resolves once the work started after answers (resent verification links) is done (tests; shutdown waits for it). */
  async settled(): Promise<void> {
    while (this.#afterAnswer.size > 0) await Promise.all([...this.#afterAnswer]);
  }

  /**
   * Checks credentials and opens a session (POST /api/auth/login). Unknown email and wrong
   * password give the same 401 after the same argon2 work.
   *
   * Throttles (issue 13.10): attempts per client IP and per (account, IP) are capped, so guessing
   * from one address never locks the owner out at another. Failed attempts per account from all
   * addresses have a ceiling too; past it, a login is considered only from an address the account
   * signed in from within KNOWN_ADDRESS_DAYS, or with a solved, unused proof-of-work challenge
   * (`proof`), so the owner always has a way in while a distributed guesser pays work per guess.
   */
  async login(
    email: string,
    password: string,
    meta: { ip: string; userAgent: string | null },
    proof: { challenge?: string | undefined; solution?: string | undefined } = {},
  ): Promise<{ account: Account; token: string; session: SessionRow }> {
    const normalized = email.trim();
    const subject = normalized.toLowerCase();
    if ((proof.challenge === undefined) !== (proof.solution === undefined)) {
      throw new BadRequestError(`invalid body field '${proof.challenge === undefined ? 'challenge' : 'solution'}': send challenge and solution together, or neither`);
    }
    await this.throttle('loginPerIp', meta.ip);
    await this.throttle('loginPerAccountIp', `${subject}|${meta.ip}`);
    const account = normalized ? await findAccountByEmail(this.store, normalized) : null;
    if (proof.challenge !== undefined) await this.#redeemChallenge(proof.challenge, proof.solution!);
    const failures = this.#window('loginFailuresPerAccount');
    const failureBucket = `loginFailuresPerAccount:${subject}`;
    if ((await throttleHits(this.store, failureBucket, failures.start)) >= this.throttles.loginFailuresPerAccount.limit && proof.challenge === undefined) {
      // The same query for an unknown email (the nil id matches nothing): the answer's time tells nothing.
      const known = await signedInFrom(this.store, account?.id ?? NIL_UUID, meta.ip, new Date(this.now() - KNOWN_ADDRESS_DAYS * DAY_MS));
      if (!known) {
        throw this.#throttled(
          'loginFailuresPerAccount',
          `too many failed sign-ins for this account from other addresses (${describeThrottle('loginFailuresPerAccount', this.throttles.loginFailuresPerAccount)}); sign in from an address you used before, or add a solved proof-of-work challenge to the body: 'challenge' and 'solution' from GET /api/auth/challenge`,
          failures.retryAfterSeconds,
        );
      }
    }
    const ok = account ? await this.hasher.verify(account.passwordHash, password) : await this.hasher.verifyDummy(password);
    if (!account || !ok) {
      await hitThrottle(this.store, failureBucket, failures.start);
      throw new UnauthorizedError('invalid email or password');
    }
    const token = randomToken(32);
    const now = this.now();
    const session = { idHash: sha256Hex(token), accountId: account.id, createdAt: new Date(now), expiresAt: new Date(now + SESSION_TTL_DAYS * DAY_MS) };
    await insertSession(this.store, { ...session, ip: meta.ip, userAgent: meta.userAgent });
    await recordLoginAddress(this.store, account.id, meta.ip, new Date(now));
    return { account, token, session };
  }

  async logout(sessionIdHash: string): Promise<void> {
    await revokeSession(this.store, sessionIdHash, new Date(this.now()));
  }

  /** The live session and its account behind a session cookie value, or null. */
  async resolveSession(cookie: string): Promise<{ session: SessionRow; account: Account } | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(cookie)) return null;
    const session = await findActiveSession(this.store, sha256Hex(cookie), new Date(this.now()));
    if (!session) return null;
    const account = await findAccountById(this.store, session.accountId);
    return account ? { session, account } : null;
  }

  /** Verifies a raw key: checksum, SHA-256, cached indexed lookup, revoked, expired. */
  async authenticateKey(raw: string): Promise<KeyCheck> {
    const hash = hashApiKey(raw);
    const now = this.now();
    let row = this.keyCache.get(hash, now);
    // A cached key row whose hash is this key's hash means this is that (well-formed) key: the
    // checksum (a second SHA-256) is checked only on the way to the store or a cached miss.
    if (!row && !isWellFormedKey(raw)) return { valid: false, code: 'MALFORMED' };
    if (row === undefined) row = await this.keyCache.load(hash, now, () => findKeyByHash(this.store, hash));
    if (!row || !safeEqual(row.keyHash, hash)) return { valid: false, code: 'NOT_FOUND' };
    if (row.revokedAt) return { valid: false, code: 'REVOKED' };
    if (row.expiresAt && row.expiresAt.getTime() <= now) return { valid: false, code: 'EXPIRED' };
    this.#touch(row.id, now);
    return { valid: true, key: row };
  }

  /** Issues a standard key (POST /api/keys); the raw key is in the result and nowhere else. */
  async createKey(accountId: string, options: { name?: string; expiresInDays?: number } = {}): Promise<{ key: string; row: KeyRow }> {
    await this.#requireVerified(accountId);
    const now = this.now();
    const expiresAt = options.expiresInDays ? new Date(now + options.expiresInDays * DAY_MS) : null;
    const issued = await this.#issue(accountId, 'standard', options.name ?? null, expiresAt, null);
    if (!issued) throw new Error('standard key insert conflicted');
    return issued;
  }

  /** Issues the account's one trial key (POST /api/keys/trial): 14 days, 100 calls per day. */
  async createTrialKey(accountId: string): Promise<{ key: string; row: KeyRow }> {
    await this.#requireVerified(accountId);
    const conflict = 'this account already received its trial key (one per account lifetime); create a standard key with POST /api/keys';
    if (await hasTrialKey(this.store, accountId)) throw new ConflictError(conflict);
    const issued = await this.#issue(accountId, 'trial', 'trial', new Date(this.now() + TRIAL_KEY_DAYS * DAY_MS), TRIAL_KEY_DAILY_CALLS);
    if (!issued) throw new ConflictError(conflict);
    return issued;
  }

  listKeys(accountId: string): Promise<KeyRow[]> {
    return listKeys(this.store, accountId);
  }

  /** Revokes one of the account's keys; another account's key id is a 404. */
  async revokeKey(accountId: string, keyId: string): Promise<KeyRow> {
    const row = isUuid(keyId) ? await revokeKey(this.store, accountId, keyId, new Date(this.now())) : null;
    if (!row) throw new NotFoundError(`no key with id ${keyId} on this account`);
    this.keyCache.invalidateKey(row.id);
    return row;
  }

  async #issue(accountId: string, kind: StoredKeyKind, name: string | null, expiresAt: Date | null, dailyLimit: number | null): Promise<{ key: string; row: KeyRow } | null> {
    const generated = generateApiKey(kind);
    const key = { id: randomUUID(), accountId, kind, name, prefix: generated.prefix, lastFour: generated.lastFour, keyHash: generated.hash, dailyLimit, expiresAt };
    // The cap is counted and the key inserted under the account row lock (atomic across requests
    // and processes). A trial key counts as an active key as well.
    const row = await insertKeyUnderCap(this.store, key, MAX_ACTIVE_KEYS, new Date(this.now()));
    if (row === 'full') throw new ConflictError(`an account may hold at most ${MAX_ACTIVE_KEYS} active keys; revoke one with DELETE /api/keys/{id} first`);
    if (row === 'missing') throw new UnauthorizedError('the signed-in account no longer exists');
    // Only a second trial key conflicts (the unique partial index); the caller words the 409.
    return row ? { key: generated.key, row } : null;
  }

  async #requireVerified(accountId: string): Promise<Account> {
    const account = await findAccountById(this.store, accountId);
    if (!account) throw new UnauthorizedError('the signed-in account no longer exists');
    if (!account.emailVerifiedAt) {
      throw new ConflictError('verify your email address first: follow the link in the verification mail (POST /api/auth/resend-verification sends a new one)');
    }
    return account;
  }

  #touch(keyId: string, now: number): void {
    const last = this.#touched.get(keyId) ?? 0;
    if (now - last < TOUCH_EVERY_MS) return;
    this.#touched.set(keyId, now);
    if (this.#touched.size > 50_000) this.#touched.clear();
    touchKey(this.store, keyId, new Date(now)).catch((err: unknown) => this.#log('could not record key use', err));
  }

  async #sendVerification(accountId: string, email: string): Promise<void> {
    const token = randomToken(32);
    await insertEmailToken(this.store, {
      tokenHash: sha256Hex(token),
      accountId,
      purpose: 'verify_email',
      expiresAt: new Date(this.now() + VERIFY_TOKEN_TTL_HOURS * 3_600_000),
    });
    // The web landing page (it calls GET /api/auth/verify-email and shows the outcome to a person).
    // The mail names that call for an agent or script, but not as a link with the token: a mail
    // scanner fetching every link would spend the token and verify the address unasked (the page
    // needs JavaScript, which scanners do not run).
    const link = `${this.#publicUrl}/verify-email?token=${token}`;
    await this.#mail(email, 'Verify your Almanac email address', verificationText(link));
  }

  // A mail failure is logged, not returned: the answer must not differ by account state, and the
  // user can ask for the link again.
  async #mail(to: string, subject: string, text: string): Promise<void> {
    try {
      await this.mailer.send({ to, subject, text });
    } catch (err) {
      this.#log(`could not send mail "${subject}"`, err);
    }
  }
}

/** A throttle's name in `RateLimit-Policy` (`loginPerIp` -> `login-per-ip`), as the limit policies are spelt. */
export function throttlePolicy(name: ThrottleName): string {
  return name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
}

/** What a throttle counts and its policy in force (the one its RateLimit-Policy header names). */
function describeThrottle(name: ThrottleName, p: ThrottlePolicy): string {
  const what: Record<ThrottleName, string> = {
    registerPerIp: 'registrations from this address',
    registerPerEmail: 'registrations for this email',
    loginPerIp: 'sign-ins from this address',
    loginPerAccountIp: 'sign-ins for this account from this address',
    loginFailuresPerAccount: 'failed sign-ins for this account',
    resendPerEmail: 'verification mails for this email',
    resendPerIp: 'verification mails asked from this address',
    challengePerIp: 'challenges from this address',
  };
  return `${what[name]}: at most ${p.limit} per ${p.windowSeconds >= 3600 ? `${p.windowSeconds / 3600} h` : `${p.windowSeconds / 60} min`}`;
}

function verificationText(link: string): string {
  return [
    'Someone (hopefully you, or an agent acting for you) registered an Almanac account with this address.',
    '',
    `Confirm the address by opening this link in a browser within ${VERIFY_TOKEN_TTL_HOURS} hours:`,
    '',
    link,
    '',
    'An agent or script confirms it instead with GET /api/auth/verify-email and the token of that link (?token=...); it answers JSON.',
    '',
    'If you did not ask for an account, ignore this message; nothing happens without the confirmation.',
  ].join('\n');
}

function alreadyRegisteredText(base: string): string {
  return [
    'Someone tried to register an Almanac account with this address, but it already has one.',
    '',
    `If it was you, sign in instead (POST ${base}/api/auth/login). If not, you can ignore this message.`,
  ].join('\n');
}

/** The account as `GET /api/auth/me` and login show it (schema/accounts.ts AccountResult). */
export function accountView(a: Account) {
  return {
    id: a.id,
    email: a.email,
    emailVerified: a.emailVerifiedAt !== null,
    emailVerifiedAt: a.emailVerifiedAt?.toISOString() ?? null,
    tier: a.tier,
    plan: a.plan,
    effectiveTier: effectiveTier(a.tier, a.plan),
    displayName: a.displayName,
    experience: a.experience,
    useCase: a.useCase,
    referralSource: a.referralSource,
    timezone: a.timezone,
    createdAt: a.createdAt.toISOString(),
  };
}

/** A key as listed (schema/accounts.ts KeyInfo): never the key or its hash. */
export function keyView(k: KeyRow, now: number) {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    lastFour: k.lastFour,
    kind: k.kind,
    status: k.revokedAt ? ('revoked' as const) : k.expiresAt && k.expiresAt.getTime() <= now ? ('expired' as const) : ('active' as const),
    dailyLimit: k.dailyLimit,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt?.toISOString() ?? null,
    expiresAt: k.expiresAt?.toISOString() ?? null,
    revokedAt: k.revokedAt?.toISOString() ?? null,
  };
}
