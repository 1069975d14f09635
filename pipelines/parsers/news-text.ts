/**
 * Text analysis of news items: finance sentiment, ticker association, industry tags and the
 * tokens of the full-text index. Pure functions; the news job supplies the company list.
 *
 * Sentiment word lists: written for Almanac (no third-party list is shipped, so no licence
 * applies beyond this repository's). They follow the idea of Loughran & McDonald (2011), "When Is
 * a Liability Not a Liability?" — general-purpose lexicons misread finance text ("liability",
 * "tax", "cost" are not negative in a 10-K) — so the lists hold only words whose tone in financial
 * news is unambiguous. Score = (positive - negative) / (positive + negative + 1), title words
 * counting twice, a negator ("not", "no", "never", "without", "fails to") within the three
 * preceding words flipping a word's polarity. Labels: score >= 0.2 positive, <= -0.2 negative,
 * otherwise neutral.
 */

import { terms, words } from '../../schema/news.ts';

const POSITIVE = new Set(
  `beat beats beating exceeded exceeds exceed outperform outperformed outperforms surge surged surges
  soar soared soars jump jumped jumps rally rallied rallies gain gained gains record strong stronger
  strongest growth grew grow grows profit profitable profitability upgrade upgraded upgrades raise
  raised raises boost boosted boosts improve improved improves improvement rebound rebounded
  recovery recover recovered expand expanded expansion accelerate accelerated accelerating
  breakthrough win wins won approval approved approves robust resilient upbeat optimistic
  optimism bullish dividend-hike buyback buybacks exceeding tops topped climbs climbed higher
  rise rises rising rose success successful milestone innovative innovation favorable strength
  momentum upside`.split(/\s+/),
);

const NEGATIVE = new Set(
  `miss missed misses missing plunge plunged plunges plummet plummeted plummets tumble tumbled
  tumbles slump slumped slumps drop dropped drops fall falls fell falling decline declined declines
  declining loss losses lose losing lost weak weaker weakest weakness downgrade downgraded
  downgrades slash slashed layoff layoffs lawsuit lawsuits sued sue fraud
  investigation probe subpoena penalty penalties fine fined fines default defaults defaulted
  bankruptcy bankrupt insolvency insolvent recall recalls recalled warning warns warned
  restatement restate restated impairment impairments writedown write-down charge-off
  delinquent delinquency delinquencies downturn recession crash crashed crashes selloff sell-off
  bearish pessimistic concern concerns worry worries fear fears risk-off halt halted suspend
  suspended suspension violation violations breach breached scandal resign resigned resignation
  shortfall deficit volatile turmoil crisis slowdown slowing slowed disappointing
  disappointed disappoint adverse failure failed fails plunging sank sink sinks`.split(/\s+/),
);

const NEGATORS = new Set(['not', 'no', 'never', 'without', "isn't", "wasn't", "didn't", "doesn't", "don't", 'fails', 'failed']);

export type SentimentLabel = 'positive' | 'negative' | 'neutral';

function polarity(tokens: string[]): { pos: number; neg: number } {
  let pos = 0;
  let neg = 0;
  tokens.forEach((w, i) => {
    let p = POSITIVE.has(w) ? 1 : NEGATIVE.has(w) ? -1 : 0;
    if (p === 0) return;
    // "fails to beat" / "no growth": a negator within three words before flips the word.
    const window = tokens.slice(Math.max(0, i - 3), i);
    if (window.some((x) => NEGATORS.has(x)) && !NEGATORS.has(w)) p = -p;
    if (p > 0) pos++;
    else neg++;
  });
  return { pos, neg };
}

/** Sentiment of a title (weight 2) and summary (weight 1): a score in [-1, 1] and its label. */
export function sentiment(title: string, summary: string | null = null): { score: number; label: SentimentLabel } {
  const t = polarity(words(title));
  const s = polarity(words(summary ?? ''));
  const pos = 2 * t.pos + s.pos;
  const neg = 2 * t.neg + s.neg;
  const score = Math.round(((pos - neg) / (pos + neg + 1)) * 1000) / 1000;
  return { score, label: score >= 0.2 ? 'positive' : score <= -0.2 ? 'negative' : 'neutral' };
}

// ---- tickers ----

export interface CompanyRef {
  ticker: string;
  cik: number;
  name: string;
  /** Position in the SEC list; the primary symbol of a CIK has the lowest rank. */
  rank: number;
  sector?: string | null;
}

/**
 * Symbols that are also common English words or abbreviations. Like every symbol of one or two
 * letters (`A`, `IT`), they are matched only in an explicit form: `$IT`, `(NYSE: IT)`,
 * `NASDAQ:AAPL` — never as a bare word.
 */
