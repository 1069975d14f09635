/**
 * GraphiQL (development and test only) from installed npm packages, never a CDN (issue 17):
 * graphiql's UMD bundle and stylesheet and React 18's UMD builds (devDependencies `graphiql`,
 * `react`, `react-dom`) are served under `/graphiql/assets/`, and the page's bootstrap is a file
 * (`/assets/graphiql-start.js`), so the page's Content-Security-Policy admits scripts from this origin
 * only (api/security-headers.ts). graphql-yoga's own page loads its bundle from unpkg.com; this
 * replaces it through yoga's `renderGraphiQL`.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { GRAPHQL_PATHS } from '../../schema/graphql.ts';
import { NotFoundError } from '../errors.ts';

/** URL prefix of the GraphiQL bundle files. */
export const GRAPHIQL_ASSET_PREFIX = '/graphiql/assets/';

/** The files GraphiQL needs: public name -> package and path inside it (a fixed list). */
export const GRAPHIQL_ASSETS: Record<string, { pkg: string; file: string; type: string }> = {
  'react.js': { pkg: 'react', file: 'umd/react.production.min.js', type: 'text/javascript; charset=utf-8' },
  'react-dom.js': { pkg: 'react-dom', file: 'umd/react-dom.production.min.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.js': { pkg: 'graphiql', file: 'dist/index.umd.js', type: 'text/javascript; charset=utf-8' },
  'graphiql.css': { pkg: 'graphiql', file: 'dist/style.css', type: 'text/css; charset=utf-8' },
};

/** The installed package folder of `pkg` (nearest node_modules upwards), or null. */
function packageDir(pkg: string): string | null {
  // Package `exports` maps hide the UMD files from require.resolve, so look the folder up.
  for (let dir = import.meta.dirname; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', pkg);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

/** The GraphiQL page: local stylesheet and scripts only. */
export function graphiqlPage(): string {
  const assets = (name: string) => `${GRAPHIQL_ASSET_PREFIX}${name}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>GraphiQL · Almanac</title>
<link rel="icon" href="/assets/favicon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${assets('graphiql.css')}">
<link rel="stylesheet" href="/assets/graphiql-page.css">
</head>
<body>
<div id="graphiql" data-endpoint="${GRAPHQL_PATHS.endpoint}" data-sdl="${GRAPHQL_PATHS.sdl}">Loading GraphiQL…</div>
<script src="${assets('react.js')}"></script>
<script src="${assets('react-dom.js')}"></script>
<script src="${assets('graphiql.js')}"></script>
<script src="/assets/graphiql-start.js"></script>
</body>
</html>
`;
}

interface Loaded {
  body: Buffer;
  type: string;
  etag: string;
}

/** Registers `/graphiql/assets/:name` (only called in development and test). */
export function registerGraphiqlAssets(app: FastifyInstance): void {
  const cache = new Map<string, Loaded>();
  app.get<{ Params: { name: string } }>(`${GRAPHIQL_ASSET_PREFIX}:name`, async (req, reply) => {
    const spec = Object.hasOwn(GRAPHIQL_ASSETS, req.params.name) ? GRAPHIQL_ASSETS[req.params.name] : undefined;
    if (!spec) throw new NotFoundError(`not found: ${GRAPHIQL_ASSET_PREFIX}${req.params.name}`);
    let asset = cache.get(req.params.name);
    if (!asset) {
      const dir = packageDir(spec.pkg);
      const file = dir ? path.join(dir, spec.file) : null;
      if (!file || !existsSync(file)) throw new NotFoundError(`GraphiQL is not installed: run npm install (devDependency ${spec.pkg})`);
      const body = readFileSync(file);
      asset = { body, type: spec.type, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 16)}"` };
      cache.set(req.params.name, asset);
    }
    reply.header('ETag', asset.etag).header('Cache-Control', 'public, max-age=86400');
    if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.type(asset.type).send(asset.body);
  });
}
