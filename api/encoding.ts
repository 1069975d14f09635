/**
 * Pre-compressed answers (issue 15): a large answer cached per snapshot is also compressed once per
 * encoding, instead of by @fastify/compress on every request (br of the 700 KB universe answer
 * took ~0.3 s of CPU per request).
 */
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { cachedBody } from '../warehouse/serving.ts';
import type { Db } from '../warehouse/db.ts';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

/** The encoding to answer with: br, else gzip, when Accept-Encoding lists it with q > 0; else null. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const ok = new Set<string>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) ok.add(name.trim());
  }
  if (ok.has('br')) return 'br';
  if (ok.has('gzip') || ok.has('x-gzip')) return 'gzip';
  return null;
}

/**
 * Sends the JSON `body` cached under `key`, compressed as negotiated (the compressed bytes cached
 * under `key` + encoding, per snapshot). The compress plugin leaves an answer with a
 * Content-Encoding alone.
 */
export async function sendCachedJson(db: Db, key: string, body: Buffer, req: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  reply.type('application/json; charset=utf-8').header('Vary', 'Accept-Encoding');
  const enc = body.length >= 1024 ? preferredEncoding(req.headers['accept-encoding']) : null;
  if (!enc) return reply.send(body);
  const bytes = await cachedBody(db, `${key}#${enc}`, () =>
    enc === 'br' ? br(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }) : gz(body, { level: 9 }),
  );
  return reply.header('Content-Encoding', enc).send(bytes);
}
