/**
 * A real Almanac server for the client packages' tests: the sample warehouse, listening on a free
 * port, with one verified account and key per tier written straight to the user store.
 *
 * As a script (`node --import tsx test/clients/server.ts`) it prints one JSON line
 * `{ "url": ..., "keys": { "learner": ..., "researcher": ..., "investor": ... } }` and serves until
 * its stdin closes (the Python suite's harness).
 *
 * `throttle` (for retry tests): a request with header `X-Test-Throttle: <id>:<n>:<seconds>` is
 * answered 429 with `Retry-After: <seconds>` for the first <n> requests of that id.
 */
import type { FastifyInstance } from 'fastify';
import { pathToFileURL } from 'node:url';
import type { TierId } from '../../schema/tiers.ts';
import { keyAccount } from '../api/rest/user-state-accounts.ts';
import { sampleApp, type TestApp } from '../helpers.ts';

export interface ClientServer {
  t: TestApp;
  url: string;
  keys: Record<'learner' | 'researcher' | 'investor', string>;
  /** Requests the server received, with the headers that matter to the clients. */
  seen: { method: string; url: string; userAgent: string | undefined; apiKey: string | undefined; authorization: string | undefined }[];
  close(): Promise<void>;
}

async function throttle(app: FastifyInstance): Promise<void> {
  const counts = new Map<string, number>();
  app.addHook('onRequest', async (req, reply) => {
    const spec = req.headers['x-test-throttle'];
    if (typeof spec !== 'string') return;
    const [id, n, seconds] = spec.split(':');
    const count = (counts.get(id!) ?? 0) + 1;
    counts.set(id!, count);
    if (count <= Number(n)) return reply.code(429).header('Retry-After', seconds).send({ error: `throttled for the test (${count} of ${n})` });
  });
}

export async function startClientServer(): Promise<ClientServer> {
  const seen: ClientServer['seen'] = [];
  const record = async (app: FastifyInstance) => {
    app.addHook('onRequest', async (req) => {
      const h = req.headers;
      seen.push({ method: req.method, url: req.url, userAgent: h['user-agent'], apiKey: typeof h['x-api-key'] === 'string' ? h['x-api-key'] : undefined, authorization: h.authorization });
    });
  };
  const t = await sampleApp({ server: { plugins: [record, throttle] } });
  const url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const keys = {} as ClientServer['keys'];
  for (const tier of ['learner', 'researcher', 'investor'] as TierId[]) {
    keys[tier as keyof ClientServer['keys']] = (await keyAccount(t.app, t.services.store, `${tier}-${Date.now()}@example.com`, tier)).key;
  }
  return { t, url, keys, seen, close: () => t.close() };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const server = await startClientServer();
  process.stdout.write(JSON.stringify({ url: server.url, keys: server.keys }) + '\n');
  process.stdin.resume();
  process.stdin.on('end', () => void server.close().then(() => process.exit(0)));
  process.stdin.on('close', () => void server.close().then(() => process.exit(0)));
}
