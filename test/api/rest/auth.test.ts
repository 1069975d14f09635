/** `/api/auth/*` over `app.inject`: challenge, CSRF, register, verify, login, logout, me, throttles, properties, timing. */
import fc from 'fast-check';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createChallenge, solveChallenge } from '../../../api/identity/pow.ts';
import { json, sampleApp, type TestApp } from '../../helpers.ts';
import { Client, outboxMessages, PASSWORD, verificationToken } from '../identity/client.ts';

let t: TestApp;

async function accountRows(email: string) {
  return t.services.store.query<Record<string, unknown>>('SELECT * FROM accounts WHERE lower(email) = lower($1)', [email]);
}

/** Loosens the identity throttles and stands the general limits step aside (these suites test identity, not limits). */
function loosen(): void {
  for (const p of Object.values(t.services.identity.throttles)) p.limit = 1_000_000;
  (t.services as { limits?: unknown }).limits = undefined;
}

const reg = suite('register');
reg.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
reg.after(() => t.close());

reg('the challenge endpoint returns a signed challenge needing 000', async () => {
  const res = await new Client(t.app).call('GET', '/api/auth/challenge');
  assert.is(res.statusCode, 200);
  const body = res.json();
  assert.equal(Object.keys(body).sort(), ['algorithm', 'challenge', 'difficulty', 'expiresAt']);
  assert.is(body.difficulty, 3);
  assert.is(body.algorithm, 'sha256');
  assert.match(body.challenge, /^v1\./);
});

reg('register without a CSRF token, or with a token of another client, is 403', async () => {
  const c = new Client(t.app);
  const missing = await c.call('POST', '/api/auth/register', { body: { email: 'x@example.com', password: PASSWORD, ...(await c.challenge()) } });
  assert.is(missing.statusCode, 403);
  assert.match(missing.json().error, 'X-CSRF-Token');
  const other = new Client(t.app);
  const token = await other.csrf();
  const stolen = await c.call('POST', '/api/auth/register', { body: { email: 'x@example.com', password: PASSWORD, ...(await c.challenge()) }, csrf: token });
  assert.is(stolen.statusCode, 403);
  assert.equal(await accountRows('x@example.com'), []);
});

