import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { passwordProblem } from '../../../api/identity/password-policy.ts';

const policy = suite('password policy');

policy('too short and too long', () => {
  assert.is(passwordProblem('Sh0rt!pass'), 'must be at least 12 characters');
  assert.is(passwordProblem('x'.repeat(257)), 'must be at most 256 characters');
  assert.is(passwordProblem('émigré-Künstler-7'), null);
});

policy('common passwords, common words with digits around, runs and repeats', () => {
  for (const weak of ['password1234', 'Password2024!', 'passwordpassword', 'qwertyuiop12', '123456789012', '1q2w3e4r5t6y', 'aaaaaaaaaaaa', 'abababababab', 'iloveyou!!!!', 'Welcome@2025', 'abcdefghijkl', '!!!!!!!!!!!!']) {
    assert.ok(passwordProblem(weak) !== null, weak);
  }
});

policy('the email address is refused as a password', () => {
  assert.is(passwordProblem('ada.lovelace@example.com', 'ada.lovelace@example.com'), 'must not be your email address');
  assert.is(passwordProblem('adalovelace1815', 'ada.lovelace@example.com'), 'must not be your email address');
});

policy('good passwords pass', () => {
  for (const good of ['correct-mule-battery-7', 'Tr0ub4dor&3-extended', 'k8#Vq2!mZr9pLw', 'four random words here']) {
    assert.is(passwordProblem(good, 'someone@example.com'), null, good);
  }
});

policy.run();
