/**
 * Kono's console: a golden transcript (resume declined, the size asked with a refusal, the dice,
 * the colour, the menu before every turn, help, refused points and directions, the computer's
 * move in the seed's two sentences, a quit with its penalty, the round's scores, another round
 * declined, the tournament's winner); a save made from the menu and resumed with --load; a
 * whole computer tournament from the command line with no input; the dice file.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listIO } from '../../../source/classic/lines.js';
import { seededRandom } from '../../../source/engine/random.js';
import { NO_RECORDING } from '../../../source/engine/recording.js';
import { runClassicKono } from '../../../source/games/kono/classic.js';
import { konoModule, parseDiceFile } from '../../../source/games/kono/index.js';
import { withDefaults } from '../../../source/games/kono/rules.js';
import { CLI, ROOT } from '../../support/tmux.js';

const regenerate = process.env.REGENERATE === '1';
const FIXTURE = join(ROOT, 'fixtures/kono/human-vs-computer');
const DICE = new URL('../../../../shared/external/kono/dice.txt', import.meta.url);

/** The console with these answers, a person against the strong computer, dice of `seed`. */
async function againstComputer(answers: readonly string[], seed: number) {
  const out: string[] = [];
  const code = await runClassicKono(listIO(answers, out), {
    options: withDefaults({ asker: 0, size: null }),
    kinds: ['human', 'strong'],
    dice: konoModule.chance!.seeded(seed, {}) as never,
    botRandom: seededRandom(seed),
    readFile: () => ({ ok: false, problem: 'no files here' }),
    writeSave: () => 'not in this test',
    recorderFor: () => NO_RECORDING,
    error: (message) => out.push(`error: ${message}`),
  });
  return { code, transcript: out.join('') };
}

