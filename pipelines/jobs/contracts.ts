/**
 * `contracts`: USAspending.gov prime contract award summaries (CSV,
 * `files.usaspending.gov/generated_downloads/Contracts_PrimeAwardSummaries*.csv`) ->
 * `federal_awards`. A document owns its rows; an award listed in several files is served from the
 * one modified last.
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseUsaspendingContracts, type FederalAward } from '../parsers/usaspending.ts';
import type { Job } from './interface.ts';

export const USASPENDING_PREFIX = 'files.usaspending.gov/generated_downloads';

export const contractsJob: Job<FederalAward[]> = {
  name: 'contracts',
  description: 'USAspending prime contract award summaries (CSV) into federal_awards',
  // USAspending publishes award data nightly.
  schedule: '45 7 * * *',
  async documents(ctx) {
    const listed = await ctx.source.list(USASPENDING_PREFIX);
    if (listed === null) {
      ctx.log('the source cannot list folders: USAspending files come from a mirror (mirror:<dir> or landing)');
      return [];
    }
    return listed.filter((p) => /\/Contracts_PrimeAwardSummaries[^/]*\.csv$/i.test(p)).sort();
  },
  parse(doc) {
    return parseUsaspendingContracts(doc.bytes.toString('utf8'));
  },
  async load(rows, ctx, doc) {
    await ctx.db.run('DELETE FROM federal_awards WHERE source = $1', [doc.path]);
    const rowsOut = await appendRows(
      ctx.conn,
      'federal_awards',
      rows.map((r) => [
        r.awardKey, r.piid, r.parentPiid, r.awardingAgency, r.awardingSubAgency, r.fundingAgency, r.recipientName, r.recipientUei,
        r.parentName, r.parentUei, r.recipientCity, r.recipientState, r.recipientCountry, r.obligated, r.currentValue, r.potentialValue,
        r.baseActionDate, r.latestActionDate, r.fiscalYear, r.startDate, r.endDate, r.potentialEndDate, r.awardType, r.naicsCode,
        r.naicsDescription, r.pscCode, r.pscDescription, r.description, r.permalink, r.lastModified, doc.path,
      ]),
      { synthetic: doc.synthetic },
    );
    const dates = rows.map((r) => r.latestActionDate).filter((d): d is string => d !== null).sort();
    return { rowsIn: rows.length, rowsOut, watermark: dates.at(-1) };
  },
};
