import { readFileSync } from 'node:fs';
import path from 'node:path';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { canonicalLink, decodeEntities, normalizeTitle, parseFeed, plainText } from '../../../pipelines/parsers/feeds.ts';
import { realSuite, SHARED_DATA } from '../../real/shared-data.ts';

const fixture = (name: string): Buffer => readFileSync(path.resolve(import.meta.dirname, '../../fixtures/market', name));

const rss = suite('parseFeed: RSS 2.0');

rss('duplicates by normalised title and by canonical link are dropped', () => {
  const feed = parseFeed(fixture('wire.rss'));
  assert.is(feed.kind, 'rss');
  assert.is(feed.title, 'Fixture Wire');
  assert.is(feed.duplicates, 2);
  assert.equal(
    feed.items.map((i) => i.title),
    ['Tesla shares plunge as deliveries fall and miss estimates', 'IT budgets rise as A.I. spending grows, survey says', 'Gartner (NYSE: IT) forecasts worldwide IT spending to grow 9.3% in 2025'],
  );
  assert.is(feed.items[0]!.publishedAt, '2024-04-02 20:00:00');
  assert.is(feed.items[0]!.link, 'https://wire.example/tesla-deliveries');
  assert.is(feed.items[1]!.summary, 'CIOs expect IT spending to rise; grade A projects first.');
});

rss('an item without a date is refused, not dropped', () => {
  assert.throws(() => parseFeed('<rss><channel><title>x</title><item><title>a</title><link>https://a.example/</link></item></channel></rss>'), /no valid publication date/);
});

rss('neither RSS nor Atom', () => {
  assert.throws(() => parseFeed('<html><body/></html>'), /neither an RSS/);
});

rss.run();

// ---

const atom = suite('parseFeed: Atom, ISO-8859-1');

atom('decodes the declared encoding, takes the alternate link and converts offsets to UTC', () => {
  const xml = Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><feed xmlns="http://www.w3.org/2005/Atom"><title>F</title><entry><title>Caf', 'latin1'),
    Buffer.from([0xe9]),
    Buffer.from(' results &amp; outlook</title><link rel="self" href="https://x.example/self"/><link rel="alternate" href="https://x.example/a"/><updated>2024-12-30T16:00:00-05:00</updated><summary>s</summary></entry></feed>', 'latin1'),
  ]);
  const feed = parseFeed(xml);
  assert.is(feed.kind, 'atom');
  assert.equal(feed.items.map((i) => [i.title, i.link, i.publishedAt]), [['Café results & outlook', 'https://x.example/a', '2024-12-30 21:00:00']]);
  // windows-1252's own bytes (curly quotes, a dash), which Node's decoder drops.
  const quoted = Buffer.from(xml.toString('latin1').replace('ISO-8859-1', 'windows-1252').replace('Caf\u00e9', '\u0093Caf\u00e9\u0094 \u0096'), 'latin1');
  assert.is(parseFeed(quoted).items[0]!.title, '\u201cCafé\u201d \u2013 results & outlook');
});

atom("one EDGAR filing's entries become the item naming its issuer", () => {
  // As EDGAR's getcurrent feed lists a Form 4: the reporting owner's entry, then the issuer's, one id.
  const entry = (title: string, cik: string): string =>
    `<entry><title>${title}</title><link rel="alternate" href="https://www.sec.gov/Archives/edgar/data/${cik}/000206323625000004/0002063236-25-000004-index.htm"/><updated>2025-12-12T18:02:43-05:00</updated><id>urn:tag:sec.gov,2008:accession-number=0002063236-25-000004</id></entry>`;
  const feed = (...entries: string[]): string => `<?xml version="1.0" encoding="ISO-8859-1"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Latest Filings</title>${entries.join('')}</feed>`;
  const owner = entry('4 - Perez Daniel Antonio (0002063236) (Reporting)', '2063236');
  const issuer = entry('4 - Hinge Health, Inc. (0001673743) (Issuer)', '1673743');
  for (const xml of [feed(owner, issuer), feed(issuer, owner)]) {
    const f = parseFeed(xml);
    assert.equal(f.items.map((i) => [i.title, i.link]), [['4 - Hinge Health, Inc. (0001673743) (Issuer)', 'https://www.sec.gov/Archives/edgar/data/1673743/000206323625000004/0002063236-25-000004-index.htm']]);
    assert.is(f.duplicates, 1);
  }
});

