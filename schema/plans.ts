/**
 * Developer plans (spec 8.3). Money is integer micro-dollars (1 USD = 1,000,000) everywhere; USD
 * numbers appear only at the edges (JSON bodies, headers, invoices).
 */
import { withinDecimals } from './common.ts';
import type { PlanId } from './tiers.ts';

export const MICROS_PER_USD = 1_000_000;

export interface Plan {
  id: PlanId;
  label: string;
  /** Price per month. */
  priceMicros: number;
  /** Calls included per calendar month (UTC), across all keys of the account. */
  includedCalls: number;
  /** Price of each extra call beyond the allowance, once extra calls are on. */
  rateMicros: number;
  /** Monthly extra-call cap when `cap_usd` is absent from the consent request. */
  defaultCapMicros: number;
  /** Highest cap a user may set: 4 times the plan price (spec 4.3: 396 / 1,996). */
  maxCapMicros: number;
  /** MCP and agent-to-agent tool calls per hour for plan keys (the Power User limit). */
  mcpCallsPerHour: number;
}

/** Spec 8.3, one row per plan. */
export const PLAN_TABLE: Record<PlanId, Plan> = {
  developer: {
    id: 'developer',
    label: 'Developer',
    priceMicros: 99 * MICROS_PER_USD,
    includedCalls: 100_000,
    rateMicros: 2_000, // $0.002
    defaultCapMicros: 50 * MICROS_PER_USD,
    maxCapMicros: 4 * 99 * MICROS_PER_USD,
    mcpCallsPerHour: 5_000,
  },
  developer_pro: {
    id: 'developer_pro',
    label: 'Developer Pro',
    priceMicros: 499 * MICROS_PER_USD,
    includedCalls: 1_000_000,
    rateMicros: 1_000, // $0.001
    defaultCapMicros: 250 * MICROS_PER_USD,
    maxCapMicros: 4 * 499 * MICROS_PER_USD,
    mcpCallsPerHour: 5_000,
  },
};

/** Micro-dollars as a USD number for JSON (exact for every amount below 2^53 micros). */
export function microsToUsd(micros: number): number {
  return micros / MICROS_PER_USD;
}

/** Micro-dollars as a plain decimal string (`0`, `0.002`, `50`), for headers and invoices. */
export function formatUsd(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  const whole = Math.floor(abs / MICROS_PER_USD);
  const frac = String(abs % MICROS_PER_USD).padStart(6, '0').replace(/0+$/, '');
  return `${sign}${whole}${frac ? `.${frac}` : ''}`;
}

/**
 * A USD amount from a request as micro-dollars, or null when it has more than 6 decimals, as its
 * decimal text says (`withinDecimals`): `1e-300` was within a tolerance of 0 micro-dollars, so a
 * positive cap was taken as 0 (extra calls off).
 */
export function usdToMicros(usd: number): number | null {
  return Number.isFinite(usd) && withinDecimals(usd, 6) ? Math.round(usd * MICROS_PER_USD) : null;
}

/** `YYYY-MM` of a time, in UTC (billing months are calendar months in UTC). */
export function billingMonth(ms: number): string {
  return utcMonth(ms).id;
}

/** Start of the next UTC calendar month after `ms`, in ms. */
export function nextMonthStart(ms: number): number {
  return utcMonth(ms).end;
}

/**
 * The UTC month holding `ms` (`YYYY-MM`, its first ms, the next month's first ms), the last one
 * asked kept: every admission asks for the current month (a `toISOString` per call was ~0.8 µs of
 * a keyed admission's CPU, issue 15). Callers must not change the object.
 */
let lastMonth = { start: 0, end: -1, id: '' };
export function utcMonth(ms: number): { readonly start: number; readonly end: number; readonly id: string } {
  if (ms >= lastMonth.start && ms < lastMonth.end) return lastMonth;
  const d = new Date(ms);
  const id = d.toISOString().slice(0, 7);
  const month = { start: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1), end: Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1), id };
  lastMonth = month;
  return month;
}
