/**
 * The dependencies every route handler can reach (`ctx.services`), built once in `api/app.ts`.
 * Each capability is an interface with embedded and production implementations.
 */
import type { Config } from '../schema/config.ts';
import type { Warehouse } from '../warehouse/reader.ts';

export interface Services {
  config: Config;
  warehouse: Warehouse;
  /** Named reachability checks reported by `/api/health` (warehouse, user store, limit store...). */
  healthChecks: Record<string, () => Promise<boolean>>;
  /** Closed in reverse order on shutdown, after the server stops taking requests. */
  closers: (() => Promise<void>)[];
}
