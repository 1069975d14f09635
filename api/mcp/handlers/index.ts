/** Every tool's handler, keyed like the catalog (a missing one fails type checking). */
import type { TOOLS } from '../../../schema/mcp/index.ts';
import type { HandlerMap } from '../context.ts';
import { accountHandlers, learnHandlers } from './account.ts';
import { companyHandlers } from './companies.ts';
import { fundamentalHandlers } from './fundamentals.ts';
import { glossaryHandlers } from './learn.ts';
import { macroHandlers } from './macro.ts';
import { creditHandlers } from './credit.ts';
import { fundHandlers } from './funds.ts';
import { marketExtraHandlers, marketHandlers } from './markets.ts';
import { newsHandlers } from './news.ts';
import { ownershipHandlers } from './ownership.ts';
import { publicHandlers } from './public.ts';

export const HANDLERS: HandlerMap<typeof TOOLS> = {
  ...companyHandlers,
  ...fundamentalHandlers,
  ...marketHandlers,
  ...marketExtraHandlers,
  ...macroHandlers,
  ...newsHandlers,
  ...ownershipHandlers,
  ...fundHandlers,
  ...creditHandlers,
  ...publicHandlers,
  ...glossaryHandlers,
  ...learnHandlers,
  ...accountHandlers,
};
