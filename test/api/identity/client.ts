/**
 * Test helpers for the identity routes over `app.inject`: a client with a cookie jar and a
 * descriptive User-Agent, registration with a solved challenge, and reading verification links
 * from the outbox folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from '../../../api/identity/pow.ts';

export const TEST_UA = 'almanac-tests/1.0 (tests@example.com)';

export interface Res {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json<T = any>(): T;
}

export class Client {
  readonly jar = new Map<string, string>();
  csrfToken: string | null = null;

  constructor(
    readonly app: FastifyInstance,
    readonly ip = '203.0.113.10',
    readonly userAgent = TEST_UA,
  ) {}

  async call(method: string, url: string, options: { body?: unknown; headers?: Record<string, string>; csrf?: boolean | string } = {}): Promise<Res> {
    const headers: Record<string, string> = { 'user-agent': this.userAgent, ...options.headers };
    if (this.jar.size) headers.cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const csrf = options.csrf === true || options.csrf === undefined ? this.csrfToken : options.csrf === false ? null : options.csrf;
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    const res = await this.app.inject({
      method: method as 'GET',
      url,
      headers,
      remoteAddress: this.ip,
      ...(options.body !== undefined ? { payload: options.body as object } : {}),
    });
    const set = res.headers['set-cookie'];
    for (const line of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
      const [pair, ...attrs] = String(line).split(';');
      const [name, value] = pair!.split('=') as [string, string];
      const expired = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.jar.delete(name.trim());
      else this.jar.set(name.trim(), value.trim());
    }
    return { statusCode: res.statusCode, body: res.body, headers: res.headers as Record<string, unknown>, json: () => JSON.parse(res.body) };
  }

  /** Fetches a CSRF token (bound to the session, or to the anonymous cookie) and keeps it. */
  async csrf(): Promise<string> {
    const res = await this.call('GET', '/api/auth/csrf');
    if (res.statusCode !== 200) throw new Error(`csrf: ${res.statusCode} ${res.body}`);
    this.csrfToken = res.json().csrfToken;
    return this.csrfToken!;
  }

  async challenge(): Promise<{ challenge: string; solution: string }> {
    const res = await this.call('GET', '/api/auth/challenge');
    if (res.statusCode !== 200) throw new Error(`challenge: ${res.statusCode} ${res.body}`);
    const { challenge } = res.json();
    return { challenge, solution: solveChallenge(challenge) };
  }

  async register(email: string, password: string, extra: Record<string, unknown> = {}): Promise<Res> {
    if (!this.csrfToken) await this.csrf();
    return this.call('POST', '/api/auth/register', { body: { email, password, ...(await this.challenge()), ...extra } });
  }

  async login(email: string, password: string): Promise<Res> {
    if (!this.csrfToken) await this.csrf();
    const res = await this.call('POST', '/api/auth/login', { body: { email, password } });
    if (res.statusCode === 200) this.csrfToken = res.json().csrfToken;
    return res;
  }
}

/** Every message in the outbox folder, oldest first. */
export function outboxMessages(dataDir: string): { to: string; subject: string; text: string }[] {
  const dir = path.join(dataDir, 'outbox');
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.eml')).sort();
  } catch {
    return [];
  }
  return names.map((n) => {
    const raw = readFileSync(path.join(dir, n), 'utf8');
    const [head, ...body] = raw.split('\r\n\r\n');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(head!)?.[1] ?? '';
    return { to: header('To'), subject: header('Subject'), text: body.join('\r\n\r\n') };
  });
}

/** The token of the latest verification link mailed to `email`. */
export function verificationToken(dataDir: string, email: string): string {
  const mails = outboxMessages(dataDir).filter((m) => m.to === email && m.subject.startsWith('Verify'));
  const link = /verify-email\?token=([A-Za-z0-9_-]+)/.exec(mails.at(-1)?.text ?? '');
  if (!link) throw new Error(`no verification mail for ${email}`);
  return link[1]!;
}

export const PASSWORD = 'correct-mule-battery-7';

/** Registers, verifies and signs in `email`; returns the signed-in client (with a session CSRF token). */
export async function signedIn(app: FastifyInstance, dataDir: string, email: string, ip = '203.0.113.20', verify = true): Promise<Client> {
  const client = new Client(app, ip);
  const reg = await client.register(email, PASSWORD);
  if (reg.statusCode !== 202) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  if (verify) {
    const v = await client.call('GET', `/api/auth/verify-email?token=${verificationToken(dataDir, email)}`);
    if (v.statusCode !== 200) throw new Error(`verify: ${v.statusCode} ${v.body}`);
  }
  const login = await client.login(email, PASSWORD);
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  return client;
}
