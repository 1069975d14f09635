/**
 * `bdc`: the SEC's quarterly BDC Data Sets -> `bdc_filings` (BDC submissions, file number 814-)
 * and `bdc_holdings` (loan-level schedule of investments, normalized). A data set is a folder
 * `www.sec.gov/files/dera/data/bdc-data-sets/<yyyy>q<n>/` holding `sub.tsv`, `soi.tsv` and
 * optionally `num.tsv` (the SEC publishes each quarter as a zip of these files; the mirror holds
 * them unzipped). The edgar source cannot list that folder, so this job runs on a mirror.
 * Point in time by filing date (`filed` of each submission).
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseBdcDataSet, type BdcDataSet } from '../parsers/bdc-dera.ts';
import { QuarantineError, type Job } from './interface.ts';

export const BDC_DATA_SETS = 'www.sec.gov/files/dera/data/bdc-data-sets';

export interface ParsedBdc {
  dataset: string;
  data: BdcDataSet;
}

export const bdcJob: Job<ParsedBdc> = {
  name: 'bdc',
  description: 'SEC BDC Data Sets (sub.tsv, soi.tsv, num.tsv) into bdc_filings, bdc_holdings',
  schedule: '0 7 * * *',
  after: ['companies'],
  async documents(ctx) {
    const listed = await ctx.source.list(BDC_DATA_SETS);
    if (listed === null) {
      ctx.log('the edgar source cannot list the BDC data sets; run the bdc job on a mirror of the unzipped quarterly files');
      return [];
    }
    return listed.filter((k) => k.endsWith('/soi.tsv')).sort();
  },
  async parse(doc, ctx) {
    const folder = doc.path.slice(0, doc.path.lastIndexOf('/'));
    const sub = await ctx.source.get(`${folder}/sub.tsv`);
    if (!sub) throw new QuarantineError(`${folder}/sub.tsv is missing`);
    const num = await ctx.source.get(`${folder}/num.tsv`);
    const data = parseBdcDataSet({ sub: sub.bytes.toString('utf8'), soi: doc.bytes.toString('utf8'), num: num?.bytes.toString('utf8') });
    return { dataset: folder.slice(folder.lastIndexOf('/') + 1), data };
  },
  async load({ dataset, data }, ctx) {
    const adsh = [...new Set([...data.submissions.map((s) => s.adsh), ...data.holdings.map((h) => h.adsh)])];
    await ctx.db.run('DELETE FROM bdc_holdings WHERE adsh IN (SELECT unnest($1::VARCHAR[]))', [adsh]);
    await ctx.db.run('DELETE FROM bdc_filings WHERE dataset = $1 OR adsh IN (SELECT unnest($2::VARCHAR[]))', [dataset, adsh]);
    let out = await appendRows(
      ctx.conn,
      'bdc_filings',
      data.submissions.map((s) => [s.adsh, s.cik, s.name, s.form, s.period, s.filed, s.accepted, s.fileNumber, dataset]),
    );
    out += await appendRows(
      ctx.conn,
      'bdc_holdings',
      data.holdings.map((h) => [
        h.adsh, h.row, h.cik, h.period, h.filed, h.borrower, h.industry, h.identifier, h.affiliation, h.investmentType, h.instrument,
        h.referenceRate, h.spread, h.pik, h.interestRate, h.maturity, h.principal, h.cost, h.fairValue, h.pctNetAssets, h.nonAccrual,
      ]),
    );
    const watermark = data.submissions.reduce((m, s) => (s.filed > m ? s.filed : m), '');
    return { rowsIn: data.holdings.length, rowsOut: out, watermark: watermark || undefined };
  },
};
