/**
 * SYNTHETIC DERA quarterly data sets, written in the documented format (the SEC's
 * `FORM13F_readme.htm`, `FORM_345_readme.htm` and the Form N-PORT data sets readme
 * `nport_readme.htm`: one zip per quarter, tab-separated tables with a
 * header row of upper-case column names, no quoting, dates `DD-MON-YYYY`). No real data-set zip is
 * in ../shared/data, so the tests and the scale rehearsal build them here: either from the
 * per-filing parse of real sample filings (what the SEC would publish for those filings), or
 * generated rows with unique identifiers. Every zip carries a `SYNTHETIC.txt` saying so.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import yazl from 'yazl';
import type { InfoTableRow } from '../../pipelines/parsers/form13f.ts';
import type { NportFiling, NportHolding } from '../../pipelines/parsers/nport.ts';
import type { OwnershipDocument } from '../../pipelines/parsers/ownership-xml.ts';

export const F13_COLUMNS = {
  SUBMISSION: ['ACCESSION_NUMBER', 'FILING_DATE', 'SUBMISSIONTYPE', 'CIK', 'PERIODOFREPORT'],
  COVERPAGE: [
    'ACCESSION_NUMBER', 'REPORTCALENDARORQUARTER', 'ISAMENDMENT', 'AMENDMENTNO', 'AMENDMENTTYPE', 'CONFDENIEDEXPIRED', 'DATEDENIEDEXPIRED', 'DATEREPORTED',
    'REASONFORNONCONFIDENTIALITY', 'FILINGMANAGER_NAME', 'FILINGMANAGER_STREET1', 'FILINGMANAGER_STREET2', 'FILINGMANAGER_CITY', 'FILINGMANAGER_STATEORCOUNTRY',
    'FILINGMANAGER_ZIPCODE', 'REPORTTYPE', 'FORM13FFILENUMBER', 'CRDNUMBER', 'SECFILENUMBER', 'PROVIDEINFOFORINSTRUCTION5', 'ADDITIONALINFORMATION',
  ],
  SUMMARYPAGE: ['ACCESSION_NUMBER', 'OTHERINCLUDEDMANAGERSCOUNT', 'TABLEENTRYTOTAL', 'TABLEVALUETOTAL', 'ISCONFIDENTIALOMITTED'],
  OTHERMANAGER2: ['ACCESSION_NUMBER', 'SEQUENCENUMBER', 'CIK', 'FORM13FFILENUMBER', 'CRDNUMBER', 'SECFILENUMBER', 'NAME'],
  INFOTABLE: [
    'ACCESSION_NUMBER', 'INFOTABLE_SK', 'NAMEOFISSUER', 'TITLEOFCLASS', 'CUSIP', 'FIGI', 'VALUE', 'SSHPRNAMT', 'SSHPRNAMTTYPE', 'PUTCALL', 'INVESTMENTDISCRETION',
    'OTHERMANAGER', 'VOTING_AUTH_SOLE', 'VOTING_AUTH_SHARED', 'VOTING_AUTH_NONE',
  ],
} as const;

const FN = (c: string): string[] => [c, `${c}_FN`];
export const F345_COLUMNS = {
  SUBMISSION: [
    'ACCESSION_NUMBER', 'FILING_DATE', 'PERIOD_OF_REPORT', 'DATE_OF_FILING_DATE_CHANGE', 'DOCUMENT_TYPE', 'ISSUERCIK', 'ISSUERNAME', 'ISSUERTRADINGSYMBOL', 'REMARKS',
    'NO_SECURITIES_OWNED', 'NOT_SUBJECT_SEC16', 'FORM3_HOLDINGS_REPORTED', 'FORM4_TRANS_REPORTED', 'AFF10B5ONE',
  ],
  REPORTINGOWNER: [
    'ACCESSION_NUMBER', 'RPTOWNERCIK', 'RPTOWNERNAME', 'RPTOWNER_RELATIONSHIP', 'RPTOWNER_TITLE', 'RPTOWNER_TXT', 'RPTOWNER_STREET1', 'RPTOWNER_STREET2', 'RPTOWNER_CITY',
    'RPTOWNER_STATE', 'RPTOWNER_ZIPCODE', 'RPTOWNER_STATE_DESC', 'FILE_NUMBER',
  ],
  NONDERIV_TRANS: [
    'ACCESSION_NUMBER', 'NONDERIV_TRANS_SK', ...FN('SECURITY_TITLE'), ...FN('TRANS_DATE'), ...FN('DEEMED_EXECUTION_DATE'), 'TRANS_FORM_TYPE', ...FN('TRANS_CODE'),
    'EQUITY_SWAP_INVOLVED', 'EQUITY_SWAP_TRANS_CD_FN', ...FN('TRANS_TIMELINESS'), ...FN('TRANS_SHARES'), ...FN('TRANS_PRICEPERSHARE'), ...FN('TRANS_ACQUIRED_DISP_CD'),
    ...FN('SHRS_OWND_FOLWNG_TRANS'), ...FN('VALU_OWND_FOLWNG_TRANS'), ...FN('DIRECT_INDIRECT_OWNERSHIP'), ...FN('NATURE_OF_OWNERSHIP'),
  ],
  NONDERIV_HOLDING: [
    'ACCESSION_NUMBER', 'NONDERIV_HOLDING_SK', ...FN('SECURITY_TITLE'), ...FN('TRANS_FORM_TYPE'), ...FN('SHRS_OWND_FOLWNG_TRANS'), ...FN('VALU_OWND_FOLWNG_TRANS'),
    ...FN('DIRECT_INDIRECT_OWNERSHIP'), ...FN('NATURE_OF_OWNERSHIP'),
  ],
  DERIV_TRANS: [
    'ACCESSION_NUMBER', 'DERIV_TRANS_SK', ...FN('SECURITY_TITLE'), ...FN('CONV_EXERCISE_PRICE'), ...FN('TRANS_DATE'), ...FN('DEEMED_EXECUTION_DATE'), 'TRANS_FORM_TYPE',
    ...FN('TRANS_CODE'), 'EQUITY_SWAP_INVOLVED', 'EQUITY_SWAP_TRANS_CD_FN', ...FN('TRANS_TIMELINESS'), ...FN('TRANS_SHARES'), ...FN('TRANS_TOTAL_VALUE'),
    ...FN('TRANS_PRICEPERSHARE'), ...FN('TRANS_ACQUIRED_DISP_CD'), ...FN('EXCERCISE_DATE'), ...FN('EXPIRATION_DATE'), ...FN('UNDLYNG_SEC_TITLE'),
    ...FN('UNDLYNG_SEC_SHARES'), ...FN('UNDLYNG_SEC_VALUE'), ...FN('SHRS_OWND_FOLWNG_TRANS'), ...FN('VALU_OWND_FOLWNG_TRANS'), ...FN('DIRECT_INDIRECT_OWNERSHIP'),
    ...FN('NATURE_OF_OWNERSHIP'),
  ],
  DERIV_HOLDING: [
    'ACCESSION_NUMBER', 'DERIV_HOLDING_SK', ...FN('SECURITY_TITLE'), ...FN('CONV_EXERCISE_PRICE'), 'TRANS_FORM_TYPE', ...FN('EXCERCISE_DATE'), ...FN('EXPIRATION_DATE'),
    ...FN('UNDLYNG_SEC_TITLE'), ...FN('UNDLYNG_SEC_SHARES'), ...FN('UNDLYNG_SEC_VALUE'), ...FN('SHRS_OWND_FOLWNG_TRANS'), ...FN('VALU_OWND_FOLWNG_TRANS'),
    ...FN('DIRECT_INDIRECT_OWNERSHIP'), ...FN('NATURE_OF_OWNERSHIP'),
  ],
  FOOTNOTES: ['ACCESSION_NUMBER', 'FOOTNOTE_ID', 'FOOTNOTE_TXT'],
} as const;

const MON = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
/** `2024-02-14` -> `14-FEB-2024` (the data sets' date format). */
export const deraDay = (iso: string | null): string => (iso ? `${iso.slice(8, 10)}-${MON[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}` : '');

