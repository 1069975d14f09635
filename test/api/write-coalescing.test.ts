import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { coalesceWrites } from '../../api/write-coalescing.ts';
import { loadConfig } from '../../schema/config.ts';
import { sampleApp, testConfig } from '../helpers.ts';

const coalescing = suite('write coalescing (api/write-coalescing.ts)');

const listening = async (server: Server): Promise<number> => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as AddressInfo).port;
};

/** GET over a fresh keep-alive-less connection: status, headers and body. */
const get = (port: number, path: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });

coalescing('answers finished in one turn are written in one flush, each to its own socket', async () => {
  // Each answer waits for the same gate, opened once all 20 requests have arrived (a timer could
  // open it before the last of them on a loaded machine: CI once saw 13 flushes for 20 writes), so
  // all of them are finished in one event loop turn.
  let open: () => void = () => undefined;
  const gate = new Promise<void>((r) => (open = r));
  let arrived = 0;
  const server = createServer(async (req, res) => {
    if (++arrived === 20) setImmediate(open);
    await gate;
    res.setHeader('content-type', 'text/plain');
    res.end(`answer to ${req.url}`);
  });
  const stats = coalesceWrites(server);
  const port = await listening(server);
  try {
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(port, `/q${i}`)));
    assert.equal(
      answers.map((a) => a.body.toString()),
      Array.from({ length: 20 }, (_, i) => `answer to /q${i}`),
    );
    assert.ok(stats.writes >= 20, `${stats.writes} writes`);
    // Not one flush per answer: the finished answers went out together.
    assert.ok(stats.flushes <= 5, `${stats.flushes} flushes for ${stats.writes} writes`);
  } finally {
    // Also after a failed assertion: open keep-alive sockets would hold the suite until its timeout.
    server.closeAllConnections();
    server.close();
  }
});

coalescing('pipelined requests on one socket are answered in order', async () => {
  const server = createServer((req, res) => {
    // The first answer is finished last.
    const wait = req.url === '/1' ? 30 : 0;
    setTimeout(() => res.end(`<${req.url}>`), wait);
  });
  coalesceWrites(server);
  const port = await listening(server);
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let text = '';
  socket.on('data', (c: Buffer) => (text += c.toString()));
  socket.write(['/1', '/2', '/3'].map((p) => `GET ${p} HTTP/1.1\r\nHost: x\r\n\r\n`).join(''));
  while ((text.match(/<\/\d>/g) ?? []).length < 3) await new Promise((r) => setTimeout(r, 5));
  assert.equal(text.match(/<\/\d>/g), ['</1>', '</2>', '</3>']);
  socket.destroy();
  server.close();
});

