/**
 * The whole agent flow over HTTP against a running server (port 0) with a real SMTP listener
 * (smtp-server) receiving the verification mail: challenge -> solve -> register -> mail -> verify
 * -> login -> CSRF token -> create key -> call with X-API-Key -> list shows only the prefix ->
 * revoke -> 401.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { solveChallenge } from '../../../api/identity/pow.ts';
import { sampleApp, type TestApp } from '../../helpers.ts';

const UA = 'almanac-agent-flow/1.0 (tests@example.com)';
const inbox: { from: string; to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let t: TestApp;
let base: string;
const jar = new Map<string, string>();

async function http(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<{ status: number; body: any; headers: Headers }> {
  const headers: Record<string, string> = { 'user-agent': UA, ...options.headers };
  if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  for (const line of res.headers.getSetCookie()) {
    const [name, value] = line.split(';')[0]!.split('=') as [string, string];
    if (value) jar.set(name, value);
    else jar.delete(name);
  }
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const flow = suite('agent flow over HTTP with a real SMTP listener');

flow.before(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString('utf8')));
      stream.on('end', () => {
        inbox.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
  t = await sampleApp({ jobs: ['companies'], config: { smtpUrl: `smtp://127.0.0.1:${smtpPort}`, mailFrom: 'Almanac <no-reply@almanac.test>' } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});

flow.after(async () => {
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

flow('challenge -> register -> SMTP mail -> verify -> login -> CSRF -> key -> X-API-Key -> list -> revoke -> 401', async () => {
  assert.is(t.services.mailer.kind, 'smtp');
  // 1. A CSRF token before sign-in (bound to the alm_csrf cookie), and a proof-of-work challenge.
  const csrf0 = await http('GET', '/api/auth/csrf');
  assert.is(csrf0.status, 200);
  assert.is(csrf0.body.boundTo, 'anonymous');
  const challenge = await http('GET', '/api/auth/challenge');
  assert.is(challenge.status, 200);
  const solution = solveChallenge(challenge.body.challenge, challenge.body.difficulty);

  // 2. Register with the user's email and password.
  const email = 'agent.user@example.org';
  const password = 'a-passphrase-the-user-chose';
  const reg = await http('POST', '/api/auth/register', {
    body: { email, password, challenge: challenge.body.challenge, solution, displayName: 'Agent User', referralSource: 'tests' },
    headers: { 'x-csrf-token': csrf0.body.csrfToken },
  });
  assert.is(reg.status, 202, JSON.stringify(reg.body));

  // 3. The verification mail arrives at the SMTP listener.
  assert.is(inbox.length, 1);
  assert.equal(inbox[0]!.to, [email]);
  assert.is(inbox[0]!.from, 'no-reply@almanac.test');
  assert.match(inbox[0]!.raw, /Subject: Verify your Almanac email address/);
  // The body may be quoted-printable: undo soft line breaks and =XX escapes.
  const body = inbox[0]!.raw.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const token = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(body)![1]!;
  // The browser's page as a link; the API call named for an agent, but not as a link with the token
  // (a mail scanner fetching it would verify the address unasked).
  assert.match(body, new RegExp(`https?://[^/\\s]+/verify-email\\?token=${token}`));
  assert.not.match(body, `api/auth/verify-email?token=${token}`);
  assert.match(body, 'GET /api/auth/verify-email and the token of that link');

  // 4. Before verification no key can be issued.
  const early = await http('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-csrf-token': csrf0.body.csrfToken } });
  assert.is(early.status, 200);
  const earlyKey = await http('POST', '/api/keys', { body: {}, headers: { 'x-csrf-token': early.body.csrfToken } });
  assert.is(earlyKey.status, 409);

  // 5. The user follows the link.
  const verified = await http('GET', `/api/auth/verify-email?token=${token}`);
  assert.is(verified.status, 200);
  assert.equal(verified.body, { verified: true, email });

  // 6. Login (again: while signed in, the CSRF token is the session's), then a token for the new session.
  const login = await http('POST', '/api/auth/login', { body: { email, password }, headers: { 'x-csrf-token': early.body.csrfToken } });
  assert.is(login.status, 200);
  assert.is(login.body.account.emailVerified, true);
  assert.ok(jar.has('alm_session'));
  const csrf = await http('GET', '/api/auth/csrf');
  assert.is(csrf.body.boundTo, 'session');

  // 7. Create a key: the raw key is returned once. An empty or blank name is refused (left out, the key has none).
  for (const name of ['', '   ']) {
    const unnamed = await http('POST', '/api/keys', { body: { name }, headers: { 'x-csrf-token': csrf.body.csrfToken } });
    assert.is(unnamed.status, 400, JSON.stringify(name));
    assert.match(unnamed.body.error, "invalid body field 'name': must not be empty or blank");
  }
  const created = await http('POST', '/api/keys', { body: { name: 'my agent' }, headers: { 'x-csrf-token': csrf.body.csrfToken } });
  assert.is(created.status, 201);
  const key: string = created.body.key;
  assert.match(key, /^alm_live_/);

  // 8. Call the API with X-API-Key only (no cookies), even as a bare default client.
  const data = await fetch(`${base}/api/ticker-search?q=apple`, { headers: { 'x-api-key': key, 'user-agent': 'python-requests/2.32.3' } });
  assert.is(data.status, 200);
  assert.equal(((await data.json()) as { ticker: string }[]).map((r) => r.ticker), ['AAPL']);
  const me = await fetch(`${base}/api/v1/auth/me`, { headers: { 'x-api-key': key, 'user-agent': UA } });
  assert.is(((await me.json()) as { email: string }).email, email);

  // 9. The list shows the prefix, never the key.
  const list = await http('GET', '/api/keys/list');
  assert.is(list.status, 200);
  assert.is(list.body.length, 1);
  assert.is(list.body[0].prefix, key.slice(0, 17));
  assert.not.match(JSON.stringify(list.body), key);

  // 10. Revoke; the key is now refused with 401.
  const revoked = await http('DELETE', `/api/keys/${created.body.id}`, { headers: { 'x-csrf-token': csrf.body.csrfToken } });
  assert.is(revoked.status, 200);
  const after = await fetch(`${base}/api/ticker-search?q=apple`, { headers: { 'x-api-key': key, 'user-agent': UA } });
  assert.is(after.status, 401);
  assert.equal(await after.json(), { error: 'this API key has been revoked' });

  // 11. Logout ends the session.
  assert.is((await http('POST', '/api/auth/logout', { headers: { 'x-csrf-token': csrf.body.csrfToken } })).status, 204);
  assert.is((await http('GET', '/api/auth/me')).status, 401);
});

flow.run();
