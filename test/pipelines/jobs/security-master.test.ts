/**
 * Security master over real files (issue 13.17): the real 13F information table (Alphabet Class A
 * 02079K305 and Class C 02079K107, Berkshire CL B, WisdomTree ETFs) and the real SEC company list,
 * with and without N-PORT filings that name the class tickers.
 */
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { openBuild, runPipelines } from '../../../pipelines/runner.ts';
import { mirrorSource } from '../../../pipelines/sources/mirror.ts';
import { CONSTRUCTED_DIR } from '../../fixtures/ownership/constructed.ts';
import { tempDir } from '../../helpers.ts';
import { realSuite, SHARED_DATA } from '../../real/shared-data.ts';

const test = realSuite('security-master: share classes kept apart', path.join(SHARED_DATA, '13f/13F-HR.infotable.xml'));

const NPORT = 'www.sec.gov/Archives/edgar/data/884394/000175272424197014';

/** A mirror with the real company list and 13F table (under a constructed cover page); `nport` edits the constructed SPY N-PORT filing (test/fixtures/ownership/constructed), or leaves it out. */
function mirror(nport: ((xml: string) => string) | null): string {
  const dir = tempDir();
  mkdirSync(path.join(dir, 'www.sec.gov/files'), { recursive: true });
  copyFileSync(path.join(SHARED_DATA, 'sec_xbrl_json/tickers/company_tickers_exchange.json'), path.join(dir, 'www.sec.gov/files/company_tickers_exchange.json'));
  const f13 = path.join(dir, 'www.sec.gov/Archives/edgar/data/1135730/000091957424009999');
  mkdirSync(f13, { recursive: true });
  copyFileSync(path.join(SHARED_DATA, '13f/13F-HR.infotable.xml'), path.join(f13, 'infotable.xml'));
  copyFileSync(path.join(CONSTRUCTED_DIR, 'www.sec.gov/Archives/edgar/data/1135730/000091957424003261/primary_doc.xml'), path.join(f13, 'primary_doc.xml'));
  writeFileSync(path.join(f13, '0000919574-24-009999.hdr.sgml'), '<SEC-HEADER>0000919574-24-009999.hdr.sgml : 20240515\n<ACCESSION-NUMBER>0000919574-24-009999\n<TYPE>13F-HR\n<FILING-DATE>20240515\n</SEC-HEADER>\n');
  if (nport) {
    const to = path.join(dir, NPORT);
    mkdirSync(to, { recursive: true });
    for (const name of ['primary_doc.xml', '0001752724-24-197014.hdr.sgml']) {
      const text = readFileSync(path.join(CONSTRUCTED_DIR, NPORT, name), 'utf8');
      writeFileSync(path.join(to, name), name === 'primary_doc.xml' ? nport(text) : text);
    }
  }
  return dir;
}

async function securities(nport: ((xml: string) => string) | null): Promise<Map<string, { ticker: string | null; mappedBy: string | null }>> {
  const dataDir = tempDir();
  const jobs = ['companies', '13f', ...(nport ? ['nport'] : []), 'security-master'];
  const run = await runPipelines({ dataDir, source: mirrorSource(mirror(nport)), jobs, threads: 1, publish: false });
  assert.ok(run.runs.every((r) => r.status !== 'failed'), JSON.stringify(run.runs.map((r) => [r.job, r.status, r.error])));
  const { db, conn, instance } = await openBuild(dataDir);
  try {
    const rows = await db.all<{ cusip: string; ticker: string | null; mappedBy: string | null }>('SELECT cusip, ticker, mapped_by AS "mappedBy" FROM securities');
    return new Map(rows.map(({ cusip, ...r }) => [cusip, r]));
  } finally {
    conn.closeSync();
    instance.closeSync();
  }
}

test('13F alone: Alphabet Class A and Class C are not mapped by name (no source says which is GOOG); Berkshire CL B is BRK-B; one-class issuers still map', async () => {
  const s = await securities(null);
  assert.equal([s.get('02079K305')!.ticker, s.get('02079K107')!.ticker], [null, null]);
  assert.equal(s.get('084670702'), { ticker: 'BRK-B', mappedBy: 'name-class' });
  assert.equal(s.get('57636Q104'), { ticker: 'MA', mappedBy: 'name-match' }, 'Mastercard CL A: one listed class');
  assert.is(s.get('20030N101')!.ticker, 'CMCSA', "Comcast's other listing (CCZ) is not a share class");
  // A fund trust's ETFs are not the fund manager's stock (WISDOMTREE TR is not WisdomTree, Inc.).
  assert.is([...s.values()].filter((r) => r.ticker === 'WT').length, 0);
});

test('N-PORT names both classes: each CUSIP gets its own ticker', async () => {
  const s = await securities((xml) => xml);
  assert.equal([s.get('02079K305')!.ticker, s.get('02079K107')!.ticker], ['GOOGL', 'GOOG']);
});

test('N-PORT names only Class A: Class C is the one listed line left (GOOG), never GOOGL', async () => {
  const s = await securities((xml) => xml.replace('<ticker value="GOOG"/>', ''));
  assert.equal(s.get('02079K305'), { ticker: 'GOOGL', mappedBy: 'nport-ticker' });
  assert.equal(s.get('02079K107'), { ticker: 'GOOG', mappedBy: 'class-elimination' });
});

test.run();
