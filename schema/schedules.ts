/**
 * The default cron schedule (UTC) of every pipeline job, declared once: `almanac scheduler` runs
 * them (pipelines/scheduler.ts, overridable per job by ALMANAC_SCHEDULES), and the coverage views
 * (/datasets, /api/coverage) say from the same declarations when each dataset is fetched next.
 */

export const JOB_SCHEDULES = {
  companies: '15 6 * * *',
  filings: '30 6 * * *',
  fundamentals: '45 6 * * *',
  prices: '30 23 * * 1-5',
  technicals: '45 23 * * 1-5',
  macro: '0 22 * * 1-5',
  news: '*/30 * * * *',
  insiders: '*/30 * * * *',
  '13f': '0 */2 * * *',
  nport: '30 */4 * * *',
  'security-master': '0 8 * * *',
  bdc: '0 7 * * *',
  banks: '30 7 * * *',
  contracts: '45 7 * * *',
} as const satisfies Record<string, string>;
export type ScheduledJob = keyof typeof JOB_SCHEDULES;

/** The schedule a job runs on: its ALMANAC_SCHEDULES override, or its default; null for an unknown job. */
export function effectiveSchedule(job: string, overrides: Readonly<Record<string, string>> = {}): string | null {
  return overrides[job] ?? (JOB_SCHEDULES as Record<string, string>)[job] ?? null;
}

const FIELDS = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12 },
  { min: 0, max: 7 },
] as const;

/** The values one cron field allows (`*`, `n`, `a-b`, `*\/s`, `a-b/s`, lists); throws on anything else. */
function field(text: string, { min, max }: { min: number; max: number }): { any: boolean; values: Set<number> } {
  const values = new Set<number>();
  for (const part of text.split(',')) {
    const m = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!m) throw new Error(`unsupported cron field "${text}"`);
    const lo = m[1] === '*' ? min : Number(m[2]);
    const hi = m[1] === '*' ? max : m[3] !== undefined ? Number(m[3]) : m[4] !== undefined ? max : lo;
    const step = m[4] !== undefined ? Number(m[4]) : 1;
    if (lo < min || hi > max || lo > hi || step < 1) throw new Error(`cron field "${text}" out of range`);
    for (let v = lo; v <= hi; v += step) values.add(v);
  }
  return { any: text === '*', values };
}

/**
 * The first time strictly after `from` that the 5-field cron expression `expr` (UTC) matches, to the
 * minute; null when none within 366 days. Day of month and day of week follow cron: when both are
 * restricted, either matching is enough; 7 is Sunday as 0.
 */
export function nextRun(expr: string, from: Date): Date | null {
  const parts = expr.trim().split(/\s+/);
  if (parts.length !== 5) throw new Error(`cron expression "${expr}" must have 5 fields`);
  const [minute, hour, dom, month, dow] = parts.map((p, i) => field(p, FIELDS[i]!));
  if (dow!.values.has(7)) dow!.values.add(0);
  const dayOk = (d: Date): boolean => {
    const byDom = dom!.values.has(d.getUTCDate());
    const byDow = dow!.values.has(d.getUTCDay());
    if (dom!.any && dow!.any) return true;
    if (dom!.any) return byDow;
    if (dow!.any) return byDom;
    return byDom || byDow;
  };
  const t = new Date(from.getTime());
  t.setUTCSeconds(0, 0);
  t.setUTCMinutes(t.getUTCMinutes() + 1);
  const limit = from.getTime() + 366 * 86_400_000;
  while (t.getTime() <= limit) {
    if (!month!.values.has(t.getUTCMonth() + 1) || !dayOk(t)) {
      t.setUTCHours(24, 0, 0, 0);
      continue;
    }
    if (!hour!.values.has(t.getUTCHours())) {
      t.setUTCHours(t.getUTCHours() + 1, 0, 0, 0);
      continue;
    }
    if (minute!.values.has(t.getUTCMinutes())) return t;
    t.setUTCMinutes(t.getUTCMinutes() + 1);
  }
  return null;
}
