/** Session callers need X-CSRF-Token on every state-changing account call; key callers never do. */
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { sampleApp, type TestApp } from '../../helpers.ts';
import { keyAccount } from '../rest/user-state-accounts.ts';
import { signedIn, TEST_UA } from './client.ts';

let t: TestApp;
const csrf = suite('CSRF on user-state routes');
csrf.before(async () => {
  t = await sampleApp({ jobs: ['companies', 'prices'] });
});
csrf.after(() => t.close());

csrf('a signed-in session without the token is refused (403) and changes nothing; with it, the call works', async () => {
  const c = await signedIn(t.app, t.config.dataDir, 'csrf-user@example.com');
  const position = { ticker: 'AAPL', shares: 3, cost_basis: 150 };
  const refused = await c.call('POST', '/api/portfolio-positions', { body: position, csrf: false });
  assert.is(refused.statusCode, 403);
  assert.match(refused.json().error, /CSRF/);
  const wrong = await c.call('POST', '/api/portfolio-positions', { body: position, csrf: 'forged-token' });
  assert.is(wrong.statusCode, 403);
  assert.equal((await c.call('GET', '/api/portfolio-positions')).json(), []);
  const ok = await c.call('POST', '/api/portfolio-positions', { body: position });
  assert.is(ok.statusCode, 201, ok.body);
  const del = await c.call('DELETE', '/api/portfolio-positions', { body: { ticker: 'AAPL' }, csrf: false });
  assert.is(del.statusCode, 403);
});

csrf('an API-key caller needs no CSRF token (the header cannot be forged cross-site)', async () => {
  const k = await keyAccount(t.app, t.services.store, 'csrf-key@example.com');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portfolio-positions',
    headers: { 'x-api-key': k.key, 'user-agent': TEST_UA },
    payload: { ticker: 'MSFT', shares: 1, cost_basis: 400 },
  });
  assert.is(res.statusCode, 201, res.body);
});

csrf.run();
