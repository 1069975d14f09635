/** Every REST resource; `api/server.ts` mounts each under `/api` and `/api/v1`. */
import type { Resource } from '../route.ts';
import { health } from './health.ts';
import { tickers } from './tickers.ts';

export const RESOURCES: Resource[] = [health, tickers];
