// `npm run bench:serve`: the server measured as `npm start` runs it, from the esbuild bundle of the
// sources (bin/loader.js, bin/bundle.js), not through tsx, whose transform keeps function names (a
// `__name` call for every closure created). ALMANAC_BUNDLE=0 runs it through tsx.
import { runTypeScript } from '../../bin/loader.js';

await runTypeScript(new URL('./serve.bench.ts', import.meta.url).href);
