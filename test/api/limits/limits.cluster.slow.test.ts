/**
 * Multi-process serving (issue 15): `npm start` with ALMANAC_WORKERS=2 and the shared stores runs
 * two server processes on one port (node:cluster); both serve, and 500 concurrent calls with one
 * 60/min key admit exactly 60 across them. Without the shared stores, more than one worker is
 * refused. Needs DATABASE_URL and REDIS_URL for the first part (CI sets both; skipped otherwise).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { generateApiKey } from '../../../api/identity/keys.ts';
import { insertAccount, markEmailVerified } from '../../../api/store/accounts.ts';
import { insertKey } from '../../../api/store/keys.ts';
import { openUserStore } from '../../../api/store/open.ts';
import { buildSample, tempDir } from '../../helpers.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const REDIS_URL = process.env.REDIS_URL;
const START = path.resolve(import.meta.dirname, '../../../bin/start.js');
const test = suite('several server processes (ALMANAC_WORKERS)');

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

test('more than one worker without the shared stores is refused with a reason', async () => {
  const dataDir = tempDir();
  await buildSample(dataDir, ['companies']);
  const child = spawn(process.execPath, [START], { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', ALMANAC_WORKERS: '2', PORT: String(await freePort()), NODE_ENV: 'test' } });
  let err = '';
  child.stderr.on('data', (d: Buffer) => (err += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  assert.is(code, 1);
  assert.match(err, /ALMANAC_WORKERS=2 needs the shared stores: set DATABASE_URL and REDIS_URL/);
});

if (!DATABASE_URL || !REDIS_URL) {
  console.log('skipped: set DATABASE_URL and REDIS_URL to run the multi-process serving test');
} else {
  test('two workers on one port both serve; a 60/min key admits exactly 60 of 500 concurrent calls across them', async () => {
    const dbName = `almanac_cluster_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    let primary: ChildProcess | null = null;
    try {
      const dataDir = tempDir();
      await buildSample(dataDir, ['companies']);
      const databaseUrl = withDatabase(DATABASE_URL, dbName);
      const store = await openUserStore({ databaseUrl, dataDir });
      const newKey = async (n: number): Promise<string> => {
        const accountId = randomUUID();
        await insertAccount(store, { id: accountId, email: `${dbName}-${n}@example.com`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$unused$unused' });
        await markEmailVerified(store, accountId, new Date());
        const k = generateApiKey('standard');
        await insertKey(store, { id: randomUUID(), accountId, kind: 'standard', name: 'cluster', prefix: k.prefix, lastFour: k.lastFour, keyHash: k.hash, dailyLimit: null, expiresAt: null });
        return k.key;
      };
      const port = await freePort();
      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: `alm-test-${dbName}:`, LOG_LEVEL: 'debug', NODE_ENV: 'test', ALMANAC_WORKERS: '2', PORT: String(port), HOST: '127.0.0.1' };
      primary = spawn(process.execPath, [START], { env, stdio: ['ignore', 'pipe', 'pipe'] });
      // Every request is logged at debug level with the pid of the process that served it.
      const servedBy = new Map<number, number>();
      let listening = 0;
      let out = '';
      primary.stdout!.on('data', (d: Buffer) => {
        out += d.toString();
        let nl: number;
        while ((nl = out.indexOf('\n')) >= 0) {
          const line = out.slice(0, nl);
          out = out.slice(nl + 1);
          try {
            const l = JSON.parse(line) as { msg?: string; pid?: number };
            if (/listening/i.test(l.msg ?? '')) listening++;
            if (l.msg === 'request completed' && l.pid) servedBy.set(l.pid, (servedBy.get(l.pid) ?? 0) + 1);
          } catch {
            // not a log line
          }
        }
      });
      let err = '';
      primary.stderr!.on('data', (d: Buffer) => (err += d.toString()));
      for (let i = 0; i < 600 && listening < 2; i++) await new Promise((r) => setTimeout(r, 100));
      assert.is(listening, 2, `two workers listening: ${err.slice(0, 500)}`);

      let counts: Record<number, number> = {};
      for (let attempt = 1; attempt <= 3; attempt++) {
        const key = await newKey(attempt);
        const intoMinute = Date.now() % 60_000;
        if (intoMinute > 30_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
        const started = Date.now();
        const statuses = await Promise.all(
          Array.from({ length: 500 }, () =>
            fetch(`http://127.0.0.1:${port}/api/ticker-search?q=apple`, { headers: { 'x-api-key': key, 'user-agent': 'almanac-tests/1.0 (cluster)', connection: 'close' } }).then(async (r) => {
              await r.arrayBuffer();
              return r.status;
            }),
          ),
        );
        const ended = Date.now();
        counts = statuses.reduce<Record<number, number>>((acc, st) => ((acc[st] = (acc[st] ?? 0) + 1), acc), {});
        console.log(`two workers (attempt ${attempt}, ${ended - started} ms): ${JSON.stringify(counts)}, served by ${JSON.stringify([...servedBy])}`);
        const oneWindow = Math.floor(started / 60_000) === Math.floor(ended / 60_000);
        if (oneWindow) assert.ok((counts[200] ?? 0) <= 60, `over-admitted: ${JSON.stringify(counts)}`);
        if (oneWindow && !counts[503]) break;
      }
      await store.close();
      assert.equal(counts, { 200: 60, 429: 440 });
      await new Promise((r) => setTimeout(r, 200));
      assert.is(servedBy.size, 2, `requests served by two processes: ${JSON.stringify([...servedBy])}`);
      for (const [, n] of servedBy) assert.ok(n >= 50, `each worker served a share: ${JSON.stringify([...servedBy])}`);
      // SIGTERM to the primary stops both workers and then itself.
      primary.kill('SIGTERM');
      const code = await new Promise<number | null>((resolve) => primary!.on('exit', resolve));
      assert.is(code, 0);
      primary = null;
    } finally {
      primary?.kill('SIGKILL');
      await new Promise((r) => setTimeout(r, 300));
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });
}

test.run();
