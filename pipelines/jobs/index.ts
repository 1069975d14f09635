/**
 * Every pipeline job, in the order a full run executes them (a job's `after` names must come
 * earlier). Add a job by importing it and appending it here.
 */
import { companiesJob } from './companies.ts';
import type { Job } from './interface.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- jobs differ in their parsed type
export type AnyJob = Job<any>;

export const JOBS: AnyJob[] = [companiesJob];

export function findJob(name: string): AnyJob | undefined {
  return JOBS.find((j) => j.name === name);
}
