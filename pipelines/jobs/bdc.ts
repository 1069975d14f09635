/**
 * `bdc`: the SEC's quarterly BDC Data Sets -> `bdc_filings` (BDC submissions, file number 814-)
 * and `bdc_holdings` (loan-level schedule of investments, normalized). A data set is a folder
 * `www.sec.gov/files/dera/data/bdc-data-sets/<set>/` (`<yyyy>q<n>`, or `<yyyy>_<mm>` for the monthly
 * sets) holding `sub.tsv`, `soi.tsv` and optionally `num.tsv` (the SEC publishes each set as a zip
 * of these files; the mirror holds them unzipped). On the live source (which cannot list) it reads the DERA BDC data set zips,
 * published monthly as `www.sec.gov/files/structureddata/data/business-development-company-bdc-data-sets/<YYYY>_<MM>_bdc.zip`,
 * member by member (`<zip>!/soi.tsv`, sources/zip.ts), for each month from the newest filing date
 * loaded (cold start: `--since`, else twelve months back) to the last full month; a month not
 * published yet is passed over and asked again next run.
 * Point in time by filing date (`filed` of each submission).
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseBdcDataSet, type BdcDataSet } from '../parsers/bdc-dera.ts';
import { QuarantineError, type Job, type JobContext } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const BDC_DATA_SETS = 'www.sec.gov/files/dera/data/bdc-data-sets';
export const BDC_ZIPS = 'www.sec.gov/files/structureddata/data/business-development-company-bdc-data-sets';

/** Live: `<BDC_ZIPS>/<YYYY>_<MM>_bdc.zip!/soi.tsv` for each published month since the watermark. */
async function liveBdcDocuments(ctx: JobContext): Promise<string[]> {
  const today = ctx.today ?? new Date().toISOString().slice(0, 10);
  const mark = (await ctx.db.all<{ d: string | null }>('SELECT max(filed)::VARCHAR AS d FROM bdc_filings'))[0]?.d ?? null;
  const start = mark ?? ctx.since ?? `${Number(today.slice(0, 4)) - 1}-${today.slice(5, 7)}-01`;
  const out: string[] = [];
  for (let y = Number(start.slice(0, 4)), m = Number(start.slice(5, 7)); y * 12 + m < Number(today.slice(0, 4)) * 12 + Number(today.slice(5, 7)); m === 12 ? (y++, (m = 1)) : m++) {
    const zip = `${BDC_ZIPS}/${y}_${String(m).padStart(2, '0')}_bdc.zip`;
    // Fetches the zip (once; the members are then read from it): a month not published yet is skipped.
    if (await ctx.source.get(`${zip}!/sub.tsv`)) out.push(`${zip}!/soi.tsv`);
    else ctx.log(`no BDC data set at ${zip} yet`);
  }
  return out;
}

export interface ParsedBdc {
  dataset: string;
  data: BdcDataSet;
  /** `sub.tsv` was generated (mirror manifest): the submissions' flag. */
  syntheticFilings: boolean;
  /** `soi.tsv` or `num.tsv` was generated (or the submissions were): the holdings' flag. */
  syntheticHoldings: boolean;
}

export const bdcJob: Job<ParsedBdc> = {
  name: 'bdc',
  description: 'SEC BDC Data Sets (sub.tsv, soi.tsv, num.tsv) into bdc_filings, bdc_holdings',
  schedule: JOB_SCHEDULES['bdc'],
  after: ['companies'],
  async documents(ctx) {
    const listed = await ctx.source.list(BDC_DATA_SETS);
    if (listed === null) return liveBdcDocuments(ctx);
    return listed.filter((k) => k.endsWith('/soi.tsv')).sort();
  },
  async parse(doc, ctx) {
    const folder = doc.path.slice(0, doc.path.lastIndexOf('/'));
    const sub = await ctx.source.get(`${folder}/sub.tsv`);
    if (!sub) throw new QuarantineError(`${folder}/sub.tsv is missing`);
    const num = await ctx.source.get(`${folder}/num.tsv`);
    const data = parseBdcDataSet({ sub: sub.bytes.toString('utf8'), soi: doc.bytes.toString('utf8'), num: num?.bytes.toString('utf8') });
    // A real submission list can come with generated holdings (the sample's data set): each table
    // takes the flag of the files its rows came from.
    const syntheticFilings = Boolean(sub.synthetic);
    const syntheticHoldings = Boolean(syntheticFilings || doc.synthetic || num?.synthetic);
    return { dataset: folder.slice(folder.lastIndexOf('/') + 1).replace(/(_bdc)?\.zip!$/, ''), data, syntheticFilings, syntheticHoldings };
  },
  async load({ dataset, data, syntheticFilings, syntheticHoldings }, ctx) {
    const adsh = [...new Set([...data.submissions.map((s) => s.adsh), ...data.holdings.map((h) => h.adsh)])];
    await ctx.db.run('DELETE FROM bdc_holdings WHERE adsh IN (SELECT unnest($1::VARCHAR[]))', [adsh]);
    await ctx.db.run('DELETE FROM bdc_filings WHERE dataset = $1 OR adsh IN (SELECT unnest($2::VARCHAR[]))', [dataset, adsh]);
    let out = await appendRows(
      ctx.conn,
      'bdc_filings',
      data.submissions.map((s) => [s.adsh, s.cik, s.name, s.form, s.period, s.filed, s.accepted, s.fileNumber, dataset]),
      { synthetic: syntheticFilings },
    );
    out += await appendRows(
      ctx.conn,
      'bdc_holdings',
      data.holdings.map((h) => [
        h.adsh, h.row, h.cik, h.period, h.filed, h.borrower, h.industry, h.identifier, h.affiliation, h.investmentType, h.instrument,
        h.referenceRate, h.spread, h.pik, h.interestRate, h.maturity, h.principal, h.cost, h.fairValue, h.pctNetAssets, h.nonAccrual,
      ]),
      { synthetic: syntheticHoldings },
    );
    const watermark = data.submissions.reduce((m, s) => (s.filed > m ? s.filed : m), '');
    return { rowsIn: data.holdings.length, rowsOut: out, watermark: watermark || undefined };
  },
};
