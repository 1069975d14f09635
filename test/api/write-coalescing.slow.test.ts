/**
 * Write coalescing under a disorderly load (api/write-coalescing.ts): 32 clients for 3 s, each
 * connection sending 1-3 pipelined requests (small answers, the 600 KB-class universe, gzip or
 * identity), three in ten leaving 0-3 ms after sending. Every connection that stayed gets exactly
 * its answers, none waits past 5 s, nothing unhandled is raised, and the server answers after.
 * (Run by hand against a server on the 5,000-company bench warehouse, the same load answered
 * 36,755 connections in 15 s with none lost or hung, and 15,539 left early.)
 */
import { connect, type AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { fixtureApp, tierHeader } from '../fixtures/fundamentals/build.ts';

const chaos = suite('write coalescing under a disorderly load');

const PATHS = ['/api/health', '/api/ticker-search?q=a', '/api/fundamentals-pit?ticker=NVDA', '/api/fundamentals-pit/universe', '/api/nope'];

chaos('connections that stay get all their answers; those that leave break nothing', async () => {
  const t = await fixtureApp({ plugins: [tierHeader] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const unhandled: unknown[] = [];
  const onUnhandled = (err: unknown): void => void unhandled.push(err);
  process.on('uncaughtException', onUnhandled);
  process.on('unhandledRejection', onUnhandled);
  const counts = { answered: 0, left: 0, hung: 0, short: 0 };
  const one = (): Promise<void> =>
    new Promise((resolve) => {
      const socket = connect(port, '127.0.0.1');
      const leaves = Math.random() < 0.3;
      const n = 1 + Math.floor(Math.random() * 3);
      let got = '';
      const timer = setTimeout(() => {
        counts.hung++;
        socket.destroy();
      }, 5000);
      socket.on('connect', () => {
        const requests = Array.from({ length: n }, (_, i) => {
          const path = PATHS[Math.floor(Math.random() * PATHS.length)];
          const coding = Math.random() < 0.5 ? 'gzip' : 'identity';
          return `GET ${path} HTTP/1.1\r\nHost: x\r\nUser-Agent: almanac-test/1.0\r\nX-Test-Tier: investor\r\nAccept-Encoding: ${coding}\r\n${i === n - 1 ? 'Connection: close\r\n' : ''}\r\n`;
        });
        socket.write(requests.join(''));
        if (leaves) setTimeout(() => socket.destroy(), Math.random() * 3);
      });
      socket.on('data', (c: Buffer) => (got += c.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => {
        clearTimeout(timer);
        if (leaves) counts.left++;
        // A status line follows the previous answer's body directly (no line break of its own).
        else if ((got.match(/HTTP\/1\.1 \d{3} [A-Z]/g) ?? []).length === n) counts.answered++;
        else counts.short++;
        resolve();
      });
    });
  const end = Date.now() + 3000;
  try {
    await Promise.all(Array.from({ length: 32 }, async () => {
      while (Date.now() < end) await one();
    }));
    assert.is(counts.hung, 0, `${counts.hung} connections waited past 5 s`);
    assert.is(counts.short, 0, `${counts.short} connections got fewer answers than they asked`);
    assert.ok(counts.answered > 100 && counts.left > 10, JSON.stringify(counts));
    assert.equal(unhandled, []);
    assert.ok(t.app.writeCoalescing!.flushes < t.app.writeCoalescing!.writes, 'writes were coalesced');
    // The server still answers (the per-IP limits the load used up may make it a 429).
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { headers: { 'user-agent': 'almanac-test/1.0' } });
    assert.ok(res.status === 200 || res.status === 429, String(res.status));
    assert.type((await res.json()) as object, 'object');
  } finally {
    process.off('uncaughtException', onUnhandled);
    process.off('unhandledRejection', onUnhandled);
    await t.app.close();
  }
});

chaos.run();