const AMBIGUOUS_SYMBOLS = new Set(
  `ALL ARE BIG CAN CAR EAT FOR FUN GO HAS HD HE KEY LOW MAIN NOW ON ONE OUT PAY RUN SEE SO TRUE
  TWO USA WELL YOU AI CEO CFO ETF EPS GDP CPI IPO SEC FED USD API USA NEW BIG REAL SAFE LIFE
  LOVE HOME GOOD BEST CASH TECH`.split(/\s+/),
);

/** Words removed from company names before matching them in text. */
const NAME_SUFFIXES = /\b(inc|incorporated|corp|corporation|co|company|companies|ltd|limited|plc|llc|lp|l p|n v|nv|s a|sa|ag|se|holdings?|group|trust|the|com|class [a-c])\b/g;

/** Company name words too common to identify a company on their own (first-word aliases). */
const COMMON_FIRST_WORDS = new Set(
  `american general first united national international global capital main johnson ares international
  federal public energy financial health medical digital data new great royal southern northern western
  eastern pacific atlantic home best alpha premier advanced applied standard spdr invesco vanguard
  ishares issuer filer reporting subject securities investors partners acquisition`.split(/\s+/),
);

/**
 * Role labels of EDGAR feed titles ("4 - Apple Inc. (0000320193) (Issuer)"): metadata, not text,
 * removed before names are looked for (else "(Issuer)" reads as Issuer Direct Corp).
 */
const EDGAR_ROLE_LABELS = /\((?:Issuer|Reporting|Reporting Owner|Filer|Filed by|Subject|Subject Company|Filed By)\)/g;

/**
 * EDGAR feed titles name each party with its CIK ("HF Sinclair Corp (0001915657)", "4 - Apple
 * Inc. (0000320193)"): the CIK says who it is. Each party's CIK is handed to `onParty`, and the
 * text comes back with the party (its name and CIK) blanked out, offsets kept, so its name is not
 * read again as words: a fund named after its sponsor ("Blackstone Private Credit Fund
 * (0001803498)") is not the sponsor, and "CNL Strategic Capital, LLC (0001684682)" holds no symbol.
 * A party's name runs back from its CIK to the previous party, a " - " or the start of a line; a
 * CIK counts only with its role label after it ("(Filer)", "(Issuer)" ...).
 */
function edgarParties(text: string, onParty: (cik: number) => void): string {
  let out = text;
  // A CIK with its role label after it, as EDGAR's feeds write them: other ten digits in brackets
  // (a telephone number) are text.
  for (const m of text.matchAll(new RegExp(`\\((\\d{10})\\)(?=\\s*${EDGAR_ROLE_LABELS.source})`, 'g'))) {
    onParty(Number(m[1]));
    const before = text.slice(0, m.index);
    const dash = before.lastIndexOf(' - ');
    const start = Math.max(dash < 0 ? 0 : dash + 3, before.lastIndexOf('\n') + 1, before.lastIndexOf(')') + 1);
    const end = m.index! + m[0].length;
    out = out.slice(0, start) + ' '.repeat(end - start) + out.slice(end);
  }
  return out;
}

/** Legal-form words `matchName` removes, which the text may still carry inside a name. */
const LEGAL_WORDS = new Set('inc incorporated corp corporation co company companies ltd limited plc llc lp nv sa ag se holding holdings group trust the com'.split(' '));

/** Lower-case words between which a capitalised company name may still run ("Bank of America"). */
const NAME_CONNECTORS = new Set(['and', 'of', 'de', 'du', 'la', 'for']);

