/**
 * The dependencies every route handler can reach (`ctx.services`), built once in `api/app.ts`.
 * Each capability is an interface with embedded and production implementations.
 */
import type { Config } from '../schema/config.ts';
import type { Warehouse } from '../warehouse/reader.ts';
import type { BillingProvider } from './billing/provider/interface.ts';
import type { Billing } from './billing/service.ts';
import type { Identity } from './identity/service.ts';
import type { HeavyGate } from './limits/heavy.ts';
import type { Limiter } from './limits/limiter.ts';
import type { Mailer } from './mail/interface.ts';
import type { UserStore } from './store/interface.ts';

export interface Services {
  config: Config;
  warehouse: Warehouse;
  /** Accounts, sessions, keys, billing records and per-user state (PostgreSQL or embedded PGlite). */
  store: UserStore;
  /** Outgoing mail (SMTP or the outbox folder). */
  mailer: Mailer;
  /** Registration, sessions, CSRF and API keys over the store (api/identity/service.ts). */
  identity: Identity;
  /** Limits and metering admission (api/limits): one round trip per request; usable by GraphQL and MCP. */
  limits: Limiter;
  /** The MCP heavy-tool gate (spec 8.4): the process-wide `HEAVY_GATE`; tests give their own. */
  heavyGate: HeavyGate;
  /** Billing ledger, overage consent and usage records (api/billing). */
  billing: Billing;
  /** How plan changes are paid: recorded for an operator, or Stripe (api/billing/provider). */
  billingProvider: BillingProvider;
  /** Named reachability checks reported by `/api/health` (warehouse, user store, limit store...). */
  healthChecks: Record<string, () => Promise<boolean>>;
  /** Closed in reverse order on shutdown, after the server stops taking requests. */
  closers: (() => Promise<void>)[];
}
