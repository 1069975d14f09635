/**
 * Expected values for tests over the sample's real SEC filings, read straight from the bundled
 * files (pipelines/sample) with plain regular expressions, independently of the pipeline parsers:
 * a test compares what the service answers with what the filing says, never with typed numbers.
 */
import { sampleBytes } from './sample-files.ts';

export const ARCHIVES = 'www.sec.gov/Archives/edgar/data';

/** A sample document's text by its key (a `<key>.gz` copy is decompressed). */
export function sampleText(key: string): string {
  return sampleBytes(key).toString('utf8');
}

/** The sample's real filings used by the tests: document key, accession, and (for bare XML) how the filing date is known. */
export const SAMPLE_FILINGS = {
  /** Form 4, Affirm / Rabois Keith: one sale, Rule 10b5-1 box checked, footnotes (date: signature). */
  affirm: { key: `${ARCHIVES}/1820953/000162828023010740/wf-form4_168064570446975.xml`, accession: '0001628280-23-010740' },
  /** Form 4, Fractyl Health / six joint owners: IPO conversions and open-market purchases (date: signature). */
  fractyl: { key: `${ARCHIVES}/1572616/000095017024012830/ownership.xml`, accession: '0000950170-24-012830' },
  /** Form 4, Microsoft / Hoffman Reid: a derivative grant (date: signature). */
  msft: { key: `${ARCHIVES}/789019/000106299323018084/form4.xml`, accession: '0001062993-23-018084' },
  /** Form 3, Palantir / Thiel Peter: holdings only (date: signature). */
  palantir: { key: `${ARCHIVES}/1321655/000120919120051619/doc3.xml`, accession: '0001209191-20-051619' },
  /** Form 4, Tesla / Musk Elon, 2010 (date: Tesla's submissions JSON). */
  tesla2010: { key: `${ARCHIVES}/1318605/000118143110035864/rrd280655.xml`, accession: '0001181431-10-035864' },
  /** Form 5, Tesla / Musk Elon, gifts (date: Tesla's submissions JSON). */
  tesla5: { key: `${ARCHIVES}/1318605/000089924322006240/doc5.xml`, accession: '0000899243-22-006240' },
  /** Form 4, Tesla / Wilson-Thompson Kathleen: complete submission .txt (date: its header). */
  tesla2025: { key: `${ARCHIVES}/1318605/000095017025003585/0000950170-25-003585.txt`, accession: '0000950170-25-003585' },
  /** Form 4, AMD / Smith Darla M: dissemination .nc (date: its header). */
  amd: { key: `${ARCHIVES}/2488/000000248824000005/0000002488-24-000005.nc`, accession: '0000002488-24-000005' },
  /** 13F-HR, Kahn Brothers, Q1 2022: cover page and information table (date: signature). */
  kahn: { cover: `${ARCHIVES}/1039565/000103956522000009/primary.xml`, table: `${ARCHIVES}/1039565/000103956522000009/holdings.xml`, accession: '0001039565-22-000009' },
  /** 13F-HR, LTS One Management, Q3 2023: complete submission .txt (date: its header). */
  ltsOne: { key: `${ARCHIVES}/1894188/000189418823000007/0001894188-23-000007.txt`, accession: '0001894188-23-000007' },
  /** N-PORT-P, Goldman Sachs Bond Fund, 2023-03-31, published without its accession number (date: signature). */
  goldman: { key: `${ARCHIVES}/822977/unknown-accession-S000013795-2023-03-31/NPORT_Sample_7_GoldmanSachsBondFund_2023-03-31.xml`, accession: 'unknown-accession-S000013795-2023-03-31' },
} as const;

/** The XML documents of a text or XML key: the `<XML>` blocks of a `.txt`/`.nc`, else the file itself. */
export function xmlDocuments(key: string): string[] {
  const text = sampleText(key);
  if (!/\.(txt|nc)$/.test(key)) return [text];
  return [...text.matchAll(/<XML>([\s\S]*?)<\/XML>/g)].map((m) => m[1]!.trim());
}

const decode = (s: string): string => s.replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'");

/** The first `<name>` element's text (namespace prefix allowed), or of its `<value>` child. */
export function field(xml: string, name: string): string | null {
  const m = new RegExp(`<(?:\\w+:)?${name}(?:\\s[^>]*)?>([\\s\\S]*?)</(?:\\w+:)?${name}>`).exec(xml);
  if (!m) return null;
  const v = /<value>([\s\S]*?)<\/value>/.exec(m[1]!);
  const t = (v ? v[1]! : m[1]!).trim();
  return t === '' || t.startsWith('<') ? null : decode(t);
}

/** Every `<name>` block of a document, in document order. */
export function blocks(xml: string, name: string): string[] {
  return [...xml.matchAll(new RegExp(`<(?:\\w+:)?${name}>([\\s\\S]*?)</(?:\\w+:)?${name}>`, 'g'))].map((m) => m[1]!);
}

