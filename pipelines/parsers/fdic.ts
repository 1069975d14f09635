/**
 * FDIC BankFind Suite institutions download (CSV; the `institutions` data set of
 * banks.data.fdic.gov, columns named as in its API: CERT, NAME, FED_RSSD, CITY, STALP, ASSET ...).
 * Amounts (ASSET, DEP, DEPDOM, NETINC) are in thousands of dollars and become dollars; ROA and ROE
 * stay percent. Dates come as MM/DD/YYYY (BankFind CSV), YYYYMMDD or YYYY-MM-DD; the FDIC's
 * `12/31/9999` "no end date" becomes null. Extra columns are ignored; a file without CERT, NAME
 * or ACTIVE, or with a malformed number or date, is refused (quarantined), never half-read.
 */
import { QuarantineError } from '../jobs/interface.ts';
import { csvObjects } from './csv-records.ts';
import { decimal, isCalendarDate } from './values.ts';

export interface FdicInstitution {
  cert: number;
  name: string;
  fedRssd: number | null;
  address: string | null;
  city: string | null;
  state: string | null;
  stateName: string | null;
  zip: string | null;
  active: boolean;
  bankClass: string | null;
  regulator: string | null;
  holdingCompany: string | null;
  holdingCompanyRssd: number | null;
  totalAssets: number | null;
  totalDeposits: number | null;
  domesticDeposits: number | null;
  netIncome: number | null;
  roa: number | null;
  roe: number | null;
  offices: number | null;
  reportDate: string | null;
  established: string | null;
  insuredSince: string | null;
  inactiveSince: string | null;
  website: string | null;
}

const REQUIRED = ['CERT', 'NAME', 'ACTIVE'] as const;

/** `MM/DD/YYYY`, `YYYYMMDD` or `YYYY-MM-DD` -> `YYYY-MM-DD`; empty or 9999 -> null. */
export function fdicDate(value: string, what: string, line: number): string | null {
  const s = value.trim();
  if (s === '') return null;
  let iso: string | null = null;
  let m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) iso = `${m[3]}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  else if ((m = /^(\d{4})(\d{2})(\d{2})$/.exec(s))) iso = `${m[1]}-${m[2]}-${m[3]}`;
  else if (/^\d{4}-\d{2}-\d{2}$/.test(s)) iso = s;
  if (!iso) throw new QuarantineError(`record ${line}: ${what} is not a date: "${s}"`);
  if (iso.startsWith('9999')) return null;
  if (!isCalendarDate(iso)) throw new QuarantineError(`record ${line}: ${what} is not a calendar date: "${s}"`);
  return iso;
}

function number(value: string | undefined, what: string, line: number): number | null {
  const s = (value ?? '').trim();
  if (s === '') return null;
  const n = decimal(s, { commas: true });
  if (n === null) throw new QuarantineError(`record ${line}: ${what} is not a number: "${value}"`);
  return n;
}

const thousands = (n: number | null): number | null => (n === null ? null : n * 1000);
const text = (v: string | undefined): string | null => (v && v.trim() !== '' ? v.trim() : null);

/** Parses the institutions CSV. */
export function parseFdicInstitutions(csv: string): FdicInstitution[] {
  let parsed;
  try {
    parsed = csvObjects(csv, REQUIRED);
  } catch (err) {
    throw new QuarantineError(`not an FDIC institutions CSV: ${(err as Error).message}`);
  }
  const seen = new Set<number>();
  return parsed.rows.map((r, i) => {
    const line = i + 2;
    const cert = number(r.CERT, 'CERT', line);
    if (cert === null || !Number.isInteger(cert) || cert <= 0) throw new QuarantineError(`record ${line}: CERT missing or not a certificate number`);
    if (seen.has(cert)) throw new QuarantineError(`record ${line}: CERT ${cert} appears twice`);
    seen.add(cert);
    if (!r.NAME) throw new QuarantineError(`record ${line}: NAME is empty`);
    if (!['0', '1'].includes(r.ACTIVE!)) throw new QuarantineError(`record ${line}: ACTIVE must be 0 or 1, got "${r.ACTIVE}"`);
    return {
      cert,
      name: r.NAME,
      fedRssd: number(r.FED_RSSD, 'FED_RSSD', line),
      address: text(r.ADDRESS),
      city: text(r.CITY),
      state: text(r.STALP),
      stateName: text(r.STNAME),
      zip: text(r.ZIP),
      active: r.ACTIVE === '1',
      bankClass: text(r.BKCLASS),
      regulator: text(r.REGAGNT),
      holdingCompany: text(r.NAMEHCR),
      holdingCompanyRssd: number(r.RSSDHCR, 'RSSDHCR', line) || null,
      totalAssets: thousands(number(r.ASSET, 'ASSET', line)),
      totalDeposits: thousands(number(r.DEP, 'DEP', line)),
      domesticDeposits: thousands(number(r.DEPDOM, 'DEPDOM', line)),
      netIncome: thousands(number(r.NETINC, 'NETINC', line)),
      roa: number(r.ROA, 'ROA', line),
      roe: number(r.ROE, 'ROE', line),
      offices: number(r.OFFDOM, 'OFFDOM', line),
      reportDate: fdicDate(r.REPDTE ?? '', 'REPDTE', line),
      established: fdicDate(r.ESTYMD ?? '', 'ESTYMD', line),
      insuredSince: fdicDate(r.INSDATE ?? '', 'INSDATE', line),
      inactiveSince: fdicDate(r.ENDEFYMD ?? '', 'ENDEFYMD', line),
      website: text(r.WEBADDR),
    };
  });
}
