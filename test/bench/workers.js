// `npm run bench:workers`: run from the esbuild bundle of the sources, as `npm start` and
// bench:serve run (bin/loader.js); node:cluster workers re-run this file and take the worker side.
import { runTypeScript } from '../../bin/loader.js';

await runTypeScript(new URL('./workers.bench.ts', import.meta.url).href);