const cell = (v: unknown): string => (v === null || v === undefined ? '' : String(v).replace(/[\t\r\n]+/g, ' '));
const line = (columns: readonly string[], values: Record<string, unknown>): string => columns.map((c) => cell(values[c])).join('\t');

/** Where a data set's lines go: a table's lines in order (in memory for tests, files for the rehearsal). */
export interface TableSink {
  write(table: string, line: string): void | Promise<void>;
}

export interface F13DatasetFiling {
  accession: string;
  cik: number;
  form: string;
  filed: string;
  period: string;
  manager: string;
  reportType: string | null;
  isAmendment: boolean;
  amendmentNo: number | null;
  amendmentType: string | null;
  entryTotal: number | null;
  valueTotal: number | null;
  otherManagers: { seq: number | null; cik: number | null; fileNumber: string | null; name: string | null }[];
  /** Values as reported (the filing's unit). */
  rows: InfoTableRow[];
}

let infotableSk = 0;
export async function writeF13Filing(sink: TableSink, f: F13DatasetFiling): Promise<void> {
  const C = F13_COLUMNS;
  await sink.write('SUBMISSION', line(C.SUBMISSION, { ACCESSION_NUMBER: f.accession, FILING_DATE: deraDay(f.filed), SUBMISSIONTYPE: f.form, CIK: f.cik, PERIODOFREPORT: deraDay(f.period) }));
  await sink.write(
    'COVERPAGE',
    line(C.COVERPAGE, {
      ACCESSION_NUMBER: f.accession, REPORTCALENDARORQUARTER: deraDay(f.period), ISAMENDMENT: f.isAmendment ? 'Y' : 'N', AMENDMENTNO: f.amendmentNo, AMENDMENTTYPE: f.amendmentType,
      FILINGMANAGER_NAME: f.manager, REPORTTYPE: f.reportType, PROVIDEINFOFORINSTRUCTION5: 'N',
    }),
  );
  await sink.write('SUMMARYPAGE', line(C.SUMMARYPAGE, { ACCESSION_NUMBER: f.accession, OTHERINCLUDEDMANAGERSCOUNT: f.otherManagers.length, TABLEENTRYTOTAL: f.entryTotal, TABLEVALUETOTAL: f.valueTotal, ISCONFIDENTIALOMITTED: 'N' }));
  for (const m of f.otherManagers) await sink.write('OTHERMANAGER2', line(C.OTHERMANAGER2, { ACCESSION_NUMBER: f.accession, SEQUENCENUMBER: m.seq, CIK: m.cik, FORM13FFILENUMBER: m.fileNumber, NAME: m.name }));
  for (const r of f.rows) {
    await sink.write(
      'INFOTABLE',
      line(C.INFOTABLE, {
        ACCESSION_NUMBER: f.accession, INFOTABLE_SK: ++infotableSk, NAMEOFISSUER: r.issuer, TITLEOFCLASS: r.titleOfClass, CUSIP: r.cusip, FIGI: r.figi, VALUE: r.value,
        SSHPRNAMT: r.shares, SSHPRNAMTTYPE: r.shareType, PUTCALL: r.putCall, INVESTMENTDISCRETION: r.investmentDiscretion, OTHERMANAGER: r.otherManagers,
        VOTING_AUTH_SOLE: r.voteSole, VOTING_AUTH_SHARED: r.voteShared, VOTING_AUTH_NONE: r.voteNone,
      }),
    );
  }
}