reg('register -> 202, a verification mail, verify once -> 200, again -> 400', async () => {
  const c = new Client(t.app);
  const res = await c.register('Ada@Example.com', PASSWORD, { displayName: 'Ada', timezone: 'Europe/London', useCase: 'learning' });
  assert.is(res.statusCode, 202);
  assert.is(res.json().status, 'verification_pending');
  const [row] = await accountRows('ada@example.com');
  assert.is(row!.email, 'Ada@Example.com');
  assert.is(row!.display_name, 'Ada');
  assert.is(row!.timezone, 'Europe/London');
  assert.is(row!.use_case, 'learning');
  assert.is(row!.tier, 'learner');
  assert.is(row!.plan, null);
  assert.is(row!.email_verified_at, null);
  assert.match(String(row!.password_hash), /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  const mail = outboxMessages(t.config.dataDir).filter((m) => m.to === 'Ada@Example.com');
  assert.is(mail.length, 1);
  assert.is(mail[0]!.subject, 'Verify your Almanac email address');
  assert.match(mail[0]!.text, `${t.config.publicUrl}/verify-email?token=`);
  const token = verificationToken(t.config.dataDir, 'Ada@Example.com');
  const ok = await c.call('GET', `/api/auth/verify-email?token=${token}`);
  assert.is(ok.statusCode, 200);
  assert.equal(ok.json(), { verified: true, email: 'Ada@Example.com' });
  assert.ok((await accountRows('ada@example.com'))[0]!.email_verified_at instanceof Date);
  const again = await c.call('GET', `/api/auth/verify-email?token=${token}`);
  assert.is(again.statusCode, 400);
  assert.match(again.json().error, "'token'");
  assert.is((await c.call('GET', '/api/auth/verify-email?token=nonsense')).statusCode, 400);
  assert.is((await c.call('GET', '/api/auth/verify-email')).statusCode, 400);
});

reg('a taken email (any case) gets the same answer; the owner gets a notice, not a second account', async () => {
  const c = new Client(t.app, '203.0.113.11');
  const first = await c.register('grace@example.com', PASSWORD);
  const second = await c.register('GRACE@example.com', 'another-fine-passphrase');
  assert.is(first.statusCode, 202);
  assert.is(second.statusCode, 202);
  assert.is(second.body, first.body);
  assert.is((await accountRows('grace@example.com')).length, 1);
  const mails = outboxMessages(t.config.dataDir).filter((m) => m.to.toLowerCase() === 'grace@example.com');
  assert.equal(mails.map((m) => m.subject), ['Verify your Almanac email address', 'Your Almanac account']);
  assert.not.match(mails[1]!.text, 'verify-email');
});

reg('replayed, expired, forged challenges and wrong solutions are 400s naming the field', async () => {
  const c = new Client(t.app, '203.0.113.12');
  await c.csrf();
  const ch = await c.challenge();
  const ok = await c.call('POST', '/api/auth/register', { body: { email: 'replay1@example.com', password: PASSWORD, ...ch } });
  assert.is(ok.statusCode, 202);
  const replay = await c.call('POST', '/api/auth/register', { body: { email: 'replay2@example.com', password: PASSWORD, ...ch } });
  assert.is(replay.statusCode, 400);
  assert.match(replay.json().error, "'challenge'");
  assert.match(replay.json().error, 'already used');

  const old = createChallenge(t.config.secret, Date.now() - 11 * 60_000);
  const expired = await c.call('POST', '/api/auth/register', { body: { email: 'expired@example.com', password: PASSWORD, challenge: old.challenge, solution: solveChallenge(old.challenge) } });
  assert.is(expired.statusCode, 400);
  assert.match(expired.json().error, 'expired');

  const forged = createChallenge('not-our-secret');
  const bad = await c.call('POST', '/api/auth/register', { body: { email: 'forged@example.com', password: PASSWORD, challenge: forged.challenge, solution: solveChallenge(forged.challenge) } });
  assert.is(bad.statusCode, 400);
  assert.match(bad.json().error, "'challenge'");

  const fresh = await c.challenge();
  let wrong = 'nope';
  while (solveChallenge(fresh.challenge) === wrong) wrong += '!';
  const wrongRes = await c.call('POST', '/api/auth/register', { body: { email: 'wrong@example.com', password: PASSWORD, challenge: fresh.challenge, solution: 'z'.repeat(20) } });
  assert.is(wrongRes.statusCode, 400);
  assert.match(wrongRes.json().error, "'solution'");
  for (const email of ['replay2@example.com', 'expired@example.com', 'forged@example.com', 'wrong@example.com']) assert.equal(await accountRows(email), []);
});

reg('weak passwords and unknown fields are 400s; nothing is stored', async () => {
  const c = new Client(t.app, '203.0.113.13');
  const weak = await c.register('weak@example.com', 'Password2024!');
  assert.is(weak.statusCode, 400);
  assert.match(weak.json().error, "invalid body field 'password'");
  const short = await c.register('weak@example.com', 'short');
  assert.match(short.json().error, 'at least 12 characters');
  const tier = await c.register('tier@example.com', PASSWORD, { tier: 'power_user' });
  assert.is(tier.statusCode, 400);
  assert.is(tier.json().error, 'unknown body field(s): tier');
  const badTz = await c.register('tz@example.com', PASSWORD, { timezone: 'Mars/Olympus' });
  assert.is(badTz.statusCode, 400);
  assert.match(badTz.json().error, "'timezone'");
  for (const email of ['weak@example.com', 'tier@example.com', 'tz@example.com']) assert.equal(await accountRows(email), []);
});

reg('registration is limited per client IP (429 with Retry-After)', async () => {
  const c = new Client(t.app, '198.51.100.77');
  t.services.identity.throttles.registerPerIp.limit = 2;
  try {
    assert.is((await c.register('ip1@example.com', PASSWORD)).statusCode, 202);
    assert.is((await c.register('ip2@example.com', PASSWORD)).statusCode, 202);
    const third = await c.register('ip3@example.com', PASSWORD);
    assert.is(third.statusCode, 429);
    assert.ok(Number(third.headers['retry-after']) >= 1);
    assert.equal(await accountRows('ip3@example.com'), []);
  } finally {
    t.services.identity.throttles.registerPerIp.limit = 10;
  }
});

reg('resend-verification is limited per client IP apart from registrations, and its refusal names resends', async () => {
  // A new user whose registrations from one address had used up their limit (weak passwords
  // retried) could not ask for a new link: resends were counted as registrations.
  const c = new Client(t.app, '198.51.100.78');
  await c.register('resend-ip@example.com', PASSWORD);
  const ids = t.services.identity.throttles;
  ids.registerPerIp.limit = 1;
  ids.resendPerIp.limit = 2;
  try {
    assert.is((await c.register('resend-ip2@example.com', PASSWORD)).statusCode, 429);
    assert.is((await c.call('POST', '/api/auth/resend-verification', { body: { email: 'resend-ip@example.com' } })).statusCode, 202);
    assert.is((await c.call('POST', '/api/auth/resend-verification', { body: { email: 'other-ip@example.com' } })).statusCode, 202);
    const third = await c.call('POST', '/api/auth/resend-verification', { body: { email: 'third-ip@example.com' } });
    assert.is(third.statusCode, 429);
    assert.ok(Number(third.headers['retry-after']) >= 1);
    assert.match(third.headers['ratelimit-policy'] as string, '"resend-per-ip";q=2;w=3600');
    assert.match(third.json().error, 'verification mails asked from this address: at most 2 per 1 h');
  } finally {
    ids.registerPerIp.limit = 10;
    ids.resendPerIp.limit = 10;
  }
  await t.services.identity.settled();
});

reg('resend-verification: always 202; a new link replaces the old one', async () => {
  const c = new Client(t.app, '203.0.113.14');
  await c.register('resend@example.com', PASSWORD);
  const first = verificationToken(t.config.dataDir, 'resend@example.com');
  const res = await c.call('POST', '/api/auth/resend-verification', { body: { email: 'resend@example.com' } });
  assert.is(res.statusCode, 202);
  const unknown = await c.call('POST', '/api/auth/resend-verification', { body: { email: 'nobody@example.com' } });
  assert.is(unknown.statusCode, 202);
  assert.is(unknown.body, res.body);
  // The new link is made and mailed after the answer (the answer's time tells nothing).
  await t.services.identity.settled();
  const second = verificationToken(t.config.dataDir, 'resend@example.com');
  assert.is.not(second, first);
  assert.is((await c.call('GET', `/api/auth/verify-email?token=${first}`)).statusCode, 400);
  assert.is((await c.call('GET', `/api/auth/verify-email?token=${second}`)).statusCode, 200);
  assert.is((await c.call('POST', '/api/auth/resend-verification', { body: { email: 'resend@example.com' }, csrf: false })).statusCode, 403);
});

reg('resend-verification answers before the new link is mailed: the same work before the answer for unknown, verified and unverified addresses', async () => {
  const c = new Client(t.app, '203.0.113.15');
  await c.register('resend-slow@example.com', PASSWORD);
  await t.services.identity.settled();
  const mailer = t.services.identity.mailer;
  const send = mailer.send.bind(mailer);
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let sent = 0;
  mailer.send = async (m) => {
    await gate;
    sent += 1;
    return send(m);
  };
  try {
    // With the mail held back, the answer for the unverified account still comes.
    const res = await Promise.race([
      c.call('POST', '/api/auth/resend-verification', { body: { email: 'resend-slow@example.com' } }),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 3000)),
    ]);
    assert.ok(res, 'the answer waited for the mail');
    assert.is(res!.statusCode, 202);
    assert.is(sent, 0);
  } finally {
    release();
  }
  await t.services.identity.settled();
  mailer.send = send;
  assert.is(sent, 1);
  assert.is((await c.call('GET', `/api/auth/verify-email?token=${verificationToken(t.config.dataDir, 'resend-slow@example.com')}`)).statusCode, 200);
});

