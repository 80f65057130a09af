/** Files and folders that are not what they should be get one line and exit code 2, not a trace. */
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  closeSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLI, ROOT } from '../support/tmux.js';
import { GAME_IDS } from '../../source/games/cores.js';

const addUser = (dir: string) =>
  spawnSync(process.execPath, [CLI, 'users', 'add', 'Zed', '--data-dir', dir], {
    input: 'abc123\nabc123\n',
    encoding: 'utf8',
  });

describe('users add on a broken data directory', () => {
  it('user_info.txt that is a folder: one line, exit 2, nothing written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-folder-'));
    mkdirSync(join(dir, 'user_info.txt'));
    const run = addUser(dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `madang: cannot add Zed to ${dir}/user_info.txt: ${dir}/user_info.txt is a folder, not a file; nothing was written\n`,
    );
    expect(readdirSync(dir)).toEqual(['user_info.txt']);
  });

  it('a data directory that does not exist: one line, exit 2', () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'madang-missing-')), 'nowhere');
    const run = addUser(dir);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      `madang: cannot add Zed to ${dir}/user_info.txt: the data directory ${dir} does not exist; nothing was written\n`,
    );
  });
});

describe('endless input', () => {
  it.each([...GAME_IDS])(
    '%s --classic < /dev/zero: one line, exit 2, in bounded memory',
    (game) => {
      const dir = mkdtempSync(join(tmpdir(), 'madang-zero-'));
      const zero = openSync('/dev/zero', 'r');
      const run = spawnSync(
        process.execPath,
        [CLI, game, '--classic', '--no-record', '--data-dir', dir],
        { stdio: [zero, 'pipe', 'pipe'], encoding: 'utf8', timeout: 30_000 },
      );
      closeSync(zero);
      expect(run.stderr).toBe(
        'madang: an answer of over 1 MiB with no line end: standard input is not lines of text\n',
      );
      expect(run.status).toBe(2);
    },
  );

  it('verify of /dev/zero, and /dev/zero as a board or a throw script: one line, exit 2', () => {
    const cases: [string[], string][] = [
      [
        ['verify', '/dev/zero'],
        'madang: /dev/zero:1: a line of over 1 MiB: no madang recording has one (the longest event is a few hundred bytes)\n',
      ],
      [
        ['ur', '--board', '/dev/zero'],
        'madang: /dev/zero: larger than 16 MiB: not a file madang reads\n',
      ],
      [
        ['--throws', '/dev/zero'],
        'madang: /dev/zero: larger than 16 MiB: not a file madang reads\n',
      ],
    ];
    for (const [args, message] of cases) {
      const run = spawnSync(process.execPath, [CLI, ...args], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(run.stderr).toBe(message);
      expect(run.status).toBe(2);
    }
  });
});

describe('a reader slower than the computers', () => {
  it('a 100 × 100 Ur board of computers on a pipe nobody reads: the memory stays put', async () => {
    // Two paths down the edges of a 100 × 100 board: each board printed is about 400 KB.
    const cell = (r: number, c: number) => ({
      position: [r, c],
      next_white: c === 0 && r < 99 ? [r + 1, c] : null,
      next_black: c === 99 && r < 99 ? [r + 1, c] : null,
      exit: r === 99 && c === 0 ? 'White' : r === 99 && c === 99 ? 'Black' : '',
      entrance: r === 0 && c === 0 ? 'White' : r === 0 && c === 99 ? 'Black' : '',
      rosette: false,
      forbidden: c !== 0 && c !== 99,
    });
    const board = join(mkdtempSync(join(tmpdir(), 'madang-big-')), 'big.ur');
    writeFileSync(
      board,
      JSON.stringify(
        Array.from({ length: 100 }, (_, r) => Array.from({ length: 100 }, (_, c) => cell(r, c))),
      ),
    );
    const child = spawn(
      process.execPath,
      [CLI, 'ur', '--classic', '--bots', 'all', '--board', board, '--no-record', '--seed', '1'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout.pause();
    const rss = () =>
      Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1]) / 1024;
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    try {
      await wait(1500);
      const early = rss();
      await wait(3000);
      // Without waiting for the pipe it grew by about 45 MiB a second, to 4 GiB and an abort.
      expect(rss() - early).toBeLessThan(40);
      // And it goes on once read.
      child.stdout.resume();
      const more = await new Promise<string>((resolve) =>
        child.stdout.once('data', (data: Buffer) => resolve(data.toString())),
      );
      expect(more.length).toBeGreaterThan(0);
    } finally {
      child.kill();
    }
  }, 30_000);
});

describe('files that may not be written', () => {
  it('--resume of a read-only recording: one line, exit 2, before the full screen, file as it was', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-ro-')), 'game.jsonl');
    copyFileSync(join(ROOT, 'fixtures/recordings/unfinished.jsonl'), file);
    chmodSync(file, 0o444);
    const before = readFileSync(file);
    const run = spawnSync(process.execPath, [CLI, '--resume', file], { encoding: 'utf8' });
    expect(run.stderr).toBe(
      `madang: ${file} is read-only, so it cannot go on (make it writable, or watch it with: madang replay ${file})\n`,
    );
    expect(run.status).toBe(2);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('the classic advanced game with a read-only game_info.txt holding the players’ save: one line, exit 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-ro-saves-'));
    writeFileSync(join(dir, 'user_info.txt'), 'Noah 22d34h\nLiam abc123\n');
    const saves = join(dir, 'game_info.txt');
    writeFileSync(saves, 'Noah Liam | Noah 1 0 100 100 100 | Liam 0 1 5 5 5 | 1\n');
    chmodSync(saves, 0o444);
    const before = readFileSync(saves);
    const run = spawnSync(
      process.execPath,
      [CLI, 'yut', '--advanced', '--classic', '--data-dir', dir, '--no-record'],
      { input: '2\nNoah\n22d34h\n2\nLiam\nabc123\n1\n1\n', encoding: 'utf8' },
    );
    expect(run.stderr).toBe(`madang: ${saves} is read-only; nothing was written to it\n`);
    expect(run.status).toBe(2);
    expect(readFileSync(saves).equals(before)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['game_info.txt', 'user_info.txt']);
  });
});

