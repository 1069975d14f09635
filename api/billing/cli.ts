/**
 * `almanac billing <command>`: operator commands over the billing records.
 *
 *   billing invoice --month YYYY-MM          one invoice line per account (extra calls and their
 *                                            amount) as tab-separated rows with a total
 *   billing pending                          plan-change requests waiting for an operator
 *   billing approve <request-id>             apply the change now and mail the user
 *   billing reject <request-id> [--reason T] leave the plan as it is and mail the user (with T)
 *
 * Exit codes: 0 done, 64 usage error, 75 busy (another process holds the embedded store), 1
 * failure (schema/exit-codes.ts). Approvals are seen by API processes at once for sessions and
 * within the key cache's TTL (30 s) for keys.
 */
import { BusyError, EXIT } from '../../schema/exit-codes.ts';
import type { Config } from '../../schema/config.ts';
import { offer, priceText } from '../../schema/offers.ts';
import { formatUsd } from '../../schema/plans.ts';
import type { Mailer } from '../mail/interface.ts';
import { openMailer } from '../mail/open.ts';
import { isUuid } from '../store/accounts.ts';
import type { UserStore } from '../store/interface.ts';
import { openUserStore } from '../store/open.ts';
import { buildInvoice } from './invoice.ts';
import { decide } from './provider/manual.ts';
import { findRequest, pendingRequests } from './subscriptions.ts';

export const BILLING_USAGE = `usage: almanac billing <command>
  invoice --month YYYY-MM             the month's invoice lines from the billing ledger
  pending                             plan-change requests waiting for an operator
  approve <request-id>                apply the change now and mail the user
  reject <request-id> [--reason TEXT] keep the current plan and mail the user`;

export interface BillingCommandIo {
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Use this store (and mailer) instead of opening them from the configuration (tests). */
  store?: UserStore;
  mailer?: Mailer;
}

/** Why `args` is not a billing command, or null. */
function argumentProblem(command: string | undefined, rest: string[]): string | null {
  switch (command) {
    case 'invoice': {
      const month = rest[1];
      return rest.length === 2 && rest[0] === '--month' && month && /^\d{4}-(0[1-9]|1[0-2])$/.test(month) ? null : 'invoice takes --month YYYY-MM';
    }
    case 'pending':
      return rest.length === 0 ? null : `pending takes no arguments, got ${rest.join(' ')}`;
    case 'approve':
      return rest.length === 1 && isUuid(rest[0]!) ? null : 'approve takes one request id (from almanac billing pending)';
    case 'reject':
      if (!(rest[0] && isUuid(rest[0]))) return 'reject takes one request id (from almanac billing pending)';
      return rest.length === 1 || (rest.length === 3 && rest[1] === '--reason' && rest[2]!.trim() !== '') ? null : 'reject takes a request id and optionally --reason TEXT';
    case undefined:
      return 'missing command';
    default:
      return `unknown billing command "${command}"`;
  }
}

export async function runBillingCommand(args: string[], config: Config, io: BillingCommandIo | ((line: string) => void) = {}): Promise<number> {
  const opts: BillingCommandIo = typeof io === 'function' ? { out: io } : io;
  const out = opts.out ?? ((l: string) => console.log(l));
  const err = opts.err ?? ((l: string) => console.error(l));
  const [command, ...rest] = args;
  if (command === 'help' || args.includes('--help') || args.includes('-h')) {
    out(BILLING_USAGE);
    return EXIT.ok;
  }
  const problem = argumentProblem(command, rest);
  if (problem) {
    err(problem);
    err(BILLING_USAGE);
    return EXIT.usage;
  }
  let store: UserStore;
  try {
    store = opts.store ?? (await openUserStore(config));
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    err(e.message);
    return EXIT.busy;
  }
  const mailer = command === 'approve' || command === 'reject' ? (opts.mailer ?? (await openMailer(config))) : null;
  try {
    if (command === 'invoice') {
      const month = rest[1]!;
      const lines = await buildInvoice(store, month);
      out(['account', 'month', 'plan', 'calls', 'extra_calls', 'amount_usd'].join('\t'));
      let total = 0;
      for (const l of lines) {
        total += l.amountMicros;
        out([l.accountId, l.month, l.plan ?? '', l.calls, l.extraCalls, formatUsd(l.amountMicros)].join('\t'));
      }
      out(`total\t${month}\t\t\t\t${formatUsd(total)}`);
      return EXIT.ok;
    }
    if (command === 'pending') {
      out(['request', 'requested', 'email', 'from', 'to', 'price'].join('\t'));
      for (const r of await pendingRequests(store)) {
        out([r.id, r.createdAt.toISOString(), r.email, r.from, r.to, priceText(r.to)].join('\t'));
      }
      return EXIT.ok;
    }
    const id = rest[0]!;
    const note = command === 'reject' && rest[1] === '--reason' ? rest[2]!.trim() : null;
    const decided = await decide(store, mailer!, config.publicUrl, id, command === 'approve' ? 'approved' : 'rejected', note);
    if (!decided) {
      const r = await findRequest(store, id);
      err(r ? `request ${id} is ${r.status}, not pending: nothing changed` : `no request ${id}`);
      return 1;
    }
    out(`${decided.email}: ${offer(decided.from).label} -> ${offer(decided.to).label} ${decided.status}; mailed ${decided.email}`);
    return EXIT.ok;
  } catch (e) {
    err(`billing ${command} failed: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  } finally {
    if (mailer && !opts.mailer) await mailer.close();
    if (!opts.store) await store.close();
  }
}
