/**
 * Dataset-specific lines for `almanac pipelines status` (e.g. the security master's coverage).
 * Each entry reads the ledger database and returns printable lines plus a JSON fragment; a table
 * that does not exist yet (its job never ran) is skipped.
 */
import type { Db } from '../warehouse/db.ts';
import { securityMasterCoverage } from '../warehouse/queries/securities.ts';

export interface StatusExtra {
  name: string;
  collect(db: Db): Promise<{ lines: string[]; json: Record<string, unknown> }>;
}

const pct = (part: number, whole: number): string => (whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : 'n/a');

export const STATUS_EXTRAS: StatusExtra[] = [
  {
    name: 'security master',
    async collect(db) {
      const c = await securityMasterCoverage(db);
      const lines = [
        '',
        `security master: 13F rows mapped to a ticker ${c.mappedRows}/${c.rows} (${pct(c.mappedRows, c.rows)}), value ${pct(c.mappedValue, c.value)} of $${Math.round(c.value).toLocaleString('en-US')}`,
      ];
      if (c.unmappedCusips.length) lines.push(`  unmapped CUSIPs (${c.unmappedCusips.length}): ${c.unmappedCusips.slice(0, 20).map((u) => `${u.cusip} ${u.issuer}`).join(', ')}${c.unmappedCusips.length > 20 ? ', ...' : ''}`);
      return { lines, json: { securityMasterCoverage: c } };
    },
  },
];

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