export interface F345DatasetFiling {
  accession: string;
  filed: string;
  doc: OwnershipDocument;
}

let f345Sk = 0;
/** One Form 3/4/5 in the data set's tables (footnote ids re-numbered per filing, as the data set keeps them). */
export async function writeF345Filing(sink: TableSink, f: F345DatasetFiling): Promise<void> {
  const C = F345_COLUMNS;
  const d = f.doc;
  await sink.write(
    'SUBMISSION',
    line(C.SUBMISSION, {
      ACCESSION_NUMBER: f.accession, FILING_DATE: deraDay(f.filed), PERIOD_OF_REPORT: deraDay(d.periodOfReport), DOCUMENT_TYPE: d.documentType, ISSUERCIK: d.issuer.cik,
      ISSUERNAME: d.issuer.name, ISSUERTRADINGSYMBOL: d.issuer.ticker, REMARKS: d.remarks, AFF10B5ONE: d.aff10b5One === null ? null : d.aff10b5One ? '1' : '0',
    }),
  );
  for (const o of d.owners) {
    const rel = [o.isDirector && 'Director', o.isOfficer && 'Officer', o.isTenPercentOwner && 'TenPercentOwner', o.isOther && 'Other'].filter(Boolean).join(',');
    await sink.write('REPORTINGOWNER', line(C.REPORTINGOWNER, { ACCESSION_NUMBER: f.accession, RPTOWNERCIK: o.cik, RPTOWNERNAME: o.name, RPTOWNER_RELATIONSHIP: rel, RPTOWNER_TITLE: o.officerTitle, RPTOWNER_TXT: o.otherText }));
  }
  // Footnote texts -> ids of this filing.
  const ids = new Map<string, string>();
  const idOf = (text: string): string => {
    let id = ids.get(text);
    if (!id) ids.set(text, (id = `F${ids.size + 1}`));
    return id;
  };
  const FIELD_COLUMN: Record<string, string> = {
    securityTitle: 'SECURITY_TITLE_FN', conversionPrice: 'CONV_EXERCISE_PRICE_FN', transactionDate: 'TRANS_DATE_FN', deemedExecutionDate: 'DEEMED_EXECUTION_DATE_FN',
    code: 'TRANS_CODE_FN', timeliness: 'TRANS_TIMELINESS_FN', shares: 'TRANS_SHARES_FN', price: 'TRANS_PRICEPERSHARE_FN', acquiredDisposed: 'TRANS_ACQUIRED_DISP_CD_FN',
    exerciseDate: 'EXCERCISE_DATE_FN', expirationDate: 'EXPIRATION_DATE_FN', underlyingTitle: 'UNDLYNG_SEC_TITLE_FN', underlyingShares: 'UNDLYNG_SEC_SHARES_FN',
    sharesAfter: 'SHRS_OWND_FOLWNG_TRANS_FN', valueAfter: 'VALU_OWND_FOLWNG_TRANS_FN', directIndirect: 'DIRECT_INDIRECT_OWNERSHIP_FN', natureOfOwnership: 'NATURE_OF_OWNERSHIP_FN',
  };
  for (const r of d.rows) {
    const table = r.table === 'non_derivative' ? (r.kind === 'transaction' ? 'NONDERIV_TRANS' : 'NONDERIV_HOLDING') : r.kind === 'transaction' ? 'DERIV_TRANS' : 'DERIV_HOLDING';
    const values: Record<string, unknown> = {
      ACCESSION_NUMBER: f.accession, [`${table}_SK`]: ++f345Sk, SECURITY_TITLE: r.securityTitle, TRANS_DATE: deraDay(r.transactionDate), DEEMED_EXECUTION_DATE: deraDay(r.deemedExecutionDate),
      TRANS_FORM_TYPE: r.formType, TRANS_CODE: r.code, EQUITY_SWAP_INVOLVED: r.equitySwap === null ? null : r.equitySwap ? '1' : '0', TRANS_SHARES: r.shares,
      TRANS_PRICEPERSHARE: r.price, TRANS_ACQUIRED_DISP_CD: r.acquiredDisposed, SHRS_OWND_FOLWNG_TRANS: r.sharesAfter, VALU_OWND_FOLWNG_TRANS: r.valueAfter,
      DIRECT_INDIRECT_OWNERSHIP: r.directIndirect, NATURE_OF_OWNERSHIP: r.natureOfOwnership, CONV_EXERCISE_PRICE: r.conversionPrice, EXCERCISE_DATE: deraDay(r.exerciseDate),
      EXPIRATION_DATE: deraDay(r.expirationDate), UNDLYNG_SEC_TITLE: r.underlyingTitle, UNDLYNG_SEC_SHARES: r.underlyingShares,
    };
    for (const [field, texts] of Object.entries(r.footnotes)) {
      const col = FIELD_COLUMN[field];
      if (col) values[col] = texts.map(idOf).join(',');
    }
    await sink.write(table, line(C[table], values));
  }
  for (const [text, id] of ids) await sink.write('FOOTNOTES', line(C.FOOTNOTES, { ACCESSION_NUMBER: f.accession, FOOTNOTE_ID: id, FOOTNOTE_TXT: text }));
}

