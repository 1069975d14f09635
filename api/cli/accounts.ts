/**
 * `almanac accounts <command>`: operator commands over the user store (the spec shows no
 * endpoints for buying plans; operators and tests set tiers and plans here).
 *
 *   accounts list [--limit N]             newest accounts first
 *   accounts show <email|id>              one account and its keys (prefixes only)
 *   accounts set-tier <email|id> <tier>   learner | researcher | investor | power_user
 *   accounts set-plan <email|id> <plan>   developer | developer_pro | none
 *   accounts verify <email|id>            mark the email verified
 *
 * Opens the store from the configuration (DATABASE_URL, or the embedded PGlite under DATA_DIR,
 * which only one process can open: stop the server first). API processes see a tier or plan
 * change on keys within the key cache's TTL (30 s).
 */
import { BusyError, EXIT } from '../../schema/exit-codes.ts';
import { PLANS, TIERS, type PlanId, type TierId } from '../../schema/tiers.ts';
import type { Config } from '../../schema/config.ts';
import { accountView, keyView } from '../identity/service.ts';
import { findAccountByEmail, findAccountById, listAccounts, markEmailVerified, setAccountPlan, setAccountTier, type Account } from '../store/accounts.ts';
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
      const i = rest.indexOf('--limit');
      const limit = i >= 0 ? Number(rest[i + 1]) : 50;
      if (!Number.isInteger(limit) || limit < 1 || limit > 10_000) return usage('--limit must be an integer from 1 to 10000');
      const rows = await listAccounts(store, limit);
      out(['id', 'email', 'verified', 'tier', 'plan', 'created'].join('\t'));
      for (const a of rows) out([a.id, a.email, a.emailVerifiedAt ? 'yes' : 'no', a.tier, a.plan ?? '-', a.createdAt.toISOString()].join('\t'));
      return 0;
    }
    const who = rest[0];
    if (!who) return usage(`${command} needs an email or account id`);
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
      case 'set-tier': {
        const tier = rest[1];
        if (!tier || !(TIERS as readonly string[]).includes(tier)) return usage(`tier must be one of ${TIERS.join(', ')}`);
        await setAccountTier(store, account.id, tier as TierId);
        out(`${account.email}: tier ${account.tier} -> ${tier}`);
        return 0;
      }
      case 'set-plan': {
        const plan = rest[1];
        if (!plan || (plan !== 'none' && !(PLANS as readonly string[]).includes(plan))) return usage(`plan must be one of ${PLANS.join(', ')}, none`);
        await setAccountPlan(store, account.id, plan === 'none' ? null : (plan as PlanId));
        out(`${account.email}: plan ${account.plan ?? 'none'} -> ${plan}`);
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
