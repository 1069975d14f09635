/**
 * Data-set file names and the listing pages that link them (pipelines/parsers/dera-listing.ts):
 * quarterly names and the Form 13F date-window names of 2024 on, the files a period needs when
 * windows straddle calendar quarters, the days no listed file covers; pages are GENERATED in the
 * SEC site's layout (test/upstream/dera-datasets.ts).
 */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { datasetFileRange, datasetFilesFor, parseDatasetListing, uncoveredDays, type DatasetFile } from '../../../pipelines/parsers/dera-listing.ts';
import { DATASETS } from '../../../pipelines/jobs/dera-datasets.ts';
import { renderDatasetListing } from '../../upstream/dera-datasets.ts';

const F13 = 'www.sec.gov/files/structureddata/data/form-13f-data-sets';
const PAGE = `https://${DATASETS['13f']!.page}`;
const names = (files: DatasetFile[]): string[] => files.map((f) => f.name);

const range = suite('datasetFileRange');

range('quarterly names: the calendar quarter of filing dates', () => {
  assert.equal(datasetFileRange('2024q1_form13f.zip'), { from: '2024-01-01', to: '2024-03-31' });
  assert.equal(datasetFileRange('2023Q4_form345.zip'), { from: '2023-10-01', to: '2023-12-31' });
  assert.equal(datasetFileRange('2024q2_nport.zip'), { from: '2024-04-01', to: '2024-06-30' });
  assert.equal(datasetFileRange('2024q3.zip'), { from: '2024-07-01', to: '2024-09-30' });
  assert.is(datasetFileRange('2024q5_form13f.zip'), null);
});

range('date-window names (Form 13F since 2024), leap days and year ends included', () => {
  assert.equal(datasetFileRange('01jun2024-31aug2024_form13f.zip'), { from: '2024-06-01', to: '2024-08-31' });
  assert.equal(datasetFileRange('01jan2024-29feb2024_form13f.zip'), { from: '2024-01-01', to: '2024-02-29' });
  assert.equal(datasetFileRange('01DEC2024-28FEB2025_form13f.zip'), { from: '2024-12-01', to: '2025-02-28' });
  assert.is(datasetFileRange('01jan2025-29feb2025_form13f.zip'), null, '29 February 2025 does not exist');
  assert.is(datasetFileRange('01sep2024-30aug2024_form13f.zip'), null, 'ends before it starts');
  assert.is(datasetFileRange('form13f_readme.zip'), null);
});

range.run();

// ---

const listing = suite('parseDatasetListing');

const PAGE_FILES = [
  { key: `${F13}/01sep2024-30nov2024_form13f.zip`, label: 'September 2024 - November 2024', bytes: 99_100_000 },
  { key: 'www.sec.gov/files/datastandardsinnovation/data/form-13f-data-sets/01jun2024-31aug2024_form13f.zip', label: 'June 2024 - August 2024', bytes: 97_200_000 },
  { key: `https://www.sec.gov/files/structureddata/data/form-13f-data-sets/01mar2024-31may2024_form13f.zip`, label: 'March 2024 - May 2024', bytes: 98_000_000 },
  { key: `${F13}/01jan2024-29feb2024_form13f.zip`, label: 'January 2024 - February 2024', bytes: 60_000_000 },
  { key: `${F13}/2023q4_form13f.zip`, label: '2023 Q4', bytes: 95_000_000 },
  { key: `${F13}/2023q3_form13f.zip`, label: '2023 Q3', bytes: 94_000_000 },
  // Not this data set's zips, and one listed twice.
  { key: 'www.sec.gov/files/structureddata/data/insider-transactions-data-sets/2024q2_form345.zip', label: 'elsewhere', bytes: 1 },
  { key: 'https://example.com/files/2024q2_form13f.zip', label: 'off site', bytes: 1 },
  { key: `${F13}/2023q4_form13f.zip`, label: '2023 Q4 (again)', bytes: 95_000_000 },
];
const html = renderDatasetListing('Form 13F Data Sets', PAGE_FILES);

listing('every zip of the data set on the page, both naming styles, relative and absolute links, any folder, once each, in date order', () => {
  const files = parseDatasetListing(html, PAGE, DATASETS['13f']!.pattern);
  assert.equal(names(files), [
    '2023q3_form13f.zip', '2023q4_form13f.zip', '01jan2024-29feb2024_form13f.zip', '01mar2024-31may2024_form13f.zip', '01jun2024-31aug2024_form13f.zip', '01sep2024-30nov2024_form13f.zip',
  ]);
  assert.is(files[4]!.key, 'www.sec.gov/files/datastandardsinnovation/data/form-13f-data-sets/01jun2024-31aug2024_form13f.zip');
  assert.is(files[3]!.key, `${F13}/01mar2024-31may2024_form13f.zip`);
  assert.equal(parseDatasetListing(html, PAGE, DATASETS.insiders!.pattern).map((f) => f.key), ['www.sec.gov/files/structureddata/data/insider-transactions-data-sets/2024q2_form345.zip']);
});

listing('a page without data-set links (moved, or an error page) gives none', () => {
  assert.equal(parseDatasetListing('<html><body><h1>Page Not Found</h1><a href="/">Home</a></body></html>', PAGE, DATASETS['13f']!.pattern), []);
});

listing.run();

// ---

const choose = suite('datasetFilesFor, uncoveredDays');
const files = parseDatasetListing(html, PAGE, DATASETS['13f']!.pattern);

choose('a calendar quarter straddled by two filing windows takes both', () => {
  const q2 = datasetFilesFor(files, '2024-04-01', '2024-06-30');
  assert.equal(names(q2), ['01mar2024-31may2024_form13f.zip', '01jun2024-31aug2024_form13f.zip']);
  assert.equal(uncoveredDays(q2, '2024-04-01', '2024-06-30'), []);
});

choose('a period across the change of naming takes the last quarterly file and the first windows', () => {
  const p = datasetFilesFor(files, '2023-11-15', '2024-03-10');
  assert.equal(names(p), ['2023q4_form13f.zip', '01jan2024-29feb2024_form13f.zip', '01mar2024-31may2024_form13f.zip']);
  assert.equal(uncoveredDays(p, '2023-11-15', '2024-03-10'), []);
});

choose('days no listed file covers (not published yet) are reported', () => {
  const p = datasetFilesFor(files, '2024-11-01', '2025-01-31');
  assert.equal(names(p), ['01sep2024-30nov2024_form13f.zip']);
  assert.equal(uncoveredDays(p, '2024-11-01', '2025-01-31'), [{ from: '2024-12-01', to: '2025-01-31' }]);
  assert.equal(uncoveredDays([], '2024-01-01', '2024-01-31'), [{ from: '2024-01-01', to: '2024-01-31' }]);
  const gap = [files[0]!, files[3]!]; // 2023q3 and Mar-May 2024
  assert.equal(uncoveredDays(gap, '2023-09-01', '2024-03-31'), [{ from: '2023-10-01', to: '2024-02-29' }]);
});

choose.run();