reg('resend-verification: no query of the new link runs before the answer; two resends at once leave one valid link', async () => {
  const c = new Client(t.app, '203.0.113.16');
  await c.register('resend-order@example.com', PASSWORD);
  await t.services.identity.settled();
  const store = t.services.identity.store;
  const query = store.query.bind(store);
  const seen: string[] = [];
  store.query = ((sql: string, params?: unknown[]) => {
    if (/email_tokens/.test(sql)) seen.push(sql.trim().split(/\s+/)[0]!);
    return query(sql, params);
  }) as typeof store.query;
  try {
    await t.services.identity.resendVerification('resend-order@example.com', '203.0.113.16');
    assert.equal(seen, [], 'token queries ran before the answer');
    await t.services.identity.resendVerification('resend-order@example.com', '203.0.113.16');
    await t.services.identity.settled();
    assert.equal(seen, ['UPDATE', 'INSERT', 'UPDATE', 'INSERT']);
  } finally {
    store.query = query;
  }
  const [valid] = await store.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM email_tokens t JOIN accounts a ON a.id = t.account_id WHERE lower(a.email) = 'resend-order@example.com' AND t.used_at IS NULL`,
  );
  assert.is(valid!.n, 1);
});

reg.run();

// ---

const login = suite('login, me, logout');
login.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
});
login.after(() => t.close());

login('login sets an HttpOnly SameSite=Lax session cookie; me shows the account and tier; logout ends it', async () => {
  const c = new Client(t.app, '203.0.113.30');
  await c.register('lin@example.com', PASSWORD, { experience: 'beginner' });
  await c.csrf();
  const res = await c.login('LIN@example.com', PASSWORD);
  assert.is(res.statusCode, 200);
  const cookie = String(res.headers['set-cookie']);
  assert.match(cookie, /^alm_session=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax; Expires=/);
  assert.not.match(cookie, 'Secure', 'not Secure in local development');
  const body = res.json();
  assert.is(body.account.email, 'lin@example.com');
  assert.is(body.account.tier, 'learner');
  assert.is(body.account.emailVerified, false);
  assert.not.ok('passwordHash' in body.account);
  assert.not.match(res.body, 'argon2');
  const me = await c.call('GET', '/api/auth/me');
  assert.is(me.statusCode, 200);
  assert.equal(
    { email: me.json().email, tier: me.json().tier, plan: me.json().plan, effectiveTier: me.json().effectiveTier, experience: me.json().experience },
    { email: 'lin@example.com', tier: 'learner', plan: null, effectiveTier: 'learner', experience: 'beginner' },
  );
  // The pre-login token is bound to the anonymous cookie, not the session.
  const stale = await c.call('POST', '/api/auth/logout', { csrf: false, headers: {} });
  assert.is(stale.statusCode, 403);
  const out = await c.call('POST', '/api/auth/logout');
  assert.is(out.statusCode, 204);
  assert.is((await c.call('GET', '/api/auth/me')).statusCode, 401);
  assert.is((await new Client(t.app).call('GET', '/api/auth/me')).statusCode, 401);
});

login('a revoked session cookie replayed later is anonymous', async () => {
  const c = new Client(t.app, '203.0.113.31');
  await c.register('replay-session@example.com', PASSWORD);
  await c.login('replay-session@example.com', PASSWORD);
  const saved = c.jar.get('alm_session')!;
  assert.is((await c.call('POST', '/api/auth/logout')).statusCode, 204);
  c.jar.set('alm_session', saved);
  assert.is((await c.call('GET', '/api/auth/me')).statusCode, 401);
});

login('unknown email and wrong password: the same 401 and body', async () => {
  const c = new Client(t.app, '203.0.113.32');
  await c.register('known@example.com', PASSWORD);
  const wrong = await c.login('known@example.com', 'not-the-right-password');
  const unknown = await c.login('unknown@example.com', 'not-the-right-password');
  assert.is(wrong.statusCode, 401);
  assert.is(unknown.statusCode, 401);
  assert.is(wrong.body, unknown.body);
  assert.equal(wrong.json(), { error: 'invalid email or password' });
  assert.is(wrong.headers['set-cookie'], undefined);
  assert.is((await c.call('POST', '/api/auth/login', { body: { email: 'known@example.com', password: PASSWORD }, csrf: false })).statusCode, 403);
});

login('login is throttled per account and IP, and per IP (429 with Retry-After)', async () => {
  const ids = t.services.identity.throttles;
  ids.loginPerAccountIp.limit = 3;
  try {
    const c = new Client(t.app, '203.0.113.33');
    for (let i = 0; i < 3; i++) assert.is((await c.login('target@example.com', 'guess-number-' + i)).statusCode, 401);
    const blocked = await c.login('target@example.com', 'guess-number-4');
    assert.is(blocked.statusCode, 429);
    assert.ok(Number(blocked.headers['retry-after']) >= 1);
    const elsewhere = new Client(t.app, '203.0.113.34');
    assert.is((await elsewhere.login('target@example.com', 'guess-number-5')).statusCode, 401, 'another address is not locked out (issue 13.10)');
  } finally {
    ids.loginPerAccountIp.limit = 10;
  }
  ids.loginPerIp.limit = 2;
  try {
    const c = new Client(t.app, '203.0.113.35');
    await c.login('a1@example.com', 'x');
    await c.login('a2@example.com', 'x');
    assert.is((await c.login('a3@example.com', 'x')).statusCode, 429);
  } finally {
    ids.loginPerIp.limit = 30;
  }
});

login('timing: unknown email and wrong password differ by less than 20% in median over 50 tries each', async () => {
  loosen();
  const c = new Client(t.app, '203.0.113.36');
  await c.register('timing@example.com', PASSWORD);
  await c.csrf();
  const known: number[] = [];
  const unknown: number[] = [];
  const once = async (email: string, into: number[]) => {
    const start = process.hrtime.bigint();
    const res = await c.call('POST', '/api/auth/login', { body: { email, password: 'wrong-password-here' } });
    into.push(Number(process.hrtime.bigint() - start) / 1e6);
    assert.is(res.statusCode, 401);
  };
  for (let i = 0; i < 3; i++) await once('timing@example.com', []); // warm up
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  // A real leak (e.g. skipping the hash for unknown emails) shows in every round; a busy machine
  // (other suites run in parallel) can skew one round, so up to three rounds are measured.
  let diff = Infinity;
  let a = 0;
  let b = 0;
  for (let round = 0; round < 3 && diff >= 0.2; round++) {
    known.length = 0;
    unknown.length = 0;
    for (let i = 0; i < 50; i++) {
      // Interleaved, alternating which goes first, so drift in machine load hits both alike.
      if (i % 2) {
        await once('timing@example.com', known);
        await once(`nobody-${round}-${i}@example.com`, unknown);
      } else {
        await once(`nobody-${round}-${i}@example.com`, unknown);
        await once('timing@example.com', known);
      }
    }
    a = median(known);
    b = median(unknown);
    diff = Math.abs(a - b) / Math.min(a, b);
    console.log(`login timing medians (round ${round + 1}): wrong password ${a.toFixed(1)} ms, unknown email ${b.toFixed(1)} ms, difference ${(diff * 100).toFixed(1)}%`);
  }
  assert.ok(diff < 0.2, `medians ${a.toFixed(1)} vs ${b.toFixed(1)} ms`);
});

login.run();

// ---

const props = suite('registration and login properties');
props.before(async () => {
  t = await sampleApp({ jobs: ['companies'] });
  loosen();
});
props.after(() => t.close());

const ALLOWED = ['email', 'password', 'challenge', 'solution', 'displayName', 'experience', 'useCase', 'referralSource', 'timezone'];
const FORBIDDEN = ['tier', 'plan', 'id', 'emailVerifiedAt', 'email_verified_at', 'passwordHash', 'password_hash', 'createdAt', 'isAdmin', 'role', 'constructor'];
const anyValue = fc.oneof(fc.string({ maxLength: 40 }), fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }), fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }));
const optionalText = fc.option(fc.string({ maxLength: 120 }), { nil: undefined });
const rarely = <T>(arb: fc.Arbitrary<T>) => fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: arb, weight: 1 });

props('register: any body -> never a 5xx; stored rows hold only allowed fields, with defaults', async () => {
  const c = new Client(t.app, '203.0.113.40');
  await c.csrf();
  let n = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        password: fc.oneof({ arbitrary: fc.constant(PASSWORD), weight: 3 }, { arbitrary: fc.string({ maxLength: 300 }), weight: 1 }),
        displayName: optionalText,
        experience: optionalText,
        useCase: optionalText,
        referralSource: optionalText,
        timezone: fc.constantFrom(undefined, undefined, 'UTC', 'America/New_York', 'Asia/Tokyo', 'Nowhere/Else'),
        solved: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
        extra: rarely(fc.tuple(fc.constantFrom(...FORBIDDEN), anyValue)),
        mangle: rarely(fc.tuple(fc.constantFrom(...ALLOWED), anyValue)),
      }),
      async (p) => {
        const email = `prop-${n++}@example.com`;
        const ch = p.solved ? await c.challenge() : { challenge: 'v1.bogus', solution: 'x' };
        const body: Record<string, unknown> = { email, password: p.password, ...ch };
        for (const k of ['displayName', 'experience', 'useCase', 'referralSource', 'timezone'] as const) if (p[k] !== undefined) body[k] = p[k];
        if (p.extra) body[p.extra[0]] = p.extra[1];
        if (p.mangle) body[p.mangle[0]] = p.mangle[1];
        const res = await c.call('POST', '/api/auth/register', { body });
        assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body}`);
        assert.ok([202, 400].includes(res.statusCode), `${res.statusCode} ${res.body}`);
        assert.type(json(res).error ?? json(res).status, 'string');
        const rows = await accountRows(email);
        if (res.statusCode === 400) assert.is(rows.length, 0);
        if (p.extra) assert.is(rows.length, 0, 'a body with a forbidden field is never stored');
      },
    ),
    { numRuns: 120 },
  );
  const rows = await t.services.store.query<Record<string, unknown>>("SELECT * FROM accounts WHERE email LIKE 'prop-%'");
  assert.ok(rows.length > 5, `only ${rows.length} registrations succeeded`);
  for (const r of rows) {
    assert.is(r.tier, 'learner');
    assert.is(r.plan, null);
    assert.is(r.email_verified_at, null);
    assert.match(String(r.password_hash), /^\$argon2id\$/);
    for (const k of ['display_name', 'experience', 'use_case', 'referral_source', 'timezone']) assert.ok(r[k] === null || typeof r[k] === 'string');
  }
});

