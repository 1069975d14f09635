/**
 * `banks`: FDIC BankFind institutions (CSV download, `banks.data.fdic.gov/api/institutions*.csv`;
 * on the live source the BankFind API's active institutions as CSV) -> `fdic_institutions`. A document owns its rows; the API reads the latest report per CERT.
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseFdicInstitutions, type FdicInstitution } from '../parsers/fdic.ts';
import { FDIC_INSTITUTIONS } from '../sources/http.ts';
import type { Job } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const FDIC_PREFIX = 'banks.data.fdic.gov/api';

export const banksJob: Job<FdicInstitution[]> = {
  name: 'banks',
  description: 'FDIC BankFind institutions (CSV) into fdic_institutions',
  // BankFind refreshes institution data daily and Call Report figures quarterly.
  schedule: JOB_SCHEDULES['banks'],
  async documents(ctx) {
    const listed = await ctx.source.list(FDIC_PREFIX);
    // Live: BankFind's institutions API (active institutions, CSV; sources/http.ts builds the URL).
    if (listed === null) return [FDIC_INSTITUTIONS];
    return listed.filter((p) => /\/institutions[^/]*\.csv$/i.test(p)).sort();
  },
  parse(doc) {
    return parseFdicInstitutions(doc.bytes.toString('utf8'));
  },
  async load(rows, ctx, doc) {
    await ctx.db.run('DELETE FROM fdic_institutions WHERE source = $1', [doc.path]);
    const rowsOut = await appendRows(
      ctx.conn,
      'fdic_institutions',
      rows.map((r) => [
        r.cert, r.name, r.fedRssd, r.address, r.city, r.state, r.stateName, r.zip, r.active, r.bankClass, r.regulator,
        r.holdingCompany, r.holdingCompanyRssd, r.totalAssets, r.totalDeposits, r.domesticDeposits, r.netIncome, r.roa, r.roe,
        r.offices, r.reportDate, r.established, r.insuredSince, r.inactiveSince, r.website, doc.path,
      ]),
      { synthetic: doc.synthetic },
    );
    const dates = rows.map((r) => r.reportDate).filter((d): d is string => d !== null).sort();
    return { rowsIn: rows.length, rowsOut, watermark: dates.at(-1) };
  },
};
