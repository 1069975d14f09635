/**
 * `almanac <area> <command>`: the operator CLI.
 *   almanac pipelines run <job...> [--source edgar|landing|mirror:DIR] [--since YYYY-MM-DD] [--no-publish]
 *   almanac pipelines status | list | rollback
 *   almanac scheduler
 *   almanac accounts list|show|set-tier|set-plan|verify
 *   almanac billing invoice --month YYYY-MM
 *   almanac serve
 */
import { loadConfig } from '../schema/config.ts';

const [area, ...rest] = process.argv.slice(2);
const config = loadConfig();

const USAGE = `usage: almanac <command>
  pipelines run <job...> [--source edgar|landing|mirror:DIR] [--since YYYY-MM-DD] [--no-publish]
  pipelines status        last runs, rows, failures, current snapshot
  pipelines list          jobs and their schedules
  pipelines rollback      point readers at the previous snapshot
  scheduler               run the jobs on their cron schedules (foreground)
  accounts list|show|set-tier|set-plan|verify   operator commands for accounts (run 'almanac accounts' for usage)
  billing invoice --month YYYY-MM               the month's invoice lines from the billing ledger
  serve                   start the API server (same as npm start)`;

async function main(): Promise<number> {
  switch (area) {
    case 'pipelines': {
      const { runPipelinesCommand } = await import('../pipelines/cli.ts');
      return runPipelinesCommand(rest, config);
    }
    case 'scheduler': {
      const { startScheduler } = await import('../pipelines/scheduler.ts');
      await startScheduler(config);
      return new Promise<number>(() => undefined); // runs until stopped
    }
    case 'accounts': {
      const { runAccountsCommand } = await import('../api/cli/accounts.ts');
      return runAccountsCommand(rest, config);
    }
    case 'billing': {
      const { runBillingCommand } = await import('../api/billing/cli.ts');
      return runBillingCommand(rest, config);
    }
    case 'serve':
      await import('./start.ts');
      return new Promise<number>(() => undefined);
    case undefined:
    case 'help':
    case '--help':
      console.log(USAGE);
      return area ? 0 : 1;
    default:
      console.error(`unknown command "${area}"\n${USAGE}`);
      return 1;
  }
}

process.exitCode = await main();
