/** The bond index built from N-PORT debt holdings: issuer, CUSIP, coupon, maturity, holders. */
import { filingProvenance, type FiledBasisValue, type FilingProvenanceData } from '../../schema/provenance.ts';
import type { Db } from '../db.ts';

export interface BondRow {
  cusip: string;
  isin: string | null;
  issuer: string;
  title: string | null;
  lei: string | null;
  issuerCategory: string | null;
  couponKind: string | null;
  /** Annualized coupon rate, percent. */
  couponRate: number | null;
  maturity: string | null;
  isDefault: boolean | null;
  interestInArrears: boolean | null;
  isPik: boolean | null;
  /** Funds holding it in their latest N-PORT. */
  holders: number;
  totalParUsd: number | null;
  totalValueUsd: number | null;
  asOf: string;
  /** The fund filing the descriptive fields (issuer, coupon, maturity ...) were taken from: the latest filed. */
  provenance: FilingProvenanceData;
  /** Every fund filing the row combines (one per holder, counted in `holders` and the totals), by accession. */
  sources: FilingProvenanceData[];
}

type RawBond = Omit<BondRow, 'provenance' | 'sources'> & { latest: Filing; filings: Filing[] };
interface Filing {
  accession: string;
  cik: number;
  synthetic: boolean;
  document: string;
  filedBasis: FiledBasisValue;
}
const provenanceOfFiling = (f: Filing): FilingProvenanceData => filingProvenance(f.cik, f.accession, f.document, f.synthetic, f.filedBasis);

/**
 * Bonds whose issuer name or title contains `q`, or whose CUSIP/ISIN starts with it
 * (case-insensitive); fewer than 2 characters returns []. Each fund's latest N-PORT counts.
 * @example await bondSearch(db, 'apple')
 */
export async function bondSearch(db: Db, q: string, limit = 50): Promise<BondRow[]> {
  const text = q.trim();
  if (text.length < 2) return [];
  const rows = await db.all<RawBond>(
    `WITH latest AS (
       SELECT accession, reg_cik, synthetic, doc_path, filed_basis FROM nport_filings QUALIFY row_number() OVER (PARTITION BY reg_cik, coalesce(series_id, '') ORDER BY period DESC, filed DESC) = 1),
     b AS (SELECT h.*, l.reg_cik, l.synthetic AS filing_synthetic, l.doc_path AS filing_doc, l.filed_basis AS filing_basis FROM nport_holdings h JOIN latest l USING (accession)
           WHERE h.cusip IS NOT NULL AND (h.maturity IS NOT NULL OR h.coupon_kind IS NOT NULL))
     SELECT cusip, arg_max(isin, filed) AS isin, arg_max(name, filed) AS issuer, arg_max(title, filed) AS title, arg_max(lei, filed) AS lei,
            arg_max(issuer_cat, filed) AS "issuerCategory", arg_max(coupon_kind, filed) AS "couponKind", arg_max(coupon_rate, filed) AS "couponRate",
            arg_max(maturity, filed) AS maturity, bool_or(is_default) AS "isDefault", bool_or(interest_in_arrears) AS "interestInArrears", bool_or(is_pik) AS "isPik",
            count(DISTINCT accession)::INTEGER AS holders, sum(balance) FILTER (WHERE units = 'PA' AND currency = 'USD') AS "totalParUsd",
            sum(value_usd) AS "totalValueUsd", max(period) AS "asOf",
            arg_max({'accession': accession, 'cik': reg_cik, 'synthetic': filing_synthetic, 'document': filing_doc, 'filedBasis': filing_basis}, filed) AS latest,
            list(DISTINCT {'accession': accession, 'cik': reg_cik, 'synthetic': filing_synthetic, 'document': filing_doc, 'filedBasis': filing_basis}) AS filings
     FROM b
     WHERE contains(lower(name), lower($q)) OR contains(lower(coalesce(title, '')), lower($q)) OR starts_with(cusip, upper($q)) OR starts_with(coalesce(isin, ''), upper($q))
     GROUP BY cusip
     ORDER BY (starts_with(cusip, upper($q))) DESC, "totalValueUsd" DESC NULLS LAST, cusip LIMIT $limit`,
    { q: text, limit },
  );
  const byAccession = (a: Filing, b: Filing) => (a.accession < b.accession ? -1 : a.accession > b.accession ? 1 : 0);
  return rows.map(({ latest, filings, ...r }) => ({ ...r, provenance: provenanceOfFiling(latest), sources: [...filings].sort(byAccession).map(provenanceOfFiling) }));
}