atom.run();

// ---

const helpers = suite('feed text helpers');

helpers('entities: the XML five and numeric references only (no DTD expansion)', () => {
  assert.is(decodeEntities('a &amp; b &#233; &#x41; &unknown;'), 'a & b é A &unknown;');
  assert.is(plainText('&lt;b&gt;Bold&lt;/b&gt;, text'), 'Bold, text');
});

helpers('normalised titles and canonical links', () => {
  assert.is(normalizeTitle('  NVIDIA Reports: Record Revenue!! '), 'nvidia reports record revenue');
  assert.is(canonicalLink('https://Wire.Example/a/?utm_source=x&id=3#frag'), 'https://wire.example/a/?id=3');
});

helpers.run();

// --- issue 13.17: dedupe by link / guid first, then by title only within 48 hours ---

const dedupe = suite('parseFeed: dedupe');

const testimony = (n: number, opts: { guid?: boolean; hoursApart?: number } = {}): string => {
  const items = Array.from({ length: n }, (_, i) => {
    const at = new Date(Date.UTC(2024, 0, 1) + i * (opts.hoursApart ?? 24 * 30) * 3600_000).toUTCString();
    const guid = opts.guid ? `<guid isPermaLink="false">t-${i}</guid>` : '';
    return `<item><title>Testimony Before the Committee on Financial Services</title><link>https://reg.example/testimony/${i}</link>${guid}<pubDate>${at}</pubDate></item>`;
  });
  return `<rss version="2.0"><channel><title>Testimony</title>${items.join('')}</channel></rss>`;
};

dedupe('distinct items with the same title on different dates are all kept', () => {
  const feed = parseFeed(testimony(25));
  assert.is(feed.items.length, 25);
  assert.is(feed.duplicates, 0);
  assert.is(new Set(feed.items.map((i) => i.id)).size, 25);
});

dedupe('the same title under another link within 48 hours is a duplicate; after 48 hours it is not', () => {
  // 0 h, 47 h (a copy of the first), 94 h (47 h after a copy, 94 h after the item it copies: new).
  assert.equal(parseFeed(testimony(3, { hoursApart: 47 })).items.map((i) => i.link), ['https://reg.example/testimony/0', 'https://reg.example/testimony/2']);
  assert.is(parseFeed(testimony(3, { hoursApart: 49 })).items.length, 3);
});

dedupe('items a feed tells apart by guid are distinct, whatever their titles; a repeated guid is a duplicate', () => {
  assert.is(parseFeed(testimony(3, { guid: true, hoursApart: 1 })).items.length, 3);
  const again = testimony(2, { guid: true }).replace('<guid isPermaLink="false">t-1</guid>', '<guid isPermaLink="false">t-0</guid>');
  const feed = parseFeed(again);
  assert.is(feed.items.length, 1);
  assert.is(feed.duplicates, 1);
  assert.is(feed.items[0]!.guid, 't-0');
});

dedupe.run();

const realFeeds = realSuite('parseFeed: real EDGAR feeds', path.join(SHARED_DATA, 'feeds/edgar_usgaap.rss.xml'));

realFeeds('usgaap.rss: 200 filings, some with the same title minutes apart, all kept (distinct guids)', () => {
  const feed = parseFeed(readFileSync(path.join(SHARED_DATA, 'feeds/edgar_usgaap.rss.xml')));
  assert.is(feed.items.length, 200);
  assert.is(feed.duplicates, 0);
  assert.is(feed.items.filter((i) => i.title === 'Eline Entertainment Group, Inc. (0001043150) (Filer)').length, 3);
});

realFeeds('SEC press releases: 25 items', () => {
  const feed = parseFeed(readFileSync(path.join(SHARED_DATA, 'feeds/sec_pressreleases.rss')));
  assert.is(feed.items.length, 25);
});

realFeeds.run();