/** The Form N-PORT data set's tables this loader reads (the zip has more: BORROWER, DERIVATIVE_COUNTERPARTY, ...). */
export const NPORT_COLUMNS = {
  SUBMISSION: ['ACCESSION_NUMBER', 'FILING_DATE', 'FILE_NUM', 'SUB_TYPE', 'REPORT_ENDING_PERIOD', 'REPORT_DATE', 'IS_LAST_FILING'],
  REGISTRANT: ['ACCESSION_NUMBER', 'CIK', 'REGISTRANT_NAME', 'FILE_NUM', 'LEI', 'ADDRESS1', 'ADDRESS2', 'CITY', 'STATE', 'COUNTRY', 'ZIP', 'PHONE'],
  FUND_REPORTED_INFO: [
    'ACCESSION_NUMBER', 'SERIES_NAME', 'SERIES_ID', 'SERIES_LEI', 'TOTAL_ASSETS', 'TOTAL_LIABILITIES', 'NET_ASSETS', 'ASSETS_ATTRBT_TO_MISC_SECURITY', 'ASSETS_INVESTED',
    'BORROWING_PAY_WITHIN_1YR', 'OTHER_PAY_WITHIN_1YR', 'BORROWING_PAY_AFTER_1YR', 'OTHER_PAY_AFTER_1YR', 'CASH_NOT_RPTD_IN_C_OR_D', 'IS_NON_CASH_COLLATERAL',
  ],
  FUND_REPORTED_HOLDING: [
    'ACCESSION_NUMBER', 'HOLDING_ID', 'ISSUER_NAME', 'ISSUER_LEI', 'ISSUER_TITLE', 'ISSUER_CUSIP', 'BALANCE', 'UNIT', 'OTHER_UNIT_DESC', 'CURRENCY_CODE', 'CURRENCY_VALUE',
    'EXCHANGE_RATE', 'PERCENTAGE', 'PAYOFF_PROFILE', 'ASSET_CAT', 'OTHER_ASSET', 'ISSUER_TYPE', 'OTHER_ISSUER', 'INVESTMENT_COUNTRY', 'IS_RESTRICTED_SECURITY',
    'FAIR_VALUE_LEVEL', 'DERIVATIVE_CAT',
  ],
  IDENTIFIERS: ['HOLDING_ID', 'IDENTIFIERS_ID', 'IDENTIFIER_ISIN', 'IDENTIFIER_TICKER', 'OTHER_IDENTIFIER', 'OTHER_IDENTIFIER_DESC'],
  DEBT_SECURITY: [
    'HOLDING_ID', 'MATURITY_DATE', 'COUPON_TYPE', 'ANNUALIZED_RATE', 'IS_DEFAULT', 'ARE_ANY_INTEREST_PAYMENT', 'IS_ANY_PORTION_INTEREST_PAID', 'IS_CONVTIBLE_MANDATORY',
    'IS_CONVTIBLE_CONTINGENT',
  ],
  MONTHLY_TOTAL_RETURN: ['ACCESSION_NUMBER', 'MONTHLY_TOTAL_RETURN_ID', 'CLASS_ID', 'MONTHLY_TOTAL_RETURN1', 'MONTHLY_TOTAL_RETURN2', 'MONTHLY_TOTAL_RETURN3'],
} as const;

