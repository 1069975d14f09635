/**
 * planDatasetFiles (pipelines/jobs/dera-datasets.ts): which data-set zips a backfill period needs,
 * from a listing page's files (GENERATED page, test/upstream/dera-datasets.ts) or, without one, by
 * the quarterly names; and what the run ledger is told.
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { DATASETS, planDatasetFiles } from '../../../pipelines/jobs/dera-datasets.ts';
import { parseDatasetListing } from '../../../pipelines/parsers/dera-listing.ts';
import { renderDatasetListing } from '../../upstream/dera-datasets.ts';

const F13 = DATASETS['13f']!;
const DIR = 'www.sec.gov/files/structureddata/data/form-13f-data-sets';
const page = (names: string[]) =>
  parseDatasetListing(renderDatasetListing('Form 13F Data Sets', names.map((n) => ({ key: `${DIR}/${n}`, label: n, bytes: 1e6 }))), `https://${F13.page}`, F13.pattern);
const RECENT = page(['01mar2024-31may2024_form13f.zip', '01jun2024-31aug2024_form13f.zip', '01sep2024-30nov2024_form13f.zip']);
const base = (keys: string[]) => keys.map((k) => k.slice(k.lastIndexOf('/') + 1));

const plan = suite('planDatasetFiles');

plan('no page (missing, an error, or no zip of the data set linked): the quarterly names, and the ledger says why', () => {
  const p = planDatasetFiles(F13, null, '2024-02-15', '2024-05-10', 'HTTP 503');
  assert.equal(base(p.keys), ['2024q1_form13f.zip', '2024q2_form13f.zip']);
  assert.is(p.kind, 'dataset_listing_fallback');
  assert.is(p.detail, 'listing page unreadable (HTTP 503): quarterly names 2024q1_form13f.zip, 2024q2_form13f.zip for 2024-02-15..2024-05-10');
  assert.equal(planDatasetFiles(F13, [], '2024-04-01', '2024-06-30').keys, [`${DIR}/2024q2_form13f.zip`]);
});

plan('a calendar quarter across two filing windows: both windows, nothing by name', () => {
  const p = planDatasetFiles(F13, RECENT, '2024-04-01', '2024-06-30');
  assert.equal(base(p.keys), ['01mar2024-31may2024_form13f.zip', '01jun2024-31aug2024_form13f.zip']);
  assert.is(p.kind, 'dataset_listing');
  assert.is(p.detail, 'listing page (3 files): 01mar2024-31may2024_form13f.zip, 01jun2024-31aug2024_form13f.zip for 2024-04-01..2024-06-30');
});

plan('days before the newest listed file that the page does not cover are asked for by quarterly name; days after it are not published yet', () => {
  const p = planDatasetFiles(F13, RECENT, '2023-11-01', '2024-12-31');
  assert.equal(base(p.keys), [
    '01mar2024-31may2024_form13f.zip', '01jun2024-31aug2024_form13f.zip', '01sep2024-30nov2024_form13f.zip', '2023q4_form13f.zip', '2024q1_form13f.zip',
  ]);
  assert.match(p.detail, /not on the page for 2023-11-01\.\.2024-02-29: quarterly names 2023q4_form13f\.zip, 2024q1_form13f\.zip/);
  assert.match(p.detail, /not published yet: 2024-12-01\.\.2024-12-31$/);
});

plan.run();
