// Shared by the plain-JavaScript entries (bin/start.js, bin/almanac.js): on a Node.js too old to
// register a module loader (module.register: Node 18.19 / 20.6), nothing TypeScript can load, so
// the engines message is printed from here; newer Nodes get the full check in bin/node-version.ts.
import { readFileSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';

export async function runTypeScript(entry) {
  if (typeof module.register !== 'function') {
    const { engines } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
    console.error(`almanac: almanac needs Node.js ${engines.node} (package.json engines); this is Node.js ${process.versions.node}. Install a newer Node.js (e.g. with nvm: nvm install 20) and run again.`);
    process.exit(1);
  }
  // One esbuild bundle of the sources (bin/bundle.js), rebuilt when a source changes; through tsx
  // when it cannot be built or ALMANAC_BUNDLE=0.
  if (process.env.ALMANAC_BUNDLE !== '0') {
    const { bundledEntry } = await import('./bundle.js');
    const bundle = await bundledEntry(fileURLToPath(entry));
    if (bundle) {
      process.setSourceMapsEnabled(true); // stack traces name the TypeScript sources
      await import(pathToFileURL(bundle).href);
      return;
    }
  }
  const { register } = await import('tsx/esm/api');
  register();
  await import(entry);
}
