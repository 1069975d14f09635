/**
 * Shared parts of the data explorer pages: input reading (a bad value is an HTML 400 page, an
 * unknown entity an HTML 404 page, never a 500 or a JSON body in a browser), number formats, EDGAR
 * links, and the tier check that reads the same access rule the API doors read (schema/access.ts).
 */
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CAPABILITIES, type CapabilityId } from '../../../schema/access.ts';
import { IsoDate } from '../../../schema/common.ts';
import { findGlossaryTerm } from '../../../schema/glossary.ts';
import { TIER_LABELS, tierAtLeast, type TierId } from '../../../schema/tiers.ts';
import type { Caller } from '../../caller.ts';
import { ApiError, BadRequestError } from '../../errors.ts';
import { upgradeUrl } from '../../limits/tier.ts';
import { defineRoute, type AnyRoute, type RouteContext } from '../../route.ts';
import { html, page, type PageOptions, type SafeHtml } from '../html.ts';

/** Site pages: public, not metered (capability `site_page`), served at the root, not in OpenAPI. */
export const PAGE = { capability: 'site_page' as const, root: true, hidden: true };

/** Query strings of explorer pages are read by the page itself, so a bad value is an HTML 400. */
export const AnyQuery = z.record(z.string(), z.unknown());
type Query = Record<string, unknown>;

/** The string value of `name` (absent or empty -> undefined); arrays, overlong values -> 400. */
export function param(query: Query, name: string, max = 100): string | undefined {
  const v = query[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'string') throw new BadRequestError(`parameter '${name}' was given more than once`);
  const s = v.trim();
  if (s.length > max) throw new BadRequestError(`parameter '${name}' is longer than ${max} characters`);
  return s === '' ? undefined : s;
}

/** A `YYYY-MM-DD` calendar date, or undefined when absent; anything else is a 400. */
export function dateParam(query: Query, name: string): string | undefined {
  const s = param(query, name, 40);
  if (s === undefined) return undefined;
  if (!IsoDate.safeParse(s).success) throw new BadRequestError(`parameter '${name}' must be a real calendar date YYYY-MM-DD (got '${s}')`);
  return s;
}

/** A finite number within [min, max], or undefined when absent. */
export function numberParam(query: Query, name: string, min: number, max: number): number | undefined {
  const s = param(query, name, 40);
  if (s === undefined) return undefined;
  const n = Number(s);
  if (!Number.isFinite(n) || n < min || n > max) throw new BadRequestError(`parameter '${name}' must be a number from ${min} to ${max} (got '${s}')`);
  return n;
}

/** One of `allowed` (case-insensitive), or `fallback` when absent. */
export function choiceParam<T extends string>(query: Query, name: string, allowed: readonly T[], fallback: T): T {
  const s = param(query, name, 40);
  if (s === undefined) return fallback;
  const hit = allowed.find((a) => a.toLowerCase() === s.toLowerCase());
  if (!hit) throw new BadRequestError(`parameter '${name}' must be one of ${allowed.join(', ')} (got '${s}')`);
  return hit;
}

/** Whether the caller's tier opens a capability (the rule every API door applies). */
export function canUse(caller: Caller, capability: CapabilityId): boolean {
  return tierAtLeast(caller.tier, CAPABILITIES[capability].tier);
}

/** The locked notice shown in place of what the API would refuse: the tier, and where to upgrade. */
export function lockedNotice(capability: CapabilityId, caller: Caller, publicUrl: string, what: string): SafeHtml {
  const tier: TierId = CAPABILITIES[capability].tier;
  return html`<div class="alert warning locked" role="note"><p><strong>${what} needs the ${TIER_LABELS[tier]} tier or above.</strong> ${
    caller.accountId ? html`Your account is on ${TIER_LABELS[caller.tier]}.` : html`You are not signed in (<a href="/login">sign in</a>).`
  } <a href="${upgradeUrl(publicUrl, tier)}">See the plans</a>.</p></div>`;
}

