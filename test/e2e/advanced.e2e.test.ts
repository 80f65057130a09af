import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, ROOT, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

const SEED_SAVES = readFileSync(join(ROOT, 'fixtures/advanced/game_info.txt'), 'utf8');

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'madang-advanced-e2e-'));
  for (const f of ['user_info.txt', 'game_info.txt'])
    copyFileSync(join(ROOT, 'fixtures/advanced', f), join(dir, f));
  return dir;
}

async function logIn(t: Terminal, id: string, password: string) {
  await t.keys('2', ...id.split(''), 'Enter', ...password.split(''), 'Enter');
  await t.waitFor(`${id} is logged in`);
}

describe.runIf(hasTmux)('the advanced game in a real terminal', () => {
  it('log in, pick animals, play a turn, save; log in the other way round, resume as saved', async () => {
    const dir = dataDir();
    terminal = new Terminal(
      `node ${CLI} yut --advanced --data-dir ${dir} --throws fixtures/throws/e2e-gae-do.txt`,
    );
    await terminal.waitFor('No player is logged in');
    await logIn(terminal, 'Ethan', 'a2b7');
    await logIn(terminal, 'Ava', 'qws0853');
    expect(terminal.screen()).toMatch(/Logged-in ID List : R Ethan B Ava/);
    await terminal.keys('1');
    expect(await terminal.waitFor('Select animal type of Ethan')).toContain('0: pig');
    await terminal.keys('1', 'Enter', '2', 'Enter'); // Ethan dog, Ava sheep
    const playing = await terminal.waitFor('Ethan to throw');
    expect(playing).toMatch(/R Ethan +4 +0 dog/);
    expect(playing).toMatch(/B Ava +4 +0 sheep/);
    expect(playing).toContain('s save and exit');
    await terminal.keys('Space', 'Enter'); // Ethan: gae, a new piece to 2
    await terminal.waitFor('Ava to throw');
    await terminal.keys('s');
    expect(await terminal.waitFor('Game saved successfully!')).toContain('No player is logged in');
    expect(readFileSync(join(dir, 'game_info.txt'), 'utf8')).toBe(
      `${SEED_SAVES}Ethan Ava | Ethan 1 2 0 0 0 | Ava 2 0 0 0 0 | 1\n`,
    );

    await logIn(terminal, 'Ava', 'qws0853');
    await logIn(terminal, 'Ethan', 'a2b7');
    await terminal.keys('1');
    expect(await terminal.waitFor('Start a new game (0) / Resume (1)')).toContain(
      'saved game of Ethan, Ava',
    );
    await terminal.keys('1');
    const resumed = await terminal.waitFor('Resumed the saved game');
    // The file's seat order (Ethan, Ava), its positions, and Ava to move.
    expect(resumed).toMatch(/R Ethan +3 +0 dog/);
    expect(resumed).toMatch(/▶B Ava +4 +0 sheep/);
    expect(resumed).toContain('▶ B Ava to throw');
    expect(readFileSync(join(dir, 'game_info.txt'), 'utf8')).toBe(SEED_SAVES);
  });

  it('a save resumed and then quit without saving is not promised to go on from its save', async () => {
    const dir = dataDir();
    terminal = new Terminal(
      `node ${CLI} yut --advanced --data-dir ${dir} --throws fixtures/throws/e2e-gae-do.txt`,
    );
    await terminal.waitFor('No player is logged in');
    await logIn(terminal, 'Ethan', 'a2b7');
    await logIn(terminal, 'Ava', 'qws0853');
    await terminal.keys('1', '1', 'Enter', '2', 'Enter');
    await terminal.waitFor('Ethan to throw');
    await terminal.keys('Space', 'Enter');
    await terminal.waitFor('Ava to throw');
    await terminal.keys('s');
    await terminal.waitFor('Game saved successfully!');
    await logIn(terminal, 'Ethan', 'a2b7');
    await logIn(terminal, 'Ava', 'qws0853');
    await terminal.keys('1');
    await terminal.waitFor('Start a new game (0) / Resume (1)');
    await terminal.keys('1');
    await terminal.waitFor('Resumed the saved game');
    // Resuming took the line out of game_info.txt: quitting now leaves no save to go on from.
    await terminal.keys('q');
    await terminal.waitFor('y: quit without saving');
    await terminal.keys('y');
    expect(await terminal.waitFor(/EXITED \d+/)).toMatch(/^EXITED 0$/m);
    expect(readFileSync(join(dir, 'game_info.txt'), 'utf8')).toBe(SEED_SAVES);
    const after = terminal.joined();
    expect(after).not.toContain('it goes on from its save');
    const first =
      /the unfinished game was recorded in (\S+) \(go on with: madang --resume \1\)/.exec(after);
    expect(first?.[1]).toContain(join(dir, 'recordings'));
  });

  it('a missing user_info.txt is explained, and login works once it exists', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-noaccounts-'));
    terminal = new Terminal(`node ${CLI} yut --advanced --data-dir ${dir}`);
    await terminal.waitFor('No player is logged in');
    await terminal.keys('2', 'N', 'o', 'a', 'h', 'Enter', 'x', 'Enter');
    // The box wraps the message: fold its lines back into one text.
    const flat = (await terminal.waitFor('does not')).replace(/[│\s]+/g, ' ');
    // The file by its name, its directory on the menu's last line.
    expect(flat).toContain(
      ` user_info.txt does not exist: it holds one account per line, "ID password" (such as: Noah 22d34h)`,
    );
    expect(flat).toContain(`accounts: ${dir}`);
    writeFileSync(join(dir, 'user_info.txt'), 'Noah 22d34h');
    await logIn(terminal, 'Noah', '22d34h');
    expect(terminal.screen()).toMatch(/Logged-in ID List : R Noah/);
  });
});

