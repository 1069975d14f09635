/**
 * Compression of the API's answers in one place: the Accept-Encoding negotiation every answer
 * uses (the compress plugin's own), answers compressed as they are sent (MCP's, which the plugin
 * never sees), and kept answers compressed once per encoding asked, the compressed bytes kept with
 * them instead of compressed by @fastify/compress on every request (issue 15: br of the 700 KB
 * universe answer took ~0.3 s of CPU per request; gzip of a 4 KB point lookup halved its throughput).
 */
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, deflate, deflateSync, gzip, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { bodyOrigin, unpooled } from '../warehouse/serving.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);
const df = promisify(deflate);

export type Coding = 'br' | 'gzip' | 'deflate';

/**
 * The encoding to answer with: br, gzip or deflate, negotiated exactly as @fastify/compress
 * negotiates the answers it compresses (its negotiator, @fastify/accept-negotiator, over its
 * codings, with its reading of the header: `*` and x-gzip stand for gzip), so every answer of the
 * API picks the same coding for the same header: the highest weight wins, br then gzip on a tie,
 * q=0 refuses; null when none is acceptable (the answer goes as it is). Decided once per distinct
 * short header value (a bounded map): clients send the same few strings again and again.
 */
export function preferredEncoding(header: string | undefined): Coding | null {
  if (!header) return null;
  let enc = chosen.get(header);
  if (enc === undefined) {
    enc = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), CODINGS);
    // Only the short values clients send are kept (at most 256 of them, ~32 KB).
    if (header.length <= 128) {
      if (chosen.size >= 256) chosen.clear();
      chosen.set(header, enc);
    }
  }
  return enc;
}
/** The codings answers are compressed with, preferred in this order on a tie (the compress plugin's too). */
export const CODINGS: Coding[] = ['br', 'gzip', 'deflate'];
const chosen = new Map<string, Coding | null>();
/** How many Accept-Encoding values are remembered (tests). */
export const negotiatedCount = (): number => chosen.size;

/**
 * `body` compressed now, with the plugin's settings (br quality 4, zlib's default level): for an
 * answer written by hand (MCP's), which the plugin does not see. Synchronous: for small bodies
 * (`compressedForSending`).
 */
function compressedNow(body: Buffer, enc: Coding): Buffer {
  if (enc === 'br') return brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: SENT_BROTLI_QUALITY } });
  return enc === 'gzip' ? gzipSync(body) : deflateSync(body);
}

/** Bodies up to this size are compressed on the event loop; larger ones on libuv's thread pool. */
export const SYNC_COMPRESS_MAX = 64 * 1024;

/**
 * `body` compressed as it is sent: now for a small body (`compressedNow`), on the thread pool for
 * a large one, so a 2.5 MB answer (a batch of 100 MCP `tools/list`) does not hold the event loop
 * for 24-35 ms.
 */
export function compressedForSending(body: Buffer, enc: Coding): Buffer | Promise<Buffer> {
  if (body.length <= SYNC_COMPRESS_MAX) return compressedNow(body, enc);
  if (enc === 'br') return br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: SENT_BROTLI_QUALITY } });
  return enc === 'gzip' ? gz(body) : df(body);
}

/** Answers under this many bytes go uncompressed (the plugin's threshold). */
export const COMPRESS_THRESHOLD = 1024;

/** br quality of an answer compressed as it is sent: most of br's size gain at a fraction of quality 11's CPU. */
export const SENT_BROTLI_QUALITY = 4;

/** `body` compressed once for keeping: br at quality 9, gzip and deflate at level 9. */
export function compressed(body: Buffer, enc: Coding): Promise<Buffer> {
  if (enc === 'br') return br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } });
  return enc === 'gzip' ? gz(body, { level: 9 }) : df(body, { level: 9 });
}

/**
 * Where a kept answer's compressed forms are kept: `keep(enc, make)` answers the bytes kept for
 * `enc` (as they are when they are held, a promise while they are being made), made by `make()`
 * the first time.
 */
export type KeepEncoded = (enc: Coding, make: () => Promise<Buffer>) => Buffer | Promise<Buffer>;