props('login: any body -> never a 5xx, never a session without the right password', async () => {
  const c = new Client(t.app, '203.0.113.41');
  await c.register('prop-login@example.com', PASSWORD);
  await c.csrf();
  await fc.assert(
    fc.asyncProperty(
      fc.dictionary(fc.constantFrom('email', 'password', 'remember', 'tier', '__proto__x'), anyValue, { maxKeys: 4 }),
      fc.boolean(),
      async (body, knownEmail) => {
        if (knownEmail) body.email = 'prop-login@example.com';
        const res = await c.call('POST', '/api/auth/login', { body });
        assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body}`);
        const right = body.email === 'prop-login@example.com' && body.password === PASSWORD && Object.keys(body).length === 2;
        assert.is(res.statusCode === 200, right, `${res.statusCode} ${res.body}`);
        if (!right) assert.is(res.headers['set-cookie'], undefined);
      },
    ),
    { numRuns: 100 },
  );
});

props('raw garbage bodies: never a 5xx', async () => {
  const c = new Client(t.app, '203.0.113.42');
  await c.csrf();
  await fc.assert(
    fc.asyncProperty(fc.string({ maxLength: 200 }), fc.constantFrom('/api/auth/register', '/api/auth/login'), async (raw, url) => {
      const res = await c.call('POST', url, { body: raw, headers: { 'content-type': 'application/json' } });
      assert.ok(res.statusCode < 500, `${res.statusCode} ${res.body}`);
    }),
    { numRuns: 100 },
  );
});

props.run();