export interface NportDatasetFiling {
  accession: string;
  filed: string;
  form: string;
  filing: NportFiling;
}

const yn = (b: boolean | null): string | null => (b === null ? null : b ? 'Y' : 'N');
let holdingId = 0;
let identifiersId = 0;
let returnId = 0;
/**
 * One N-PORT filing in the data set's tables: a HOLDING_ID per holding, its ISIN and ticker on one
 * IDENTIFIERS row and each other identifier on its own, its debt terms on a DEBT_SECURITY row, a
 * null CUSIP written `N/A` as filers do.
 */
export async function writeNportFiling(sink: TableSink, n: NportDatasetFiling): Promise<void> {
  const C = NPORT_COLUMNS;
  const f = n.filing;
  const acc = n.accession;
  await sink.write('SUBMISSION', line(C.SUBMISSION, { ACCESSION_NUMBER: acc, FILING_DATE: deraDay(n.filed), SUB_TYPE: n.form, REPORT_ENDING_PERIOD: deraDay(f.periodEnd), REPORT_DATE: deraDay(f.periodDate), IS_LAST_FILING: 'N' }));
  await sink.write('REGISTRANT', line(C.REGISTRANT, { ACCESSION_NUMBER: acc, CIK: String(f.regCik).padStart(10, '0'), REGISTRANT_NAME: f.regName, LEI: f.regLei ?? 'N/A' }));
  await sink.write(
    'FUND_REPORTED_INFO',
    line(C.FUND_REPORTED_INFO, {
      ACCESSION_NUMBER: acc, SERIES_NAME: f.seriesName ?? 'N/A', SERIES_ID: f.seriesId, SERIES_LEI: f.seriesLei ?? 'N/A', TOTAL_ASSETS: f.totalAssets, TOTAL_LIABILITIES: f.totalLiabilities,
      NET_ASSETS: f.netAssets,
    }),
  );
  for (const cls of f.classIds) await sink.write('MONTHLY_TOTAL_RETURN', line(C.MONTHLY_TOTAL_RETURN, { ACCESSION_NUMBER: acc, MONTHLY_TOTAL_RETURN_ID: ++returnId, CLASS_ID: cls }));
  for (const h of f.holdings) {
    const id = ++holdingId;
    await sink.write(
      'FUND_REPORTED_HOLDING',
      line(C.FUND_REPORTED_HOLDING, {
        ACCESSION_NUMBER: acc, HOLDING_ID: id, ISSUER_NAME: h.name, ISSUER_LEI: h.lei ?? 'N/A', ISSUER_TITLE: h.title, ISSUER_CUSIP: h.cusip ?? 'N/A', BALANCE: h.balance, UNIT: h.units,
        CURRENCY_CODE: h.currency, CURRENCY_VALUE: h.valueUsd, PERCENTAGE: h.pctNetAssets, PAYOFF_PROFILE: h.payoffProfile ?? 'N/A', ASSET_CAT: h.assetCat, ISSUER_TYPE: h.issuerCat,
        INVESTMENT_COUNTRY: h.country, IS_RESTRICTED_SECURITY: yn(h.isRestricted), FAIR_VALUE_LEVEL: h.fairValueLevel ?? 'N/A',
      }),
    );
    if (h.isin || h.ticker) await sink.write('IDENTIFIERS', line(C.IDENTIFIERS, { HOLDING_ID: id, IDENTIFIERS_ID: ++identifiersId, IDENTIFIER_ISIN: h.isin, IDENTIFIER_TICKER: h.ticker }));
    for (const other of h.otherIds?.split('; ') ?? []) {
      const at = other.indexOf(': ');
      await sink.write('IDENTIFIERS', line(C.IDENTIFIERS, { HOLDING_ID: id, IDENTIFIERS_ID: ++identifiersId, OTHER_IDENTIFIER_DESC: other.slice(0, at), OTHER_IDENTIFIER: other.slice(at + 2) }));
    }
    if (h.maturity !== null || h.couponKind !== null || h.couponRate !== null || h.isDefault !== null) {
      await sink.write(
        'DEBT_SECURITY',
        line(C.DEBT_SECURITY, {
          HOLDING_ID: id, MATURITY_DATE: deraDay(h.maturity), COUPON_TYPE: h.couponKind, ANNUALIZED_RATE: h.couponRate, IS_DEFAULT: yn(h.isDefault),
          ARE_ANY_INTEREST_PAYMENT: yn(h.interestInArrears), IS_ANY_PORTION_INTEREST_PAID: yn(h.isPik), IS_CONVTIBLE_MANDATORY: 'N', IS_CONVTIBLE_CONTINGENT: 'N',
        }),
      );
    }
  }
}

