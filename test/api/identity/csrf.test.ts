import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { issueCsrfToken, verifyCsrfToken } from '../../../api/identity/csrf.ts';

const csrf = suite('csrf tokens');

csrf('a token verifies only for its binding and secret', () => {
  const t = issueCsrfToken('s1', 's:session-a');
  assert.match(t, /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}$/);
  assert.ok(verifyCsrfToken('s1', 's:session-a', t));
  assert.not.ok(verifyCsrfToken('s1', 's:session-b', t));
  assert.not.ok(verifyCsrfToken('s1', 'a:session-a', t));
  assert.not.ok(verifyCsrfToken('s2', 's:session-a', t));
  assert.not.ok(verifyCsrfToken('s1', null, t));
  for (const junk of [undefined, '', 'x.y', t.slice(0, -1), ['a'], `${t.split('.')[0]}.${'A'.repeat(43)}`]) {
    assert.not.ok(verifyCsrfToken('s1', 's:session-a', junk), String(junk));
  }
});

csrf('tokens differ per issue, all valid', () => {
  const a = issueCsrfToken('s1', 'a:x');
  const b = issueCsrfToken('s1', 'a:x');
  assert.is.not(a, b);
  assert.ok(verifyCsrfToken('s1', 'a:x', a) && verifyCsrfToken('s1', 'a:x', b));
});

csrf.run();