describe('the command line in a player’s words', () => {
  it.each([
    [
      ['replay'],
      /^madang: replay needs a recording to watch: madang replay FILE \(recordings are kept in .+\)\n$/,
    ],
    [['verify'], /^madang: verify needs one or more recordings: madang verify FILE…\n$/],
    [['replay', '/no/such.jsonl'], /^madang: \/no\/such\.jsonl: no such file\n$/],
    [
      ['yut', '--board', 'x.ur'],
      /^madang: --board is not an option of Yut Nori \(see madang yut --help\)\n$/,
    ],
    [
      ['ur', '--pieces', '3', '--zz', '1'],
      /^madang: --pieces, --zz are not options of Royal Game of Ur \(see madang ur --help\)\n$/,
    ],
    [['--frob'], /^madang: --frob is not an option of madang \(see madang --help\)\n$/],
    // A word where the game or the command goes is neither, not an option.
    [
      ['chess'],
      new RegExp(
        `^madang: chess is not a game or a command of madang \\(its games: ${GAME_IDS.join(', ')}; see madang --help\\)\\n$`,
      ),
    ],
    // A level belongs to the games that have it: only Yut has expert, only Ur perfect.
    [
      ['ur', '--bots', '2', '--level', 'expert'],
      /^madang: --level takes random, greedy, strong, perfect\n$/,
    ],
  ])('madang %s: one line, exit 2', (args, message) => {
    const run = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8' });
    expect(run.stderr).toMatch(message);
    expect(run.status).toBe(2);
  });

  it('-h and -v', () => {
    const help = spawnSync(process.execPath, [CLI, '-h'], { encoding: 'utf8' });
    expect(help.stdout).toMatch(/^madang \[game\] \[options\]/);
    expect(help.status).toBe(0);
    const version = spawnSync(process.execPath, [CLI, '-v'], { encoding: 'utf8' });
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    expect(version.status).toBe(0);
  });
});