const esc = (t: string): string => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * A data set's listing page as the SEC's site serves it at
 * `www.sec.gov/data-research/sec-markets-data/<data set>` (GENERATED: page chrome, an intro, a
 * table of the published files, newest first, each a link relative to the site with its size), for
 * the discovery tests. `files` are host-first keys (`www.sec.gov/files/...`); a key starting with
 * `https://` is linked as it is (an absolute link).
 */
export function renderDatasetListing(title: string, files: { key: string; label: string; bytes: number }[]): string {
  const href = (key: string): string => (key.startsWith('https://') ? key : key.replace(/^www\.sec\.gov/, ''));
  const rows = files
    .map((f) => `        <tr>\n          <td><a href="${esc(href(f.key))}">${esc(f.label)}</a></td>\n          <td>ZIP</td>\n          <td>${(f.bytes / 1e6).toFixed(2)} MB</td>\n        </tr>`)
    .join('\n');
  return `<!DOCTYPE html>
<html lang="en" dir="ltr">
<head>
  <meta charset="utf-8">
  <title>${esc(title)} | SEC.gov</title>
  <link rel="canonical" href="https://www.sec.gov/data-research/sec-markets-data/${esc(title.toLowerCase().replace(/[^a-z0-9]+/g, '-'))}">
</head>
<body>
  <a href="#main-content" class="usa-skipnav">Skip to main content</a>
  <header class="usa-header"><a href="/">U.S. Securities and Exchange Commission</a></header>
  <main id="main-content">
    <h1 class="page-title">${esc(title)}</h1>
    <div class="field--name-body">
      <p>GENERATED test page (not published by the SEC). The data sets below are extracted from EDGAR filings and published as zip files.</p>
      <p>Documentation: <a href="/files/dera-readme.pdf">readme</a>.</p>
      <table class="usa-table">
        <thead><tr><th>File</th><th>Format</th><th>Size</th></tr></thead>
        <tbody>
${rows}
        </tbody>
      </table>
    </div>
  </main>
  <footer><a href="/privacy">Privacy</a></footer>
</body>
</html>
`;
}

