#!/usr/bin/env node
// Runs the TypeScript entry point through tsx (a dependency of this package): no build step.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
