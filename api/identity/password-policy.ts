/**
 * Password policy (documented in README "Accounts and keys"): at least PASSWORD_MIN_LENGTH and at
 * most PASSWORD_MAX_LENGTH characters, not a common password, not a common word with digits and
 * symbols around it ("Password2024!"), not one repeated character or a keyboard/number run, and
 * not the email address or its local part. Returns the reason, or null when acceptable.
 */
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../schema/accounts.ts';

// Frequent base words of leaked-password lists (lowercase, letters only): a password whose letters
// are just one of these, with digits or symbols around, is refused.
const COMMON_WORDS = new Set(
  `password passw0rd passwort motdepasse contraseña qwerty qwertyuiop qwertyuiopasdfghjkl asdfghjkl asdfgh zxcvbnm
  qazwsx qwertz azerty letmein welcome welcomeback admin administrator root login master monkey dragon football
  baseball basketball soccer hockey sunshine princess iloveyou iloveu trustno shadow superman batman spiderman
  michael jennifer jordan hunter ranger buster thomas robert daniel charlie andrew matthew joshua jessica ashley
  starwars pokemon minecraft whatever freedom secret access flower hello helloworld cheese computer internet
  samsung google apple summer winter spring autumn changeme default guest user test tester testing abc abcdef
  abcdefg abcdefgh zaq xsw mustang harley yankees liverpool chelsea arsenal barcelona lovely loveme babygirl
  password qwertyu ninja killer pepper ginger cookie chocolate banana orange purple silver golden diamond`.split(/\s+/),
);

// Frequent passwords of the minimum length or more that the word rule above does not catch.
const COMMON_PASSWORDS = new Set([
  '123456789012',
  '1234567890123',
  '12345678901234',
  '123123123123',
  '111111111111',
  '000000000000',
  '1q2w3e4r5t6y',
  '1qaz2wsx3edc',
  'q1w2e3r4t5y6',
  'zaq12wsxcde3',
  '1qazxsw23edc',
  'qwe123qwe123',
  'abc123abc123',
  'a1b2c3d4e5f6',
  'correcthorsebatterystaple',
  'correct horse battery staple',
  'iloveyou1234',
  'password1234',
  'qwertyuiop12',
]);

const RUNS = ['0123456789012345678901234567890', 'abcdefghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz', 'qwertyuiopasdfghjklzxcvbnm', '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p'];

/** The reason `password` is refused, or null when it is acceptable. */
export function passwordProblem(password: string, email = ''): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (length > PASSWORD_MAX_LENGTH) return `must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'is a commonly used password; choose another';
  const letters = lower.replace(/[^\p{L}]/gu, '');
  if (letters !== '' && (COMMON_WORDS.has(letters) || COMMON_WORDS.has(letters.replace(/^(.+?)\1+$/, '$1')))) {
    return 'is too easy to guess (a common word with digits or symbols around it); choose another';
  }
  if (new Set(lower).size <= 2) return 'is too easy to guess (repeated characters); choose another';
  const compact = lower.replace(/[^\p{L}\p{N}]/gu, '');
  if (compact.length >= 8 && RUNS.some((run) => run.includes(compact))) return 'is too easy to guess (a keyboard or number run); choose another';
  const mail = email.trim().toLowerCase();
  const local = mail.split('@')[0] ?? '';
  if (mail && (lower.includes(mail) || (local.length >= 4 && compact.replace(/\d+$/, '') === local.replace(/[^\p{L}\p{N}]/gu, '')))) {
    return 'must not be your email address';
  }
  return null;
}
