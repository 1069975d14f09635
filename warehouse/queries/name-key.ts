/**
 * Matching an organisation name from a non-SEC source (FDIC holding company, USAspending recipient
 * parent) to the SEC company list: both sides reduced to the same key in SQL — lower case,
 * punctuation to spaces, corporate suffix words dropped, spaces removed — so "JPMORGAN CHASE&CO"
 * and "JPMORGAN CHASE & CO", or "AMAZON.COM, INC." and "AMAZON COM INC", meet.
 */

const SUFFIXES = 'the|inc|incorporated|corp|corporation|co|company|companies|llc|lp|ltd|limited|plc|na|holdings|holding|group';

/** SQL expression for the name key of the VARCHAR expression `expr`. */
export function nameKeySql(expr: string): string {
  return `replace(regexp_replace(regexp_replace(lower(${expr}), '[^a-z0-9]+', ' ', 'g'), '\\b(${SUFFIXES})\\b', '', 'g'), ' ', '')`;
}

/** CTE `name_keys(key, ticker, cik, name)`: the primary listing of every company by name key. */
export const COMPANY_NAME_KEYS = `name_keys AS (
  SELECT ${nameKeySql('name')} AS key, arg_min(ticker, rank) AS ticker, arg_min(cik, rank) AS cik, arg_min(name, rank) AS name
  FROM companies GROUP BY 1)`;
