/**
 * Dataset-specific lines for `almanac pipelines status` (e.g. the security master's coverage).
 * Each entry reads the ledger database and returns printable lines plus a JSON fragment; a table
 * that does not exist yet (its job never ran) is skipped.
 */
import type { Db } from '../warehouse/db.ts';

export interface StatusExtra {
  name: string;
  collect(db: Db): Promise<{ lines: string[]; json: Record<string, unknown> }>;
}

export const STATUS_EXTRAS: StatusExtra[] = [];

export async function statusExtras(db: Db): Promise<{ lines: string[]; json: Record<string, unknown> }> {
  const lines: string[] = [];
  const json: Record<string, unknown> = {};
  for (const extra of STATUS_EXTRAS) {
    try {
      const r = await extra.collect(db);
      lines.push(...r.lines);
      Object.assign(json, r.json);
    } catch (err) {
      if (!/does not exist/i.test((err as Error).message)) lines.push(`${extra.name}: ${(err as Error).message}`);
    }
  }
  return { lines, json };
}