const NOTE = 'SYNTHETIC test data in the documented DERA data-set format (not published by the SEC).\n';

/** An in-memory data set (tests): every table with its header, zipped. */
export async function datasetZip(columns: Record<string, readonly string[]>, fill: (sink: TableSink) => Promise<void>): Promise<Buffer> {
  const lines = new Map<string, string[]>(Object.entries(columns).map(([t, cols]) => [t, [cols.join('\t')]]));
  await fill({ write: (t, l) => void lines.get(t)!.push(l) });
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(NOTE), 'SYNTHETIC.txt');
  for (const [t, ls] of lines) zip.addBuffer(Buffer.from(`${ls.join('\n')}\n`), `${t}.tsv`, { mtime: new Date('2024-08-20T00:00:00Z') });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A data set written to `file` (the scale rehearsal): each table streamed to a temporary TSV, then
 * zipped (deflate) into `file`; bounded memory whatever the row count.
 */
export async function datasetZipFile(file: string, columns: Record<string, readonly string[]>, fill: (sink: TableSink) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'almanac-dera-'));
  const streams = new Map<string, WriteStream>(Object.keys(columns).map((t) => [t, createWriteStream(path.join(dir, `${t}.tsv`))]));
  for (const [t, s] of streams) s.write(`${columns[t]!.join('\t')}\n`);
  await fill({
    write: (t, l) => {
      const s = streams.get(t)!;
      return s.write(`${l}\n`) ? undefined : new Promise<void>((r) => s.once('drain', () => r()));
    },
  });
  await Promise.all([...streams.values()].map((s) => new Promise<void>((r) => s.end(() => r()))));
  const zip = new yazl.ZipFile();
  zip.addBuffer(Buffer.from(NOTE), 'SYNTHETIC.txt');
  for (const t of streams.keys()) zip.addFile(path.join(dir, `${t}.tsv`), `${t}.tsv`, { compressionLevel: 1 } as never);
  zip.end();
  await new Promise<void>((resolve, reject) => zip.outputStream.pipe(createWriteStream(file)).once('close', resolve).once('error', reject));
  await rm(dir, { recursive: true, force: true });
}

