/**
 * Writes the sample's fund share-class list `www.sec.gov/files/company_tickers_mf.json` (the SEC's
 * layout: `{"fields":["cik","seriesId","classId","symbol"],"data":[...]}`). No real copy of the
 * SEC's file is bundled, so it is derived: the registrant CIK, series id and class ids are read from
 * the real N-PORT filings in this folder. The ticker symbols are not in an N-PORT, and none is typed
 * from memory: each class gets a generated symbol, `SYN` and the class id's digits (`SYN000037818`),
 * twelve characters, so it can never be taken for a real ticker. The file is therefore listed in
 * SYNTHETIC. Rerun to reproduce it byte for byte:
 *
 *   node --import tsx pipelines/sample/derive-fund-classes.ts
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';

/** The generated symbol of a share class: `SYN` and the digits of its class id (`C000037818` -> `SYN000037818`). */
export const syntheticSymbol = (classId: string): string => `SYN${classId.replace(/^C/, '')}`;

const tag = (xml: string, name: string): string[] => [...xml.matchAll(new RegExp(`<${name}>\\s*([^<]*?)\\s*</${name}>`, 'g'))].map((m) => m[1]!);

/** `[cik, seriesId, classId, symbol]` rows for every class of the given N-PORT documents. */
export function deriveFundClasses(nports: readonly string[]): string {
  const data: [number, string, string, string][] = [];
  for (const xml of nports) {
    const cik = Number(tag(xml, 'regCik')[0]);
    const series = tag(xml, 'seriesId')[0]!;
    for (const cls of tag(xml, 'classId')) data.push([cik, series, cls, syntheticSymbol(cls)]);
  }
  return JSON.stringify({ fields: ['cik', 'seriesId', 'classId', 'symbol'], data });
}

/** The N-PORT documents under `root`'s Archives folder (plain or `.gz`), in path order. */
export function sampleNports(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      if (statSync(file).isDirectory()) walk(file);
      else if (/\.xml(\.gz)?$/.test(name)) {
        const bytes = readFileSync(file);
        const text = (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
        if (/<submissionType>NPORT-P/.test(text.slice(0, 4096))) out.push(text);
      }
    }
  };
  walk(path.join(root, 'www.sec.gov/Archives/edgar/data'));
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const root = import.meta.dirname;
  writeFileSync(path.join(root, 'www.sec.gov/files/company_tickers_mf.json'), deriveFundClasses(sampleNports(root)));
}
