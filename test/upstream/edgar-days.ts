/**
 * Daily-index content for the live-acquisition tests: which filings (served by the imitation) EDGAR
 * "listed" on which test day, rendered in the documented `master.YYYYMMDD.idx` layout. The Coatue,
 * Goldman and NVIDIA filings are constructed test input (test/fixtures/ownership/constructed: an
 * amendment, a 4/A and an N-PORT with an accession number, which no real bundled filing offers);
 * the 8-K is real (../shared/data/corpus).
 */
import { dailyIndexKey, renderMasterIndex } from '../../pipelines/parsers/edgar-index.ts';
import type { Upstream } from './server.ts';

export interface Listed {
  cik: number;
  company: string;
  form: string;
  accession: string;
}

export const COATUE_Q1 = { cik: 1135730, company: 'COATUE MANAGEMENT LLC', form: '13F-HR', accession: '0000919574-24-003261' };
export const COATUE_Q2 = { cik: 1135730, company: 'COATUE MANAGEMENT LLC', form: '13F-HR', accession: '0000919574-24-004811' };
export const COATUE_Q2_AMENDMENT = { cik: 1135730, company: 'COATUE MANAGEMENT LLC', form: '13F-HR/A', accession: '0000919574-24-005102' };
export const GOLDMAN_NPORT = { cik: 822977, company: 'GOLDMAN SACHS TRUST', form: 'NPORT-P', accession: '0001752724-23-122017' };
export const NVDA_FORM4 = { cik: 1045810, company: 'NVIDIA CORP', form: '4', accession: '0001197647-24-000061' };
export const NVDA_FORM4_OWNER = { cik: 1197647, company: 'HUANG JEN HSUN', form: '4', accession: '0001197647-24-000061' };
export const NVDA_FORM4A = { cik: 1045810, company: 'NVIDIA CORP', form: '4/A', accession: '0001197647-24-000066' };
/** Not a form any job wants: must never be fetched. */
export const ADOBE_8K = { cik: 796343, company: 'ADOBE INC.', form: '8-K', accession: '0000796343-23-000044' };

/** Publishes `master.<day>.idx` listing `filings` at the imitation. */
export function listOn(up: Upstream, day: string, filings: Listed[]): void {
  up.put(
    dailyIndexKey(day),
    renderMasterIndex(
      day,
      filings.map((f) => ({ cik: f.cik, company: f.company, form: f.form, filed: day, fileName: `edgar/data/${f.cik}/${f.accession}.txt` })),
    ),
  );
}
