import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { parseTreasuryXml } from '../../../pipelines/parsers/treasury-xml.ts';

const entry = (date: string, props: string): string =>
  `<entry><content type="application/xml"><m:properties><d:NEW_DATE m:type="Edm.DateTime">${date}T00:00:00</d:NEW_DATE>${props}</m:properties></content></entry>`;
const feed = (...entries: string[]): string =>
  `\n<?xml version="1.0" encoding="utf-8"?><feed xmlns:d="http://schemas.microsoft.com/ado/2007/08/dataservices" xmlns:m="http://schemas.microsoft.com/ado/2007/08/dataservices/metadata" xmlns="http://www.w3.org/2005/Atom"><title>DailyTreasuryYieldCurveRateData</title>${entries.join('')}</feed>`;

const xml = suite('parseTreasuryXml');

xml('tenors in maturity order; absent and null tenors left out; BC_30YEARDISPLAY ignored; leading whitespace accepted', () => {
  const points = parseTreasuryXml(
    feed(
      entry('1990-01-02', '<d:BC_3MONTH m:type="Edm.Double">7.83</d:BC_3MONTH><d:BC_30YEAR m:type="Edm.Double">8.00</d:BC_30YEAR><d:BC_30YEARDISPLAY m:type="Edm.Double">0.00</d:BC_30YEARDISPLAY>'),
      entry('2024-12-31', '<d:BC_1MONTH m:type="Edm.Double">4.40</d:BC_1MONTH><d:BC_4MONTH m:type="Edm.Double" m:null="true" /><d:BC_10YEAR m:type="Edm.Double">4.58</d:BC_10YEAR>'),
    ),
  );
  assert.equal(points, [
    { date: '1990-01-02', tenor: '3M', months: 3, value: 7.83 },
    { date: '1990-01-02', tenor: '30Y', months: 360, value: 8 },
    { date: '2024-12-31', tenor: '1M', months: 1, value: 4.4 },
    { date: '2024-12-31', tenor: '10Y', months: 120, value: 4.58 },
  ]);
});

xml('malformed documents are refused', () => {
  assert.throws(() => parseTreasuryXml('<feed><entry>'), /not well-formed|properties/);
  assert.throws(() => parseTreasuryXml('<rss/>'), /no <feed>/);
  assert.throws(() => parseTreasuryXml(feed(entry('2024-13-45x', ''))), /invalid NEW_DATE|\d/);
  assert.throws(() => parseTreasuryXml(feed(entry('2024-12-31', ''), entry('2024-12-31', ''))), /appears twice/);
});

xml('entity declarations are not expanded', () => {
  const evil = '<?xml version="1.0"?><!DOCTYPE feed [<!ENTITY x "BOOM">]><feed><entry><content><m:properties xmlns:m="m" xmlns:d="d"><d:NEW_DATE>2024-01-02T00:00:00</d:NEW_DATE><d:BC_1MONTH>&x;</d:BC_1MONTH></m:properties></content></entry></feed>';
  assert.throws(() => parseTreasuryXml(evil), /not a number: "&x;"/);
});

xml.run();
