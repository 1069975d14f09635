import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { decodeCursor, encodeCursor, paginate } from '../../../api/mcp/paginate.ts';
import { ApiError } from '../../../api/errors.ts';

const rows = Array.from({ length: 45 }, (_, i) => ({ n: i, text: 'x'.repeat(90) }));

const page = suite('paginate');

page('pages of `limit` (default 20) continue with nextCursor until the end', () => {
  const first = paginate(rows, { q: 'a' });
  assert.equal([first.items.length, first.items[0]!.n, first.total, first.truncated], [20, 0, 45, undefined]);
  const second = paginate(rows, { q: 'a', cursor: first.nextCursor! });
  assert.is(second.items[0]!.n, 20);
  const third = paginate(rows, { q: 'a', cursor: second.nextCursor!, limit: 100 });
  assert.equal([third.items.length, third.items[0]!.n, third.nextCursor], [5, 40, null]);
});

page("a cursor pages only the tool that gave it out: another tool's list with the same arguments refuses it", () => {
  // An outside pass paged get_price_history with get_technicals_history's cursor.
  const first = paginate(rows, { ticker: 'AAPL', limit: 5 }, undefined, 'get_technicals_history');
  assert.is(paginate(rows, { ticker: 'AAPL', limit: 5, cursor: first.nextCursor! }, undefined, 'get_technicals_history').items[0]!.n, 5);
  assert.throws(() => paginate(rows, { ticker: 'AAPL', limit: 5, cursor: first.nextCursor! }, undefined, 'get_price_history'), (err: Error) => err instanceof ApiError && /invalid 'cursor'/.test(err.message));
});

page('a page larger than the size cap is cut short, says so, and the cursor continues after the last item sent', () => {
  const capped = paginate(rows, { limit: 100 }, 1_000);
  assert.is(capped.truncated, true);
  assert.ok(Buffer.byteLength(JSON.stringify(capped)) <= 1_000, `${Buffer.byteLength(JSON.stringify(capped))} bytes`);
  const next = paginate(rows, { limit: 100, cursor: capped.nextCursor! }, 1_000);
  assert.is(next.items[0]!.n, capped.items.length);
  // Walking the whole list with the cap yields every item exactly once.
  const seen: number[] = [];
  let cursor: string | undefined;
  do {
    const p = paginate(rows, { limit: 100, ...(cursor ? { cursor } : {}) }, 1_000);
    seen.push(...p.items.map((r) => r.n));
    cursor = p.nextCursor ?? undefined;
  } while (cursor);
  assert.equal(seen, rows.map((r) => r.n));
});

page('a cursor only continues the list it came from', () => {
  const c = encodeCursor(20, { q: 'a' });
  assert.is(decodeCursor(c, { q: 'a', limit: 5 }), 20);
  assert.throws(() => decodeCursor(c, { q: 'b' }), (e: unknown) => e instanceof ApiError && e.status === 400 && /invalid 'cursor'/.test(e.message));
  assert.throws(() => decodeCursor('garbage', {}), (e: unknown) => e instanceof ApiError && e.status === 400);
});

page.run();
