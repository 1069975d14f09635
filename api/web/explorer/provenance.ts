/**
 * What the explorer pages say about where their data came from and how fresh it is (issue 16):
 * the same provenance, synthetic flag and ledger fetch time the API answers carry.
 */
import type { ProvenanceData } from '../../../schema/provenance.ts';
import { html, type SafeHtml } from '../html.ts';

/** A badge for generated data; nothing for real data. */
export function syntheticBadge(synthetic: boolean | undefined): SafeHtml {
  return synthetic ? html` <span class="badge badge-synthetic" title="Generated for the sample, not taken from the source">synthetic</span>` : html``;
}

/** "<label>: <publisher> (<document>)", the document linked when it is published, and the synthetic badge. */
export function sourceLine(p: ProvenanceData, label = 'Source'): SafeHtml {
  const doc = p.url ? html`<a href="${p.url}" rel="noopener">${p.document}</a>` : html`<code>${p.document ?? 'unknown'}</code>`;
  return html`${label}: ${p.source} (${doc})${syntheticBadge(p.synthetic)}`;
}

/**
 * After a filing date: a note when the date is estimated from the signature in the document (the
 * filing was bundled without its EDGAR envelope: provenance.filedBasis 'signature'); nothing when
 * it is the date EDGAR published.
 */
export function filedNote(p: Pick<ProvenanceData, 'filedBasis'>): SafeHtml {
  return p.filedBasis === 'signature'
    ? html` <span class="badge badge-estimated" title="No EDGAR envelope or submissions index was available for this filing; the real filing date is this day or later">filing date estimated from the signature</span>`
    : html``;
}

/** "Data through D; last fetched T UTC" from an answer's `dataThrough` and `fetchedAt`. */
export function freshnessLine(a: { dataThrough: string | null; fetchedAt: string | null }): SafeHtml {
  return html`<span class="freshness">Data through ${a.dataThrough ?? '—'}; last fetched ${a.fetchedAt ? html`<time datetime="${a.fetchedAt}Z">${a.fetchedAt.replace('T', ' ')} UTC</time>` : 'never'} (pipeline run ledger).</span>`;
}
