/**
 * `almanac billing invoice --month YYYY-MM`: sums the ledger of a month into one invoice line per
 * account (extra calls and their amount) and prints them as tab-separated rows with a total.
 * Exit codes: 0 done, 64 usage error, 1 failure (schema/exit-codes.ts).
 */
import { BusyError, EXIT } from '../../schema/exit-codes.ts';
import type { Config } from '../../schema/config.ts';
import { formatUsd } from '../../schema/plans.ts';
import { openUserStore } from '../store/open.ts';
import { buildInvoice } from './invoice.ts';

const USAGE = 'usage: almanac billing invoice --month YYYY-MM';

export async function runBillingCommand(args: string[], config: Config, out: (line: string) => void = (l) => console.log(l)): Promise<number> {
  const [command, ...rest] = args;
  if (command === 'help' || args.includes('--help') || args.includes('-h')) {
    out(USAGE);
    return EXIT.ok;
  }
  const monthAt = rest.indexOf('--month');
  const month = monthAt >= 0 ? rest[monthAt + 1] : undefined;
  // `invoice --month YYYY-MM` and nothing else: an option it would ignore is a usage error.
  if (command !== 'invoice' || rest.length !== 2 || monthAt !== 0 || !month || !/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) {
    console.error(USAGE);
    return EXIT.usage;
  }
  let store: Awaited<ReturnType<typeof openUserStore>>;
  try {
    store = await openUserStore(config);
  } catch (e) {
    if (!(e instanceof BusyError)) throw e;
    console.error(e.message);
    return EXIT.busy;
  }
  try {
    const lines = await buildInvoice(store, month);
    out(['account', 'month', 'plan', 'calls', 'extra_calls', 'amount_usd'].join('\t'));
    let total = 0;
    for (const l of lines) {
      total += l.amountMicros;
      out([l.accountId, l.month, l.plan ?? '', l.calls, l.extraCalls, formatUsd(l.amountMicros)].join('\t'));
    }
    out(`total\t${month}\t\t\t\t${formatUsd(total)}`);
    return 0;
  } catch (err) {
    console.error(`billing invoice failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await store.close();
  }
}
