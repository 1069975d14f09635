import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import path from 'node:path';
import { conceptFacts, factBatches, indexCompanyFacts, parseCompanyFacts, type FactRecord } from '../../../pipelines/parsers/companyfacts.ts';
import { parseCompanyFactsColumns } from '../../../pipelines/parsers/companyfacts-columns.ts';
import { QuarantineError } from '../../../pipelines/jobs/interface.ts';
import { SAMPLE_DIR } from '../../../schema/config.ts';
import { FIXTURE_MIRROR } from '../../fixtures/fundamentals/build.ts';

const enc = (s: string): Uint8Array => new TextEncoder().encode(s);
const FIXTURE = path.join(FIXTURE_MIRROR, 'data.sec.gov/api/xbrl/companyfacts/CIK0001045810.json');

/** The obvious implementation (JSON.parse of the whole document), to compare against. */
function naive(bytes: Buffer): FactRecord[] {
  const doc = JSON.parse(bytes.toString('utf8'));
  const cik = Number(doc.cik);
  const out: FactRecord[] = [];
  for (const [taxonomy, concepts] of Object.entries<any>(doc.facts)) {
    for (const [concept, body] of Object.entries<any>(concepts)) {
      for (const [unit, list] of Object.entries<any[]>(body.units ?? {})) {
        for (const f of list) {
          out.push({ cik, taxonomy, concept, unit, start: f.start ?? null, end: f.end, value: f.val, accession: f.accn, fy: f.fy ?? null, fp: f.fp ?? null, form: f.form, filed: f.filed, frame: f.frame ?? null });
        }
      }
    }
  }
  return out;
}

const parse = suite('parseCompanyFacts');

parse('reads every fact with its filing, exactly', () => {
  const doc = parseCompanyFacts(readFileSync(FIXTURE));
  assert.is(doc.cik, 1045810);
  assert.is(doc.entityName, 'NVIDIA CORP');
  assert.is(doc.facts.length, 12);
  assert.equal(doc.facts.find((f) => f.concept === 'EarningsPerShareDiluted' && f.value === 1.19), {
    cik: 1045810, taxonomy: 'us-gaap', concept: 'EarningsPerShareDiluted', unit: 'USD/shares', start: '2023-01-30', end: '2024-01-28', value: 1.19,
    accession: '0001045810-25-000023', fy: 2025, fp: 'FY', form: '10-K', filed: '2025-02-26', frame: null,
  });
  const instant = doc.facts.find((f) => f.concept === 'CommonStockSharesOutstanding')!;
  assert.is(instant.start, null);
});

parse('agrees with JSON.parse on every sample and fixture document', () => {
  const dirs = [path.join(SAMPLE_DIR, 'data.sec.gov/api/xbrl/companyfacts'), path.dirname(FIXTURE)];
  let files = 0;
  for (const dir of dirs) {
    for (const name of readdirSync(dir)) {
      // The sample keeps the real (1-4 MB) documents gzip-compressed (pipelines/sample/README.md).
      const raw = readFileSync(path.join(dir, name));
      const bytes = name.endsWith('.gz') ? gunzipSync(raw) : raw;
      assert.equal(parseCompanyFacts(bytes).facts, naive(bytes), name);
      files++;
    }
  }
  assert.ok(files >= 7);
});

parse('zero-padded string cik, BOM, whitespace and escaped keys', () => {
  const text = '\uFEFF {\n "cik" : "0000320193", "entityName": "Apple \\"Inc.\\"",\n "facts": { "us-gaap": { "Odd\\u0041Name": { "label": "x", "units": { "USD": [ {"end":"2024-09-28","val":1,"accn":"0000320193-24-000123","fy":2024,"fp":"FY","form":"10-K","filed":"2024-11-01"} ] } } } } }\n';
  const doc = parseCompanyFacts(enc(text));
  assert.is(doc.cik, 320193);
  assert.is(doc.entityName, 'Apple "Inc."');
  assert.is(doc.facts[0]!.concept, 'OddAName');
  assert.is(doc.facts[0]!.frame, null);
});

parse('escaped backslashes right before a closing quote', () => {
  const text = String.raw`{"cik":1,"entityName":"A\\","facts":{"us-gaap":{"B":{"label":"ends in \\","description":"q\"\\\"","units":{"USD":[{"end":"2024-01-01","val":2,"accn":"0000000001-24-000001","form":"10-K","filed":"2024-02-01"}]}}}}}`;
  const doc = parseCompanyFacts(enc(text));
  assert.is(doc.entityName, 'A\\');
  assert.is(doc.facts[0]!.value, 2);
});

parse('ifrs-full and other taxonomies are kept as they are', () => {
  const text = '{"cik":1997711,"entityName":"LPA","facts":{"ifrs-full":{"Revenue":{"units":{"USD":[{"start":"2023-01-01","end":"2023-12-31","val":40,"accn":"0001193125-24-100000","fy":2023,"fp":"FY","form":"20-F","filed":"2024-04-30"}]}}}}}';
  const [f] = parseCompanyFacts(enc(text)).facts;
  assert.is(f!.taxonomy, 'ifrs-full');
  assert.is(f!.form, '20-F');
});

parse('a concept without units has no facts; empty facts is fine', () => {
  assert.equal(parseCompanyFacts(enc('{"cik":1,"entityName":"X","facts":{"dei":{"A":{"label":"a"}}}}')).facts, []);
  assert.equal(parseCompanyFacts(enc('{"cik":1,"entityName":"X","facts":{}}')).facts, []);
});

