/**
 * The MCP tool catalog (spec 4.6): every tool, written once. The MCP server, `/api/mcp/tools.json`,
 * the `/mcp` page, the docs and the tests read this list.
 */
import { ACCOUNT_TOOLS, LEARN_TOOLS } from './account.ts';
import { COMPANY_TOOLS } from './companies.ts';
import { FUNDAMENTAL_TOOLS } from './fundamentals.ts';
import { GLOSSARY_TOOLS } from './learn.ts';
import { MACRO_TOOLS } from './macro.ts';
import { CREDIT_TOOLS } from './credit.ts';
import { FUND_TOOLS } from './funds.ts';
import { MARKET_EXTRA_TOOLS, MARKET_TOOLS } from './markets.ts';
import { NEWS_TOOLS } from './news.ts';
import { OWNERSHIP_TOOLS } from './ownership.ts';
import { PUBLIC_TOOLS } from './public.ts';
import type { ToolSpec } from './tool.ts';

export { DEFAULT_PAGE, MAX_RESULT_BYTES, TOOL_GROUPS, type ToolGroup, type ToolSpec } from './tool.ts';

/** Every tool by name. */
export const TOOLS = {
  ...COMPANY_TOOLS,
  ...FUNDAMENTAL_TOOLS,
  ...MARKET_TOOLS,
  ...MARKET_EXTRA_TOOLS,
  ...MACRO_TOOLS,
  ...NEWS_TOOLS,
  ...OWNERSHIP_TOOLS,
  ...FUND_TOOLS,
  ...CREDIT_TOOLS,
  ...PUBLIC_TOOLS,
  ...GLOSSARY_TOOLS,
  ...LEARN_TOOLS,
  ...ACCOUNT_TOOLS,
};

export type ToolName = keyof typeof TOOLS;

/** The catalog in display order (grouped). */
export const TOOL_CATALOG: readonly ToolSpec[] = Object.values(TOOLS);