const num = (s: string | null): number | null => (s === null ? null : Number(s));

export interface OwnershipRow {
  table: 'non_derivative' | 'derivative';
  kind: 'transaction' | 'holding';
  code: string | null;
  shares: number | null;
  price: number | null;
  acquiredDisposed: string | null;
  sharesAfter: number | null;
  /** Footnote ids on the shares and price fields. */
  sharesFootnotes: string[];
  priceFootnotes: string[];
}

/** The rows of an ownership document (Forms 3/4/5): per table, transactions then holdings, as filed. */
export function ownershipRows(xml: string): OwnershipRow[] {
  const out: OwnershipRow[] = [];
  const ids = (b: string, name: string): string[] => {
    const f = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(b)?.[1] ?? '';
    return [...f.matchAll(/<footnoteId id="([^"]+)"/g)].map((m) => m[1]!);
  };
  for (const [tableTag, table] of [['nonDerivativeTable', 'non_derivative'], ['derivativeTable', 'derivative']] as const) {
    const t = blocks(xml, tableTag)[0] ?? '';
    const prefix = table === 'non_derivative' ? 'nonDerivative' : 'derivative';
    for (const [tag, kind] of [[`${prefix}Transaction`, 'transaction'], [`${prefix}Holding`, 'holding']] as const) {
      for (const b of blocks(t, tag)) {
        out.push({
          table,
          kind,
          code: field(b, 'transactionCode'),
          shares: num(field(b, 'transactionShares')),
          price: num(field(b, 'transactionPricePerShare')),
          acquiredDisposed: field(b, 'transactionAcquiredDisposedCode'),
          sharesAfter: num(field(b, 'sharesOwnedFollowingTransaction')),
          sharesFootnotes: ids(b, 'transactionShares'),
          priceFootnotes: ids(b, 'transactionPricePerShare'),
        });
      }
    }
  }
  return out;
}

/** Footnote texts of an ownership document by id. */
export function footnotes(xml: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of xml.matchAll(/<footnote id="([^"]+)">([\s\S]*?)<\/footnote>/g)) out[m[1]!] = decode(m[2]!.trim());
  return out;
}

/** The ownership document of a sample filing. */
export function ownershipXml(key: string): string {
  const doc = xmlDocuments(key).find((d) => /<ownershipDocument[\s>]/.test(d));
  if (!doc) throw new Error(`no ownership document in ${key}`);
  return doc;
}

/** 13F information-table rows: issuer, CUSIP, value (as filed), shares. */
export function infoTableRows(xml: string): { issuer: string; cusip: string; value: number; shares: number; putCall: string | null }[] {
  return blocks(xml, 'infoTable').map((b) => ({
    issuer: field(b, 'nameOfIssuer')!,
    cusip: field(b, 'cusip')!,
    value: Number(field(b, 'value')),
    shares: Number(field(b, 'sshPrnamt')),
    putCall: field(b, 'putCall'),
  }));
}

/** N-PORT holdings: name, CUSIP and ISIN (null when N/A or 000000000), balance, units, value in USD, percent of net assets, asset category. */
export interface NportHoldingRow {
  name: string;
  title: string | null;
  cusip: string | null;
  isin: string | null;
  balance: number;
  units: string;
  currency: string | null;
  valueUsd: number;
  pct: number;
  assetCat: string | null;
  maturity: string | null;
  couponKind: string | null;
  coupon: number | null;
  isDefault: boolean | null;
}

export function nportHoldings(xml: string): NportHoldingRow[] {
  const id = (v: string | null | undefined): string | null => (!v || /^(N\/?A|0+)$/i.test(v.trim()) ? null : v.trim().toUpperCase());
  return blocks(xml, 'invstOrSec').map((b) => ({
    name: field(b, 'name')!,
    title: field(b, 'title'),
    cusip: id(field(b, 'cusip')),
    // The holding's own identifiers (a derivative's reference instrument has its own, further down).
    isin: id(/<identifiers>[\s\S]*?<isin value="([^"]*)"[\s\S]*?<\/identifiers>/.exec(b.split('<derivativeInfo>')[0]!)?.[1]),
    balance: Number(field(b, 'balance')),
    units: field(b, 'units')!,
    currency: field(b, 'curCd'),
    valueUsd: Number(field(b, 'valUSD')),
    pct: Number(field(b, 'pctVal')),
    assetCat: field(b, 'assetCat'),
    maturity: field(b, 'maturityDt'),
    couponKind: field(b, 'couponKind'),
    coupon: num(field(b, 'annualizedRt')),
    isDefault: field(b, 'isDefault') === null ? null : field(b, 'isDefault') === 'Y',
  }));
}