/** Normalises a company name for matching: "JPMORGAN CHASE & CO" -> "jpmorgan chase", "BANK OF AMERICA CORP /DE/" -> "bank of america". */
export function matchName(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s\/.*$|\/[a-z]{2,3}\/?\s*$/, ' ') // EDGAR's place tags: "CORP /DE/", "Inc. / Canada"
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(NAME_SUFFIXES, ' ')
    .replace(/\band\s*$/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface TickerMatcher {
  match(text: string): string[];
}

interface NameVariant {
  words: string[];
  ticker: string;
  /** A first-word alias ("Exxon" for Exxon Mobil), not a company's whole name. */
  alias: boolean;
}

interface Token {
  word: string;
  raw: string;
  start: number;
  end: number;
}

/** Whether token `n` is a capitalised word in the same phrase as token `k` (only spaces or hyphens between). */
function capitalisedNeighbour(text: string, toks: Token[], k: number, n: number): boolean {
  const other = toks[n];
  if (!other || !/^[A-Z]/.test(other.raw)) return false;
  const [a, b] = n < k ? [other, toks[k]!] : [toks[k]!, other];
  return /^[\s-]+$/.test(text.slice(a.end, b.start));
}

/** Titles and initials that make the next word a person's name ("Mr. Schneider", "Donald J. Trump"). */
const PERSON_PREFIX = /^(?:[A-Z]|Mr|Ms|Mrs|Dr)$/;

/**
 * Whether the alias spanning tokens `i`..`j - 1` is part of a longer name or a description rather
 * than the company: a person's surname ("Mr. Schneider", "Donald J. Trump"), the head of an "X of Y"
 * proper noun ("Office of Public Affairs", "in Advance of Numerous Offerings" in Title Case), or a
 * place ("Connecticut-based").
 */
function aliasInPhrase(text: string, toks: Token[], i: number, j: number): boolean {
  const prev = toks[i - 1];
  if (prev && PERSON_PREFIX.test(prev.raw) && /^\.\s+$/.test(text.slice(prev.end, toks[i]!.start))) return true;
  const next = toks[j];
  const after = toks[j + 1];
  const end = toks[j - 1]!.end;
  if (next?.raw === 'of' && after && /^[A-Z]/.test(after.raw) && /^\s+$/.test(text.slice(end, next.start)) && /^\s+$/.test(text.slice(next.end, after.start))) return true;
  return next?.word === 'based' && text.slice(end, next.start) === '-';
}

/**
 * Whether the parenthesised capitals at `start`..`end` define an abbreviation of the words just
 * before them ("Office of International Affairs (OIA)", "anti-money laundering (AML)"): their
 * initials, connectors and legal words passed over, spell it. A definition is not a ticker.
 */
function definesAbbreviation(text: string, start: number, end: number): boolean {
  if (text[start - 1] !== '(' || text[end] !== ')') return false;
  const abbr = text.slice(start, end).toLowerCase();
  const before = tokens(text.slice(0, start - 1)).filter((t) => !NAME_CONNECTORS.has(t.word) && !LEGAL_WORDS.has(t.word) && t.word !== 'the');
  const initials = before.slice(-abbr.length).map((t) => t.word[0]).join('');
  return initials === abbr;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9]+|&/g)) {
    const raw = m[0];
    out.push({ word: raw === '&' ? 'and' : raw.toLowerCase(), raw, start: m.index!, end: m.index! + raw.length });
  }
  return out;
}

/**
 * Builds a matcher over the company list. A company is associated with an item when the text
 * holds: a cashtag (`$AAPL`); an exchange-qualified symbol (`NYSE: A`, `Nasdaq:NVDA`); a bare
 * symbol of three or more letters written in capitals and not an ambiguous word (skipped when
 * the text is mostly capitals, as a shouted headline); its normalised name as capitalised words
 * ("Coca Cola", "Exxon Mobil", "Bank of America"); or the first word of its name when that word is
 * distinctive (five or more letters, not a common word: "Nvidia", "Gartner", but not "Johnson").
 * Name matches map to the CIK's primary symbol (Alphabet -> GOOGL, not GOOG).
 *
 * One name, one listing: a name several companies share is ambiguous and tags none of them; a
 * company's full name beats another company's first-word alias ("Apple" is Apple Inc., not Apple
 * Hospitality REIT); a first word several companies start with is no alias at all ("Goldman",
 * "Morgan"), and an alias only counts standing alone, not inside another proper noun ("Two Sigma"
 * is not Sigma Lithium, "Scott Schneider" not Schneider National); and where names overlap the longest wins ("Goldman Sachs BDC" is GSBD, not also GS;
 * "Morgan Stanley" is not also Stanley Black & Decker). EDGAR role labels ("(Issuer)") are not text.
 * From the SEC's press releases (issue 16): an alias is not a person's surname ("Mr. Schneider",
 * "Donald J. Trump"), the head of an "X of Y" name ("Office of Public Affairs") or a place
 * ("Connecticut-based"), and once the text uses it inside a longer name none of its mentions
 * counts; no name starts inside a hyphenated word ("Follow-On"); a bare symbol is not read where it
 * is the short name of a company the text names ("LPL Financial ... LPL agreed") or an abbreviation
 * the text defines ("Office of International Affairs (OIA)").
 */
