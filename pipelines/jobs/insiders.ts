/**
 * `insiders`: Forms 3, 4, 5 and amendments -> `insider_filings`, `insider_owners`,
 * `insider_transactions`. Point in time by filing date (from the submission header; the XML has
 * none).
 *
 * Amendments (finish step): a 3/A, 4/A or 5/A is linked to the filing it amends (same issuer and
 * first reporting owner, filed on the amendment's `dateOfOriginalSubmission`, else the latest
 * earlier original for the same period). It replaces the original's rows only in the sections it
 * reports (non-derivative transactions, non-derivative holdings, derivative transactions,
 * derivative holdings): a holdings-only amendment leaves the original's trades in place.
 */
import { appendRows } from '../../warehouse/load.ts';
import { parseOwnershipXml, type OwnershipDocument } from '../parsers/ownership-xml.ts';
import type { SubmissionHeader } from '../parsers/edgar-submission-txt.ts';
import { filedBasis, findXml, listFilings, noteFiledFrom, openFiling } from './ownership-filings.ts';
import { QuarantineError, type Job } from './interface.ts';
import { JOB_SCHEDULES } from '../../schema/schedules.ts';

export const INSIDER_FORMS = ['3', '4', '5', '3/A', '4/A', '5/A'];

export interface ParsedInsiderFiling {
  header: SubmissionHeader;
  path: string;
  doc: OwnershipDocument;
}

export const insidersJob: Job<ParsedInsiderFiling> = {
  name: 'insiders',
  description: 'Forms 3/4/5 and amendments (ownership XML) into insider_filings, insider_owners, insider_transactions',
  schedule: JOB_SCHEDULES['insiders'],
  after: ['companies'],
  documents: (ctx) => listFilings(ctx, (f) => INSIDER_FORMS.includes(f), INSIDER_FORMS),
  async parse(source, ctx) {
    const filing = await openFiling(source, ctx);
    const xml = findXml(filing, 'ownershipDocument');
    if (!xml) throw new QuarantineError(`no ownership XML in ${filing.header.form} filing ${filing.header.accession} (pre-2003 filings are free text)`);
    return { header: filing.header, path: filing.path, doc: parseOwnershipXml(xml.text) };
  },
  async load({ header, path, doc }, ctx, source) {
    const synthetic = { synthetic: source.synthetic };
    const acc = header.accession;
    for (const table of ['insider_transactions', 'insider_owners', 'insider_filings']) {
      await ctx.db.run(`DELETE FROM ${table} WHERE accession = $1`, [acc]);
    }
    let out = await appendRows(ctx.conn, 'insider_filings', [
      [acc, doc.documentType, header.filed, doc.periodOfReport, doc.issuer.cik, doc.issuer.name, doc.issuer.ticker, doc.dateOfOriginalSubmission, null, doc.aff10b5One, doc.schemaVersion, doc.remarks, path, filedBasis(header)],
    ], synthetic);
    out += await appendRows(
      ctx.conn,
      'insider_owners',
      doc.owners.map((o, i) => [acc, i + 1, o.cik, o.name, o.isDirector, o.isOfficer, o.officerTitle, o.isTenPercentOwner, o.isOther, o.otherText]),
      synthetic,
    );
    out += await appendRows(
      ctx.conn,
      'insider_transactions',
      doc.rows.map((r) => [
        acc, r.seq, r.table, r.kind, r.securityTitle, r.transactionDate, r.deemedExecutionDate, r.formType, r.code, r.equitySwap,
        r.shares, r.price, r.acquiredDisposed, r.sharesAfter, r.valueAfter, r.directIndirect, r.natureOfOwnership, r.conversionPrice,
        r.exerciseDate, r.expirationDate, r.underlyingTitle, r.underlyingShares, JSON.stringify(r.footnotes), null,
      ]),
      synthetic,
    );
    await noteFiledFrom(ctx, path, header);
    return { rowsIn: doc.rows.length, rowsOut: out, watermark: header.filed };
  },
  async finish(ctx) {
    await ctx.db.run('UPDATE insider_transactions SET superseded_by = NULL WHERE superseded_by IS NOT NULL');
    await ctx.db.run('UPDATE insider_filings SET amends = NULL WHERE amends IS NOT NULL');
    const amendments = await ctx.db.all<{ accession: string; form: string; filed: string; period: string | null; issuer_cik: number; date_of_original: string | null; owner_cik: number }>(
      `SELECT f.accession, f.form, f.filed, f.period, f.issuer_cik, f.date_of_original, o.owner_cik
       FROM insider_filings f JOIN insider_owners o ON o.accession = f.accession AND o.position = 1
       WHERE f.form LIKE '%/A' ORDER BY f.filed, f.accession`,
    );
    let changed = 0;
    for (const a of amendments) {
      const originals = await ctx.db.all<{ accession: string }>(
        `SELECT f.accession FROM insider_filings f JOIN insider_owners o ON o.accession = f.accession AND o.position = 1
         WHERE f.form = $form AND f.issuer_cik = $issuer AND o.owner_cik = $owner AND f.filed <= $filed AND f.accession <> $acc
           AND (CASE WHEN $orig::DATE IS NOT NULL THEN f.filed = $orig::DATE ELSE f.period IS NOT DISTINCT FROM $period::DATE END)
         ORDER BY f.filed DESC, f.accession DESC LIMIT 1`,
        { form: a.form.replace('/A', ''), issuer: a.issuer_cik, owner: a.owner_cik, filed: a.filed, acc: a.accession, orig: a.date_of_original, period: a.period },
      );
      const original = originals[0]?.accession;
      if (!original) {
        await ctx.note(a.accession, 'amendment_unmatched', `no original ${a.form.replace('/A', '')} found for this ${a.form}`);
        continue;
      }
      await ctx.db.run('UPDATE insider_filings SET amends = $1 WHERE accession = $2', [original, a.accession]);
      // Replace only the sections the amendment reports; earlier amendments of the same original too.
      await ctx.db.run(
        `UPDATE insider_transactions t SET superseded_by = $acc
         WHERE (t.accession = $orig OR t.accession IN (SELECT accession FROM insider_filings WHERE amends = $orig AND filed <= $filed AND accession <> $acc))
           AND EXISTS (SELECT 1 FROM insider_transactions n WHERE n.accession = $acc AND n.table_kind = t.table_kind AND n.row_kind = t.row_kind)`,
        { acc: a.accession, orig: original, filed: a.filed },
      );
      changed++;
    }
    return changed;
  },
};
