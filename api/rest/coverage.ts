/**
 * `GET /api/coverage` (issue 16): per dataset, where it comes from, what the served snapshot holds
 * (rows, companies or filers, date range, synthetic rows) and how fresh it is (last successful
 * fetch from the run ledger, next run from the scheduler's cron declarations). The `/datasets`
 * page and `/api/fundamentals-pit/stats` show the same numbers.
 */
import { CoverageResult } from '../../schema/datasets.ts';
import { catalogDatasets, catalogStats } from '../../warehouse/queries/catalog.ts';
import { defineRoute, resource } from '../route.ts';

export const coverage = resource('Coverage', [
  defineRoute({
    method: 'GET',
    path: '/coverage',
    capability: 'data_coverage',
    summary: 'Coverage and freshness of every dataset',
    description:
      'One entry per dataset of the catalog (/datasets): source, rows, syntheticRows (generated rows, not taken from the source) and entities ' +
      '(companies, filers, series ...) of its main table, the date range over its tables, and per pipeline job the cron it runs on, ' +
      'lastFetchedAt (finish of the last successful run in the run ledger of the served snapshot) and nextFetchAt (the next time that cron ' +
      'fires). Dataset-level lastFetchedAt is the oldest of its jobs (what answers say as fetchedAt), nextFetchAt the earliest. Times are ISO 8601 UTC without zone.',
    responses: { 200: { description: 'every dataset', schema: CoverageResult } },
    handler: async ({ services }) => ({
      snapshot: services.warehouse.version,
      datasets: catalogDatasets(await catalogStats(services.warehouse), services.config.schedules),
    }),
  }),
]);
