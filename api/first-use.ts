/**
 * Parts of the server loaded on first use instead of at start-up (issue 15: GraphQL's yoga and
 * schema, the MCP SDK), and warmed just after the server starts listening, so a start does not wait
 * for them and an app that never listens (tests through `inject`) loads only what it is asked for.
 */
import type { FastifyInstance } from 'fastify';

/** `load()` run once, its promise shared by every caller; a failed load is retried by the next call. */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null;
  return () =>
    (loading ??= load().catch((err: unknown) => {
      loading = null;
      throw err;
    }));
}

/** Starts `get()` when `app` starts listening (an `onListen` hook); a failure is logged, and the first request retries. */
export function warmWhenListening(app: FastifyInstance, what: string, get: () => Promise<unknown>): void {
  app.addHook('onListen', async () => {
    void get().catch((err: unknown) => app.log.error({ err }, `loading ${what} failed`));
  });
}