coalescing('a large streamed answer arrives whole, with backpressure', async () => {
  const block = Buffer.alloc(64 * 1024, 7);
  const blocks = 160; // 10 MB
  const expected = createHash('sha256');
  for (let i = 0; i < blocks; i++) expected.update(block.subarray(0, block.length - (i % 7)));
  const server = createServer((_req, res) => {
    let i = 0;
    const more = (): void => {
      while (i < blocks) {
        const ok = res.write(block.subarray(0, block.length - (i % 7)));
        i++;
        if (!ok) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  });
  const stats = coalesceWrites(server);
  const port = await listening(server);
  const { body } = await get(port, '/big');
  assert.is(createHash('sha256').update(body).digest('hex'), expected.digest('hex'));
  assert.ok(stats.writes > 1);
  server.close();
});

coalescing('a client that leaves mid-answer fails the waiting write, not the process', async () => {
  let closed!: () => void;
  const gone = new Promise<void>((r) => (closed = r));
  const server = createServer((_req, res) => {
    res.on('close', closed);
    const timer = setInterval(() => res.write(Buffer.alloc(256 * 1024)), 1);
    res.on('close', () => clearInterval(timer));
  });
  coalesceWrites(server);
  const port = await listening(server);
  const req = request({ port, host: '127.0.0.1', path: '/' }, (res) => {
    res.once('data', () => req.destroy());
  });
  req.on('error', () => undefined);
  req.end();
  await gone;
  // The server goes on answering.
  server.removeAllListeners('request');
  server.on('request', (_req, res) => res.end('still here'));
  assert.is((await get(port, '/')).body.toString(), 'still here');
  server.close();
});

/** What a raw connection receives after sending `text`, until the server closes it. */
const rawExchange = async (port: number, text: string): Promise<string> => {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  let got = '';
  socket.on('data', (c: Buffer) => (got += c.toString()));
  socket.on('error', () => undefined);
  socket.write(text);
  await once(socket, 'close');
  return got;
};

coalescing('a socket written and destroyed in one turn still sends what was written', async () => {
  const server = createServer((req) => {
    req.socket.write('HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok');
    req.socket.destroy();
  });
  coalesceWrites(server);
  const port = await listening(server);
  assert.match(await rawExchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'), /^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nok$/);
  // Node's own answer to a request line it cannot parse: written, then the socket destroyed.
  assert.match(await rawExchange(port, 'BREW / HTTP/1.1\r\n\r\n'), /^HTTP\/1\.1 400 Bad Request/);
  server.close();
});

coalescing('server.close() right after an answer: the answer is sent before the idle connection closes', async () => {
  const server = createServer((_req, res) => {
    res.end('last');
    // Closes idle connections at once (Node 19+): this keep-alive one, its answer just ended.
    process.nextTick(() => server.close());
  });
  coalesceWrites(server);
  const port = await listening(server);
  assert.match(await rawExchange(port, 'GET / HTTP/1.1\r\nHost: x\r\n\r\n'), /^HTTP\/1\.1 200 OK[\s\S]*\r\n\r\nlast$/);
});

coalescing('a callback that throws during the flush does not hold back the other answers', async () => {
  const gate = new Promise((r) => setTimeout(r, 50));
  const server = createServer(async (req, res) => {
    await gate;
    if (req.url === '/throws') res.on('finish', () => {
      throw new Error('a finish listener failed');
    });
    res.end(`answer to ${req.url}`);
  });
  coalesceWrites(server);
  const port = await listening(server);
  const caught: Error[] = [];
  const onUncaught = (err: Error): void => void caught.push(err);
  process.on('uncaughtException', onUncaught);
  try {
    // Bounded: an answer held back by the throw would otherwise wait forever.
    let timer!: NodeJS.Timeout;
    const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('an answer was held back')), 3000)));
    const answers = await Promise.race([Promise.all(['/throws', '/a', '/b', '/c'].map((p) => get(port, p))), late]);
    clearTimeout(timer);
    assert.equal(
      answers.map((a) => a.body.toString()),
      ['/throws', '/a', '/b', '/c'].map((p) => `answer to ${p}`),
    );
    await new Promise((r) => setImmediate(r));
    assert.equal(caught.map((e) => e.message), ['a finish listener failed'], 'the error is thrown again, once');
  } finally {
    process.off('uncaughtException', onUncaught);
    server.close();
  }
});

coalescing('the service coalesces by default; COALESCE_WRITES=0 turns it off', async () => {
  const t = await sampleApp({ jobs: ['companies'] });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const stats = t.app.writeCoalescing!;
  assert.ok(stats, 'on by default');
  const before = stats.writes;
  const answers = await Promise.all(Array.from({ length: 8 }, () => get(port, '/api/health', { 'user-agent': 'almanac-test/1.0' })));
  assert.equal(answers.map((a) => a.status), Array(8).fill(200));
  assert.ok(answers.every((a) => typeof a.headers['x-request-id'] === 'string'));
  assert.is(JSON.parse(answers[0]!.body.toString()).status, 'ok');
  assert.ok(stats.writes >= before + 8, 'the answers went through the coalescer');
  // Connection: close is honoured: the socket ends after the answer.
  const closed = await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nUser-Agent: almanac-test/1.0\r\nConnection: close\r\n\r\n');
  assert.match(closed, /^HTTP\/1\.1 200 OK[\s\S]*\r\nconnection: close\r\n/i);
  await t.app.close();

  assert.is(testConfig({}).coalesceWrites, true);
  assert.equal(['0', 'off', 'False', '1', undefined].map((v) => loadConfig({ COALESCE_WRITES: v }).coalesceWrites), [false, false, false, true, true]);
  const off = await sampleApp({ jobs: ['companies'], config: { coalesceWrites: false } });
  assert.is(off.app.writeCoalescing, null);
  await off.app.close();
});

coalescing.run();
