/** EDGAR index files: the real daily form/company index and quarterly xbrl index, and the generated master layout. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as assert from 'uvu/assert';
import { dailyIndexKey, fullIndexKey, parseEdgarIndex, renderMasterIndex } from '../../../pipelines/parsers/edgar-index.ts';
import { realSuite, SHARED_DATA } from '../../real/shared-data.ts';

const IDX = path.join(SHARED_DATA, 'corpus/www.sec.gov/Archives/edgar');
const idx = realSuite('EDGAR index files', IDX);

idx('daily form index (fixed width, sorted by form): every line, form and company split at the title columns', () => {
  const text = readFileSync(path.join(IDX, 'daily-index/2020/QTR1/form.20200318.idx'), 'latin1');
  const entries = parseEdgarIndex(text);
  const lines = text.split('\n').filter((l) => /edgar\/data\//.test(l));
  assert.is(entries.length, lines.length);
  assert.equal(entries[0], { cik: 1806014, company: 'DLP Positive Note Fund LLC', form: '1-A', filed: '2020-03-18', fileName: 'edgar/data/1806014/0001140361-20-006155.txt', accession: '0001140361-20-006155' });
  assert.ok(entries.some((e) => e.form === '1-A POS' && e.company === 'Belpointe REIT, Inc.'), 'a form with a space');
  assert.ok(entries.some((e) => e.form === '13F-HR'));
});

idx('daily company index (company first, title over two lines) and quarterly xbrl index (pipes, ISO dates)', () => {
  const company = parseEdgarIndex(readFileSync(path.join(IDX, 'daily-index/2023/QTR3/company.20230703.idx')));
  assert.equal(company[0], { cik: 1975393, company: '3J LLC', form: 'D', filed: '2023-07-03', fileName: 'edgar/data/1975393/0001975393-23-000001.txt', accession: '0001975393-23-000001' });
  assert.ok(company.some((e) => e.form === 'SC 13G' && e.company === '7GC & Co. Holdings Inc.'));
  const xbrl = parseEdgarIndex(readFileSync(path.join(IDX, 'full-index/2023/QTR1/xbrl.idx')));
  assert.equal(xbrl[0], { cik: 1000045, company: 'NICHOLAS FINANCIAL INC', form: '10-Q', filed: '2023-02-14', fileName: 'edgar/data/1000045/0000950170-23-002704.txt', accession: '0000950170-23-002704' });
  assert.ok(xbrl.length > 20000);
});

idx('a generated master index reads back; keys follow the EDGAR layout; other files are refused with a reason', () => {
  const entries = [{ cik: 1135730, company: 'COATUE MANAGEMENT LLC', form: '13F-HR', filed: '2024-08-14', fileName: 'edgar/data/1135730/0000919574-24-004811.txt' }];
  assert.equal(parseEdgarIndex(renderMasterIndex('2024-08-14', entries)), [{ ...entries[0]!, accession: '0000919574-24-004811' }]);
  // A company name holding the delimiter: the other fields are read from both ends.
  const piped = [{ ...entries[0]!, company: 'A|B CAPITAL LLC' }];
  assert.equal(parseEdgarIndex(renderMasterIndex('2024-08-14', piped)), [{ ...piped[0]!, accession: '0000919574-24-004811' }]);
  assert.is(dailyIndexKey('2024-08-14'), 'www.sec.gov/Archives/edgar/daily-index/2024/QTR3/master.20240814.idx');
  assert.is(dailyIndexKey('2024-01-02'), 'www.sec.gov/Archives/edgar/daily-index/2024/QTR1/master.20240102.idx');
  assert.is(fullIndexKey(2023, 4), 'www.sec.gov/Archives/edgar/full-index/2023/QTR4/master.idx');
  assert.throws(() => parseEdgarIndex('<html>Not Found</html>'), /not an EDGAR index/);
  assert.throws(() => parseEdgarIndex(readFileSync(path.join(IDX, 'daily-index/2023/QTR3/crawler.20230703.idx'))), /not understood/);
});

idx.run();
