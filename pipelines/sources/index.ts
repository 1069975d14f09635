import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../../schema/config.ts';
import { httpSource } from './http.ts';
import { SourceError, type Source } from './interface.ts';
import { mirrorSource } from './mirror.ts';
import { priceProvider } from './price-providers.ts';
import { withZipMembers } from './zip.ts';

export type { Source, SourceDocument, SourceStats } from './interface.ts';
export { SourceError } from './interface.ts';

/** The raw landing folder where the edgar source keeps every fetched document unchanged. */
export const landingDir = (dataDir: string): string => path.join(dataDir, 'raw');

export type SourceConfig = Pick<Config, 'secUserAgent' | 'dataDir' | 'edgarRps'> &
  Partial<Pick<Config, 'upstreams' | 'upstreamRps' | 'fredApiKey' | 'pricesProvider' | 'pricesUrl' | 'pricesKey'>>;

/** True for the sources that fetch from the real upstreams (`live`, and its older name `edgar`). */
export const isLive = (source: Source | string): boolean => ['live', 'edgar'].includes(typeof source === 'string' ? source : source.name);

/** Whether `dir` is a folder holding anything (a file there, or nothing, is no landing). */
function hasLanded(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

/**
 * Builds a source from its command-line name: `live` (every upstream over HTTP: SEC EDGAR,
 * Treasury, FRED/ALFRED, feeds, prices, FDIC, USAspending; `edgar` is the same source under its
 * older name), `landing` (the raw landing copies, no network) or `mirror:<dir>`.
 */
export function openSource(name: string, config: SourceConfig): Source {
  if (isLive(name)) {
    return withZipMembers(httpSource({
      name,
      userAgent: config.secUserAgent,
      landingDir: landingDir(config.dataDir),
      secRps: config.edgarRps,
      hostRps: config.upstreamRps,
      baseUrls: config.upstreams,
      fredApiKey: config.fredApiKey || undefined,
      urlFor: priceProvider(config).url,
    }));
  }
  if (name === 'landing') {
    // Nothing landed yet (live runs write the landing copies): every document would be missing,
    // and a run would still publish a snapshot, quarantines and all. Refused for every command
    // (run, backfill, the scheduler) alike.
    const dir = landingDir(config.dataDir);
    if (!hasLanded(dir)) throw new SourceError(`source landing: nothing has landed in ${dir}; it holds what live runs downloaded (run with the live source first)`);
    return mirrorSource(dir);
  }
  if (name.startsWith('mirror:') && name.length > 'mirror:'.length) return mirrorSource(name.slice('mirror:'.length));
  throw new SourceError(`unknown source "${name}": use live, edgar, landing or mirror:<dir>`);
}
