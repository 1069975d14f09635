/**
 * The default billing provider: a plan change is recorded as a pending request for an operator
 * (`almanac billing pending|approve|reject`, api/billing/cli.ts). Approval applies the change at
 * once and mails the user; so does a rejection, with the operator's reason.
 */
import { randomUUID } from 'node:crypto';
import { changeKind, offer, priceText, type OfferId } from '../../../schema/offers.ts';
import type { Mailer } from '../../mail/interface.ts';
import type { UserStore } from '../../store/interface.ts';
import { decideRequest, insertRequest, type PlanRequest } from '../subscriptions.ts';
import type { BillingProvider, ChangeInput, ChangeResult, ProviderOptions } from './interface.ts';

export interface ManualProviderOptions extends ProviderOptions {
  store: UserStore;
}

export function manualProvider(options: ManualProviderOptions): BillingProvider {
  const clock = options.clock ?? Date.now;
  return {
    kind: 'manual',
    whenApplies(from: OfferId, to: OfferId): string {
      const price = offer(to).priceMicros === 0 ? 'no charge from then on' : `${priceText(to)} from that day`;
      return `An operator reviews the request (usually within one working day). The ${changeKind(from, to)} applies when it is approved, and you get an email then: ${price}.`;
    },
    async requestChange(input: ChangeInput): Promise<ChangeResult> {
      const id = randomUUID();
      await insertRequest(options.store, { id, accountId: input.accountId, from: input.from, to: input.to, provider: 'manual', at: new Date(clock()) });
      return { status: 'pending', requestId: id };
    },
  };
}

/** The mail a user gets when an operator decides a request. */
export function decisionMail(r: PlanRequest, publicUrl: string): { to: string; subject: string; text: string } {
  const to = offer(r.to);
  const base = publicUrl.replace(/\/+$/, '');
  if (r.status === 'approved') {
    return {
      to: r.email,
      subject: `Your Almanac plan is now ${to.label}`,
      text: `Hello,\n\nYour request to change to ${to.label} was approved and applies from now on, to every key of your account.\nPrice: ${priceText(r.to)}.\n\nYour plan and usage: ${base}/account#plans\n`,
    };
  }
  return {
    to: r.email,
    subject: `Your Almanac plan change to ${to.label} was not approved`,
    text: `Hello,\n\nYour request to change to ${to.label} was not approved${r.note ? `: ${r.note}` : '.'}\nYour plan is unchanged.\n\n${base}/account#plans\n`,
  };
}

/**
 * An operator's decision on a pending request: applies it (approve) or not (reject), then mails
 * the user. Returns the decided request, or null when it was not pending.
 */
export async function decide(
  store: UserStore,
  mailer: Mailer,
  publicUrl: string,
  id: string,
  decision: 'approved' | 'rejected',
  note: string | null = null,
  at = new Date(),
): Promise<PlanRequest | null> {
  const r = await decideRequest(store, id, decision, at, note);
  if (r) await mailer.send(decisionMail(r, publicUrl));
  return r;
}