describe('the Kono console', () => {
  it('golden transcript: a round against the computer, quit, scored, the tournament over', async () => {
    const answers = readFileSync(`${FIXTURE}.answers`, 'utf8').split('\n');
    answers.pop();
    const { code, transcript } = await againstComputer(answers, 8);
    expect(code).toBe(0);
    if (regenerate) writeFileSync(`${FIXTURE}.transcript`, transcript);
    expect(transcript).toBe(readFileSync(`${FIXTURE}.transcript`, 'utf8'));
    expect(transcript).toContain('Invalid input: "6" is not 5, 7 or 9\n');
    expect(transcript).toContain(
      '1. Save the game\n2. Make a move\n3. Ask for help\n4. Quit the game\n',
    );
    expect(transcript).toMatch(/Help: move the piece at \(\d,\d\) (north|south)(east|west), to /);
    // A point off the board, or not the player's, is refused as it is typed: the direction is
    // asked only of the player's own piece (it was asked first, then the point refused).
    const point = 'Enter the row and column of the piece to move (such as 2 1): ';
    expect(transcript).toContain(
      `Your choice: ${point}Invalid input: A point is a row and a column from 1 to 5.\n${point}Invalid input: There is no white piece at (5,1).\n${point}Enter the direction`,
    );
    expect(transcript).toMatch(/The computer moved the piece at \(\d,\d\) \w+\.\nIt wanted to \w+/);
    expect(transcript).toContain(
      'Round 1 is over: Human scored -5, Computer scored 0.\nHuman quit the round: 5 points off.\nComputer wins the round and is awarded 5 points.\n',
    );
    expect(transcript).toMatch(/Computer wins the tournament: Human 0, Computer 5\.\n$/);
  });

  it('save from the menu, then --load resumes where it was left', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-kono-'));
    const save = join(dir, 'kono.txt');
    const first = spawnSync(
      process.execPath,
      [CLI, 'kono', '--bots', '2', '--classic', '--seed', '8', '--size', '5', '--no-record'],
      { input: `n\nwhite\n2\n2 1\nsoutheast\n2\n1\n${save}\n`, encoding: 'utf8' },
    );
    expect(first.status).toBe(0);
    expect(first.stdout).toContain(`The game was saved in ${save}.`);
    const text = readFileSync(save, 'utf8');
    expect(text).toMatch(
      /^Round: 1\n\nComputer:\n {3}Score: 0\n {3}Color: Black\n\nHuman:\n {3}Score: 0\n {3}Color: White\n\nBoard:\n/,
    );
    expect(text).toContain('   O  O  O  O  W\n');
    expect(text).toMatch(/\n\nNext Player: (Human|Computer)\n$/);
    const resumed = spawnSync(
      process.execPath,
      [CLI, 'kono', '--bots', '2', '--classic', '--load', save, '--no-record'],
      { input: '', encoding: 'utf8' },
    );
    expect(resumed.status).toBe(0);
    expect(resumed.stdout).not.toContain('resume a saved game');
    expect(resumed.stdout).toContain('2  + - + - + - + - W');
  });

  it('a broken save given with --load: one line with the file and line, exit 2, nothing written', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-kono-'));
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, 'Round: 1\nComputer:\nScore: x\n');
    const run = spawnSync(process.execPath, [CLI, 'kono', '--classic', '--load', bad], {
      input: '',
      encoding: 'utf8',
    });
    expect(run.stderr).toBe(`madang: ${bad}:3: expected "Score: <number>"\n`);
    expect(run.status).toBe(2);
    expect(readFileSync(bad, 'utf8')).toBe('Round: 1\nComputer:\nScore: x\n');
  });

  it('a computer tournament from the command line: one round, no input, a recording that holds', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-kono-')), 'kono.jsonl');
    const run = spawnSync(
      process.execPath,
      [
        CLI,
        'kono',
        '--bots',
        'all',
        '--level',
        'greedy',
        '--classic',
        '--seed',
        '3',
        '--size',
        '7',
        '--record',
        file,
      ],
      { input: '', encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('?');
    expect(run.stdout).toMatch(/Round 1 is over: Human scored -?\d+, Computer scored -?\d+\.\n/);
    expect(run.stdout).toMatch(/(wins the tournament|The tournament is a draw): .*\n$/);
    const verified = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(/kono\.jsonl: kono, 2 players .*\d+ events, /);
  });

  it('"Quit the game" at the menu before the computer’s turn: the person quits, and is penalised', async () => {
    // Seed 3: the computer wins the dice and moves first; the person quits at its menu.
    const { code, transcript } = await againstComputer(['n', '5', '3', 'n'], 3);
    expect(code).toBe(0);
    expect(transcript).toMatch(/Computer \((white|black)\) to play\./);
    expect(transcript).toContain(
      'Your choice: Human quit the round.\nRound 1 is over: Human scored -5, Computer scored 0.\nHuman quit the round: 5 points off.\nComputer wins the round and is awarded 5 points.\n',
    );
    expect(transcript).toMatch(/Computer wins the tournament: Human 0, Computer 5\.\n$/);
  });

  it('without --bots the seed’s Computer is the computer (strong), and its recording says so', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-kono-')), 'kono.jsonl');
    const run = spawnSync(
      process.execPath,
      [CLI, 'kono', '--classic', '--seed', '3', '--size', '5', '--record', file],
      { input: 'n\n2\n4\nn\n', encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).not.toContain('Computer, choose your colour');
    expect(run.stdout).toContain('Computer plays white and moves first.\n');
    expect(run.stdout).toMatch(/The computer moved the piece at \(\d,\d\) \w+\.\nIt wanted to /);
    expect(run.stdout).toContain('Human (black) to play.');
    const header = JSON.parse(readFileSync(file, 'utf8').split('\n')[0] as string);
    expect(header.players).toEqual([
      { name: 'Human', kind: 'human' },
      { name: 'Computer', kind: 'bot', level: 'strong' },
    ]);
  });

  it('ends when the tournament does, though standard input is a pipe left open', async () => {
    const child = spawn(
      process.execPath,
      [CLI, 'kono', '--classic', '--bots', '2', '--seed', '3', '--size', '5', '--no-record'],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    // The answers, and the pipe kept open after them.
    child.stdin.write('n\n3\nn\n');
    const code = await new Promise<number | null | 'waiting'>((resolve) => {
      const timer = setTimeout(() => resolve('waiting'), 10_000);
      child.on('exit', (exit) => {
        clearTimeout(timer);
        resolve(exit);
      });
    });
    child.kill();
    expect(stdout).toMatch(/wins the tournament: Human 0, Computer 5\.\n$/);
    expect(code).toBe(0);
  });

  it.runIf(existsSync(DICE))(
    'reads the assignment’s dice file; errors name the file and line',
    () => {
      const parsed = parseDiceFile(readFileSync(DICE, 'utf8'), 'dice.txt');
      expect(parsed.ok && parsed.script.items.map((i) => i.event.dice)).toEqual([
        [
          [4, 3],
          [2, 2],
        ],
        [
          [5, 4],
          [2, 6],
        ],
      ]);
      expect(parseDiceFile('4 3\n7 1\n', 'd.txt')).toEqual({
        ok: false,
        problem: 'd.txt:2: "7 1" is not a throw of two dice (such as 4 3)',
      });
      expect(parseDiceFile('4 3\n', 'd.txt')).toEqual({
        ok: false,
        problem:
          "d.txt:1: the throws come in pairs (the human's, then the computer's); this one has no partner",
      });
      const run = spawnSync(
        process.execPath,
        [
          CLI,
          'kono',
          '--bots',
          'all',
          '--level',
          'greedy',
          '--classic',
          '--size',
          '5',
          '--dice',
          DICE.pathname,
          '--no-record',
        ],
        { input: '', encoding: 'utf8' },
      );
      expect(run.stdout).toContain(
        'Human threw 4 and 3, Computer threw 2 and 2.\nHuman chooses the colour and plays first.\n',
      );
    },
  );
});
