/**
 * The glossary: about 1,400 financial terms written for Almanac, stored as data files under
 * `schema/content/glossary/<topic>.json` (one record per term), plus one generated family: every
 * XBRL concept the fundamentals pipeline reads (`STANDARD_ITEMS` in schema/fundamentals.ts), so the
 * glossary can never disagree with what `/api/fundamentals-pit` serves.
 *
 * A record names where Almanac serves the term as `"<path>#<field>"` (REST path under the service
 * root, optional dotted field of the 200 response, `[]` for array elements omitted). The test
 * `test/schema/glossary.test.ts` checks the count, uniqueness, that related terms resolve and that
 * every named path is a registered route and every field exists in that route's result schema.
 *
 * Served by `GET /api/glossary` (search) and `GET /api/glossary/{slug}` (one term); MCP and GraphQL
 * reuse `glossaryTerms()`, `findGlossaryTerm()` and `searchGlossary()` from here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { STANDARD_ITEMS, type ConceptSource, type StandardItem } from './fundamentals.ts';

/** The spec's rule (section 1), carried by every glossary and LEARN answer. */
export const DISCLAIMER = 'Data is educational and is not investment advice.';

export const GLOSSARY_DIR = path.resolve(import.meta.dirname, 'content/glossary');

/** One record as written in a data file. */
export const GlossaryRecord = z
  .object({
    term: z.string().min(1),
    /** Other names and abbreviations (searchable; related terms may use them). */
    aka: z.array(z.string().min(1)).optional(),
    short: z.string().min(10),
    long: z.string().min(10),
    formula: z.string().min(1).optional(),
    related: z.array(z.string().min(1)).optional(),
    /** `"/api/<path>#<field>"` or `"/api/<path>"`. */
    served: z.array(z.string().regex(/^\/api\/[a-z0-9\-/{}_]+(#[A-Za-z0-9_.[\]]+)?$/)).optional(),
  })
  .strict();
export type GlossaryRecord = z.infer<typeof GlossaryRecord>;

export const ServedAt = z.object({
  /** Path under the service root, e.g. `/api/fundamentals-pit` (also under `/api/v1`). */
  endpoint: z.string(),
  /** Dotted field of the response, or null when the whole answer is about the term. */
  field: z.string().nullable(),
});

export const GlossaryTerm = z.object({
  slug: z.string(),
  term: z.string(),
  aka: z.array(z.string()),
  topic: z.string(),
  short: z.string(),
  explanation: z.string(),
  formula: z.string().nullable(),
  related: z.array(z.object({ slug: z.string(), term: z.string() })),
  servedAt: z.array(ServedAt),
});
export type GlossaryTerm = z.infer<typeof GlossaryTerm>;

export const GlossaryTermResult = GlossaryTerm.extend({ disclaimer: z.string() });

export const GlossarySearchQuery = z.object({
  q: z.string().trim().max(100).optional(),
  topic: z.string().trim().max(40).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(20),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});

export const GlossarySearchResult = z.object({
  total: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  topics: z.array(z.object({ topic: z.string(), count: z.number().int() })),
  terms: z.array(GlossaryTerm.pick({ slug: true, term: true, topic: true, short: true })),
  disclaimer: z.string(),
});

export const GlossarySlugParams = z.object({ slug: z.string().trim().min(1).max(120) });

/** `Price-to-earnings ratio (P/E)` -> `price-to-earnings-ratio-p-e`. */
export function glossarySlug(term: string): string {
  return term
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** What each concept measures, in the words of its US GAAP / DEI taxonomy definition. */
const CONCEPT_NOTES: Record<string, string> = {
  'us-gaap:RevenuesNetOfInterestExpense': 'Revenue after interest expense, the top line banks and broker-dealers report (interest expense is a cost of their revenue).',
  'us-gaap:Revenues': 'Total revenue recognized in the period; the broad element many filers use for the top line.',
  'us-gaap:RevenueFromContractWithCustomerExcludingAssessedTax': 'Revenue from contracts with customers under ASC 606, excluding sales and similar taxes collected for governments; the most common revenue tag since 2018.',
  'us-gaap:RevenueFromContractWithCustomerIncludingAssessedTax': 'Revenue from contracts with customers under ASC 606, including taxes assessed by governments that the filer presents gross (for example excise taxes).',
  'us-gaap:SalesRevenueNet': 'Net sales revenue, the pre-2018 element for the top line, retired with the adoption of ASC 606.',
  'us-gaap:SalesRevenueGoodsNet': 'Net revenue from the sale of goods (pre-ASC 606 element).',
  'us-gaap:SalesRevenueServicesNet': 'Net revenue from services rendered (pre-ASC 606 element).',
  'us-gaap:GrossInvestmentIncomeOperating': 'Investment income before expenses, the revenue line of investment companies such as business development companies.',
  'us-gaap:CostOfRevenue': 'Total cost of producing the goods and services sold in the period.',
  'us-gaap:CostOfGoodsAndServicesSold': 'Cost of the goods and services sold, the combined cost-of-sales element.',
  'us-gaap:CostOfGoodsSold': 'Cost of the goods sold (inventory expensed as it is sold).',
  'us-gaap:CostOfServices': 'Cost of services rendered in the period.',
  'us-gaap:GrossProfit': 'Revenue minus cost of revenue.',
  'us-gaap:OperatingIncomeLoss': 'Profit or loss from operations: revenue minus operating costs and expenses, before interest, other non-operating items and income taxes.',
  'us-gaap:NetIncomeLoss': 'Net income or loss attributable to the parent company, the bottom line of the income statement.',
  'us-gaap:ProfitLoss': 'Consolidated net income or loss including the portion attributable to noncontrolling interests.',
  'us-gaap:NetIncomeLossAvailableToCommonStockholdersBasic': 'Net income after preferred dividends and other adjustments, available to common stockholders; the numerator of basic EPS.',
  'us-gaap:NetIncreaseDecreaseInNetAssetsResultingFromOperations': 'The investment-company equivalent of net income: the change in net assets from investment income, realized and unrealized gains and losses.',
  'us-gaap:Assets': 'Total assets on the balance sheet date.',
  'us-gaap:AssetsCurrent': 'Assets expected to be converted to cash, sold or consumed within one year or the operating cycle.',
  'us-gaap:Liabilities': 'Total liabilities on the balance sheet date.',
  'us-gaap:LiabilitiesCurrent': 'Obligations due within one year or the operating cycle.',
  'us-gaap:StockholdersEquity': 'Equity attributable to the parent company\'s shareholders.',
  'us-gaap:StockholdersEquityIncludingPortionAttributableToNoncontrollingInterest': 'Total equity including noncontrolling (minority) interests in consolidated subsidiaries.',
  'us-gaap:NetCashProvidedByUsedInOperatingActivities': 'Net cash generated or used by operating activities in the statement of cash flows.',
  'us-gaap:NetCashProvidedByUsedInOperatingActivitiesContinuingOperations': 'Operating cash flow of continuing operations only (discontinued operations excluded).',
  'us-gaap:NetCashProvidedByUsedInInvestingActivities': 'Net cash from investing activities: capital expenditures, acquisitions, purchases and sales of investments.',
  'us-gaap:NetCashProvidedByUsedInInvestingActivitiesContinuingOperations': 'Investing cash flow of continuing operations only.',
  'us-gaap:NetCashProvidedByUsedInFinancingActivities': 'Net cash from financing activities: borrowing and repayment, share issuance and buybacks, dividends.',
  'us-gaap:NetCashProvidedByUsedInFinancingActivitiesContinuingOperations': 'Financing cash flow of continuing operations only.',
  'us-gaap:EarningsPerShareBasic': 'Net income available to common stockholders divided by the weighted average number of common shares outstanding.',
  'us-gaap:EarningsPerShareBasicAndDiluted': 'Earnings per share for filers whose basic and diluted figures are the same and reported once.',
  'us-gaap:EarningsPerShareDiluted': 'Earnings per share assuming conversion of all dilutive securities (options, warrants, convertibles).',
  'us-gaap:LongTermDebtNoncurrent': 'Long-term debt due after one year, excluding the current portion.',
  'us-gaap:LongTermDebt': 'Long-term debt including its current portion.',
  'us-gaap:LongTermDebtAndCapitalLeaseObligations': 'Long-term debt together with finance (capital) lease obligations.',
  'dei:EntityCommonStockSharesOutstanding': 'Shares of common stock outstanding as of the latest practicable date, reported on the cover page of 10-K and 10-Q filings (DEI taxonomy).',
  'us-gaap:CommonStockSharesOutstanding': 'Common shares outstanding on the balance sheet date (issued shares less treasury shares).',
  'us-gaap:CommonStockDividendsPerShareDeclared': 'Dividends declared per common share in the period.',
  'us-gaap:CommonStockDividendsPerShareCashPaid': 'Cash dividends paid per common share in the period.',
  'ifrs-full:Revenue': 'Income arising in the course of ordinary activities (IFRS 15 and IAS 1), the IFRS top line of foreign private issuers filing 20-F.',
  'ifrs-full:CostOfSales': 'The cost of goods and services sold under IFRS (IAS 1 function-of-expense presentation).',
  'ifrs-full:GrossProfit': 'Revenue minus cost of sales under IFRS.',
  'ifrs-full:ProfitLossFromOperatingActivities': 'Operating profit or loss under IFRS; IAS 1 does not define it, so filers draw the line themselves (IFRS 18 will from 2027).',
  'ifrs-full:ProfitLossAttributableToOwnersOfParent': 'Profit or loss attributable to the owners of the parent under IFRS, the counterpart of US GAAP net income attributable to the parent.',
  'ifrs-full:ProfitLoss': 'Total profit or loss for the period under IFRS, including the share of non-controlling interests.',
  'ifrs-full:Assets': 'Total assets under IFRS.',
  'ifrs-full:CurrentAssets': 'Current assets under IFRS (IAS 1): realized, sold or consumed within the normal operating cycle or twelve months.',
  'ifrs-full:Liabilities': 'Total liabilities under IFRS.',
  'ifrs-full:CurrentLiabilities': 'Current liabilities under IFRS (IAS 1): settled within the normal operating cycle or due within twelve months.',
  'ifrs-full:EquityAttributableToOwnersOfParent': 'Equity attributable to owners of the parent under IFRS, excluding non-controlling interests.',
  'ifrs-full:Equity': 'Total equity under IFRS, including non-controlling interests.',
  'ifrs-full:CashFlowsFromUsedInOperatingActivities': 'Net cash flows from operating activities under IFRS (IAS 7).',
  'ifrs-full:CashFlowsFromUsedInInvestingActivities': 'Net cash flows from investing activities under IFRS (IAS 7).',
  'ifrs-full:CashFlowsFromUsedInFinancingActivities': 'Net cash flows from financing activities under IFRS (IAS 7).',
  'ifrs-full:BasicEarningsLossPerShare': 'Basic earnings or loss per share under IFRS (IAS 33).',
  'ifrs-full:DilutedEarningsLossPerShare': 'Diluted earnings or loss per share under IFRS (IAS 33).',
};

const TAXONOMY_NAMES: Record<string, string> = {
  'us-gaap': 'US GAAP Financial Reporting (us-gaap)',
  dei: 'SEC Document and Entity Information (dei)',
  'ifrs-full': 'IFRS Accounting (ifrs-full)',
};

/** Human label of a standardized item, e.g. `epsDiluted` -> `diluted EPS`. */
const ITEM_LABELS: Record<StandardItem, [label: string, term: string]> = {
  revenue: ['revenue', 'Revenue'],
  costOfRevenue: ['cost of revenue', 'Cost of revenue'],
  grossProfit: ['gross profit', 'Gross profit'],
  operatingIncome: ['operating income', 'Operating income'],
  netIncome: ['net income', 'Net income'],
  totalAssets: ['total assets', 'Total assets'],
  currentAssets: ['current assets', 'Current assets'],
  totalLiabilities: ['total liabilities', 'Total liabilities'],
  currentLiabilities: ['current liabilities', 'Current liabilities'],
  stockholdersEquity: ["stockholders' equity", "Stockholders' equity"],
  operatingCashFlow: ['operating cash flow', 'Cash flow from operations'],
  investingCashFlow: ['investing cash flow', 'Cash flow from investing'],
  financingCashFlow: ['financing cash flow', 'Cash flow from financing'],
  epsBasic: ['basic EPS', 'Basic EPS'],
  epsDiluted: ['diluted EPS', 'Diluted EPS'],
  longTermDebt: ['long-term debt', 'Long-term debt'],
  sharesOutstanding: ['shares outstanding', 'Shares outstanding'],
  dividendsPerShare: ['dividends per share', 'Dividends per share'],
};

/**
 * The generated family: one term per XBRL concept in `STANDARD_ITEMS`. Each names its statement
 * item, its rank among the item's concepts and where `/api/fundamentals-pit` serves it.
 */
export function xbrlConceptRecords(): GlossaryRecord[] {
  const out: GlossaryRecord[] = [];
  const seen = new Map<string, GlossaryRecord>();
  for (const [item, sources] of Object.entries(STANDARD_ITEMS) as [StandardItem, readonly ConceptSource[]][]) {
    const [label, term] = ITEM_LABELS[item];
    sources.forEach((s, rank) => {
      const name = `${s.taxonomy}:${s.concept}`;
      // A concept added to STANDARD_ITEMS without a note still gets an accurate (plainer) entry.
      const note = CONCEPT_NOTES[name] ?? `The ${s.taxonomy} element ${s.concept}, one of the concepts Almanac reads for ${label}.`;
      const served = `/api/fundamentals-pit#statement.fundamentals.${item}`;
      const prior = seen.get(name);
      const use = `Almanac reads it for ${label} (choice ${rank + 1} of ${sources.length})`;
      if (prior) {
        // A concept feeding two items (EarningsPerShareBasicAndDiluted): one term naming both.
        prior.long += ` ${use}.`;
        prior.related = [...new Set([...(prior.related ?? []), term])];
        prior.served = [...new Set([...(prior.served ?? []), served])];
        return;
      }
      const unit = s.unit === 'USD' ? 'US dollars' : s.unit === 'USD/shares' ? 'US dollars per share' : 'shares';
      const kind = s.kind === 'instant' ? 'an instant (balance sheet date)' : s.kind === 'cover' ? 'the cover page of a filing' : 'a duration (fiscal period)';
      const rec: GlossaryRecord = {
        term: name,
        aka: s.taxonomy === 'ifrs-full' ? [] : [s.concept],
        short: note,
        long: `XBRL element of the ${TAXONOMY_NAMES[s.taxonomy] ?? s.taxonomy} taxonomy, reported in ${unit} for ${kind}. ${use}: for each company, period and filing the highest-ranked concept the filing reported is used.`,
        related: [term, 'XBRL', 'Point-in-time data'],
        served: [served],
      };
      seen.set(name, rec);
      out.push(rec);
    });
  }
  return out;
}

interface Index {
  terms: GlossaryTerm[];
  bySlug: Map<string, GlossaryTerm>;
  /** lower-cased term and every alias -> slug */
  byName: Map<string, string>;
}

let index: Index | null = null;

/** Reads every data file once (and the generated family) and resolves related terms. */
function load(dir = GLOSSARY_DIR): Index {
  const raw: { topic: string; rec: GlossaryRecord }[] = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const topic = file.replace(/\.json$/, '');
    const list = z.array(GlossaryRecord).safeParse(JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
    if (!list.success) throw new Error(`glossary ${file}: ${list.error.issues[0]!.path.join('.')}: ${list.error.issues[0]!.message}`);
    for (const rec of list.data) raw.push({ topic, rec });
  }
  for (const rec of xbrlConceptRecords()) raw.push({ topic: 'xbrl', rec });

  const byName = new Map<string, string>();
  for (const { rec } of raw) byName.set(rec.term.toLowerCase(), glossarySlug(rec.term));
  for (const { rec } of raw) for (const a of rec.aka ?? []) if (!byName.has(a.toLowerCase())) byName.set(a.toLowerCase(), glossarySlug(rec.term));

  const terms: GlossaryTerm[] = raw.map(({ topic, rec }) => ({
    slug: glossarySlug(rec.term),
    term: rec.term,
    aka: rec.aka ?? [],
    topic,
    short: rec.short,
    explanation: rec.long,
    formula: rec.formula ?? null,
    related: (rec.related ?? []).flatMap((r) => {
      const slug = byName.get(r.toLowerCase());
      return slug ? [{ slug, term: r }] : [{ slug: '', term: r }];
    }),
    servedAt: (rec.served ?? []).map((s) => {
      const [endpoint, field] = s.split('#') as [string, string | undefined];
      return { endpoint, field: field ?? null };
    }),
  }));
  const bySlug = new Map<string, GlossaryTerm>();
  for (const t of terms) if (!bySlug.has(t.slug)) bySlug.set(t.slug, t);
  for (const t of terms) for (const r of t.related) if (r.slug) r.term = bySlug.get(r.slug)!.term;
  return { terms, bySlug, byName };
}

function idx(): Index {
  index ??= load();
  return index;
}

/** Every term, in file order (topics alphabetical, the generated XBRL family last). */
export function glossaryTerms(): readonly GlossaryTerm[] {
  return idx().terms;
}

/** A term by slug, by its exact name or by an alias (case-insensitive); null when unknown. */
export function findGlossaryTerm(key: string): GlossaryTerm | null {
  const { bySlug, byName } = idx();
  const k = key.trim();
  return bySlug.get(k.toLowerCase()) ?? bySlug.get(byName.get(k.toLowerCase()) ?? '') ?? bySlug.get(glossarySlug(k)) ?? null;
}

/** Term counts per topic, alphabetical. */
export function glossaryTopics(): { topic: string; count: number }[] {
  const counts = new Map<string, number>();
  for (const t of idx().terms) counts.set(t.topic, (counts.get(t.topic) ?? 0) + 1);
  return [...counts].sort((a, b) => a[0].localeCompare(b[0])).map(([topic, count]) => ({ topic, count }));
}

const words = (s: string): string[] => s.toLowerCase().split(/[^a-z0-9%/]+/).filter(Boolean);

interface Tokens {
  names: string[];
  nameWords: Set<string>;
  shortWords: Set<string>;
  longWords: Set<string>;
}
const tokenCache = new WeakMap<GlossaryTerm, Tokens>();

/** Lower-cased names and word sets of a term, computed once. */
function tokens(t: GlossaryTerm): Tokens {
  let k = tokenCache.get(t);
  if (!k) {
    const names = [t.term, ...t.aka].map((n) => n.toLowerCase());
    k = { names, nameWords: new Set(names.flatMap(words)), shortWords: new Set(words(t.short)), longWords: new Set(words(t.explanation)) };
    tokenCache.set(t, k);
  }
  return k;
}

/**
 * Ranked search: exact term or alias, then term prefix, then every query word in the term or an
 * alias, then every word in the short definition, then in the explanation. Ties keep file order
 * within a rank, shorter terms first. No query lists every term (optionally of one topic).
 */
export function searchGlossary(q: string | undefined, topic?: string): GlossaryTerm[] {
  const all = idx().terms.filter((t) => !topic || t.topic === topic);
  const query = (q ?? '').trim().toLowerCase();
  if (!query) return [...all].sort((a, b) => a.term.localeCompare(b.term));
  const qw = words(query);
  const scored: { t: GlossaryTerm; s: number }[] = [];
  for (const t of all) {
    const k = tokens(t);
    let s = 0;
    if (k.names.includes(query)) s = 100;
    else if (k.names.some((n) => n.startsWith(query))) s = 80;
    else if (qw.length > 0 && qw.every((w) => k.nameWords.has(w))) s = 60;
    else if (qw.length > 0 && qw.every((w) => k.names.some((n) => n.includes(w)))) s = 50;
    else if (qw.length > 0 && qw.every((w) => k.shortWords.has(w))) s = 30;
    else if (qw.length > 0 && qw.every((w) => k.shortWords.has(w) || k.longWords.has(w))) s = 10;
    if (s > 0) scored.push({ t, s });
  }
  return scored.sort((a, b) => b.s - a.s || a.t.term.length - b.t.term.length).map((x) => x.t);
}
