/**
 * `almanac <area> <command>`: the operator CLI.
 *   almanac pipelines run <job...> [--jobs a,b] [--source live|edgar|landing|mirror:DIR] [--since YYYY-MM-DD] [--no-publish]
 *   almanac pipelines status | list | rollback | unpin
 *   almanac scheduler
 *   almanac accounts list|show|set-tier|set-plan|verify
 *   almanac billing invoice --month YYYY-MM | pending | approve ID | reject ID [--reason T]
 *   almanac serve
 *
 * Every command and subcommand answers `--help` (exit 0). Exit codes: schema/exit-codes.ts (0 ok,
 * 1 failure, 2 partial run, 64 usage error, 75 busy). Errors are one line on stderr, never a stack
 * trace (set ALMANAC_DEBUG=1 for the stack); a closed pipe (`almanac pipelines status | head`)
 * ends the command quietly.
 */
// First: refuse an older Node.js than package.json's engines before anything else loads.
import './node-version.ts';
import { BusyError, EXIT, UsageError } from '../schema/exit-codes.ts';
import { dataDirProblem } from './data-dir.ts';

const [area, ...rest] = process.argv.slice(2);

const USAGE = `usage: almanac <command> [--help]
  pipelines run <job...> [--jobs a,b] [--all] [--source live|edgar|landing|mirror:DIR] [--since YYYY-MM-DD] [--no-publish]
  pipelines status        last runs, rows, failures, current snapshot
  pipelines list          jobs and their schedules
  pipelines rollback      point readers at the previous snapshot (unpin: follow new runs again)
  pipelines backfill <job...> --from <date|YYYYQn> --to <date|YYYYQn>   past filings via the EDGAR full index
  scheduler               run the jobs on their cron schedules (foreground)
  accounts list|show|set-tier|set-plan|verify   operator commands for accounts
  billing invoice --month YYYY-MM               the month's invoice lines from the billing ledger
  billing pending|approve ID|reject ID [--reason T]   plan-change requests waiting for an operator
  serve                   start the API server (same as npm start)
exit codes: 0 ok, 1 failure, 2 partial run (documents quarantined), 64 usage error, 75 busy (another process holds the store)`;

const SCHEDULER_USAGE = `usage: almanac scheduler
  runs every job on its cron schedule (almanac pipelines list; ALMANAC_SCHEDULES overrides), in the foreground, until stopped`;
const SERVE_USAGE = `usage: almanac serve
  builds the sample warehouse when DATA_DIR has none, then serves the API (same as npm start; configuration: README)`;

// `almanac pipelines status | head`: the reader went away; nothing left to say.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? EXIT.ok);
    throw e;
  });
}

const wantsHelp = (args: string[]): boolean => args.includes('--help') || args.includes('-h');

async function main(): Promise<number> {
  if (area === undefined) {
    console.error(USAGE);
    return EXIT.usage;
  }
  if (area === 'help' || area === '--help' || area === '-h') {
    console.log(USAGE);
    return EXIT.ok;
  }
  const { loadConfig } = await import('../schema/config.ts');
  /** The configuration of a command that writes under DATA_DIR: one DATA_DIR cannot be is a usage error (README, "Exit codes"). */
  const writerConfig = () => {
    const config = loadConfig();
    const problem = wantsHelp(rest) ? null : dataDirProblem(config.dataDir);
    if (problem) throw new UsageError(problem);
    return config;
  };
  switch (area) {
    case 'pipelines': {
      const { runPipelinesCommand } = await import('../pipelines/cli.ts');
      return runPipelinesCommand(rest, rest[0] === 'run' || rest[0] === 'backfill' ? writerConfig() : loadConfig());
    }
    case 'scheduler': {
      if (wantsHelp(rest)) return (console.log(SCHEDULER_USAGE), EXIT.ok);
      if (rest.length) throw new UsageError(`almanac scheduler takes no arguments\n${SCHEDULER_USAGE}`);
      const { startScheduler } = await import('../pipelines/scheduler.ts');
      await startScheduler(writerConfig());
      return new Promise<number>(() => undefined); // runs until stopped
    }
    case 'accounts': {
      const { runAccountsCommand } = await import('../api/cli/accounts.ts');
      return runAccountsCommand(rest, writerConfig());
    }
    case 'billing': {
      const { runBillingCommand } = await import('../api/billing/cli.ts');
      return runBillingCommand(rest, writerConfig());
    }
    case 'serve':
      if (wantsHelp(rest)) return (console.log(SERVE_USAGE), EXIT.ok);
      // Configuration is by environment (PORT, DATA_DIR, ...): `serve --port 9000` must not start on PORT.
      if (rest.length) throw new UsageError(`almanac serve takes no arguments (configure it by environment: PORT, DATA_DIR, ...; README)\n${SERVE_USAGE}`);
      await import('./start.ts');
      return new Promise<number>(() => undefined);
    default:
      console.error(`unknown command "${area}"\n${USAGE}`);
      return EXIT.usage;
  }
}

try {
  process.exitCode = await main();
} catch (e) {
  const message = e instanceof Error ? e.message : String(e);
  console.error(`almanac: ${message}`);
  if (process.env.ALMANAC_DEBUG && e instanceof Error) console.error(e.stack);
  process.exitCode = e instanceof UsageError ? EXIT.usage : e instanceof BusyError ? EXIT.busy : EXIT.failure;
}
