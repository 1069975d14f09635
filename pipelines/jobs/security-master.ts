/**
 * `security-master`: one row per CUSIP seen in 13F tables or N-PORT holdings -> `securities`,
 * linking CUSIP, ISIN, CIK, ticker and issuer name. Share classes are kept apart at CUSIP level:
 * 1. the ticker funds report for that CUSIP in N-PORT (`nport-ticker`; the one most filings give),
 *    CIK from the company list;
 * 2. an equity whose issuer name matches a company-list name after normalization (upper-case,
 *    punctuation removed, legal suffixes dropped, TR -> TRUST so a fund trust is not its manager):
 *    - an issuer with one listed share class -> its primary listing (`name-match`);
 *    - an issuer with several listed classes (tickers sharing a root: GOOGL/GOOG, BRK-A/BRK-B,
 *      FOXA/FOX) is never mapped by its name alone: the class the 13F/N-PORT title names
 *      ("CAP STK CL C", "CL B NEW") must match a ticker's class suffix (BRK-B, FOXA: `name-class`),
 *      or be the one class left once the issuer's other CUSIPs have their tickers
 *      (`class-elimination`); else the CUSIP stays unmapped (ambiguous).
 * Debt (N-PORT units PA) gets the issuer's CIK from a name match but never a share ticker.
 * Unmapped CUSIPs stay in the table with a null ticker (listed by `securityMasterCoverage`).
 * No documents: everything happens in `finish`, after the jobs it reads.
 */
import { appendRows } from '../../warehouse/load.ts';
import type { Job } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

const SUFFIXES = new Set(['INC', 'INCORPORATED', 'CORP', 'CORPORATION', 'CO', 'COMPANY', 'LTD', 'LIMITED', 'PLC', 'LP', 'LLC', 'THE', 'NEW', 'DEL', 'SA', 'NV', 'AG', 'SE', 'HLDGS', 'HOLDINGS', 'GROUP', 'COM']);

/** Normalizes an issuer or company name for matching ("Tesla, Inc." and "TESLA INC" -> "TESLA"; "WISDOMTREE TR" -> "WISDOMTREE TRUST"). */
export function normalizeIssuer(name: string): string {
  return name
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .split(' ')
    .map((w) => (w === 'TR' ? 'TRUST' : w))
    .filter((w) => w && !SUFFIXES.has(w))
    .join(' ');
}

/** Preferred shares, warrants, units and rights: listed lines that are not a share class. */
const NOT_A_SHARE_CLASS = /[-./](?:P[A-Z]?|WT?S?|U|UN|R|RT|RI)$/;

/** The class letter a security title names: "CAP STK CL C" -> C, "Class A Capital Stock" -> A, "COM" -> null. */
export function classLetter(title: string | null): string | null {
  const m = /\b(?:CL|CLASS|SER|SERIES)\s*([A-Z])\b/i.exec(title ?? '');
  return m ? m[1]!.toUpperCase() : null;
}

/** Two tickers are share classes of one root: GOOG/GOOGL, BRK-A/BRK-B, FOX/FOXA, Z/ZG (not CMCSA/CCZ, JPM/AMJ). */
function sameRoot(a: string, b: string): boolean {
  const x = a.replace(/[-./]/g, '');
  const y = b.replace(/[-./]/g, '');
  let p = 0;
  while (p < x.length && p < y.length && x[p] === y[p]) p++;
  const [short, long] = x.length <= y.length ? [x, y] : [y, x];
  if (p === short.length && long.length === short.length + 1) return true; // FOX + A, GOOG + L, Z + G
  return x.length === y.length && p >= 2 && p === x.length - 1; // BRKA / BRKB, LBRDA / LBRDK
}

/** The ticker of `classes` whose class suffix is `letter`: BRK-B for B; FOXA (FOX + A) for A. */
function tickerOfClass(classes: string[], letter: string): string | null {
  const hits = classes.filter((t) => new RegExp(`[-./]${letter}$`).test(t) || classes.some((o) => o !== t && t === `${o.replace(/[-./]/g, '')}${letter}`));
  return hits.length === 1 ? hits[0]! : null;
}

interface Candidate {
  cusip: string;
  isin: string | null;
  ticker: string | null;
  lei: string | null;
  name: string;
  title: string | null;
  equity: boolean;
  sources: Set<string>;
}