export function tickerMatcher(companies: CompanyRef[]): TickerMatcher {
  const bySymbol = new Map<string, CompanyRef>();
  const primary = new Map<number, CompanyRef>();
  for (const c of [...companies].sort((a, b) => a.rank - b.rank)) {
    bySymbol.set(c.ticker.toUpperCase(), c);
    if (!primary.has(c.cik)) primary.set(c.cik, c);
  }
  // variant -> the CIKs whose full name it is, and those for which it is only a first-word alias.
  const claims = new Map<string, { full: Set<number>; alias: Set<number> }>();
  const claim = (variant: string, cik: number, kind: 'full' | 'alias'): void => {
    let c = claims.get(variant);
    if (!c) claims.set(variant, (c = { full: new Set(), alias: new Set() }));
    c[kind].add(cik);
  };
  for (const c of primary.values()) {
    const full = matchName(c.name);
    if (!full) continue;
    claim(full, c.cik, 'full');
    const words = full.split(' ');
    if (words.length > 1) claim(words.join(''), c.cik, 'full'); // "Coca Cola" also as "CocaCola"
    const first = words[0]!;
    if (words.length > 1 && first.length >= 5 && !COMMON_FIRST_WORDS.has(first)) claim(first, c.cik, 'alias');
  }
  const byFirstWord = new Map<string, NameVariant[]>();
  for (const [variant, { full, alias }] of claims) {
    const owners = full.size > 0 ? full : alias;
    if (owners.size !== 1) continue; // shared by several companies: ambiguous, tags none
    const words = variant.split(' ');
    const list = byFirstWord.get(words[0]!) ?? [];
    list.push({ words, ticker: primary.get([...owners][0]!)!.ticker, alias: full.size === 0 });
    byFirstWord.set(words[0]!, list);
  }
  return {
    match(input: string): string[] {
      const found = new Set<string>();
      const text = edgarParties(input, (cik) => {
        const c = primary.get(cik);
        if (c) found.add(c.ticker);
      }).replace(EDGAR_ROLE_LABELS, ' ');
      for (const m of text.matchAll(/\$([A-Z]{1,5}(?:\.[A-Z])?)\b/g)) if (bySymbol.has(m[1]!)) found.add(m[1]!);
      for (const m of text.matchAll(/\b(?:NYSE|NASDAQ|Nasdaq|NYSEARCA|NYSE Arca|NYSE American|AMEX|BATS|Cboe)\s*:\s*([A-Z]{1,5}(?:\.[A-Z])?)\b/g)) {
        if (bySymbol.has(m[1]!)) found.add(m[1]!);
      }
      // Names: every word capitalised (connectors aside), words joined by spaces or hyphens.
      const toks = tokens(text);
      const hits: { start: number; end: number; ticker: string; first: string; alias: boolean }[] = [];
      // Aliases the text uses inside a longer name: their other mentions are that name shortened
      // ("the Office of International Affairs ... the Office of…").
      const inPhrase = new Set<string>();
      toks.forEach((t, i) => {
        for (const v of byFirstWord.get(t.word) ?? []) {
          if (i + v.words.length > toks.length) continue;
          // Legal words the normalised name dropped may stand inside it in the text
          // ("Cohen & Steers Ltd Duration Preferred ..."): they are passed over.
          let j = i;
          let ok = true;
          for (let k = 0; k < v.words.length && ok; k++, j++) {
            while (k > 0 && j < toks.length && toks[j]!.word !== v.words[k] && LEGAL_WORDS.has(toks[j]!.word)) j++;
            const tk = toks[j];
            ok = tk !== undefined && tk.word === v.words[k] && (/^[A-Z&]/.test(tk.raw) || (k > 0 && NAME_CONNECTORS.has(tk.word)));
            if (ok && k > 0 && !/^[.,]?[\s-]+$/.test(text.slice(toks[j - 1]!.end, tk!.start))) ok = false;
          }
          // An alias stands alone: not inside another proper noun ("Two Sigma", "Scott Schneider"),
          // nor a person's name, an "X of Y" name or a place (aliasInPhrase).
          if (ok && v.alias && (capitalisedNeighbour(text, toks, i, i - 1) || capitalisedNeighbour(text, toks, j - 1, j) || aliasInPhrase(text, toks, i, j))) {
            ok = false;
            inPhrase.add(v.ticker);
          }
          // No name starts inside a hyphenated word ("Follow-On" is not On Holding).
          if (ok && text[t.start - 1] === '-' && /[A-Za-z0-9]/.test(text[t.start - 2] ?? '')) ok = false;
          if (ok) hits.push({ start: t.start, end: toks[j - 1]!.end, ticker: v.ticker, first: t.word, alias: v.alias });
        }
      });
      const names = hits.filter((h) => !(h.alias && inPhrase.has(h.ticker)) && !hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start));
      for (const h of names) found.add(h.ticker);
      // Bare symbols, except inside a name ("Goldman Sachs BDC" is not also BDC), as the short name
      // of a company the text names ("LPL Financial ... LPL agreed" is not LG Display's LPL), or
      // as an abbreviation the text defines ("Office of International Affairs (OIA)").
      const letters = text.replace(/[^A-Za-z]/g, '');
      const shouting = letters.length > 0 && letters.replace(/[^A-Z]/g, '').length / letters.length > 0.6;
      if (!shouting) {
        // Not after a one- or two-character prefix and a hyphen: form types ("N-CSR" is not
        // Centerspace's CSR); "Intel-AMD" still reads AMD.
        for (const m of text.matchAll(/(?<![A-Za-z0-9$.])(?<!(?<![A-Za-z0-9])[A-Za-z0-9]{1,2}-)([A-Z]{3,5})(?![A-Za-z0-9])/g)) {
          const sym = m[1]!;
          if (names.some((h) => h.start <= m.index! && m.index! < h.end)) continue;
          if (names.some((h) => h.first === sym.toLowerCase() && h.ticker !== sym)) continue;
          if (definesAbbreviation(text, m.index!, m.index! + sym.length)) continue;
          if (bySymbol.has(sym) && !AMBIGUOUS_SYMBOLS.has(sym)) found.add(sym);
        }
      }
      return [...found].sort();
    },
  };
}

