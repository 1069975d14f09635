/**
 * Cursor pages for list tools. A cursor is opaque to the agent: base64url of the offset and a
 * fingerprint of the other arguments, so a cursor replayed with different arguments is refused
 * instead of silently paging a different list. Pages are cut to `MAX_RESULT_BYTES`; a page cut
 * short says `truncated: true` and its `nextCursor` continues right after the last item sent.
 */
import { createHash } from 'node:crypto';
import { DEFAULT_PAGE, MAX_RESULT_BYTES } from '../../schema/mcp/index.ts';
import { BadRequestError } from '../errors.ts';

export interface Page<T> {
  items: T[];
  /** Pass back as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
  /** Items in the whole list. */
  total: number;
  /** True when the page holds fewer than `limit` items because of the size cap. */
  truncated?: true;
}

/**
 * The list a cursor belongs to: the tool (`list`) and its arguments but the page's own. Without the
 * tool, a cursor of get_technicals_history paged get_price_history asked with the same arguments
 * (an outside pass).
 */
function fingerprint(args: Record<string, unknown>, list: string): string {
  const rest = Object.entries(args)
    .filter(([k, v]) => k !== 'cursor' && k !== 'limit' && v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify([list, rest])).digest('base64url').slice(0, 10);
}

export function encodeCursor(offset: number, args: Record<string, unknown>, list = ''): string {
  return Buffer.from(JSON.stringify({ o: offset, f: fingerprint(args, list) })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined, args: Record<string, unknown>, list = ''): number {
  if (!cursor) return 0;
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown; f?: unknown };
    if (typeof parsed.o === 'number' && Number.isInteger(parsed.o) && parsed.o >= 0 && parsed.f === fingerprint(args, list)) return parsed.o;
  } catch {
    // fall through
  }
  throw new BadRequestError("invalid 'cursor': pass the nextCursor of the previous page with the same arguments");
}

/** One page of `all` for the arguments `args` (which carry `cursor` and `limit`) of the list `list` (the tool's name). */
export function paginate<T>(all: readonly T[], args: Record<string, unknown>, maxBytes = MAX_RESULT_BYTES, list = ''): Page<T> {
  const offset = decodeCursor(args.cursor as string | undefined, args, list);
  const limit = typeof args.limit === 'number' ? args.limit : DEFAULT_PAGE;
  const items = all.slice(offset, offset + limit);
  let truncated = false;
  // Envelope overhead is small and bounded; measure the items themselves and leave it room.
  const budget = maxBytes - 200;
  let size = 2;
  let fit = 0;
  for (const item of items) {
    const bytes = Buffer.byteLength(JSON.stringify(item)) + 1;
    // A page always carries at least one item, so paging always advances.
    if (fit > 0 && size + bytes > budget) {
      truncated = true;
      break;
    }
    size += bytes;
    fit++;
  }
  const page = items.slice(0, fit);
  const next = offset + fit;
  return {
    items: page,
    nextCursor: next < all.length ? encodeCursor(next, args, list) : null,
    total: all.length,
    ...(truncated ? { truncated: true as const } : {}),
  };
}
