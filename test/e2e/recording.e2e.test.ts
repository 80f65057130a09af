import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, ROOT, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

const SHORT = join(ROOT, 'fixtures/recordings/short.jsonl');

function boardRow(screen: string, y: number): string {
  const lines = screen.split('\n');
  const top = lines.findIndex((line) => line.startsWith('╭'));
  return lines[top + 1 + y] ?? '';
}

function run(...args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { input: '', encoding: 'utf8' });
}

describe.runIf(hasTmux)('recording and replay in a real terminal', () => {
  it('replays a fixture: step forward and back, and read the board', async () => {
    terminal = new Terminal(`node ${CLI} replay ${SHORT}`);
    // The fixture: Noah opens with geol (a new piece to 3, board row 8); Liam wins after 47 events.
    const opened = await terminal.waitFor('Turn 1 of');
    expect(opened).toContain('event 0/47');
    // Whose game and when, above the turn.
    expect(opened).toContain('Noah v Liam · 2026-01-01');
    await terminal.keys('Right', 'Right');
    const two = await terminal.waitFor('event 2/47');
    expect(two).toContain('Noah moved a new piece to 3 with geol.');
    expect(boardRow(two, 8)).toContain('(R1) │');
    await terminal.keys('Left');
    const one = await terminal.waitFor('event 1/47');
    expect(one).toContain('Noah threw geol.');
    expect(boardRow(one, 8)).toContain('(  ) │');
    await terminal.keys('End');
    const end = await terminal.waitFor('■ the end');
    expect(end).toContain('event 47/47');
    expect(end).toContain('Liam wins!');
    // l lists every move by its turn; Enter on one shows the board after it.
    await terminal.keys('Home', 'l');
    const list = await terminal.waitFor('Moves · Noah v Liam');
    expect(list).toContain('1–');
    expect(list).toMatch(/│ {4}1 {2}Noah threw geol\. +│/);
    expect(list).toMatch(/│ {4}1 {2}Noah moved a new piece to 3 with geol\. +│/);
    await terminal.keys('Down', 'Enter');
    const after = await terminal.waitFor('event 2/47');
    expect(after).toContain('Noah moved a new piece to 3 with geol.');
    expect(boardRow(after, 8)).toContain('(R1) │');
    await terminal.keys('q');
    expect(await terminal.waitFor('EXITED')).toMatch(/^EXITED 0$/m);
  });

  it('the recordings browser: lists the data folder, filters, watches, comes back, resumes', async () => {
    terminal = new Terminal(`node ${CLI}`, { columns: 80, rows: 24 });
    const folder = join(terminal.dataDir, 'recordings');
    mkdirSync(folder);
    for (const name of ['short.jsonl', 'unfinished.jsonl'])
      copyFileSync(join(ROOT, 'fixtures/recordings', name), join(folder, name));
    // The unfinished one was played last.
    utimesSync(join(folder, 'short.jsonl'), 1000, 1000);
    await terminal.waitFor('Quit');
    await terminal.keys('Up', 'Up', 'Up', 'Enter');
    const list = await terminal.waitFor('2 recordings');
    expect(list).toMatch(/▸ 2026-01-01 \d\d:00 Yut Nori +Ethan, Olivia, Liam +38 steps unfinished/);
    expect(list).toMatch(/ {3}2026-01-01 \d\d:00 Yut Nori +Noah, Liam +47 steps Liam won/);
    // A filter keeps Noah's game alone; Enter keeps it and Enter again watches it.
    await terminal.keys('/', 'n', 'o', 'a', 'h');
    // The whole filter typed (at 'noa' the list is already 1 of 2).
    expect(await terminal.waitFor('filter noah')).toContain('1 of 2');
    await terminal.keys('Enter', 'Enter');
    expect(await terminal.waitFor('Turn 1 of')).toContain('event 0/47');
    await terminal.keys('q');
    // Not '1 of 2': the viewer's own "Turn 1 of 22" matches that too, before the list is back.
    const back = await terminal.waitFor('filter noah');
    expect(back).toMatch(/▸ 2026-01-01 \d\d:00 Yut Nori +Noah, Liam/);
    // Esc clears the filter; r on the unfinished game goes on with it, appended to its file.
    await terminal.keys('Escape');
    await terminal.waitFor('2 recordings');
    await terminal.keys('r');
    const resumed = await terminal.waitFor('to throw');
    // The panel wraps the log's first line under itself.
    expect(resumed).toContain('The game goes on where it');
    expect(resumed).toContain('was left: Ethan to throw.');
    await terminal.keys('Space');
    expect(await terminal.waitFor(/Ethan threw/)).toMatch(/Ethan threw/);
    await terminal.keys('q', 'y');
    expect(await terminal.waitFor('watch or resume')).toContain('▸ 1. Yut Nori');
    const lines = readFileSync(join(folder, 'unfinished.jsonl'), 'utf8').trimEnd().split('\n');
    expect(lines.some((l) => l.startsWith('{"type":"session/resumed"'))).toBe(true);
    expect(lines.at(-1)).toMatch(/^\{"type":"yut\/sticksThrown"/);
    expect(run('verify', join(folder, 'unfinished.jsonl')).status).toBe(0);
  });

  it('a game left, resumed from the browser and finished in one run is reported once, as finished', async () => {
    terminal = new Terminal(`node ${CLI} --throws fixtures/throws/e2e-one-piece-race.txt`);
    await terminal.waitFor('Quit');
    await terminal.keys('Enter');
    await terminal.waitFor('Start the game');
    // One piece each: Pieces 4 → 1, then up to Start.
    await terminal.keys('Down', 'Left', 'Left', 'Left', 'Up', 'Up', 'Enter');
    await terminal.waitFor('Player 1 to throw');
    await terminal.keys('Space', 'Enter');
    await terminal.waitFor('Player 2 to throw');
    await terminal.keys('Space', 'Enter');
    await terminal.waitFor('Player 1 to throw');
    await terminal.keys('q', 'y');
    await terminal.waitFor('watch or resume');
    await terminal.keys('8');
    await terminal.waitFor('1 recording ·');
    await terminal.keys('r');
    await terminal.waitFor('The game goes on where it');
    for (let move = 0; move < 7; move++) await terminal.keys('Space', 'Enter');
    await terminal.waitFor('Player 1 wins!');
    await terminal.keys('m');
    await terminal.waitFor('watch or resume');
    await terminal.keys('q');
    const after = await terminal.waitFor(/EXITED \d+/);
    const [file] = readdirSync(join(terminal.dataDir, 'recordings'));
    const lines = terminal
      .joined()
      .split('\n')
      .filter((l) => l.startsWith('madang:'));
    // The file was left unfinished, then finished: only how it stands at the end is said.
    expect(lines).toEqual([
      `madang: the game was recorded in ${join(terminal.dataDir, 'recordings', file as string)}`,
    ]);
    expect(after).toMatch(/^EXITED 0$/m);
  });

  it('a game quit before its first move leaves no recording, and says none', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-quit-')), 'none.jsonl');
    terminal = new Terminal(`node ${CLI} yut --seed 3 --record ${file}`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter');
    await terminal.waitFor('to throw');
    await terminal.keys('q', 'y');
    const after = await terminal.waitFor('EXITED');
    expect(after).toMatch(/^EXITED 0$/m);
    expect(after).not.toContain('recorded in');
    expect(existsSync(file)).toBe(false);
  });

  it('records a game as it is played, resumes it, and verify accepts it', async () => {
    terminal = new Terminal(`node ${CLI} yut --seed 11504 --record game.jsonl`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter', 'Space', 'Enter', 'Space', 'Enter');
    await terminal.waitFor('Player 2 moved');
    await terminal.keys('q', 'y');
    const after = await terminal.waitFor('EXITED');
    expect(after).toContain('madang: the unfinished game was recorded in game.jsonl');
    terminal.close();
    const file = join(ROOT, 'game.jsonl');
    try {
      const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(JSON.parse(lines[0] as string)).toMatchObject({
        format: 'madang-recording',
        game: 'yut',
        seed: 11504,
      });
      expect(lines).toHaveLength(5);

      terminal = new Terminal(`node ${CLI} --resume game.jsonl --seed 68`);
      // The panel's log wraps its first line.
      const resumed = await terminal.waitFor('The game goes on where it was left: Player 1 to');
      expect(resumed).toMatch(/Player 1 to +│\n.*│ {3}throw\. +│/);
      expect(resumed).toContain('▶ R Player 1 to throw');
      await terminal.keys('Space');
      await terminal.waitFor('Player 1 threw');
      await terminal.keys('q', 'y');
      await terminal.waitFor('EXITED');
      const verified = run('verify', file);
      expect(verified.status).toBe(0);
      expect(verified.stdout).toMatch(
        /game\.jsonl: yut, 2 players \(Player 1, Player 2\), [5-9] events, unfinished/,
      );
      expect(readFileSync(file, 'utf8')).toContain('"type":"session/resumed"');
    } finally {
      spawnSync('rm', ['-f', file]);
    }
  });

  it('records in the data directory by default, with a timestamped name', async () => {
    terminal = new Terminal(`node ${CLI} yut --seed 11504`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter', 'Space', 'Enter', 'q', 'y');
    await terminal.waitFor('EXITED');
    const files = readdirSync(join(terminal.dataDir, 'recordings'));
    expect(files).toEqual([expect.stringMatching(/^yut-\d{4}-\d\d-\d\d-\d{6}\.jsonl$/)]);
  });

  it('a game left before any move leaves no recording, though its turn order was drawn', async () => {
    terminal = new Terminal(`node ${CLI} layers --seed 20`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Enter');
    // Seed 20: Player 1, the person, plays first: the order is drawn and recorded, and nobody
    // has moved.
    expect(await terminal.waitFor('Order: [1] 2 8 3 4 10 9 6 7 5', 10_000)).toContain(
      'Player 1 to play.',
    );
    await terminal.keys('q');
    await terminal.waitFor('Quit this game?');
    await terminal.keys('y');
    const after = await terminal.waitFor(/EXITED \d+/);
    expect(after).toMatch(/^EXITED 0$/m);
    expect(after).not.toContain('recorded in');
    // Not even the recordings folder was made.
    expect(existsSync(join(terminal.dataDir, 'recordings'))).toBe(false);
  });
});

describe('one data directory', () => {
  /** The program run in `cwd` with no MADANG_DATA_DIR of the test runner's. */
  const inDir = (cwd: string, ...args: string[]) => {
    const env = { ...process.env };
    delete env.MADANG_DATA_DIR;
    return spawnSync(process.execPath, [CLI, ...args], { cwd, env, input: '', encoding: 'utf8' });
  };

  it('--help says where it is and why: --data-dir, MADANG_DATA_DIR, or old files here', () => {
    const old = mkdtempSync(join(tmpdir(), 'madang-old-'));
    writeFileSync(join(old, 'user_info.txt'), 'Noah 22d34h\n');
    const help = (cwd: string, ...args: string[]) =>
      inDir(cwd, ...args, '--help').stdout.replace(/\s+/g, ' ');
    expect(help(old)).toContain(`now ${old} (the current directory: it holds saved files)`);
    expect(help(old, '--data-dir', '/some/where')).toContain(
      'now /some/where (given by --data-dir)',
    );
    const env = spawnSync(process.execPath, [CLI, '--help'], {
      cwd: old,
      env: { ...process.env, MADANG_DATA_DIR: '/from/env' },
      encoding: 'utf8',
    });
    expect(env.stdout.replace(/\s+/g, ' ')).toContain('now /from/env (from MADANG_DATA_DIR)');
  });

  it('a game recorded with --data-dir goes to its recordings folder, and its accounts are there', () => {
    const data = mkdtempSync(join(tmpdir(), 'madang-data-'));
    const elsewhere = mkdtempSync(join(tmpdir(), 'madang-elsewhere-'));
    const run = inDir(
      elsewhere,
      'yut',
      '--classic',
      '--bots',
      'all',
      '--seed',
      '3',
      '--players',
      '2',
      '--pieces',
      '1',
      '--data-dir',
      data,
    );
    expect(run.status).toBe(0);
    expect(readdirSync(join(data, 'recordings'))).toEqual([
      expect.stringMatching(/^yut-.*\.jsonl$/),
    ]);
    expect(readdirSync(elsewhere)).toEqual([]);
  });
});

describe('replay and verify with bad files', () => {
  it('a one-line error and exit code 2, no stack trace', () => {
    const dir = join(ROOT, 'dist');
    const empty = join(dir, 'empty.jsonl');
    writeFileSync(empty, '');
    const cases: [string[], RegExp][] = [
      [['replay', empty], /^madang: .*empty\.jsonl: empty, not a madang recording\n$/],
      [
        ['replay', '/etc/hostname'],
        /^madang: \/etc\/hostname:1: not a madang recording \(its first line is not a header\)\n$/,
      ],
      [['replay', 'missing.jsonl'], /^madang: missing\.jsonl: no such file\n$/],
      [
        ['--resume', SHORT],
        /^madang: .*short\.jsonl: this game is over, nothing to resume \(watch it with: madang replay .*\)\n$/,
      ],
    ];
    for (const [args, message] of cases) {
      const result = run(...args);
      expect(result.stderr).toMatch(message);
      expect(result.status).toBe(2);
    }
  });

  it('verify: a line per file, exit 1 for a recording that does not hold', () => {
    const bad = join(mkdtempSync(join(tmpdir(), 'madang-verify-')), 'bad.jsonl');
    // Line 5 is Liam's first move: the same result, from a station where he has no piece.
    const lines = readFileSync(SHORT, 'utf8').split('\n');
    const { result: used } = JSON.parse(lines[4] as string) as { result: string };
    lines[4] = JSON.stringify({ type: 'yut/pieceMoved', from: 5, result: used });
    writeFileSync(bad, lines.join('\n'));
    const result = run('verify', SHORT, bad);
    expect(result.stdout).toMatch(
      /short\.jsonl: yut, 2 players \(Noah, Liam\), 47 events, Liam won\n$/,
    );
    expect(result.stderr).toMatch(/^madang: .*bad\.jsonl:5: Liam has no piece at 5\.\n$/);
    expect(result.status).toBe(1);
  });
});