/**
 * A `Vary` value that adds `field` to what is there (CORS's `Origin` on /graphql), once. Every
 * kept answer asks: none or one field there is answered without splitting into arrays.
 */
export function varyingOn(current: unknown, field: string): string {
  const text = current === undefined ? '' : String(current);
  if (!text.includes(',')) {
    const one = text.trim();
    if (one === '') return field;
    return one === '*' || one.toLowerCase() === field.toLowerCase() ? one : `${one}, ${field}`;
  }
  const list = text.split(',').map((f) => f.trim()).filter(Boolean);
  if (list.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) return list.join(', ');
  return [...list, field].join(', ');
}

/** An answer's compressed forms, by encoding. */
export type Encodings = Partial<Record<Coding, Promise<Buffer>>>;

/**
 * Compressed forms kept on the object that keeps the answer (`holder.encoded`), so they go when it
 * goes; a failed compression is not kept.
 */
export function keptOn(holder: { encoded?: Encodings }): KeepEncoded {
  return (enc, make) => {
    const encoded = (holder.encoded ??= {});
    return (encoded[enc] ??= make().then(unpooled, (err: unknown) => {
      delete encoded[enc];
      throw err;
    }));
  };
}

/**
 * Sends a kept answer (`body`: JSON, or text of another `type` such as CSV), compressed as
 * negotiated with the compressed bytes `keep` holds. Most HTTP clients ask for gzip by default.
 * Answers under 1 KB go uncompressed, as the compress plugin's threshold has it; that plugin leaves
 * an answer with a Content-Encoding alone.
 */
export function sendKept(body: Buffer, req: FastifyRequest, reply: FastifyReply, keep: KeepEncoded, type = 'application/json; charset=utf-8'): FastifyReply | Promise<FastifyReply> {
  reply.type(type).header('Vary', varyingOn(reply.getHeader('vary'), 'Accept-Encoding'));
  const enc = body.length >= COMPRESS_THRESHOLD ? preferredEncoding(req.headers['accept-encoding']) : null;
  if (!enc) return reply.send(body);
  // Sent now when the compressed bytes are held (most requests): no promise, no microtask turn.
  const bytes = keep(enc, () => compressed(body, enc));
  if (Buffer.isBuffer(bytes)) return reply.header('Content-Encoding', enc).send(bytes);
  return bytes.then((held) => reply.header('Content-Encoding', enc).send(held));
}

/**
 * Compressed forms of answers kept as bytes, kept where the bytes are. For bytes from a snapshot's
 * body cache, in that same cache under the answer's key and encoding (`bodyOrigin`): of that
 * snapshot whatever is served when they are made, counted in its 64 MB, one compression shared by
 * concurrent requests. They used to be kept under the key in the cache of the snapshot served when
 * compressing, a second lookup: a swap between the two kept the old snapshot's answer, compressed,
 * in the new snapshot's cache, where gzip and br clients got it while the others got the new one
 * (a review found it; test/api/cache-consistency.test.ts reproduces it). Bytes kept nowhere (no
 * serving layer, or too large for the cache) hold their compressed forms themselves (a `WeakMap`).
 */
const encodingsOf = new WeakMap<Buffer, { encoded?: Encodings }>();

/** Where `body`'s compressed forms are kept (above). */
export function keptWith(body: Buffer): KeepEncoded {
  const origin = bodyOrigin(body);
  if (origin) return (enc, make) => origin.serving.bodyNow((origin.formKeys[enc] ??= `${origin.key}#${enc}`), make);
  let holder = encodingsOf.get(body);
  if (!holder) encodingsOf.set(body, (holder = {}));
  return keptOn(holder);
}

/** `sendKept` of an answer kept as bytes (a snapshot's body cache), its compressed forms kept with them. */
export function sendCachedBody(body: Buffer, req: FastifyRequest, reply: FastifyReply, type?: string): FastifyReply | Promise<FastifyReply> {
  // Looked up only when an encoding is sent (most requests of benchmarks and agents ask none).
  return sendKept(body, req, reply, (enc, make) => keptWith(body)(enc, make), type);
}
