/** Shapes shared by every route: the error body and the spec's 402 payloads (spec section 7). */
import { z } from 'zod';

export const ErrorBody = z.object({ error: z.string() }).passthrough();

/** 402 when a feature needs a higher tier; not transient (no Retry-After). */
export const TierRequiredBody = z.object({
  error: z.string(),
  requiredTier: z.string(),
  currentTier: z.string(),
  upgrade_url: z.string(),
});

// ---- input primitives shared by every route, MCP tool and GraphQL argument (issue 13.12) ----

/**
 * Whether `s`, already of the form `dddd-dd-dd`, is a day of the Gregorian calendar from the year
 * 1000 on. Arithmetic rather than a `Date` round trip, which cost ~1.7 µs of every dated request
 * (issue 15: a point lookup's date parameter).
 */
export function isCalendarDay(s: string): boolean {
  const year = digit(s, 0) * 1000 + digit(s, 1) * 100 + digit(s, 2) * 10 + digit(s, 3);
  const month = digit(s, 5) * 10 + digit(s, 6);
  const day = digit(s, 8) * 10 + digit(s, 9);
  if (year < 1000 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
  return day <= days;
}

/**
 * Not a closure inside `isCalendarDay`: tsx compiles with esbuild's keepNames, which names every
 * function expression when it is created (`Object.defineProperty`): 1.4 µs of every dated request
 * in a profile of the server run through tsx (issue 15). `npm start` runs the esbuild bundle
 * (bin/bundle.js), which does not keep names.
 */
function digit(s: string, i: number): number {
  return s.charCodeAt(i) - 48;
}

const DAY_MS = 86_400_000;
let dayStart = 0;
let dayEnd = 0;
let dayText = '';

/**
 * The UTC calendar day of `ms` (default: now), `YYYY-MM-DD`. The day last asked for is kept, so a
 * request that defaults its date to today costs a comparison instead of a `Date` formatted to text
 * (`toISOString`: 0.75 µs in a loop, 4.5 µs of an MCP call's own CPU in a profile; issue 15).
 */
export function utcDay(ms: number = Date.now()): string {
  if (!(ms >= dayStart && ms < dayEnd)) {
    const start = Math.floor(ms / DAY_MS) * DAY_MS;
    dayText = new Date(start).toISOString().slice(0, 10);
    dayStart = start;
    dayEnd = start + DAY_MS;
  }
  return dayText;
}

/** What a date before the year 1000 is told (no data here is older; `isCalendarDay` refuses it). */
const DATE_FROM_YEAR_1000 = 'must be a date YYYY-MM-DD from the year 1000 on';

/**
 * `YYYY-MM-DD`, a real calendar day (2024-02-30 is refused, not handed to the database) from the
 * year 1000 on: `0001-01-01` is told so, not that it is no calendar date.
 */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date YYYY-MM-DD')
  .refine((s) => digit(s, 0) !== 0, DATE_FROM_YEAR_1000)
  .refine(isCalendarDay, 'must be a real calendar date YYYY-MM-DD');

/**
 * A finite number in [min, max] (an integer with `int`), from a query string or JSON: `1e19`,
 * `Infinity`, `NaN` and out-of-range values are a 400 naming the parameter, never a database
 * overflow. Query strings are coerced (`coerce: false` for JSON bodies).
 */
export function boundedNumber(options: { min: number; max: number; int?: boolean; coerce?: boolean }) {
  const what = options.int ? `an integer from ${options.min} to ${options.max}` : `a number from ${options.min} to ${options.max}`;
  // zod 4 numbers refuse Infinity and NaN.
  const base = options.coerce === false ? z.number({ error: `must be ${what}` }) : z.coerce.number({ error: `must be ${what}` });
  // The bounds first: a huge number's first issue is then "must be an integer from 1 to 100", not
  // zod's own safe-integer bound ("expected int to be <=9007199254740991").
  const bounded = base.min(options.min, `must be ${what}`).max(options.max, `must be ${what}`);
  return options.int ? bounded.int(`must be ${what}`) : bounded;
}

/**
 * A list route's `limit` query parameter from its declared bounds (`LIST_LIMITS` in
 * schema/limits.ts): a whole number from 1 to `max`, `default` when not given.
 */
export const listLimit = (bounds: { default: number; max: number }) => z.coerce.number().int().min(1).max(bounds.max).default(bounds.default);

/**
 * A refinement refusing a date range whose first day is after its last: `schema.refine(...orderedRange('start', 'end'))`.
 * Each door says where (`invalid parameter 'start': is after 'end'`). A reversed range used to be
 * an empty answer on some doors and a 400 on others: an agent that swapped the dates concluded
 * the data did not exist.
 */
export function orderedRange<F extends string, L extends string>(first: F, last: L) {
  const check = (q: { [K in F | L]?: string | null }): boolean => !(q[first] && q[last] && q[first]! > q[last]!);
  const issue: { message: string; path: PropertyKey[] } = { message: `is after '${last}'`, path: [first] };
  return [check, issue] as const;
}

/** Largest money amount or market value a parameter takes (USD): far above any real one, far below overflow. */
export const MAX_AMOUNT_USD = 1e15;

/** Decimal places a quantity of shares may have (paper orders, portfolio positions; shares are kept to 8). */
export const SHARE_DECIMALS = 8;

/**
 * `n` rounded to `places` decimal places, as decimal text rounds it (`toFixed`: the exact value of
 * the double, then back to the nearest double). `Math.round(n * 1e8) / 1e8` is not that once
 * `n * 1e8` passes 2^53: 97,144,803,237 shares came back as another number, and an outside pass
 * found about 18 % of whole share counts up to 1e12 refused as having more than 8 decimal places.
 *
 * @example
 * roundToDecimals(44414247.84, 8); // 44414247.84
 * roundToDecimals(0.123456789, 8); // 0.12345679
 */
export const roundToDecimals = (n: number, places: number): number => Number(n.toFixed(places));

/** A quantity of shares as it is kept: to SHARE_DECIMALS places. */
export const roundShares = (n: number): number => roundToDecimals(n, SHARE_DECIMALS);

/** Decimal places a per-share price is kept to (a position's cost basis, a paper average cost). */
export const PRICE_DECIMALS = 4;

/** A per-share price as it is kept: to PRICE_DECIMALS places, so averages do not drift. */
export const roundPrice = (n: number): number => roundToDecimals(n, PRICE_DECIMALS);

/**
 * True when `n` has at most `places` decimal places. A quantity with more was stored, then shown
 * and replayed rounded to 8 places: a position of 1e-12 shares was accepted and showed as 0.
 *
 * @example
 * withinDecimals(0.01257967, 8); // true
 * withinDecimals(1e-12, 8); // false
 * withinDecimals(97144803237, 8); // true
 */
export const withinDecimals = (n: number, places: number): boolean => roundToDecimals(n, places) === n;

/**
 * The characters of a ticker symbol, as every door's ticker parameter takes them: letters, digits,
 * '.', '-' and '^' (BRK-B, BRK.B, ^GSPC). Some routes took any text of 1-12 characters and answered
 * an emoji or a quote as an unknown ticker, echoing it back, where others said 400 (an outside pass).
 */
const TICKER_CHARACTER = '[A-Za-z0-9.\\-^]';
export const TICKER_CHARACTERS = new RegExp(`^${TICKER_CHARACTER}+$`);
/** `TICKER_CHARACTERS`, or nothing (a parameter whose absence its handler names itself). */
export const TICKER_CHARACTERS_OR_EMPTY = new RegExp(`^${TICKER_CHARACTER}*$`);

/**
 * A CIK written as text (a path segment, a query string, an MCP argument given as a string): 1 to
 * 10 digits, leading zeros allowed, not zero. `"0"` passed the digits-only check where the number 0
 * was refused, and reached the handler as an unknown filer (an outside pass).
 */
export const CIK_TEXT = /^(?=\d{1,10}$)0*[1-9]\d*$/;
/** What a CIK must be, in a refusal. */
export const CIK_RULE = 'must be a CIK: an integer from 1 to 9999999999, leading zeros allowed';

/**
 * A SEC CIK: a positive integer of at most 10 digits, given as a number or as `CIK_TEXT`. Text is
 * read only in that form: a number's other spellings (`1e3`, `1331680.0`, ` 42`, 11 digits) were
 * coerced on REST's `owner_cik` where `cik` refused them (an outside pass).
 */
export const Cik = z.preprocess(
  (v) => (typeof v === 'string' && CIK_TEXT.test(v) ? Number(v) : v),
  z.number({ error: CIK_RULE }).int(CIK_RULE).min(1, CIK_RULE).max(9_999_999_999, CIK_RULE),
);

/**
 * Characters no input string may hold: C0 controls other than tab, LF and CR, DEL, the C1 controls
 * (U+0080-U+009F), and the bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069). A NUL byte is refused by PostgreSQL text columns; the others are never
 * meaningful in a name or a symbol, and a bidi override makes a name display as other text than it
 * holds (an outside pass registered a display name with U+202E, and saw tickers holding it echoed).
 */
export const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

/** How deep request input may nest (objects and arrays); deeper is refused with a 400. */
export const MAX_INPUT_DEPTH = 32;

/** What is wrong with request input before any schema reads it, and where (`params.sector`, `name`). */
export interface InputFault {
  problem: 'control character' | 'too deep';
  at: string;
  /** The control character found (a control-character fault). */
  char?: string;
}

/**
 * Half of a UTF-16 surrogate pair without its other half: not text (JSON's `"\udc00"` escape and
 * GraphQL's can carry one; UTF-8 cannot). Refused in every input string as the controls are: a
 * search read `a\udc00` as `a` on two doors while the third could not be sent it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first `CONTROL_CHARACTER` (or lone surrogate) of `s`, or undefined. */
const controlIn = (s: string): string | undefined => CONTROL_CHARACTER.exec(s)?.[0] ?? LONE_SURROGATE.exec(s)?.[0];

/**
 * What a control-character fault says: C0 controls and DEL as before ("must not contain control
 * characters"); a C1 or bidirectional control by its code point and kind, as the name rule says it.
 */
export function controlCharacterMessage(fault: InputFault): string {
  const c = fault.char;
  if (!c || /[\u0000-\u001F\u007F]/.test(c)) return 'must not contain control characters';
  return nameFault(c) ?? 'must not contain control characters';
}

/**
 * The first string or key in `value` holding a control character, or the first value nested
 * deeper than MAX_INPUT_DEPTH; null when there is neither. Walked with a stack of its own and one
 * path, never recursion and never a path copied per level: a 20 KB body nested 10,000 deep
 * overflowed the call stack (a 500), and copying the path at every level made a 1 MB body of such
 * nesting hold the event loop for 28 s (found by probing from outside).
 */
export function inputFault(value: unknown): InputFault | null {
  if (typeof value === 'string') {
    const char = controlIn(value);
    return char ? { problem: 'control character', at: '(value)', char } : null;
  }
  if (!value || typeof value !== 'object') return null;
  const path: string[] = [];
  const stack: { of: Record<string, unknown>; keys: string[]; next: number }[] = [{ of: value as Record<string, unknown>, keys: Object.keys(value), next: 0 }];
  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next === top.keys.length) {
      stack.pop();
      path.pop();
      continue;
    }
    const key = top.keys[top.next++]!;
    const inKey = controlIn(key);
    if (inKey) return { problem: 'control character', at: [...path, key.replace(new RegExp(`${CONTROL_CHARACTER.source}|${LONE_SURROGATE.source}`, 'g'), '?')].join('.'), char: inKey };
    const v = top.of[key];
    if (typeof v === 'string') {
      const char = controlIn(v);
      if (char) return { problem: 'control character', at: [...path, key].join('.'), char };
    } else if (v && typeof v === 'object') {
      if (stack.length === MAX_INPUT_DEPTH) return { problem: 'too deep', at: [...path, key].join('.') };
      path.push(key);
      stack.push({ of: v as Record<string, unknown>, keys: Object.keys(v), next: 0 });
    }
  }
  return null;
}

