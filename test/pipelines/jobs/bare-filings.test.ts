/**
 * Filings bundled without their EDGAR envelope (pipelines/jobs/ownership-filings.ts): an accession
 * folder holding only the XML documents, a `.nc` dissemination file, and a folder named
 * `unknown-accession-...`. The form is the document's; the filing date comes from the filer's
 * submissions JSON when it lists the accession, else from the document's signature date, and the
 * run ledger says so. Real documents from ../shared/data (copied into a temporary mirror).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { openDatabase } from '../../../warehouse/db.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { filingProvenance } from '../../../schema/provenance.ts';
import { tempDir } from '../../helpers.ts';

const SHARED = path.resolve(import.meta.dirname, '../../../../shared/data');
const ARCHIVES = 'www.sec.gov/Archives/edgar/data';
const test = suite('bare filings: form from the document, filing date from submissions JSON or signature');

function put(mirror: string, from: string, key: string): void {
  mkdirSync(path.dirname(path.join(mirror, key)), { recursive: true });
  copyFileSync(from, path.join(mirror, key));
}

const tesla = 'data.sec.gov/submissions/CIK0001318605.json';
const teslaOld = 'data.sec.gov/submissions/CIK0001318605-submissions-001.json';

test('ownership, .nc, 13F and N-PORT without envelopes', async () => {
  const mirror = tempDir();
  put(mirror, path.join(SAMPLE_DIR, `${tesla}.gz`), `${tesla}.gz`);
  put(mirror, path.join(SAMPLE_DIR, `${teslaOld}.gz`), `${teslaOld}.gz`);
  put(mirror, path.join(SHARED, 'ownership_345/0000899243-22-006240_doc5.xml'), `${ARCHIVES}/1318605/000089924322006240/doc5.xml`);
  put(mirror, path.join(SHARED, 'ownership_345/0001181431-10-035864_rrd280655.xml'), `${ARCHIVES}/1318605/000118143110035864/rrd280655.xml`);
  put(mirror, path.join(SHARED, 'ownership_345/0001062993-23-018084_form4.xml'), `${ARCHIVES}/789019/000106299323018084/form4.xml`);
  put(mirror, path.join(SHARED, 'corpus/www.sec.gov/Archives/edgar/Feed/2024/QTR1/0000002488-24-000005.nc'), `${ARCHIVES}/2488/000000248824000005/0000002488-24-000005.nc`);
  put(mirror, path.join(SHARED, '13f/kahn-0001039565-22-000009_primary.xml'), `${ARCHIVES}/1039565/000103956522000009/primary.xml`);
  put(mirror, path.join(SHARED, '13f/kahn-0001039565-22-000009_holdings.xml'), `${ARCHIVES}/1039565/000103956522000009/holdings.xml`);
  put(mirror, path.join(SHARED, 'nport/N-PORT_Sample_1_SEC_synthetic.xml'), `${ARCHIVES}/350001/unknown-accession-sec-sample-1/primary_doc.xml`);
  const dataDir = tempDir();
  const run = await runPipelines({ dataDir, source: mirrorSource(mirror), jobs: ['insiders', '13f', 'nport'], threads: 1 });
  assert.is(run.status, 'success', JSON.stringify(run.runs.map((r) => [r.job, r.status, r.error, r.quarantined])));
  const db = await openDatabase(path.join(dataDir, 'build.duckdb'));
  const conn = await db.connect();
  const all = async (sql: string): Promise<any[]> => (await conn.runAndReadAll(sql)).getRowObjectsJson();
  const subs = JSON.parse(readFileSync(path.join(SHARED, 'corpus', tesla), 'utf8')).filings.recent;
  const i = subs.accessionNumber.indexOf('0000899243-22-006240');
  assert.ok(i >= 0);
  const insiders = await all(`SELECT accession, form, strftime(filed, '%Y-%m-%d') AS filed FROM insider_filings ORDER BY accession`);
  const sig = (file: string): string => /<signatureDate>([^<]+)</.exec(readFileSync(path.join(SHARED, file), 'utf8'))![1]!;
  const older = JSON.parse(readFileSync(path.join(SHARED, 'corpus', teslaOld), 'utf8'));
  const j = older.accessionNumber.indexOf('0001181431-10-035864');
  const nc = readFileSync(path.join(SHARED, 'corpus/www.sec.gov/Archives/edgar/Feed/2024/QTR1/0000002488-24-000005.nc'), 'utf8');
  const ncFiled = /<FILING-DATE>(\d{4})(\d{2})(\d{2})/.exec(nc)!;
  assert.equal(insiders, [
    { accession: '0000002488-24-000005', form: '4', filed: `${ncFiled[1]}-${ncFiled[2]}-${ncFiled[3]}` },
    { accession: '0000899243-22-006240', form: subs.form[i], filed: subs.filingDate[i] },
    { accession: '0001062993-23-018084', form: '4', filed: sig('ownership_345/0001062993-23-018084_form4.xml') },
    { accession: '0001181431-10-035864', form: older.form[j], filed: older.filingDate[j] },
  ]);
  const f13 = await all(`SELECT accession, form, strftime(filed, '%Y-%m-%d') AS filed FROM f13_filings`);
  assert.equal(f13, [{ accession: '0001039565-22-000009', form: '13F-HR', filed: '2022-05-02' }]);
  assert.is(sig('13f/kahn-0001039565-22-000009_primary.xml'), '05-02-2022');
  const nport = await all(`SELECT accession, form, strftime(filed, '%Y-%m-%d') AS filed, doc_path FROM nport_filings`);
  const signed = /dateSigned>([^<]+)</.exec(readFileSync(path.join(SHARED, 'nport/N-PORT_Sample_1_SEC_synthetic.xml'), 'utf8'))![1]!;
  assert.equal(nport, [{ accession: 'unknown-accession-sec-sample-1', form: 'NPORT-P', filed: signed, doc_path: `${ARCHIVES}/350001/unknown-accession-sec-sample-1/primary_doc.xml` }]);
  // The ledger names every filing dated by its signature, and only those.
  const notes = await all(`SELECT doc_path FROM pipeline_notes WHERE kind = 'filed_from_signature' ORDER BY doc_path`);
  assert.equal(notes.map((n) => n.doc_path), [
    `${ARCHIVES}/1039565/000103956522000009/primary.xml`,
    `${ARCHIVES}/350001/unknown-accession-sec-sample-1/primary_doc.xml`,
    `${ARCHIVES}/789019/000106299323018084/form4.xml`,
  ]);
  // The warehouse rows say the same (filed_basis, migration 0620): signature for those, edgar for the rest.
  const bases = await all(`SELECT doc_path, filed_basis FROM insider_filings UNION ALL SELECT doc_path, filed_basis FROM f13_filings
    UNION ALL SELECT doc_path, filed_basis FROM nport_filings ORDER BY doc_path`);
  const signature = new Set(notes.map((n) => n.doc_path));
  assert.is(bases.length, 6);
  for (const b of bases) assert.is(b.filed_basis, signature.has(b.doc_path) ? 'signature' : 'edgar', b.doc_path);
  assert.is(bases.filter((b) => b.filed_basis === 'signature').length, 3);
  conn.closeSync();
});

test('a filing document that is no XML (an error page, garbled bytes) or is cut short is quarantined with that reason, never skipped unseen', async () => {
  const mirror = tempDir();
  const form4 = readFileSync(path.join(SHARED, 'ownership_345/0001062993-23-018084_form4.xml'), 'utf8');
  const write = (key: string, text: string | Buffer): void => {
    mkdirSync(path.dirname(path.join(mirror, key)), { recursive: true });
    writeFileSync(path.join(mirror, key), text);
  };
  write(`${ARCHIVES}/789019/000106299323018084/form4.xml`, '<!DOCTYPE html>\n<html><body>Request Rate Threshold Exceeded</body></html>');
  write(`${ARCHIVES}/789019/000106299323018085/form4.xml`, Buffer.from([0x8b, 0x1f, 0x00, 0xff, 0x12]));
  write(`${ARCHIVES}/789019/000106299323018086/form4.xml`, form4.slice(0, Math.floor(form4.length / 2)));
  // A folder of other XML (an annual report's XBRL) is not a filing of these jobs, even with a
  // garbled file beside it: skipped.
  write(`${ARCHIVES}/789019/000106299323018087/msft-20230630_htm.xml`, '<?xml version="1.0"?><xbrl xmlns="http://www.xbrl.org/2003/instance"></xbrl>');
  write(`${ARCHIVES}/789019/000106299323018087/msft-20230630_lab.xml`, Buffer.from([0x00, 0xff, 0x13]));
  const dataDir = tempDir();
  const run = await runPipelines({ dataDir, source: mirrorSource(mirror), jobs: ['insiders'], threads: 1 });
  assert.is(run.status, 'partial');
  const db = await openDatabase(path.join(dataDir, 'build.duckdb'));
  const conn = await db.connect();
  const quarantined = (await conn.runAndReadAll(`SELECT doc_path, reason FROM pipeline_quarantine ORDER BY doc_path`)).getRowObjectsJson() as { doc_path: string; reason: string }[];
  conn.closeSync();
  assert.equal(quarantined.map((q) => q.doc_path), ['18084', '18085', '18086'].map((n) => `${ARCHIVES}/789019/0001062993230${n}/form4.xml`));
  assert.match(quarantined[0]!.reason, 'is not an XML document');
  assert.match(quarantined[1]!.reason, 'is not an XML document');
  assert.match(quarantined[2]!.reason, 'is cut short: no closing </ownershipDocument>');
});

test('provenance of a filing without its accession: the document, no URL', () => {
  const doc = `${ARCHIVES}/822977/unknown-accession-x/a.xml`;
  assert.equal(filingProvenance(822977, 'unknown-accession-x', doc, false, 'signature'), { source: 'SEC EDGAR', document: doc, url: null, accession: null, synthetic: false, filedBasis: 'signature' });
  assert.equal(filingProvenance(1039565, '0001039565-22-000009', null, false, 'edgar').url, `https://${ARCHIVES}/1039565/000103956522000009/0001039565-22-000009-index.htm`);
});

test.run();
