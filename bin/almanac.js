#!/usr/bin/env node
// The `almanac` command: runs bin/almanac.ts through tsx, after bin/loader.js has made sure this
// Node.js can.
import { runTypeScript } from './loader.js';

await runTypeScript(new URL('./almanac.ts', import.meta.url).href);