/** An explorer page (`text/html`; tier-dependent pages are private to the caller). */
export function sendPage(reply: FastifyReply, options: PageOptions, opts: { status?: number; tierDependent?: boolean } = {}): string {
  reply
    .code(opts.status ?? 200)
    .type('text/html; charset=utf-8')
    .header('Cache-Control', opts.tierDependent ? 'private, no-store' : 'public, max-age=60');
  return page(options);
}

/** The HTML error page of a 400 or 404 (a browser gets a page with the search box, not JSON). */
export function errorPage(reply: FastifyReply, status: 400 | 404, message: string, path?: string): string {
  const title = status === 404 ? 'Not found' : 'Bad request';
  const body = html`<h1>${title}</h1><p class="alert" role="alert">${message}</p>
<p>${status === 404 ? 'Search for a ticker, a company or a glossary term:' : 'Check the value and try again, or search:'}</p>
<form class="form row" role="search" action="/search" method="get"><div class="field"><label for="err-q">Search</label><input id="err-q" name="q" type="search" maxlength="100"></div><button type="submit" class="primary">Search</button></form>
<p><a href="/explore">Back to the data explorer</a></p>`;
  reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
  return page({ title, body, path });
}

type Handler = (ctx: RouteContext<Query, unknown, Record<string, string>>) => Promise<string> | string;

/** The statuses a page answers as HTML error pages. */
const HTML_ERRORS = { 400: { description: 'bad parameter (HTML)' }, 404: { description: 'not found (HTML)' } };

/**
 * A page route whose 400 and 404, from the route layer's input checks (a parameter its schema
 * refuses, before the handler) or from the handler (an unknown lesson, term or ticker), are HTML
 * error pages with that status: a browser never gets a JSON body. Anything else goes to the
 * server's error handler (503 for an unavailable warehouse).
 */
export function htmlErrors<D extends { path: string; responses: object; handler: (ctx: never) => unknown; badInput?: unknown }>(def: D): D {
  if (def.badInput) throw new Error(`route ${def.path}: htmlErrors sets badInput; the route has its own`);
  const handler = def.handler as (ctx: { reply: FastifyReply }) => unknown;
  return {
    ...def,
    responses: { ...HTML_ERRORS, ...def.responses },
    badInput: (reply: FastifyReply, err: ApiError) => errorPage(reply, err.status === 404 ? 404 : 400, err.message, def.path),
    handler: async (ctx: { reply: FastifyReply }) => {
      try {
        return await handler(ctx);
      } catch (err) {
        if (err instanceof ApiError && (err.status === 400 || err.status === 404)) return errorPage(ctx.reply, err.status, err.message, def.path);
        throw err;
      }
    },
  };
}

/** A GET explorer page, its query read by the page itself (`htmlErrors`: 400 and 404 as HTML pages). */
export function explorerPage(path: string, summary: string, handler: Handler, params?: z.ZodType): AnyRoute {
  return htmlErrors(
    defineRoute({
      ...PAGE,
      method: 'GET',
      path,
      summary,
      query: AnyQuery,
      ...(params ? { params } : {}),
      responses: { 200: { description: 'HTML page', contentTypes: ['text/html'] } },
      handler,
    }) as AnyRoute,
  );
}

/** `https://www.sec.gov/Archives/edgar/data/<cik>/<accession without dashes>/<accession>-index.htm`. */
export function edgarFilingUrl(cik: number, accession: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${cik}/${accession.replace(/-/g, '')}/${accession}-index.htm`;
}

/** A document of a filing on EDGAR (the primary document named in the submissions JSON). */
export function edgarDocumentUrl(cik: number, accession: string, document: string): string {
  return `https://www.sec.gov/Archives/edgar/data/${cik}/${accession.replace(/-/g, '')}/${encodeURI(document)}`;
}

/** The company's filing list on EDGAR. */
export function edgarCompanyUrl(cik: number): string {
  return `https://www.sec.gov/cgi-bin/browse-edgar?action=getcompany&CIK=${String(cik).padStart(10, '0')}&type=&dateb=&owner=include&count=40`;
}

