import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkNewAccount,
  hashedAccountLine,
  login,
  parseAccounts,
} from '../../../source/games/yut/accounts.js';
import { ROOT } from '../../support/tmux.js';

const SEED = readFileSync(join(ROOT, 'fixtures/advanced/user_info.txt'), 'utf8');

describe('user_info.txt', () => {
  const accounts = parseAccounts(SEED, 'user_info.txt');

  it('reads the seed’s accounts', () => {
    expect([...accounts.accounts.keys()]).toEqual([
      'Ethan',
      'Olivia',
      'Liam',
      'Ava',
      'Noah',
      'Sophia',
    ]);
    expect(accounts.warnings).toEqual([]);
  });

  it('login succeeds with the right password, and fails alike for an unknown ID or a wrong one', () => {
    expect(login(accounts, 'Noah', '22d34h')).toEqual({ ok: true, id: 'Noah' });
    expect(login(accounts, 'Jack', 'adfv')).toEqual({ ok: false, problem: 'Login Failed!' });
    expect(login(accounts, 'Noah', '22d34')).toEqual({ ok: false, problem: 'Login Failed!' });
    expect(login(accounts, 'Noah', '22d34h ')).toEqual({ ok: false, problem: 'Login Failed!' });
    expect(login(accounts, 'noah', '22d34h')).toEqual({ ok: false, problem: 'Login Failed!' });
  });

  it('CRLF line endings and a missing final newline read the same', () => {
    const crlf = parseAccounts(SEED.replaceAll('\n', '\r\n').trimEnd(), 'u');
    expect(login(crlf, 'Sophia', 'ae87df4g5').ok).toBe(true);
    expect(crlf.warnings).toEqual([]);
  });

  it('skips malformed lines with a warning naming file and line', () => {
    const text = [
      'Ethan a2b7',
      'Bad  spaces',
      'Zoe',
      'J4ck pw',
      'Mia pass word',
      'Ann p@ss',
      'Ethan again1',
      'Kim scrypt$3$8$1$AAAA$BBBB',
      '',
    ].join('\n');
    const parsed = parseAccounts(text, 'user_info.txt');
    expect([...parsed.accounts.keys()]).toEqual(['Ethan']);
    expect(parsed.warnings).toEqual([
      'user_info.txt:2: a line is "ID password" (one space between); the line is skipped',
      'user_info.txt:3: a line is "ID password" (one space between); the line is skipped',
      'user_info.txt:4: an ID is English letters only; the line is skipped',
      'user_info.txt:5: a line is "ID password" (one space between); the line is skipped',
      'user_info.txt:6: a password is letters and digits only; the line is skipped',
      'user_info.txt:7: the ID Ethan is already on line 1; the line is skipped',
      'user_info.txt:8: the scrypt$N$r$p$SALT$KEY password is not well formed; the line is skipped',
    ]);
  });

  it('a scrypt line dearer than the bounds is skipped before any login can pay for it', () => {
    const salt = 'c2FsdHNhbHRzYWx0c2FsdA==';
    const key = Buffer.alloc(32).toString('base64');
    const line = (N: number, r: number, p: number) => `Eve scrypt$${N}$${r}$${p}$${salt}$${key}`;
    const limit =
      'the scrypt password asks for more than madang allows (N × r up to 524288, N × r × p up to 1048576); the line is skipped';
    // The largest the parser took before: 173 s and 4.1 GiB for one login.
    expect(parseAccounts(line(2 ** 20, 32, 16), 'u').warnings).toEqual([`u:1: ${limit}`]);
    expect(parseAccounts(line(2 ** 17, 8, 1), 'u').warnings).toEqual([`u:1: ${limit}`]);
    expect(parseAccounts(line(2 ** 16, 8, 4), 'u').warnings).toEqual([`u:1: ${limit}`]);
    // At the bounds, and what users add writes, are accepted.
    expect(parseAccounts(line(2 ** 16, 8, 2), 'u').warnings).toEqual([]);
    expect(parseAccounts(line(2 ** 14, 8, 1), 'u').warnings).toEqual([]);
    // The dearest accepted line runs within scrypt's memory bound (about half a second here).
    expect(login(parseAccounts(line(2 ** 16, 8, 2), 'u'), 'Eve', 'guess1').ok).toBe(false);
  });

  it('hashed passwords: madang users add writes them, login checks them', () => {
    const line = hashedAccountLine('Mina', 'secret42', 2 ** 10);
    expect(line).toMatch(/^Mina scrypt\$1024\$8\$1\$[A-Za-z0-9+/]+=*\$[A-Za-z0-9+/]+=*$/);
    const parsed = parseAccounts(`${SEED}${line}\n`, 'u');
    expect(parsed.warnings).toEqual([]);
    expect(login(parsed, 'Mina', 'secret42')).toEqual({ ok: true, id: 'Mina' });
    expect(login(parsed, 'Mina', 'secret43').ok).toBe(false);
    expect(checkNewAccount('Mi na', 'x1')).toBe('An ID is English letters only.');
    expect(checkNewAccount('Mina', 'x 1')).toBe('A password is letters and digits only.');
  });
});
