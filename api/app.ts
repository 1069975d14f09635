/**
 * Wires the real services from the configuration and builds the server. Used by `npm start`
 * (`api/main.ts`) and by tests that want the whole application in process.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../schema/config.ts';
import { warmTickerSnapshots } from '../warehouse/queries/snapshot.ts';
import { Warehouse } from '../warehouse/reader.ts';
import { Identity } from './identity/service.ts';
import { openMailer } from './mail/open.ts';
import { openUserStore } from './store/open.ts';
import { purgeLoginAddresses, purgeSessions } from './store/sessions.ts';
import { KNOWN_ADDRESS_DAYS } from '../schema/accounts.ts';
import { BATCH_IDS_KEPT_MS } from './billing/meter-writer.ts';
import { openMetering } from './billing/open.ts';
import { HEAVY_GATE } from './limits/heavy.ts';
import { openBillingProvider } from './billing/provider/open.ts';
import { graphqlPlugin } from './graphql/plugin.ts';
import { mcpPlugin } from './mcp/plugin.ts';
import { buildServer, type ServerOptions } from './server.ts';
import { webPlugin } from './web/index.ts';
import type { Services } from './services.ts';

/**
 * The services behind the app. `mailLog`: where the embedded outbox mailer says what it wrote (the
 * server's log, so a mail line is a JSON line among the others; standard error without one).
 */
export async function createServices(config: Config, options: { mailLog?: (line: string) => void } = {}): Promise<Services> {
  const warehouse = await Warehouse.open({
    dataDir: config.dataDir,
    threads: config.duckdbThreads,
    memoryLimit: config.duckdbMemoryLimit,
    poolSize: config.duckdbPoolSize,
    pollMs: config.snapshotPollMs,
    // A new snapshot assembles the ticker snapshots asked most recently before it is served.
    warm: (fresh, previous) => warmTickerSnapshots(fresh, previous),
  });
  let store;
  try {
    store = await openUserStore(config);
  } catch (err) {
    await warehouse.close();
    throw err;
  }
  const mailer = await openMailer(config, config.env === 'test' ? { log: () => undefined } : options.mailLog ? { log: options.mailLog } : {});
  const identity = new Identity({ store, mailer, config });
  const metering = await openMetering(config, store);
  const billingProvider = await openBillingProvider(config, { store, mailer, onAccountChanged: (id) => identity.keyCache.invalidateAccount(id) });
  // Hourly: expired and revoked sessions are kept a day (for audit), then deleted; per-key usage
  // rows are kept for this month and the previous one (only this month's rebuild the counters);
  // metering batch ids for an hour (a batch's retries come within seconds).
  const purge = setInterval(() => {
    void purgeSessions(store, new Date(Date.now() - 86_400_000)).catch(() => undefined);
    // Sign-in addresses are forgotten KNOWN_ADDRESS_DAYS after their last success (the login ceiling's way in).
    void purgeLoginAddresses(store, new Date(Date.now() - KNOWN_ADDRESS_DAYS * 86_400_000)).catch(() => undefined);
    const d = new Date();
    void metering.billing.usage.purge(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 1)).catch(() => undefined);
    void metering.billing.ledger.prune(Date.now() - BATCH_IDS_KEPT_MS).catch(() => undefined);
  }, 3_600_000);
  purge.unref();
  return {
    config,
    warehouse,
    store,
    mailer,
    identity,
    limits: metering.limits,
    heavyGate: HEAVY_GATE,
    billing: metering.billing,
    billingProvider,
    healthChecks: {
      warehouse: async () => warehouse.version !== null && (await warehouse.all('SELECT 1 AS ok')).length === 1,
      userStore: () => store.ping(),
      limits: () => metering.ping(),
    },
    // Closed in reverse: mail started after an answer is sent before the mailer and store close.
    closers: [() => warehouse.close(), () => store.close(), () => mailer.close(), () => metering.close(), async () => clearInterval(purge), () => identity.settled()],
  };
}

/** Closes every service in reverse order of creation. */
export async function closeServices(services: Services): Promise<void> {
  for (const close of [...services.closers].reverse()) await close();
}

export async function createApp(config: Config, options: Partial<ServerOptions> = {}): Promise<{ app: FastifyInstance; services: Services }> {
  // Mail is sent once the app serves, so its log lines go to the app's logger; where that logger
  // would drop an info line (a warn level, no logger) to standard error as before: the line names
  // the file holding the verification link, the embedded default's only way to it.
  let appLog: FastifyInstance['log'] | undefined;
  const mailLog = (line: string): void => {
    const log = appLog as (FastifyInstance['log'] & { isLevelEnabled?: (level: string) => boolean }) | undefined;
    if (log?.isLevelEnabled?.('info')) log.info(line);
    else process.stderr.write(`${line}\n`);
  };
  const services = await createServices(config, { mailLog });
  // Root plugins every app serves (GraphQL, MCP, web pages); tests can add more through options.
  const app = await buildServer({ services, ...options, plugins: [graphqlPlugin(), mcpPlugin(), webPlugin({ resources: options.resources }), ...(options.plugins ?? [])] });
  appLog = app.log;
  app.addHook('onClose', async () => closeServices(services));
  // A publish, rollback or unpin changes what is served: the log says when (an operator found no
  // trace of it).
  services.warehouse.onSwitch(({ from, to }) => app.log.info({ from, to }, 'serving snapshot switched'));
  return { app, services };
}