// ---- industry tags ----

/** Keyword tags: a tag applies when any of its words or phrases occurs in the text. */
export const TAG_KEYWORDS: Record<string, string[]> = {
  technology: ['software', 'cloud', 'artificial intelligence', 'ai', 'data center', 'cybersecurity', 'smartphone', 'iphone', 'internet'],
  semiconductors: ['chip', 'chips', 'chipmaker', 'semiconductor', 'semiconductors', 'gpu', 'gpus', 'foundry'],
  financials: ['bank', 'banks', 'banking', 'lender', 'lending', 'loan', 'loans', 'credit', 'deposits', 'brokerage'],
  'private-credit': ['private credit', 'bdc', 'business development company', 'direct lending', 'middle market'],
  energy: ['oil', 'crude', 'natural gas', 'opec', 'refinery', 'refining', 'drilling', 'lng', 'barrel'],
  'health-care': ['drug', 'drugs', 'fda', 'pharmaceutical', 'biotech', 'vaccine', 'clinical', 'medical', 'hospital'],
  'consumer': ['retail', 'retailer', 'consumer', 'beverage', 'beverages', 'e-commerce', 'shoppers', 'restaurant'],
  automotive: ['ev', 'evs', 'electric vehicle', 'electric vehicles', 'automaker', 'vehicle deliveries', 'autonomous driving'],
  macro: ['inflation', 'interest rate', 'interest rates', 'federal reserve', 'fed', 'treasury yields', 'gdp', 'unemployment', 'jobs report', 'cpi'],
  regulation: ['sec', 'regulator', 'regulators', 'antitrust', 'lawsuit', 'settlement', 'enforcement', 'doj', 'ftc'],
};

/** Sector names (from SIC via the company profiles) -> tag slug: "Financial Services" -> "financial-services". */
export function slug(s: string): string {
  return s.toLowerCase().replace(/&/g, 'and').replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

/** Industry tags of an item: keyword tags plus the sectors of the associated companies. */
export function industryTags(text: string, sectors: (string | null | undefined)[] = []): string[] {
  const ws = words(text);
  const joined = ` ${ws.join(' ')} `;
  const tags = new Set<string>();
  for (const [tag, keys] of Object.entries(TAG_KEYWORDS)) {
    if (keys.some((k) => joined.includes(` ${k} `))) tags.add(tag);
  }
  for (const s of sectors) if (s) tags.add(slug(s));
  return [...tags].sort();
}

// ---- full-text tokens ----

/** Term counts of an item for the full-text index; title terms are flagged. */
export function indexTerms(title: string, summary: string | null): { token: string; tf: number; inTitle: boolean }[] {
  const counts = new Map<string, { tf: number; inTitle: boolean }>();
  for (const t of terms(title)) {
    const e = counts.get(t) ?? { tf: 0, inTitle: true };
    e.tf++;
    e.inTitle = true;
    counts.set(t, e);
  }
  for (const t of terms(summary ?? '')) {
    const e = counts.get(t) ?? { tf: 0, inTitle: false };
    e.tf++;
    counts.set(t, e);
  }
  return [...counts].map(([token, e]) => ({ token, ...e }));
}
