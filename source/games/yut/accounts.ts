/**
 * Accounts for the advanced game: `user_info.txt` (rules/yut.md §7), one `ID password` per
 * line, as the seed has it, or `ID scrypt$N$r$p$SALT$KEY` for a hashed password (salt and key
 * in base64). IDs and passwords are compared exactly; passwords in constant time. A line that
 * is neither form is skipped with a warning naming the file and line, and never rewritten.
 */
import { randomBytes, scryptSync, timingSafeEqual, createHash } from 'node:crypto';

export interface Account {
  readonly id: string;
  /** The seed's plain password, or a scrypt hash. */
  readonly secret: { readonly kind: 'plain'; readonly password: string } | ScryptHash;
  readonly line: number;
}

export interface ScryptHash {
  readonly kind: 'scrypt';
  readonly N: number;
  readonly r: number;
  readonly p: number;
  readonly salt: Buffer;
  readonly key: Buffer;
}

export interface Accounts {
  readonly accounts: ReadonlyMap<string, Account>;
  readonly warnings: readonly string[];
}

const ID = /^[A-Za-z]+$/;
const PASSWORD = /^[A-Za-z0-9]+$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The dearest scrypt a user_info.txt line may ask for: N·r up to 2^19 (64 MiB of memory) and
 * N·r·p up to 2^20 (eight times what `users add` writes: about half a second here). A line
 * beyond them is skipped with a warning; unbounded, one line made a login take 173 s and 4 GiB.
 */
export const SCRYPT_MEMORY = 2 ** 19;
export const SCRYPT_WORK = 2 ** 20;

function parseScrypt(text: string): ScryptHash | 'too costly' | undefined {
  const parts = text.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return undefined;
  const [, n, r, p, salt, key] = parts as [string, string, string, string, string, string];
  const [N, R, P] = [n, r, p].map((x) => (/^\d{1,8}$/.test(x) ? Number(x) : Number.NaN)) as [
    number,
    number,
    number,
  ];
  if (!(N >= 2 && (N & (N - 1)) === 0 && R >= 1 && P >= 1)) return undefined;
  // Limits that keep a hostile file from costing minutes or gigabytes at a login.
  if (N * R > SCRYPT_MEMORY || N * R * P > SCRYPT_WORK) return 'too costly';
  if (!BASE64.test(salt) || !BASE64.test(key)) return undefined;
  const keyBytes = Buffer.from(key, 'base64');
  if (keyBytes.length < 16 || keyBytes.length > 128) return undefined;
  return { kind: 'scrypt', N, r: R, p: P, salt: Buffer.from(salt, 'base64'), key: keyBytes };
}

/** Read user_info.txt's text. CRLF and a missing final newline are fine. */
export function parseAccounts(text: string, file: string): Accounts {
  const accounts = new Map<string, Account>();
  const warnings: string[] = [];
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((raw, index) => {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const number = index + 1;
    if (line === '') return;
    const fields = line.split(' ');
    const warn = (why: string) => warnings.push(`${file}:${number}: ${why}; the line is skipped`);
    if (fields.length !== 2) return warn('a line is "ID password" (one space between)');
    const [id, secret] = fields as [string, string];
    if (!ID.test(id)) return warn('an ID is English letters only');
    let parsed: Account['secret'] | undefined;
    if (secret.startsWith('scrypt$')) {
      const hash = parseScrypt(secret);
      if (hash === 'too costly')
        return warn(
          `the scrypt password asks for more than madang allows (N × r up to ${SCRYPT_MEMORY}, N × r × p up to ${SCRYPT_WORK})`,
        );
      if (!hash) return warn('the scrypt$N$r$p$SALT$KEY password is not well formed');
      parsed = hash;
    } else {
      if (!PASSWORD.test(secret)) return warn('a password is letters and digits only');
      parsed = { kind: 'plain', password: secret };
    }
    if (accounts.has(id)) return warn(`the ID ${id} is already on line ${accounts.get(id)?.line}`);
    accounts.set(id, { id, secret: parsed, line: number });
  });
  return { accounts, warnings };
}

const digest = (text: string | Buffer) => createHash('sha256').update(text).digest();

/** Does this password open this account? Constant time whatever the password's length. */
export function passwordMatches(account: Account, password: string): boolean {
  const { secret } = account;
  if (secret.kind === 'plain') {
    // Equal-length digests, compared in constant time: the length of the password leaks nothing.
    return timingSafeEqual(digest(secret.password), digest(password));
  }
  const key = scryptSync(password, secret.salt, secret.key.length, {
    N: secret.N,
    r: secret.r,
    p: secret.p,
    // scrypt needs 128·N·r bytes; the bound above keeps this at 65 MiB at most.
    maxmem: 128 * secret.N * secret.r + 1024 * 1024,
  });
  return timingSafeEqual(key, secret.key);
}

export type LoginResult = { ok: true; id: string } | { ok: false; problem: string };

/** The seed's login: an unknown ID and a wrong password both give "Login Failed!" and no more. */
export function login(accounts: Accounts, id: string, password: string): LoginResult {
  const account = accounts.accounts.get(id);
  if (!account) {
    // Spend the same effort as a real check, so an unknown ID takes as long as a known one.
    timingSafeEqual(digest(password), digest(password));
    return { ok: false, problem: 'Login Failed!' };
  }
  return passwordMatches(account, password)
    ? { ok: true, id }
    : { ok: false, problem: 'Login Failed!' };
}

/** A new account line with a scrypt-hashed password (for `madang users add`). */
export function hashedAccountLine(id: string, password: string, N = 2 ** 14, r = 8, p = 1): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N, r, p });
  return `${id} scrypt$${N}$${r}$${p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function checkNewAccount(id: string, password: string): string | undefined {
  if (!ID.test(id)) return 'An ID is English letters only.';
  if (!PASSWORD.test(password)) return 'A password is letters and digits only.';
  return undefined;
}