parse('bad documents are quarantined with the reason', () => {
  const bad: [string, string][] = [
    ['[]', 'expected an object'],
    ['{"cik":1,"entityName":"X"}', 'no "facts"'],
    ['{"entityName":"X","facts":{}}', 'no "cik"'],
    ['{"cik":"abc","facts":{}}', 'invalid cik'],
    ['{"cik":1,"facts":{}} trailing', 'trailing data'],
    ['{"cik":1,"facts":{"us-gaap":{"A":{"units":{"USD":[{"end":"2024-01-01","val":"12","accn":"0000000001-24-000001","form":"10-K","filed":"2024-02-01"}]}}}}}', 'non-numeric "val"'],
    ['{"cik":1,"facts":{"us-gaap":{"A":{"units":{"USD":[{"val":1,"accn":"0000000001-24-000001","form":"10-K","filed":"2024-02-01"}]}}}}}', 'without a valid "end"'],
    ['{"cik":1,"facts":{"us-gaap":{"A":{"units":{"USD":[{"end":"2024-01-01","val":1,"accn":"x","form":"10-K","filed":"2024-02-01"}]}}}}}', 'invalid accession'],
    ['{"cik":1,"facts":{"us-gaap":{"A":{"units":', 'at byte'],
    ['{"cik":1,"facts":{"us-gaap":{"A":"nope"}}}', 'is not an object'],
  ];
  for (const [text, reason] of bad) {
    try {
      parseCompanyFacts(enc(text));
      assert.unreachable(text);
    } catch (err) {
      assert.instance(err, QuarantineError, text);
      assert.match((err as Error).message, reason, text);
    }
  }
});

// ---
const stream = suite('indexCompanyFacts / factBatches');

stream('the index holds offsets only; batches hold whole concepts', () => {
  // Apple's real companyfacts (data.sec.gov, recorded 2026); values read from the file by hand.
  const bytes = gunzipSync(readFileSync(path.join(SAMPLE_DIR, 'data.sec.gov/api/xbrl/companyfacts/CIK0000320193.json.gz')));
  const index = indexCompanyFacts(bytes);
  assert.ok(index.concepts.length > 10);
  const one = conceptFacts(index, index.concepts.find((c) => c.concept === 'EntityCommonStockSharesOutstanding')!);
  assert.is(one.length, 68);
  assert.equal(one.slice(0, 3).map((f) => [f.end, f.value]), [
    ['2009-06-27', 895816758],
    ['2009-10-16', 900678473],
    ['2009-10-16', 900678473],
  ]);
  assert.equal(one.slice(-3).map((f) => [f.end, f.value]), [
    ['2025-07-18', 14840390000],
    ['2025-10-17', 14776353000],
    ['2026-01-16', 14681140000],
  ]);
  const batches = [...factBatches(index, 50)];
  assert.ok(batches.length > 1);
  assert.ok(batches.slice(0, -1).every((b) => b.length >= 50));
  assert.is(batches.flat().length, parseCompanyFacts(bytes).facts.length);
});

const odd = suite('companyfacts: odd documents, both parsers');

// Synthetic documents: the reference parser and the bulk scanner must agree, with a QuarantineError.
const FACT = { end: '2023-12-31', val: 5, accn: '0000320193-24-000006', fy: 2023, fp: 'FY', form: '10-K', filed: '2024-02-01' };
const docOf = (units: unknown, extra: Record<string, unknown> = {}): Uint8Array => enc(JSON.stringify({ cik: 320193, entityName: 'X', facts: { dei: { A: { units } } }, ...extra }));

odd('a fact that is not an object is a QuarantineError, not a TypeError', () => {
  const bytes = docOf({ shares: [FACT, null] });
  assert.throws(() => parseCompanyFacts(bytes), (e: Error) => e instanceof QuarantineError && /dei:A \[shares\]: a fact is null, not an object/.test(e.message));
  const { doc } = parseCompanyFactsColumns(bytes);
  assert.ok(doc.invalid instanceof QuarantineError, String(doc.invalid));
});

odd('a date that is not on the calendar is refused, not rolled into the next month', () => {
  const bytes = docOf({ shares: [{ ...FACT, end: '2023-02-30' }] });
  assert.throws(() => parseCompanyFacts(bytes), /fact without a valid "end" "2023-02-30"/);
  assert.match(String(parseCompanyFactsColumns(bytes).doc.invalid), /fact without a valid "end"/);
});

odd('entityName null is an empty name, not the text "null"', () => {
  const bytes = docOf({ shares: [FACT] }, { entityName: null });
  assert.is(parseCompanyFacts(bytes).entityName, '');
  assert.is(parseCompanyFactsColumns(bytes).doc.entityName, '');
});

odd('fy/fp null, no frame, units other than USD, empty facts: rows as given', () => {
  const bytes = docOf({ Store: [{ ...FACT, fy: null, fp: null }] });
  const [f] = parseCompanyFacts(bytes).facts;
  assert.equal([f!.unit, f!.fy, f!.fp, f!.frame, f!.value], ['Store', null, null, null, 5]);
  assert.is(parseCompanyFactsColumns(bytes).columns.n, 1);
  assert.equal(parseCompanyFacts(enc('{"cik":"0000320193","entityName":"X","facts":{}}')).facts, []);
});

parse.run();
stream.run();
odd.run();
