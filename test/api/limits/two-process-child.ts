// Child for the two-process accuracy test: one API server over the shared warehouse, PostgreSQL and
// Redis given in the environment; prints its port.
import { createApp } from '../../../api/app.ts';
import { loadConfig } from '../../../schema/config.ts';

const config = { ...loadConfig(), snapshotPollMs: 0 };
const { app } = await createApp(config);
await app.listen({ port: 0, host: '127.0.0.1' });
process.stdout.write(`port ${(app.server.address() as { port: number }).port}\n`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
