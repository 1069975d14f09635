/**
 * Every pipeline job, in the order a full run executes them (a job's `after` names must come
 * earlier). Add a job by importing it and appending it here.
 */
import { banksJob } from './banks.ts';
import { companiesJob } from './companies.ts';
import { contractsJob } from './contracts.ts';
import { filingsJob } from './filings.ts';
import { f13Job } from './13f.ts';
import { bdcJob } from './bdc.ts';
import { insidersJob } from './insiders.ts';
import { nportJob } from './nport.ts';
import { securityMasterJob } from './security-master.ts';
import { fundamentalsJob } from './fundamentals.ts';
import type { Job } from './interface.ts';
import { macroJob } from './macro.ts';
import { newsJob } from './news.ts';
import { pricesJob } from './prices.ts';
import { technicalsJob } from './technicals.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- jobs differ in their parsed type
export type AnyJob = Job<any>;

export const JOBS: AnyJob[] = [companiesJob, filingsJob, fundamentalsJob, pricesJob, technicalsJob, macroJob, newsJob, insidersJob, f13Job, nportJob, bdcJob, securityMasterJob, banksJob, contractsJob];

export function findJob(name: string): AnyJob | undefined {
  return JOBS.find((j) => j.name === name);
}
