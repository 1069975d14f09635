/**
 * Refuses to run on a Node.js older than package.json's `engines.node` (issue 13.19), with a clear
 * message and exit code 1, before anything else loads: import it first (ESM evaluates imports in
 * order, and this module imports only node:fs). `engines.node` is kept in the form `>=MAJOR.MINOR`
 * (test/node-engines.test.ts checks it, and that every installed dependency accepts that Node).
 */
import { readFileSync } from 'node:fs';

/** `>=20.19` (or `>=20.19.0`) -> [20, 19, 0]; anything else throws. */
export function minimumNode(range: string): [number, number, number] {
  const m = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(range.trim());
  if (!m) throw new Error(`package.json engines.node must be of the form >=MAJOR.MINOR, got '${range}'`);
  return [Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)];
}

/** Null when `version` (e.g. `20.20.2` or `v20.20.2`) satisfies `range`, else the message to print. */
export function nodeVersionProblem(version: string, range: string): string | null {
  const have = version.replace(/^v/, '').split('.').map((n) => Number.parseInt(n, 10));
  const need = minimumNode(range);
  for (let i = 0; i < 3; i++) {
    const h = have[i] ?? 0;
    if (h > need[i]!) return null;
    if (h < need[i]!) return `almanac needs Node.js ${range} (package.json engines); this is Node.js ${version.replace(/^v/, '')}. Install a newer Node.js (e.g. with nvm: nvm install 20) and run again.`;
  }
  return null;
}

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
const problem = nodeVersionProblem(process.versions.node, pkg.engines.node);
if (problem) {
  console.error(`almanac: ${problem}`);
  process.exit(1);
}
