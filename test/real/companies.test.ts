import { readFileSync } from 'node:fs';
import path from 'node:path';
import { realSuite, SHARED_DATA } from './shared-data.ts';
import * as assert from 'uvu/assert';
import { parseCompanyTickers } from '../../pipelines/parsers/company-tickers.ts';

const DATA = path.join(SHARED_DATA, 'sec_xbrl_json/tickers');
const real = realSuite('real company lists', path.join(SHARED_DATA, 'sec_xbrl_json/tickers'));

  real('company_tickers_exchange.json: every row parses, exchanges as given', () => {
    const json = JSON.parse(readFileSync(path.join(DATA, 'company_tickers_exchange.json'), 'utf8'));
    const rows = parseCompanyTickers(json);
    assert.is(rows.length, json.data.length);
    assert.equal(rows[0], { cik: 320193, name: 'Apple Inc.', ticker: 'AAPL', exchange: 'Nasdaq', rank: 0 });
    const goog = rows.find((r) => r.ticker === 'GOOG')!;
    assert.is(goog.cik, 1652044);
    assert.ok(rows.filter((r) => r.exchange === null).length > 0, 'null exchanges are kept');
  });

  real('company_tickers.json: every entry parses', () => {
    const json = JSON.parse(readFileSync(path.join(DATA, 'company_tickers.json'), 'utf8'));
    const rows = parseCompanyTickers(json);
    assert.is(rows.length, Object.keys(json).length);
    assert.equal(rows[0], { cik: 789019, name: 'MICROSOFT CORP', ticker: 'MSFT', exchange: null, rank: 0 });
  });

real.run();