describe.runIf(hasTmux)('leaving the advanced game (a real terminal)', () => {
  it('the quit question offers to save at the start of a turn; the exit message says where the game went', async () => {
    const dir = dataDir();
    const record = join(dir, 'game.jsonl');
    terminal = new Terminal(
      `node ${CLI} yut --advanced --data-dir ${dir} --throws fixtures/throws/e2e-gae-do.txt --record ${record}`,
    );
    await terminal.waitFor('No player is logged in');
    await logIn(terminal, 'Ethan', 'a2b7');
    await logIn(terminal, 'Ava', 'qws0853');
    await terminal.keys('1', '1', 'Enter', '2', 'Enter');
    await terminal.waitFor('Ethan to throw');
    await terminal.keys('Space');
    await terminal.waitFor('Ethan threw gae');
    // Mid-turn the game cannot be saved: the question says what quitting loses.
    await terminal.keys('q');
    expect((await terminal.waitFor('Quit this game?')).replace(/[│║\s]+/g, ' ')).toContain(
      'y: quit, and this game is lost',
    );
    await terminal.keys('Escape', 'Enter');
    await terminal.waitFor('Ava to throw');
    await terminal.keys('q');
    expect(await terminal.waitFor('s: save it and quit')).toContain('y: quit without saving');
    await terminal.keys('s');
    expect(await terminal.waitFor('Game saved successfully!')).toContain('No player is logged in');
    expect(readFileSync(join(dir, 'game_info.txt'), 'utf8')).toBe(
      `${SEED_SAVES}Ethan Ava | Ethan 1 2 0 0 0 | Ava 2 0 0 0 0 | 1\n`,
    );
    // "end program" ends the program; the saved game is not offered for --resume as well.
    await terminal.keys('3');
    await terminal.waitFor('EXITED');
    const after = terminal.joined();
    expect(after).toContain(`the saved game was recorded in ${record}; it goes on from its save`);
    expect(after).not.toContain('--resume');
  });

  it('a resumed advanced recording keeps its rules: the animals, and saving', async () => {
    const dir = dataDir();
    const record = join(dir, 'game.jsonl');
    spawnSync(
      process.execPath,
      [
        CLI,
        'yut',
        '--advanced',
        '--classic',
        '--data-dir',
        dir,
        '--record',
        record,
        '--seed',
        '11504',
      ],
      // Log in two players, start, pick dog and sheep, play a turn, then the input ends.
      { input: '2\nEthan\na2b7\n2\nAva\nqws0853\n1\n1\n2\n0\n0\n', encoding: 'utf8' },
    );
    terminal = new Terminal(`node ${CLI} --resume ${record} --data-dir ${dir}`);
    const resumed = await terminal.waitFor('The game goes on where it was left');
    // Resumed mid-turn: the panel says Ethan is to move, not to throw.
    expect(resumed).toContain('▶ R Ethan to move');
    expect(resumed).toContain('Sticks thrown before the game was resumed');
    expect(resumed).toMatch(/Ethan +\d +\d dog/);
    expect(resumed).toMatch(/Ava +\d +\d sheep/);
    // Ethan was to move when the input ended: he moves, then Ava's turn starts and is saved.
    await terminal.keys('Enter');
    await terminal.waitFor('Ava to throw');
    await terminal.keys('s');
    expect(await terminal.waitFor('Game saved successfully!')).toContain('Game saved');
    expect(readFileSync(join(dir, 'game_info.txt'), 'utf8')).toMatch(/\nEthan Ava \| Ethan 1 /);
  });

  it('Ctrl+C at the password prompt of users add stops at once: code 130, nothing written', async () => {
    const dir = dataDir();
    const before = readFileSync(join(dir, 'user_info.txt'), 'utf8');
    terminal = new Terminal(`node ${CLI} users add Mina --data-dir ${dir}`);
    await terminal.waitFor('Password:');
    await terminal.keys('s', 'e', 'C-c');
    const after = await terminal.waitFor('EXITED');
    expect(after).not.toContain('Password again');
    expect(after).toContain('madang: interrupted; nothing was written');
    expect(after).toMatch(/^EXITED 130$/m);
    expect(readFileSync(join(dir, 'user_info.txt'), 'utf8')).toBe(before);
  });
});

describe('users add', () => {
  it('adds a hashed account that logs in, keeping the other lines', () => {
    const dir = dataDir();
    const run = spawnSync(process.execPath, [CLI, 'users', 'add', 'Mina', '--data-dir', dir], {
      input: 'secret7\nsecret7\n',
      encoding: 'utf8',
    });
    expect(run.stderr).toBe(`madang: Mina can log in now (${join(dir, 'user_info.txt')})\n`);
    const text = readFileSync(join(dir, 'user_info.txt'), 'utf8');
    expect(
      text.startsWith(readFileSync(join(ROOT, 'fixtures/advanced/user_info.txt'), 'utf8')),
    ).toBe(true);
    expect(text).toMatch(/\nMina scrypt\$16384\$8\$1\$\S+\$\S+\n$/);
    const login = spawnSync(
      process.execPath,
      [CLI, 'yut', '--advanced', '--classic', '--data-dir', dir, '--no-record'],
      {
        input: '2\nMina\nsecret7\n2\nMina\nsecret8\n3\n',
        encoding: 'utf8',
      },
    );
    expect(login.stdout).toMatch(/PASSWORD : Login Succeed!\n[\s\S]*PASSWORD : Login Failed!\n/);
  });
});
