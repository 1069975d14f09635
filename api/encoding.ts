/**
 * Pre-compressed answers (issue 15): a kept answer is compressed once per encoding a client asks
 * for and the compressed bytes kept with it, instead of by @fastify/compress on every request (br
 * of the 700 KB universe answer took ~0.3 s of CPU per request; gzip of a 4 KB point lookup halved
 * its throughput).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cachedBody, unpooled } from '../warehouse/serving.ts';
import type { Db } from '../warehouse/db.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The encoding to answer with: br or gzip, negotiated exactly as @fastify/compress negotiates the
 * answers it compresses (its negotiator, @fastify/accept-negotiator, with its reading of the
 * header: `*` and x-gzip stand for gzip), so every answer of the API picks the same coding for the
 * same header: the highest weight wins, br on a tie, q=0 refuses. Null when neither is acceptable
 * (the answer goes as it is; the plugin would deflate, which kept answers do not keep). Decided
 * once per distinct short header value (a bounded map): clients send the same few strings again and again.
 */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  let enc = negotiated.get(header);
  if (enc === undefined) {
    enc = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), KEPT_ENCODINGS);
    // Only the short values clients send are kept (at most 256 of them, ~32 KB).
    if (header.length <= 128) {
      if (negotiated.size >= 256) negotiated.clear();
      negotiated.set(header, enc);
    }
  }
  return enc;
}
/** How many Accept-Encoding values are remembered (tests). */
export const negotiatedCount = (): number => negotiated.size;
const KEPT_ENCODINGS: ('br' | 'gzip')[] = ['br', 'gzip'];
const negotiated = new Map<string, 'br' | 'gzip' | null>();

/** `body` compressed once for keeping: br at quality 9, gzip at level 9. */
export function compressed(body: Buffer, enc: 'br' | 'gzip'): Promise<Buffer> {
  return enc === 'br' ? br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gz(body, { level: 9 });
}

/**
 * Where a kept answer's compressed forms are kept: `keep(enc, make)` answers the bytes kept for
 * `enc`, made by `make()` the first time.
 */
export type KeepEncoded = (enc: 'br' | 'gzip', make: () => Promise<Buffer>) => Promise<Buffer>;

/** A `Vary` value that adds `field` to what is there (CORS's `Origin` on /graphql), once. */
export function varyingOn(current: unknown, field: string): string {
  const list = current === undefined ? [] : String(current).split(',').map((f) => f.trim()).filter(Boolean);
  if (list.some((f) => f === '*' || f.toLowerCase() === field.toLowerCase())) return list.join(', ');
  return [...list, field].join(', ');
}

/** An answer's compressed forms, by encoding. */
export type Encodings = Partial<Record<'br' | 'gzip', Promise<Buffer>>>;

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
export async function sendKept(body: Buffer, req: FastifyRequest, reply: FastifyReply, keep: KeepEncoded, type = 'application/json; charset=utf-8'): Promise<FastifyReply> {
  reply.type(type).header('Vary', varyingOn(reply.getHeader('vary'), 'Accept-Encoding'));
  const enc = body.length >= 1024 ? preferredEncoding(req.headers['accept-encoding']) : null;
  if (!enc) return reply.send(body);
  const bytes = await keep(enc, () => compressed(body, enc));
  return reply.header('Content-Encoding', enc).send(bytes);
}

/** `sendKept` of the answer kept under `key` in the snapshot's body cache, its compressed forms under `key` + encoding. */
export function sendCachedBody(db: Db, key: string, body: Buffer, req: FastifyRequest, reply: FastifyReply, type?: string): Promise<FastifyReply> {
  return sendKept(body, req, reply, (enc, make) => cachedBody(db, `${key}#${enc}`, make), type);
}
