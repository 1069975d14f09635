/**
 * `almanac-mcp`: the stdio entry point. Configuration comes only from the environment
 * (`ALMANAC_URL`, `ALMANAC_API_KEY`); stdout carries the MCP protocol, every log line goes to
 * stderr, redacted. Exit status 2: refused to start (configuration); 1: the service could not be reached.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { BRIDGE_NAME, configFromEnv, connectBridge, redactor } from './bridge.ts';

const log = (line: string) => process.stderr.write(`${BRIDGE_NAME}: ${line}\n`);

const result = configFromEnv(process.env);
if (!result.ok) {
  log(`refusing to start: ${result.message}`);
  process.exit(2);
}
const redact = redactor(result.config.apiKey);
try {
  const bridge = await connectBridge(result.config, log);
  const transport = new StdioServerTransport();
  // Exit once what was written to stdout has been flushed (a large answer to a slow host).
  const exit = (): void => void bridge.close().finally(() => process.stdout.write('', () => process.exit(0)));
  transport.onclose = exit;
  await bridge.serve(transport);
  process.stdin.on('end', exit);
} catch (err) {
  log(redact(err instanceof Error ? err.message : String(err)));
  process.exit(1);
}
