#!/usr/bin/env node
// `npm start`: runs bin/start.ts through tsx, after bin/loader.js has made sure this Node.js can.
import { runTypeScript } from './loader.js';

await runTypeScript(new URL('./start.ts', import.meta.url).href);
