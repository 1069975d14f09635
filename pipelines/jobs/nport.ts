/**
 * `nport`: N-PORT-P filings -> `nport_filings`, `nport_holdings` (every holding, with debt terms),
 * and the SEC's fund share-class ticker list (`www.sec.gov/files/company_tickers_mf.json`) ->
 * `fund_classes`, which maps a fund symbol to its series. Feeds ETF profiles and holdings, the
 * bond index and the "which funds hold this security" view.
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseNport, type NportFiling } from '../parsers/nport.ts';
import type { SubmissionHeader } from '../parsers/edgar-submission-txt.ts';
import { filedBasis, findXml, listFilings, noteFiledFrom, openFiling } from './ownership-filings.ts';
import { QuarantineError, type Job } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const NPORT_FORMS = ['NPORT-P', 'NPORT-P/A'];
export const FUND_TICKERS = 'www.sec.gov/files/company_tickers_mf.json';

export type ParsedNport =
  | { kind: 'filing'; header: SubmissionHeader; path: string; filing: NportFiling }
  | { kind: 'classes'; classes: { symbol: string; cik: number; seriesId: string | null; classId: string | null }[] };

/** Parses `company_tickers_mf.json`: `{"fields":["cik","seriesId","classId","symbol"],"data":[...]}`. */
export function parseFundTickers(json: unknown): { symbol: string; cik: number; seriesId: string | null; classId: string | null }[] {
  const obj = json as { fields?: string[]; data?: unknown[][] };
  if (!Array.isArray(obj?.fields) || !Array.isArray(obj.data)) throw new QuarantineError('fund ticker list has no fields/data arrays');
  const at = (n: string): number => obj.fields!.indexOf(n);
  const [ci, si, ki, yi] = [at('cik'), at('seriesId'), at('classId'), at('symbol')];
  if (ci < 0 || yi < 0) throw new QuarantineError('fund ticker list lacks cik or symbol');
  const seen = new Set<string>();
  const out = [];
  for (const row of obj.data) {
    const symbol = String(row[yi] ?? '').trim().toUpperCase();
    if (!symbol || seen.has(symbol)) continue;
    seen.add(symbol);
    out.push({ symbol, cik: Number(row[ci]), seriesId: si >= 0 ? ((row[si] as string) ?? null) : null, classId: ki >= 0 ? ((row[ki] as string) ?? null) : null });
  }
  return out;
}

export const nportJob: Job<ParsedNport> = {
  name: 'nport',
  description: 'N-PORT-P fund holdings (and the fund ticker list) into nport_filings, nport_holdings, fund_classes',
  schedule: JOB_SCHEDULES['nport'],
  after: ['companies'],
  async documents(ctx) {
    const files = await ctx.source.list('www.sec.gov/files');
    const classes = files === null || files.includes(FUND_TICKERS) ? [FUND_TICKERS] : [];
    return [...classes, ...(await listFilings(ctx, (f) => NPORT_FORMS.includes(f), NPORT_FORMS))];
  },
  async parse(source, ctx) {
    if (source.path === FUND_TICKERS) return { kind: 'classes', classes: parseFundTickers(JSON.parse(source.bytes.toString('utf8'))) };
    const filing = await openFiling(source, ctx);
    const xml = findXml(filing, 'edgarSubmission');
    if (!xml) throw new QuarantineError(`no N-PORT XML in filing ${filing.header.accession}`);
    return { kind: 'filing', header: filing.header, path: filing.path, filing: parseNport(xml.text) };
  },
  async load(p, ctx, doc) {
    const synthetic = { synthetic: doc.synthetic };
    if (p.kind === 'classes') {
      await ctx.db.run('DELETE FROM fund_classes');
      const out = await appendRows(ctx.conn, 'fund_classes', p.classes.map((c) => [c.symbol, c.cik, c.seriesId, c.classId]), synthetic);
      return { rowsIn: p.classes.length, rowsOut: out };
    }
    const { header, filing: f } = p;
    const acc = header.accession;
    await ctx.db.run('DELETE FROM nport_holdings WHERE accession = $1', [acc]);
    await ctx.db.run('DELETE FROM nport_filings WHERE accession = $1', [acc]);
    let out = await appendRows(ctx.conn, 'nport_filings', [
      [acc, header.form, header.filed, f.regCik, f.regName, f.seriesId, f.seriesName, f.seriesLei, f.classIds.join(','), f.periodEnd, f.periodDate, f.totalAssets, f.totalLiabilities, f.netAssets, f.holdings.length, p.path, filedBasis(header)],
    ], synthetic);
    out += await appendRows(
      ctx.conn,
      'nport_holdings',
      f.holdings.map((h) => [
        acc, h.row, f.seriesId, f.regCik, f.periodDate, header.filed, h.name, h.lei, h.title, h.cusip, h.isin, h.ticker?.toUpperCase() ?? null, h.otherIds,
        h.balance, h.units, h.currency, h.valueUsd, h.pctNetAssets, h.payoffProfile, h.assetCat, h.issuerCat, h.country, h.isRestricted,
        h.fairValueLevel, h.maturity, h.couponKind, h.couponRate, h.isDefault, h.interestInArrears, h.isPik,
      ]),
      synthetic,
    );
    await noteFiledFrom(ctx, p.path, header);
    return { rowsIn: f.holdings.length, rowsOut: out, watermark: header.filed };
  },
};
