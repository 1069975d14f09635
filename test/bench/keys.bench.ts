/**
 * Key verification cost per request, and registration throughput under the argon2 cap.
 *
 * The limits step is switched off so the figures isolate identity.
 * 1. The same route (`/api/ticker-search?q=apple`, in process) N times anonymous (descriptive
 *    User-Agent) and N times with `X-API-Key` (hash + cached lookup), interleaved in rounds;
 *    prints the per-request medians and their ratio, plus the uncached case (cache cleared before
 *    every request: hash + one indexed lookup in the store).
 * 2. Registrations (challenge solved beforehand) fired 4x the hasher's concurrency at once:
 *    registrations per second against the bound `concurrency / argon2 hash time` measured here.
 */
import { performance } from 'node:perf_hooks';
import { createChallenge, solveChallenge } from '../../api/identity/pow.ts';
import { ARGON2_OPTIONS } from '../../api/identity/passwords.ts';
import { hash } from '@node-rs/argon2';
import { sampleApp } from '../helpers.ts';
import { signedIn } from '../api/identity/client.ts';

const N = Number(process.env.BENCH_N ?? 2000);
const t = await sampleApp({ jobs: ['companies'] });
for (const p of Object.values(t.services.identity.throttles)) p.limit = 1e9;
// Measure identity alone: without a limiter the limits and billing steps stand aside.
(t.services as { limits?: unknown }).limits = undefined;
const client = await signedIn(t.app, t.config.dataDir, 'bench@example.com');
const { key } = (await client.call('POST', '/api/keys', { body: { name: 'bench' } })).json();

const url = '/api/ticker-search?q=apple';
const anon = { 'user-agent': 'almanac-bench/1.0 (bench@example.com)' };
const keyed = { ...anon, 'x-api-key': key };

async function time(headers: Record<string, string>, before?: () => void): Promise<number> {
  before?.();
  const start = performance.now();
  const res = await t.app.inject({ url, headers });
  const ms = performance.now() - start;
  if (res.statusCode !== 200) throw new Error(`${res.statusCode} ${res.body}`);
  return ms;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
for (let i = 0; i < 200; i++) {
  await time(anon);
  await time(keyed);
}
const a: number[] = [];
const k: number[] = [];
const u: number[] = [];
for (let i = 0; i < N; i++) {
  a.push(await time(anon));
  k.push(await time(keyed));
  if (i % 4 === 0) u.push(await time(keyed, () => t.services.identity.keyCache.clear()));
}
const ma = median(a);
const mk = median(k);
const mu = median(u);
console.log(`key verification, ${N} requests each on GET ${url} (in process, medians):`);
console.log(`  anonymous          ${(ma * 1000).toFixed(0)} µs`);
console.log(`  X-API-Key, cached  ${(mk * 1000).toFixed(0)} µs  ratio ${(mk / ma).toFixed(3)}  (+${((mk - ma) * 1000).toFixed(0)} µs)`);
console.log(`  X-API-Key, uncached ${(mu * 1000).toFixed(0)} µs  ratio ${(mu / ma).toFixed(3)}  (${u.length} requests, ${t.services.store.kind})`);

// Registration throughput under the cap.
const cap = t.services.identity.hasher.concurrency;
const single: number[] = [];
for (let i = 0; i < 5; i++) {
  const s = performance.now();
  await hash(`calibration-password-${i}`, ARGON2_OPTIONS);
  single.push(performance.now() - s);
}
const hashMs = median(single);
const M = cap * 4 * 3;
const bodies = Array.from({ length: M }, (_, i) => {
  const c = createChallenge(t.config.secret);
  return { email: `bench-${i}@example.com`, password: 'bench-passphrase-long-enough', challenge: c.challenge, solution: solveChallenge(c.challenge) };
});
let peak = 0;
const probe = setInterval(() => (peak = Math.max(peak, t.services.identity.hasher.load.running)), 1);
const start = performance.now();
await Promise.all(bodies.map((b, i) => t.services.identity.register(b, `10.0.${i >> 8}.${i & 255}`)));
const seconds = (performance.now() - start) / 1000;
clearInterval(probe);
const bound = cap / (hashMs / 1000);
console.log(`registration: ${M} at once, argon2 cap ${cap}, one hash ${hashMs.toFixed(1)} ms alone`);
console.log(`  ${(M / seconds).toFixed(1)} registrations/s; bound cap/hash time ${bound.toFixed(1)}/s; ratio ${(M / seconds / bound).toFixed(3)}; peak concurrent hashes ${peak}`);
await t.close();
