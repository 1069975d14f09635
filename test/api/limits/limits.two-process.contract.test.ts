/**
 * Accuracy across processes (issue 5): two API server processes share one Redis and one
 * PostgreSQL; 500 concurrent calls with one 60/min key, split across both, admit exactly 60.
 * Needs DATABASE_URL and REDIS_URL (CI sets both); skipped with a message otherwise.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
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
const two = suite('limits across two server processes');

function withDatabase(url: string, db: string): string {
  const u = new URL(url);
  u.pathname = `/${db}`;
  return u.toString();
}

function startChild(env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'two-process-child.ts')], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /port (\d+)/.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    });
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`child exited ${code}: ${out}`)));
  });
}

if (!DATABASE_URL || !REDIS_URL) {
  console.log('skipped: set DATABASE_URL and REDIS_URL to run the two-process accuracy test');
} else {
  two('500 concurrent calls on a 60/min key across two processes: exactly 60 admitted', async () => {
    const dbName = `almanac_twoproc_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const children: ChildProcess[] = [];
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
        await insertKey(store, { id: randomUUID(), accountId, kind: 'standard', name: 'two-process', prefix: k.prefix, lastFour: k.lastFour, keyHash: k.hash, dailyLimit: null, expiresAt: null });
        return k.key;
      };

      const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: `alm-test-${dbName}:`, LOG_LEVEL: 'silent', NODE_ENV: 'test' };
      const servers = await Promise.all([startChild(env), startChild(env)]);
      children.push(...servers.map((s) => s.child));
      // The per-key limit is a fixed one-minute window: a run that straddles a minute boundary may
      // rightly admit more, so such a run is repeated (with a fresh key) inside one window.
      let counts: Record<number, number> = {};
      for (let attempt = 1; attempt <= 3; attempt++) {
        const key = await newKey(attempt);
        const intoMinute = Date.now() % 60_000;
        if (intoMinute > 30_000) await new Promise((r) => setTimeout(r, 60_000 - intoMinute + 200));
        const started = Date.now();
        const statuses = await Promise.all(
          Array.from({ length: 500 }, (_, i) =>
            fetch(`http://127.0.0.1:${servers[i % 2]!.port}/api/ticker-search?q=apple`, { headers: { 'x-api-key': key, 'user-agent': 'almanac-tests/1.0 (two-process)' } }).then(async (r) => {
              await r.arrayBuffer();
              return r.status;
            }),
          ),
        );
        const ended = Date.now();
        counts = statuses.reduce<Record<number, number>>((acc, st) => ((acc[st] = (acc[st] ?? 0) + 1), acc), {});
        console.log(`two processes (attempt ${attempt}, ${ended - started} ms): ${JSON.stringify(counts)}`);
        const oneWindow = Math.floor(started / 60_000) === Math.floor(ended / 60_000);
        // Never more than 60 inside one window, whatever else happened.
        if (oneWindow) assert.ok((counts[200] ?? 0) <= 60, `over-admitted: ${JSON.stringify(counts)}`);
        // A Redis too slow to answer in time (a very busy machine) makes calls 503, whose outcome
        // Redis may still have counted: exactness is judged on a run without them.
        if (oneWindow && !counts[503]) break;
      }
      await store.close();
      assert.equal(counts, { 200: 60, 429: 440 });
    } finally {
      for (const c of children) c.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
      await admin.end();
    }
  });
}

two.run();
