/**
 * `almanac accounts <command>`: operator commands over the user store (the spec shows no
 * endpoints for buying plans; operators and tests set tiers and plans here).
 *
 *   accounts list [--limit N]             newest accounts first
 *   accounts show <email|id>              one account and its keys (prefixes only)
 *   accounts set-tier <email|id> <tier>   learner | researcher | investor | power_user (clears a plan)
 *   accounts set-plan <email|id> <plan>   developer | developer_pro (tier back to Learner) | none
 *   accounts verify <email|id>            mark the email verified
 *
 * Opens the store from the configuration (DATABASE_URL, or the embedded PGlite under DATA_DIR,
 * which only one process can open: stop the server first). API processes see a tier or plan
 * change on keys within the key cache's TTL (30 s).
 */
import { BusyError, EXIT } from '../../schema/exit-codes.ts';
import { PLANS, TIERS } from '../../schema/tiers.ts';
import type { Config } from '../../schema/config.ts';
import { accountView, keyView } from '../identity/service.ts';
import { findAccountByEmail, findAccountById, listAccounts, markEmailVerified, type Account } from '../store/accounts.ts';
import { applyOffer } from '../billing/subscriptions.ts';
import { accountAfter, type OfferId } from '../../schema/offers.ts';
import type { UserStore } from '../store/interface.ts';
import { listKeys } from '../store/keys.ts';
import { openUserStore } from '../store/open.ts';

export const ACCOUNTS_USAGE = `usage: almanac accounts <command>
  list [--limit N]              newest accounts first (default 50)
  show <email|id>               one account and its keys (prefixes only)
  set-tier <email|id> <tier>    ${TIERS.join(' | ')}
  set-plan <email|id> <plan>    ${PLANS.join(' | ')} | none
  verify <email|id>             mark the account's email verified`;

export interface AccountsCommandIo {
  out?: (line: string) => void;
  err?: (line: string) => void;
  /** Use this store instead of opening one from the configuration (tests). */
  store?: UserStore;
}

async function find(store: UserStore, who: string): Promise<Account | null> {
  return who.includes('@') ? findAccountByEmail(store, who) : findAccountById(store, who);
}

/** Why `rest` is not what `command` takes, or null. */
function argumentProblem(command: string, rest: string[]): string | null {
  if (command === 'list') {
    if (rest.length === 0) return null;
    if (rest.length !== 2 || rest[0] !== '--limit') return `list takes only --limit N, got ${rest.join(' ')}`;
    const limit = Number(rest[1]);
    return Number.isInteger(limit) && limit >= 1 && limit <= 10_000 ? null : '--limit must be an integer from 1 to 10000';
  }
  const [who, value, ...extra] = rest;
  if (!who) return `${command} needs an email or account id`;
  if (command === 'show' || command === 'verify') return value === undefined ? null : `${command} takes one email or account id, got ${rest.join(' ')}`;
  if (extra.length > 0) return `${command} takes an email or account id and one value, got ${rest.join(' ')}`;
  if (command === 'set-tier') return value && (TIERS as readonly string[]).includes(value) ? null : `tier must be one of ${TIERS.join(', ')}`;
  return value && (value === 'none' || (PLANS as readonly string[]).includes(value)) ? null : `plan must be one of ${PLANS.join(', ')}, none`;
}

/** Runs one accounts command; returns the process exit code (0 ok, 1 failure, 64 usage; schema/exit-codes.ts). */
export async function runAccountsCommand(args: string[], config: Config, io: AccountsCommandIo = {}): Promise<number> {
  const out = io.out ?? ((l: string) => process.stdout.write(`${l}\n`));
  const err = io.err ?? ((l: string) => process.stderr.write(`${l}\n`));
  const [command, ...rest] = args;
  const usage = (message?: string): number => {
    if (message) err(message);
    err(ACCOUNTS_USAGE);
    return EXIT.usage;
  };
  if (command === 'help' || args.includes('--help') || args.includes('-h')) {
    out(ACCOUNTS_USAGE);
    return EXIT.ok;
  }
  if (!command) return usage();
  if (!['list', 'show', 'set-tier', 'set-plan', 'verify'].includes(command)) return usage(`unknown accounts command "${command}"`);
  // Arguments are checked before the store is opened: a usage error is 64 even while a server
  // holds the embedded store (it was 75), and nothing runs with arguments it would ignore.
  const problem = argumentProblem(command, rest);
  if (problem) return usage(problem);

  let store: UserStore;
  try {
    store = io.store ?? (await openUserStore(config));
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    err(e.message);
    return EXIT.busy;
  }
  try {
    if (command === 'list') {
      const limit = rest[0] === '--limit' ? Number(rest[1]) : 50;
      const rows = await listAccounts(store, limit);
      out(['id', 'email', 'verified', 'tier', 'plan', 'created'].join('\t'));
      for (const a of rows) out([a.id, a.email, a.emailVerifiedAt ? 'yes' : 'no', a.tier, a.plan ?? '-', a.createdAt.toISOString()].join('\t'));
      return 0;
    }
    const who = rest[0]!;
    const account = await find(store, who);
    if (!account) {
      err(`no account ${who}`);
      return 1;
    }
    switch (command) {
      case 'show': {
        const keys = (await listKeys(store, account.id)).map((k) => keyView(k, Date.now()));
        out(JSON.stringify({ ...accountView(account), keys }, null, 2));
        return 0;
      }
      // One subscription per account (README, "Plans and upgrades"), as an approved plan change
      // applies it: a tier clears the developer plan; a plan sets the tier back to Learner; ending
      // a plan leaves the account on Learner.
      case 'set-tier':
      case 'set-plan': {
        const value = rest[1]!;
        const offer: OfferId = value === 'none' ? 'learner' : (value as OfferId);
        if (value === 'none' && account.plan === null) {
          out(`${account.email}: no developer plan; nothing changed (tier ${account.tier})`);
          return 0;
        }
        if (!(await applyOffer(store, account.id, offer))) {
          err(`no account ${who} (removed meanwhile); nothing changed`);
          return 1;
        }
        const after = accountAfter(offer);
        out(`${account.email}: tier ${account.tier} -> ${after.tier}, plan ${account.plan ?? 'none'} -> ${after.plan ?? 'none'}`);
        return 0;
      }
      default: {
        await markEmailVerified(store, account.id, new Date());
        out(`${account.email}: email verified`);
        return 0;
      }
    }
  } finally {
    if (!io.store) await store.close();
  }
}