export const securityMasterJob: Job<never> = {
  name: 'security-master',
  description: 'Security master (CUSIP, ISIN, CIK, ticker, issuer) from 13F, N-PORT and the company list',
  schedule: JOB_SCHEDULES['security-master'],
  after: ['companies', '13f', 'nport', 'insiders'],
  derived: true,
  documents: async () => [],
  parse() {
    throw new Error('security-master has no documents');
  },
  async load() {
    return { rowsIn: 0, rowsOut: 0 };
  },
  async finish(ctx) {
    const companies = await ctx.db.all<{ cik: number; ticker: string; name: string; rank: number }>('SELECT cik, ticker, name, rank FROM companies ORDER BY rank');
    const byTicker = new Map(companies.map((c) => [c.ticker, c]));
    const byName = new Map<string, { cik: number; ticker: string }>();
    const tickersOf = new Map<number, string[]>();
    for (const c of companies) {
      const key = normalizeIssuer(c.name);
      if (key && !byName.has(key)) byName.set(key, c);
      tickersOf.set(c.cik, [...(tickersOf.get(c.cik) ?? []), c.ticker]);
    }
    /** The listed share classes of a CIK: its primary listing and the tickers sharing its root. */
    const classesOf = (cik: number): string[] => {
      const all = (tickersOf.get(cik) ?? []).filter((t) => !NOT_A_SHARE_CLASS.test(t));
      const primary = all[0];
      return primary ? all.filter((t) => t === primary || sameRoot(t, primary) || all.some((o) => o !== t && sameRoot(t, o) && sameRoot(o, primary))) : [];
    };
    const cands = new Map<string, Candidate>();
    // Per CUSIP, the ticker most N-PORT filings report (the latest filing breaks ties); null only when none does.
    const nport = await ctx.db.all<{ cusip: string; isin: string | null; ticker: string | null; lei: string | null; name: string; title: string | null; units: string | null; asset_cat: string | null }>(
      `WITH t AS (
         SELECT cusip, ticker, count(*) AS n, max(filed) AS last FROM nport_holdings WHERE cusip IS NOT NULL AND ticker IS NOT NULL GROUP BY cusip, ticker),
       best AS (SELECT cusip, arg_max(ticker, n * 100000 + epoch(last) / 86400) AS ticker FROM t GROUP BY cusip)
       SELECT h.cusip, arg_max(h.isin, h.filed) AS isin, any_value(best.ticker) AS ticker, arg_max(h.lei, h.filed) AS lei, arg_max(h.name, h.filed) AS name,
              arg_max(h.title, h.filed) AS title, arg_max(h.units, h.filed) AS units, arg_max(h.asset_cat, h.filed) AS asset_cat
       FROM nport_holdings h LEFT JOIN best USING (cusip) WHERE h.cusip IS NOT NULL GROUP BY h.cusip`,
    );
    for (const r of nport) {
      cands.set(r.cusip, { cusip: r.cusip, isin: r.isin, ticker: r.ticker, lei: r.lei, name: r.name, title: r.title, equity: r.units === 'NS' || r.asset_cat === 'EC' || r.asset_cat === 'EP', sources: new Set(['nport']) });
    }
    const f13 = await ctx.db.all<{ cusip: string; issuer: string; title: string | null; put_call: string | null }>(
      'SELECT cusip, arg_max(issuer, filed) AS issuer, arg_max(title_of_class, filed) AS title, min(put_call) AS put_call FROM f13_holdings GROUP BY cusip',
    );
    for (const r of f13) {
      const c = cands.get(r.cusip);
      if (c) {
        c.sources.add('13f');
        c.title ??= r.title;
      } else cands.set(r.cusip, { cusip: r.cusip, isin: null, ticker: null, lei: null, name: r.issuer, title: r.title, equity: !/\b(NOTE|BOND|DEBT|DEB)\b/i.test(r.title ?? ''), sources: new Set(['13f']) });
    }
    interface Mapped { c: Candidate; ticker: string | null; cik: number | null; mappedBy: string | null; pending: boolean }
    const out: Mapped[] = [];
    for (const c of cands.values()) {
      const m: Mapped = { c, ticker: null, cik: null, mappedBy: null, pending: false };
      out.push(m);
      if (c.ticker && /^[A-Z][A-Z0-9.\-]{0,9}$/.test(c.ticker)) {
        m.ticker = c.ticker;
        m.cik = byTicker.get(c.ticker)?.cik ?? null;
        m.mappedBy = 'nport-ticker';
      }
      const match = byName.get(normalizeIssuer(c.name));
      if (!match) continue;
      m.cik ??= match.cik;
      if (m.ticker || !c.equity) continue;
      const classes = classesOf(match.cik);
      if (classes.length <= 1) {
        m.ticker = match.ticker;
        m.mappedBy = 'name-match';
        continue;
      }
      // Several listed classes: the name alone cannot say which one this CUSIP is.
      const letter = classLetter(c.title);
      const t = letter ? tickerOfClass(classes, letter) : null;
      if (t) {
        m.ticker = t;
        m.mappedBy = 'name-class';
      } else m.pending = true;
    }
    // The one class left: an issuer's CUSIP whose class is unknown gets the only listed class no
    // other CUSIP of the issuer has, when it is the only such CUSIP.
    const byCik = new Map<number, Mapped[]>();
    for (const m of out) if (m.cik !== null && m.c.equity) byCik.set(m.cik, [...(byCik.get(m.cik) ?? []), m]);
    for (const [cik, list] of byCik) {
      const pending = list.filter((m) => m.pending);
      if (pending.length !== 1) continue;
      const taken = new Set(list.map((m) => m.ticker));
      const left = classesOf(cik).filter((t) => !taken.has(t));
      if (left.length === 1) {
        pending[0]!.ticker = left[0]!;
        pending[0]!.mappedBy = 'class-elimination';
      }
    }
    const rows = out.map(({ c, ticker, cik, mappedBy }) => [c.cusip, c.isin, ticker, cik, c.name, c.title, c.lei, mappedBy, [...c.sources].sort().join(',')]);
    await ctx.db.run('DELETE FROM securities');
    return appendRows(ctx.conn, 'securities', rows);
  },
};
