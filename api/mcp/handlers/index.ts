/** Every tool's handler, keyed like the catalog (a missing one fails type checking). */
import type { TOOLS } from '../../../schema/mcp/index.ts';
import type { HandlerMap } from '../context.ts';
import { companyHandlers } from './companies.ts';
import { fundamentalHandlers } from './fundamentals.ts';
import { macroHandlers } from './macro.ts';
import { marketHandlers } from './markets.ts';

export const HANDLERS: HandlerMap<typeof TOOLS> = {
  ...companyHandlers,
  ...fundamentalHandlers,
  ...marketHandlers,
  ...macroHandlers,
};