/**
 * Characters no name may hold, each with why: C0 and C1 controls and DEL; bidirectional controls
 * (embeddings, overrides, isolates and the marks), which reorder what a name shows; zero-width and
 * other invisible characters, which make two names look the same; and lone surrogates (half a
 * UTF-16 pair: not text, and PostgreSQL stored them as U+FFFD without a word).
 */
const NAME_FAULTS: readonly { chars: RegExp; why: string }[] = [
  { chars: /[\u0000-\u001F\u007F-\u009F]/, why: 'a control character' },
  { chars: /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/, why: 'a bidirectional control character' },
  { chars: /[\u200B-\u200D\u2060-\u2064\uFEFF]/, why: 'a zero-width (invisible) character' },
  { chars: LONE_SURROGATE, why: 'a lone surrogate, half of a UTF-16 pair' },
];

/** Why `name` is refused (the first character no name may hold, as U+XXXX, and what it is), or null. */
export function nameFault(name: string): string | null {
  for (const f of NAME_FAULTS) {
    const m = f.chars.exec(name);
    if (m) return `must not contain U+${m[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} (${f.why})`;
  }
  return null;
}

/**
 * The one rule for a name a user gives an object (watchlists, saved screens, API keys): trimmed,
 * NFC-normalised (so "Café" typed precomposed or with a combining accent is one name, stored and
 * compared for uniqueness the same way), not empty, at most `max` characters, and free of the
 * characters `nameFault` refuses. Messages name no field: each door says where.
 *
 * @example
 * Name(80).parse(' Cafe\u0301 '); // 'Café' (U+00E9)
 * Name(80).safeParse('a\u202Eb').success; // false: "must not contain U+202E (a bidirectional control character)"
 */
export function Name(max: number, empty = 'must not be empty') {
  return z
    .string()
    .trim()
    .normalize('NFC')
    .min(1, empty)
    .max(max)
    .superRefine((s, ctx) => {
      const why = nameFault(s);
      if (why) ctx.addIssue({ code: 'custom', message: why, input: s });
    });
}

/**
 * A schema-level zod error for a required parameter: its message when the value is absent, and
 * every other issue (too long, wrong characters) keeps its own message. A plain `{ error: '...' }`
 * would also replace those: a 50-character ticker was reported as missing.
 */
export function missing(message: string): (issue: { input?: unknown }) => string | undefined {
  return (issue) => (issue.input === undefined ? message : undefined);
}
