/**
 * A synthetic job for runner tests: documents `test-docs/<n>.json` holding `{ "doc": n, "rows": k }`
 * load k rows into `counting_rows`. `slowMs` sleeps between two appends inside the document's
 * transaction, so a kill lands mid-transaction.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Job } from '../../pipelines/jobs/interface.ts';
import { QuarantineError } from '../../pipelines/jobs/interface.ts';
import { appendRows } from '../../warehouse/load.ts';

export function writeCountingDocs(dir: string, docs: number, rowsPerDoc: number, malformed: number[] = []): void {
  mkdirSync(path.join(dir, 'test-docs'), { recursive: true });
  for (let n = 0; n < docs; n++) {
    const text = malformed.includes(n) ? '{"doc": oops' : JSON.stringify({ doc: n, rows: rowsPerDoc });
    writeFileSync(path.join(dir, 'test-docs', `${String(n).padStart(4, '0')}.json`), text);
  }
}

export function countingJob(options: { slowMs?: number; failListing?: boolean } = {}): Job<{ doc: number; rows: number }> {
  return {
    name: 'counting',
    description: 'test job',
    schedule: '0 0 * * *',
    async documents(ctx) {
      if (options.failListing) throw new Error('listing failed');
      await ctx.db.run('CREATE TABLE IF NOT EXISTS counting_rows (doc INTEGER NOT NULL, i INTEGER NOT NULL)');
      return (await ctx.source.list('test-docs')) ?? [];
    },
    parse(doc) {
      let parsed: { doc: number; rows: number };
      try {
        parsed = JSON.parse(doc.bytes.toString());
      } catch (err) {
        throw new QuarantineError(`not JSON: ${(err as Error).message}`);
      }
      return parsed;
    },
    async load(p, ctx) {
      await ctx.db.run('DELETE FROM counting_rows WHERE doc = $1', [p.doc]);
      const rows = Array.from({ length: p.rows }, (_, i) => [p.doc, i]);
      const half = Math.floor(rows.length / 2);
      let out = await appendRows(ctx.conn, 'counting_rows', rows.slice(0, half));
      if (options.slowMs) await new Promise((r) => setTimeout(r, options.slowMs));
      out += await appendRows(ctx.conn, 'counting_rows', rows.slice(half));
      return { rowsIn: p.rows, rowsOut: out, watermark: `doc-${String(p.doc).padStart(4, '0')}` };
    },
  };
}
