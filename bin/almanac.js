#!/usr/bin/env node
// The `almanac` command: registers the TypeScript loader, then runs bin/almanac.ts.
import { register } from 'tsx/esm/api';

register();
await import('./almanac.ts');
