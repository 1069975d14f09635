/**
 * The User-Agent rule (spec 5.3): on `/api/*` (and `/graphql`, the same capabilities), a request with no credential whose User-Agent is a
 * common HTTP client's bare default (`curl/8.5.0`, `python-requests/2.31.0`, ... with nothing
 * after the version), or missing or empty, is refused with 400 asking for a descriptive
 * User-Agent. `curl/8.5.0 (research-bot; me@example.com)` or `my-agent/1.0` pass.
 */
const DEFAULT_CLIENTS = [
  'curl',
  'wget',
  'python-requests',
  'python-urllib',
  'python-httpx',
  'aiohttp',
  'go-http-client',
  'node-fetch',
  'node',
  'undici',
  'axios',
  'got',
  'okhttp',
  'java',
  'apache-httpclient',
  'libwww-perl',
  'lwp::simple',
  'ruby',
  'faraday',
  'guzzlehttp',
  'php',
  'dart',
  'reqwest',
  'httpie',
  'postmanruntime',
  'insomnia',
  'deno',
  'bun',
  'powershell',
  'winhttp',
];

// `name` alone, or `name/version` where the version is digits, dots and simple suffixes; nothing after.
const BARE = new RegExp(`^(?:${DEFAULT_CLIENTS.map((c) => c.replace(/[.*+?^${}()|[\]\\:]/g, '\\$&')).join('|')})(?:/[0-9][0-9A-Za-z.+_-]*)?$`, 'i');

/** True when `userAgent` is missing, blank or a bare default client agent. */
export function isBareDefaultAgent(userAgent: string | undefined): boolean {
  const ua = (userAgent ?? '').trim();
  return ua === '' || BARE.test(ua);
}

export const USER_AGENT_MESSAGE =
  'send a descriptive User-Agent header naming your client and a contact, e.g. "my-research-agent/1.2 (me@example.com)": bare default agents of HTTP clients (curl/8.5.0, python-requests/2.32.3, ...) are refused on /api/* and /graphql without an API key';
