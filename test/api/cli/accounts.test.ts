import { randomUUID } from 'node:crypto';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { runAccountsCommand } from '../../../api/cli/accounts.ts';
import { findAccountByEmail, insertAccount } from '../../../api/store/accounts.ts';
import type { UserStore } from '../../../api/store/interface.ts';
import { openUserStore } from '../../../api/store/open.ts';
import { testConfig } from '../../helpers.ts';

const config = testConfig();
let store: UserStore;
let out: string[] = [];
let err: string[] = [];
const run = (...args: string[]) => {
  out = [];
  err = [];
  return runAccountsCommand(args, config, { store, out: (l) => out.push(l), err: (l) => err.push(l) });
};

const cli = suite('almanac accounts');
cli.before(async () => {
  store = await openUserStore(config);
  await insertAccount(store, { id: randomUUID(), email: 'Op.Test@example.com', passwordHash: 'x' });
});
cli.after(() => store.close());

cli('list, show', async () => {
  assert.is(await run('list'), 0);
  assert.is(out[0], 'id\temail\tverified\ttier\tplan\tcreated');
  assert.match(out[1]!, /\tOp.Test@example.com\tno\tlearner\t-\t/);
  assert.is(await run('show', 'op.test@example.com'), 0);
  const shown = JSON.parse(out.join('\n'));
  assert.equal({ email: shown.email, tier: shown.tier, plan: shown.plan, keys: shown.keys }, { email: 'Op.Test@example.com', tier: 'learner', plan: null, keys: [] });
  assert.is(await run('show', shown.id), 0, 'by id too');
});

cli('set-tier, set-plan, verify change the account', async () => {
  assert.is(await run('set-tier', 'op.test@example.com', 'investor'), 0);
  assert.is(out[0], 'Op.Test@example.com: tier learner -> investor');
  assert.is(await run('set-plan', 'op.test@example.com', 'developer_pro'), 0);
  assert.is(await run('verify', 'op.test@example.com'), 0);
  let a = await findAccountByEmail(store, 'op.test@example.com');
  assert.equal({ tier: a!.tier, plan: a!.plan, verified: a!.emailVerifiedAt !== null }, { tier: 'investor', plan: 'developer_pro', verified: true });
  assert.is(await run('set-plan', 'op.test@example.com', 'none'), 0);
  a = await findAccountByEmail(store, 'op.test@example.com');
  assert.is(a!.plan, null);
});

cli('usage errors are exit code 2; an unknown account is 1', async () => {
  assert.is(await run(), 2);
  assert.is(await run('frobnicate'), 2);
  assert.is(await run('set-tier', 'op.test@example.com', 'god'), 2);
  assert.is(await run('set-plan', 'op.test@example.com', 'enterprise'), 2);
  assert.is(await run('list', '--limit', 'x'), 2);
  assert.is(await run('show', 'nobody@example.com'), 1);
  assert.is(err[0], 'no account nobody@example.com');
});

cli.run();
