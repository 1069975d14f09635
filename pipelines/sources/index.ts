import path from 'node:path';
import type { Config } from '../../schema/config.ts';
import { edgarSource } from './edgar.ts';
import { SourceError, type Source } from './interface.ts';
import { mirrorSource } from './mirror.ts';

export type { Source, SourceDocument } from './interface.ts';
export { SourceError } from './interface.ts';

/** The raw landing folder where the edgar source keeps every fetched document unchanged. */
export const landingDir = (dataDir: string): string => path.join(dataDir, 'raw');

/** Builds a source from its command-line name: `edgar`, `landing` or `mirror:<dir>`. */
export function openSource(name: string, config: Pick<Config, 'secUserAgent' | 'dataDir' | 'edgarRps'>): Source {
  if (name === 'edgar') {
    return edgarSource({ userAgent: config.secUserAgent, landingDir: landingDir(config.dataDir), requestsPerSecond: config.edgarRps });
  }
  if (name === 'landing') return mirrorSource(landingDir(config.dataDir));
  if (name.startsWith('mirror:') && name.length > 'mirror:'.length) return mirrorSource(name.slice('mirror:'.length));
  throw new SourceError(`unknown source "${name}": use edgar, landing or mirror:<dir>`);
}