const nf = (digits: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const NF0 = nf(0);
const NF2 = nf(2);

/** $1.23T, $456.7B, $12.3M; under a million in full dollars. Null -> an em dash. */
export function usd(n: number | null | undefined): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '—';
  const a = Math.abs(n);
  const sign = n < 0 ? '-' : '';
  for (const [v, s] of [[1e12, 'T'], [1e9, 'B'], [1e6, 'M']] as const) if (a >= v) return `${sign}$${(a / v).toFixed(a / v >= 100 ? 0 : 1)}${s}`;
  return `${sign}$${a >= 100 ? NF0.format(a) : NF2.format(a)}`;
}

/** A price: $1,234.56. */
export function price(n: number | null | undefined): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : `$${NF2.format(n)}`;
}

/** A whole number with separators. */
export function count(n: number | null | undefined): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : NF0.format(n);
}

/** A fraction as a percentage: 0.4621 -> 46.21%. */
export function pctOfFraction(n: number | null | undefined, digits = 2): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : `${(n * 100).toFixed(digits)}%`;
}

/** A number already in percent: 4.25 -> 4.25%. */
export function pct(n: number | null | undefined, digits = 2): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : `${n.toFixed(digits)}%`;
}

/** A plain number with up to `digits` decimals. */
export function num(n: number | null | undefined, digits = 2): string {
  return n === null || n === undefined || !Number.isFinite(n) ? '—' : Number.isInteger(n) ? NF0.format(n) : n.toFixed(digits);
}

/** `text` linked to its glossary entry when the glossary has `key` (a slug, a term or an XBRL concept); plain text otherwise. */
export function term(key: string, text: string = key): SafeHtml {
  const found = findGlossaryTerm(key);
  return found ? html`<a class="term" href="/glossary/${found.slug}" title="${found.short}">${text}</a>` : html`${text}`;
}

/** An outside link only when it is http(s) (a feed could carry `javascript:`); null otherwise. */
export function safeHref(url: string | null | undefined): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null;
}

/** `date` minus `months` calendar months (day clamped to the month's end). */
export function monthsBefore(date: string, months: number): string {
  const y = Number(date.slice(0, 4));
  const m = Number(date.slice(5, 7)) - 1 - months;
  const d = Number(date.slice(8, 10));
  const first = new Date(Date.UTC(y, m, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  return new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth(), Math.min(d, last))).toISOString().slice(0, 10);
}

export type Cell = string | number | SafeHtml | null | undefined;

/**
 * A responsive table: on a narrow screen each row becomes a block of labelled cells (the column
 * name is the cell's `data-label`), so nothing is clipped and the page never scrolls sideways. The
 * first cell of a row is its header (`<th scope="row">`).
 */
export function table(caption: string, head: string[], rows: Cell[][], opts: { id?: string; visibleCaption?: boolean; numeric?: number[] } = {}): SafeHtml {
  const numeric = new Set(opts.numeric ?? []);
  const cell = (c: Cell) => (c === null || c === undefined || c === '' ? '—' : c);
  // A scrollable region must be reachable by keyboard (it scrolls only between 40rem and the table's width).
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label="${caption}"${opts.id ? html` id="${opts.id}"` : ''}><table class="data stack"><caption${opts.visibleCaption ? '' : html` class="visually-hidden"`}>${caption}</caption><thead><tr>${head.map((h, i) => html`<th scope="col"${numeric.has(i) ? html` class="num"` : ''}>${h}</th>`)}</tr></thead><tbody>${rows.map(
    (r) => html`<tr>${r.map((c, i) => (i === 0 ? html`<th scope="row" data-label="${head[0] ?? ''}">${cell(c)}</th>` : html`<td data-label="${head[i] ?? ''}"${numeric.has(i) ? html` class="num"` : ''}>${cell(c)}</td>`))}</tr>`,
  )}</tbody></table></div>`;
}
