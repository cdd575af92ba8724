/**
 * Passwords refused as too common (issue 21; decision 029). The rule needs only entries of at least
 * 12 characters, since shorter ones are refused by length already. Sources:
 * - the entries of 12 characters or more of SecLists' `Passwords/Common-Credentials/10k-most-common.txt`
 *   (github.com/danielmiessler/SecLists, MIT; read at commit 4f84b3c2), which holds few that long;
 * - the long forms people make of the top of that list: the top words followed by digit runs
 *   (`password1234`), keyboard walks (`qwertyuiopas`, `1qaz2wsx3edc`) and repeated or counted
 *   digits (`123456789012`), built below rather than listed.
 * Compared case-insensitively. Maintained by hand: add entries here; the rule and its message follow.
 */

const LISTED = [
  'unbelievable',
  'contortionist',
  'masterbating',
  'businessbabe',
  'scandinavian',
  'films+pic+galeries',
  'administrator',
  'passwordpassword',
  'qwertyuiopasdfgh',
  'qwertyuiopasdfghjkl',
  'qwertyuiopas',
  'qwertyuiop123',
  'qwertyuiop1234',
  'asdfghjklzxcvbnm',
  'zxcvbnmasdfghjkl',
  '1qaz2wsx3edc',
  '1qaz2wsx3edc4rfv',
  'zaq12wsxcde3',
  'zaq1zaq1zaq1',
  'qazwsxedcrfv',
  'qazwsxedcrfvtgb',
  '1q2w3e4r5t6y',
  '1q2w3e4r5t6y7u8i',
  'q1w2e3r4t5y6',
  'a1b2c3d4e5f6',
  'abcdefghijkl',
  'abcdefghijklmnop',
  'abcdefghijklmnopqrstuvwxyz',
  'abcd12345678',
  'abc123abc123',
  'abcabcabcabc',
  'iloveyouiloveyou',
  'letmeinletmein',
  'welcome2welcome',
  'correcthorsebatterystaple',
  'thequickbrownfox',
  'trustno1trustno1',
  'changemechangeme',
  'secretpassword',
  'mypassword123',
  'mysecretpassword',
  'passw0rdpassw0rd',
  'p@ssw0rd1234',
  'p@ssword1234',
  'p@55w0rd1234',
  'football1234',
  'baseball1234',
  'basketball12',
  'basketball123',
  'starwars1234',
  'superman1234',
  'sunshine1234',
  'princess1234',
  'iloveyou1234',
  'monkey123456',
  'dragon123456',
  'shadow123456',
  'michael12345',
  'computer1234',
  'internet1234',
  'whatever1234',
  'trustno11234',
  'qwerty123456',
  'qwerty12345678',
  'asdfgh123456',
  'asdf12345678',
  'zxcvbnm12345',
  'changeme1234',
  'welcome12345',
  'welcome123456',
  'letmein12345',
  'admin1234567',
  'admin123456789',
  'administrator1',
  'password1234',
  'password12345',
  'password123456',
  'password1234567',
  'password12345678',
  'password123456789',
  'password!123',
  'password@123',
  'password123!',
] as const;

const DIGIT_RUNS = ['1234', '12345', '123456', '1234567', '12345678', '123456789', '2024', '2025', '2026'];
const TOP_WORDS = ['password', 'passw0rd', 'qwertyui', 'iloveyou', 'sunshine', 'princess', 'football'];

/** Counting and repeating: 123456789012, 098765432109, 111111111111, 121212121212 … */
function digitPatterns(): string[] {
  const up = '1234567890'.repeat(3);
  const down = '0987654321'.repeat(3);
  const patterns: string[] = [];
  for (let length = 12; length <= 20; length++) {
    patterns.push(
      up.slice(0, length),
      up.slice(1, length + 1),
      down.slice(0, length),
      down.slice(1, length + 1),
    );
    for (let d = 0; d <= 9; d++) patterns.push(String(d).repeat(length));
    patterns.push('12'.repeat(length).slice(0, length), '123'.repeat(length).slice(0, length));
  }
  return patterns;
}

const COMMON = new Set<string>([
  ...LISTED,
  ...TOP_WORDS.flatMap((word) => DIGIT_RUNS.map((run) => `${word}${run}`).filter((p) => p.length >= 12)),
  ...digitPatterns(),
]);

/** True when `password` is on the list (case-insensitive), or one character repeated. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return true;
  return lower.length > 0 && [...lower].every((ch) => ch === lower[0]);
}
