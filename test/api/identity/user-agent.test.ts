import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { isBareDefaultAgent } from '../../../api/identity/user-agent.ts';

const ua = suite('user-agent rule');

ua('bare default agents of common clients, and a missing agent, are refused', () => {
  for (const agent of [
    'curl/8.5.0',
    'curl/7.88.1',
    'Wget/1.21.3',
    'python-requests/2.32.3',
    'Python-urllib/3.11',
    'Go-http-client/1.1',
    'Go-http-client/2.0',
    'node-fetch/1.0',
    'node-fetch',
    'axios/1.7.2',
    'undici',
    'node',
    'okhttp/4.12.0',
    'Java/17.0.2',
    'libwww-perl/6.72',
    'PostmanRuntime/7.39.0',
    'aiohttp/3.9.5',
    'python-httpx/0.27.0',
    'HTTPie/3.2.2',
    '',
    '   ',
    undefined,
  ]) {
    assert.ok(isBareDefaultAgent(agent), String(agent));
  }
});

ua('descriptive agents pass, including a client name with something after the version', () => {
  for (const agent of [
    'curl/8.5.0 (research-bot; me@example.com)',
    'python-requests/2.32.3 my-agent/1.0',
    'my-research-agent/1.2 (me@example.com)',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    'lightMyRequest',
    'Almanac-Agent/0.3',
    'curlish/1.0',
  ]) {
    assert.not.ok(isBareDefaultAgent(agent), agent);
  }
});

ua.run();