/** A made-up fund's filing: `n` holdings with unique made-up CUSIPs, every third a bond. */
export function syntheticNportFiling(cik: number, accession: string, filed: string, n: number, seriesNo = 1): NportDatasetFiling {
  const holdings: NportHolding[] = Array.from({ length: n }, (_, i) => {
    const bond = i % 3 === 0;
    return {
      row: i + 1, name: `ALMANAC SYNTHETIC ISSUER ${i + 1}`, lei: null, title: bond ? `${(2 + (i % 5)).toFixed(3)}% NOTES` : 'COMMON STOCK',
      cusip: `Z${String(cik % 1000).padStart(3, '0')}${String(i).padStart(5, '0')}`, isin: null, ticker: bond ? null : `ZS${i}`, otherIds: bond ? `Internal: SYN-${i}` : null,
      balance: 1000 + i, units: bond ? 'PA' : 'NS', currency: 'USD', valueUsd: 10_000 + i * 7, pctNetAssets: 0.01, payoffProfile: 'Long', assetCat: bond ? 'DBT' : 'EC',
      issuerCat: 'CORP', country: 'US', isRestricted: false, fairValueLevel: bond ? '2' : '1', maturity: bond ? '2031-06-15' : null, couponKind: bond ? 'Fixed' : null,
      couponRate: bond ? 2 + (i % 5) : null, isDefault: bond ? false : null, interestInArrears: bond ? false : null, isPik: bond ? false : null,
    };
  });
  const filing: NportFiling = {
    submissionType: 'NPORT-P', regCik: cik, regName: `ALMANAC SYNTHETIC FUND TRUST ${cik}`, regLei: null, seriesId: `S9${String(cik % 100000).padStart(5, '0')}${seriesNo}`,
    seriesName: `ALMANAC SYNTHETIC SERIES ${seriesNo}`, seriesLei: null, classIds: [], periodEnd: '2023-12-31', periodDate: '2023-03-31', totalAssets: 2e8, totalLiabilities: 1e6,
    netAssets: 1.99e8, holdings,
  };
  return { accession, filed, form: 'NPORT-P', filing };
}
