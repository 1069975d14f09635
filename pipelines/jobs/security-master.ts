/**
 * `security-master`: one row per CUSIP seen in 13F tables or N-PORT holdings -> `securities`,
 * linking CUSIP, ISIN, CIK, ticker and issuer name. Mapping, in order:
 * 1. a ticker the fund reported for that CUSIP in N-PORT (`nport-ticker`), CIK from the company list;
 * 2. an equity whose issuer name matches a company-list name after normalization (`name-match`):
 *    upper-case, punctuation removed, legal suffixes (INC, CORP, CO, PLC ...) dropped.
 * Debt (N-PORT units PA) gets the issuer's CIK from a name match but never a share ticker.
 * Unmapped CUSIPs stay in the table with a null ticker (listed by `securityMasterCoverage`).
 * No documents: everything happens in `finish`, after the jobs it reads.
 */
import { appendRows } from '../../warehouse/load.ts';
import type { Job } from './interface.ts';

const SUFFIXES = new Set(['INC', 'INCORPORATED', 'CORP', 'CORPORATION', 'CO', 'COMPANY', 'LTD', 'LIMITED', 'PLC', 'LP', 'LLC', 'THE', 'NEW', 'DEL', 'SA', 'NV', 'AG', 'SE', 'HLDGS', 'HOLDINGS', 'GROUP', 'COM', 'TRUST', 'TR']);

/** Normalizes an issuer or company name for matching ("Tesla, Inc." and "TESLA INC" -> "TESLA"). */
export function normalizeIssuer(name: string): string {
  return name
    .toUpperCase()
    .replace(/&/g, ' AND ')
    .replace(/[^A-Z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !SUFFIXES.has(w))
    .join(' ');
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
  schedule: '0 8 * * *',
  after: ['companies', '13f', 'nport', 'insiders'],
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
    for (const c of companies) {
      const key = normalizeIssuer(c.name);
      if (key && !byName.has(key)) byName.set(key, c);
    }
    const cands = new Map<string, Candidate>();
    const nport = await ctx.db.all<{ cusip: string; isin: string | null; ticker: string | null; lei: string | null; name: string; title: string | null; units: string | null; asset_cat: string | null }>(
      `SELECT cusip, arg_max(isin, filed) AS isin, arg_max(ticker, filed) AS ticker, arg_max(lei, filed) AS lei, arg_max(name, filed) AS name,
              arg_max(title, filed) AS title, arg_max(units, filed) AS units, arg_max(asset_cat, filed) AS asset_cat
       FROM nport_holdings WHERE cusip IS NOT NULL GROUP BY cusip`,
    );
    for (const r of nport) {
      cands.set(r.cusip, { cusip: r.cusip, isin: r.isin, ticker: r.ticker, lei: r.lei, name: r.name, title: r.title, equity: r.units === 'NS' || r.asset_cat === 'EC' || r.asset_cat === 'EP', sources: new Set(['nport']) });
    }
    const f13 = await ctx.db.all<{ cusip: string; issuer: string; title: string | null; put_call: string | null }>(
      'SELECT cusip, arg_max(issuer, filed) AS issuer, arg_max(title_of_class, filed) AS title, min(put_call) AS put_call FROM f13_holdings GROUP BY cusip',
    );
    for (const r of f13) {
      const c = cands.get(r.cusip);
      if (c) c.sources.add('13f');
      else cands.set(r.cusip, { cusip: r.cusip, isin: null, ticker: null, lei: null, name: r.issuer, title: r.title, equity: !/\b(NOTE|BOND|DEBT|DEB)\b/i.test(r.title ?? ''), sources: new Set(['13f']) });
    }
    const rows: unknown[][] = [];
    for (const c of cands.values()) {
      let ticker: string | null = null;
      let cik: number | null = null;
      let mappedBy: string | null = null;
      if (c.ticker && /^[A-Z][A-Z0-9.\-]{0,9}$/.test(c.ticker)) {
        ticker = c.ticker;
        cik = byTicker.get(c.ticker)?.cik ?? null;
        mappedBy = 'nport-ticker';
      }
      const match = byName.get(normalizeIssuer(c.name));
      if (match) {
        cik ??= match.cik;
        if (!ticker && c.equity) {
          ticker = match.ticker;
          mappedBy = 'name-match';
        }
      }
      const isin = c.isin;
      rows.push([c.cusip, isin, ticker, cik, c.name, c.title, c.lei, mappedBy, [...c.sources].sort().join(',')]);
    }
    await ctx.db.run('DELETE FROM securities');
    return appendRows(ctx.conn, 'securities', rows);
  },
};
