/**
 * Write coalescing for the HTTP server's sockets (issue 15): the answers finished while Node.js
 * handles one batch of I/O events are written to their sockets together, at the end of that event
 * loop turn (`setImmediate`), instead of one by one between the requests.
 *
 * Why: every write to a client that is asleep waiting for its answer wakes it, and on a VM a
 * wake-up across CPUs is an interrupt with an exit to the hypervisor, charged to the `writev` that
 * sends the answer. Under load, with answers written between requests, each write found its client
 * asleep again; written back to back, the first write wakes the client and the others find it
 * awake. In `bench:serve` (`COALESCE_WRITES=0`, then on) the server's CPU per `fundamentals-pit`
 * request went from 73 to 40 µs and its rate from 13,991 to 26,003 req/s (README, "Write
 * coalescing", has the figures). What is written, and in what order on each socket, does not change; an answer waits
 * at most for the rest of the event loop turn it was finished in (the requests that arrived with
 * it), and on an idle server for nothing but the turn's end.
 *
 * How: `net.Socket` implements the stream's `_write` and `_writev`; each connection's socket gets
 * versions that queue the write, and the queue is written with the socket's own methods once per
 * turn. The stream sees an asynchronous write: it buffers what is written meanwhile (sent as one
 * `writev` next turn) and reports `finish`, `drain` and errors when the real write completes.
 * - A socket destroyed while its write waits (written, then destroyed in the same turn: a handler
 *   that answers and closes, `server.close()` right after an answer) first writes what waits, as
 *   it would have been written before the close without coalescing (`_destroy`).
 * - A callback that throws during the flush (the stream's own follow-ups run there: `finish`
 *   listeners, write callbacks) does not keep the other sockets' writes from being made: the first
 *   error is thrown again once the queue is written, as it would have been thrown from its own tick.
 * - Plain TCP only: a TLS socket writes through its own stream, which this does not touch.
 */
import type { Server } from 'node:http';
import { Socket } from 'node:net';

type WriteCallback = (error?: Error | null) => void;
type Chunks = { chunk: unknown; encoding: BufferEncoding }[];

const socketWrite = Socket.prototype._write;
const socketWritev = Socket.prototype._writev!;
const socketDestroy = Socket.prototype._destroy;

/** What the coalescer did since it was installed (tests, diagnostics). */
export interface WriteCoalescing {
  /** Socket writes queued. */
  writes: number;
  /** Turns that wrote the queue. */
  flushes: number;
}

/**
 * Coalesces the writes of every connection `server` accepts from now on. One queue per call, so
 * two servers in one process (the benchmark's) do not share one.
 */
export function coalesceWrites(server: Server): WriteCoalescing {
  const stats: WriteCoalescing = { writes: 0, flushes: 0 };
  // The queue as flat runs of four: socket, chunk or chunks, encoding (null for a writev), callback.
  let queue: unknown[] = [];
  /** The batch being written (a callback run during the flush may destroy a socket still in it). */
  let flushing: unknown[] | null = null;
  let scheduled = false;
  /** Makes the queued write at `i` of `batch` with the socket's own method, and clears its entry. */
  const writeAt = (batch: unknown[], i: number): void => {
    const socket = batch[i] as Socket;
    const encoding = batch[i + 2] as BufferEncoding | null;
    batch[i] = null;
    if (encoding === null) socketWritev.call(socket, batch[i + 1] as Chunks, batch[i + 3] as WriteCallback);
    else socketWrite.call(socket, batch[i + 1], encoding, batch[i + 3] as WriteCallback);
  };
  const flush = (): void => {
    scheduled = false;
    stats.flushes++;
    // A write made by a callback during the flush goes into the next turn's queue.
    const batch = queue;
    queue = [];
    flushing = batch;
    let thrown: { error: unknown } | null = null;
    for (let i = 0; i < batch.length; i += 4) {
      if (batch[i] === null) continue; // written by its socket's destroy
      try {
        writeAt(batch, i);
      } catch (error) {
        thrown ??= { error };
      }
    }
    flushing = null;
    if (thrown) throw thrown.error;
  };
  const enqueue = (socket: Socket, data: unknown, encoding: BufferEncoding | null, cb: WriteCallback): void => {
    queue.push(socket, data, encoding, cb);
    stats.writes++;
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
  function write(this: Socket, chunk: unknown, encoding: BufferEncoding, cb: WriteCallback): void {
    enqueue(this, chunk, encoding, cb);
  }
  function writev(this: Socket, chunks: Chunks, cb: WriteCallback): void {
    enqueue(this, chunks, null, cb);
  }
  function destroy(this: Socket, error: Error | null, cb: (error?: Error | null) => void): void {
    // At most one write of a socket waits (a stream has one write in flight): made before the
    // handle closes. The queue is short (one turn's answers) and a destroy is rare.
    // The handle closes even when a callback of that write throws.
    try {
      waiting: for (const list of flushing ? [flushing, queue] : [queue]) {
        for (let i = 0; i < list.length; i += 4) {
          if (list[i] === this) {
            writeAt(list, i);
            break waiting;
          }
        }
      }
    } finally {
      socketDestroy.call(this, error, cb);
    }
  }
  server.on('connection', (socket: Socket) => {
    socket._write = write;
    socket._writev = writev;
    socket._destroy = destroy;
  });
  return stats;
}
