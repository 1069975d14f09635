/**
 * No secret reaches the logs (issue 13.11): the server's request log (pino, at trace level, with
 * the options `npm start` uses) and the outbox mailer's line are captured through a whole
 * register -> verify (API and web page) -> login -> create key -> keyed call flow, and none of the
 * flow's secrets appears in them: the verification token, the session cookie, both CSRF tokens and
 * the anonymous CSRF cookie, the API key, the password, the proof-of-work challenge and solution.
 */
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { solves } from '../../../api/identity/pow.ts';
import { redactSecrets, redactUrl } from '../../../api/identity/redact.ts';
import { sampleApp } from '../../helpers.ts';
import { Client, PASSWORD, verificationToken } from './client.ts';

const s = suite('secrets never logged');

s('redactUrl and redactSecrets', () => {
  assert.is(redactUrl('/api/auth/verify-email?token=abc&next=%2F'), '/api/auth/verify-email?token=[redacted]&next=%2F');
  assert.is(redactUrl('/verify-email?x=1&TOKEN=abc;api_key=k#f'), '/verify-email?x=1&TOKEN=[redacted];api_key=[redacted]#f');
  assert.is(redactUrl('/api/x?%74oken=abc'), '/api/x?%74oken=[redacted]', 'an encoded name is still the token');
  assert.is(redactUrl('/api/ticker-search?q=apple'), '/api/ticker-search?q=apple');
  const key = `alm_live_${'A1b2'.repeat(12)}x`;
  assert.is(redactSecrets(`sent ${key} and https://h/verify-email?token=t0k and https://h/p?q=1`), 'sent alm_live_[redacted] and https://h/verify-email?token=[redacted] and https://h/p?q=1');
});

s('a full register -> verify -> login -> create-key flow logs no secret', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  // The outbox mailer's line goes to the server's log (stderr before the app is up): both captured.
  const stderrWrite = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    lines.push(String(chunk));
    return (stderrWrite as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stderr.write;
  const t = await sampleApp({ build: false, config: { env: 'development' }, server: { logger: { level: 'trace', stream } } });
  try {
    const email = 'logged@example.com';
    const c = new Client(t.app, '203.0.113.90');
    const anonCsrf = await c.csrf();
    const anonCookie = c.jar.get('alm_csrf')!;
    const { challenge } = (await c.call('GET', '/api/auth/challenge')).json<{ challenge: string }>();
    // A long solution, so finding it in a log line cannot be a coincidence.
    const prefix = randomBytes(9).toString('hex');
    let solution = '';
    for (let i = 0; !solves(challenge, (solution = `${prefix}${i.toString(36)}`)); i++);
    assert.is((await c.call('POST', '/api/auth/register', { body: { email, password: PASSWORD, challenge, solution } })).statusCode, 202);

    const token = verificationToken(t.config.dataDir, email);
    assert.is((await c.call('GET', `/verify-email?token=${token}`)).statusCode, 200, 'the web landing page');
    assert.is((await c.call('GET', `/api/auth/verify-email?token=${token}`)).statusCode, 200);

    assert.is((await c.login(email, PASSWORD)).statusCode, 200);
    const session = c.jar.get('alm_session')!;
    const sessionCsrf = c.csrfToken!;
    const created = await c.call('POST', '/api/keys', { body: { name: 'logged' } });
    assert.is(created.statusCode, 201);
    const key = created.json<{ key: string }>().key;
    const keyed = await t.app.inject({ url: '/api/auth/me', headers: { 'x-api-key': key, 'user-agent': 'log-test/1.0' } });
    assert.is(keyed.statusCode, 200);
    const bearer = await t.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${key}`, 'user-agent': 'log-test/1.0' } });
    assert.is(bearer.statusCode, 401);

    const log = lines.join('');
    assert.ok(log.includes('/api/auth/verify-email?token=[redacted]'), 'the request log has the redacted URL');
    assert.ok(log.includes('request completed') && log.includes('"url":"/api/'), 'requests are logged (one line each, with the URL)');
    assert.ok(/written to .*\.eml/.test(log), 'the outbox line is logged');
    // ... as a line of the server's JSON log, not plain text among them (a new-user pass).
    const mailLine = log.split('\n').find((l) => /written to .*\.eml/.test(l))!;
    assert.match(JSON.parse(mailLine).msg, /^mail to logged@example\.com: "/);
    const secrets = { token, session, sessionCsrf, anonCsrf, anonCookie, key, password: PASSWORD, challenge, solution };
    for (const [name, value] of Object.entries(secrets)) assert.not.ok(log.includes(value), `${name} appears in the log`);
    // Not even a long-enough piece of one (a key body without its prefix, a token split by escaping).
    for (const [name, value] of Object.entries(secrets)) assert.not.ok(log.includes(value.slice(-20)), `the end of ${name} appears in the log`);
  } finally {
    process.stderr.write = stderrWrite;
    await t.close();
  }
});

s.run();
