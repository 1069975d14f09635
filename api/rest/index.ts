/** Every REST resource; `api/server.ts` mounts each under `/api` and `/api/v1`. */
import type { Resource } from '../route.ts';
import { auth } from './auth.ts';
import { billing } from './billing.ts';
import { bonds } from './bonds.ts';
import { bulk } from './bulk.ts';
import { credit } from './credit.ts';
import { data } from './data.ts';
import { etf } from './etf.ts';
import { fundHoldingsResource } from './fund-holdings.ts';
import { fundamentals } from './fundamentals.ts';
import { glossary } from './glossary.ts';
import { health } from './health.ts';
import { insiders } from './insiders.ts';
import { institutionalHoldersResource } from './institutional-holders.ts';
import { keys } from './keys.ts';
import { learn } from './learn.ts';
import { macro } from './macro.ts';
import { mcpTools } from './mcp.ts';
import { news } from './news.ts';
import { paper } from './paper.ts';
import { portfolio } from './portfolio.ts';
import { screener } from './screener.ts';
import { screens } from './screens.ts';
import { tickers } from './tickers.ts';
import { watchlists } from './watchlists.ts';

export const RESOURCES: Resource[] = [health, auth, keys, billing, tickers, fundamentals, bulk, data, screener, news, macro, insiders, fundHoldingsResource, institutionalHoldersResource, etf, bonds, credit, portfolio, watchlists, screens, paper, learn, glossary, mcpTools];
