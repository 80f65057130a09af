/**
 * `madang users add`: what is refused before a password is asked (the prompts themselves, on a
 * terminal, are in test/e2e/advanced.e2e.test.ts).
 */
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { YutFiles } from '../../../source/games/yut/files.js';
import { addUser } from '../../../source/games/yut/users.js';
import { ROOT } from '../../support/tmux.js';

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'madang-users-'));
  copyFileSync(join(ROOT, 'fixtures/advanced/user_info.txt'), join(dir, 'user_info.txt'));
  return dir;
}

describe('users add, before the password', () => {
  it('an ID that has an account already: said, and nothing written', async () => {
    const dir = dataDir();
    const before = readFileSync(join(dir, 'user_info.txt'), 'utf8');
    expect(await addUser(new YutFiles(dir), 'Ethan')).toEqual({
      code: 2,
      message: `Ethan already has an account in ${join(dir, 'user_info.txt')}`,
    });
    expect(readFileSync(join(dir, 'user_info.txt'), 'utf8')).toBe(before);
  });

  it('an ID of other than English letters: said, and nothing written', async () => {
    const dir = dataDir();
    const before = readFileSync(join(dir, 'user_info.txt'), 'utf8');
    expect(await addUser(new YutFiles(dir), 'Mina Lee')).toEqual({
      code: 2,
      message: 'An ID is English letters only.',
    });
    expect(readFileSync(join(dir, 'user_info.txt'), 'utf8')).toBe(before);
  });
});
