import { createApp } from '../../api/app.ts';
import { testConfig, seedUserStore } from '../helpers.ts';
import { scaledMarketWarehouse } from '../bench/market-warehouse.ts';
const { dataDir, tickers } = await scaledMarketWarehouse(5000);
const config = testConfig({ dataDir });
await seedUserStore(config);
const { app } = await createApp(config, { logger: { level: 'info', file: '/dev/null' } });
await app.listen({ port: 0, host: '127.0.0.1' });
const port = (app.server.address() as { port: number }).port;
for (const p of ['/api/health', `/api/fundamentals-pit?ticker=${tickers[7]}&date=2025-06-01`]) {
  const r = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { 'user-agent': 'almanac-bench/1.0 (bench@example.com)' } });
  const body = await r.text();
  console.log(p, r.status, 'body', body.length, 'headers', [...r.headers].length, [...r.headers].map(([k, v]) => `${k}: ${v}`).join('\n  '));
}
await app.close();
