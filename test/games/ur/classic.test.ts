/**
 * The Royal Game of Ur's console: a golden transcript (seeded dice, scripted answers, refused
 * answers included), a whole computer match without input, and its recording passing verify.
 */
import { urModule } from '../../../source/games/ur/index.js';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listIO } from '../../../source/classic/lines.js';
import { runClassicUr } from '../../../source/games/ur/classic.js';
import { seededRandom } from '../../../source/engine/random.js';
import { NO_RECORDING } from '../../../source/engine/recording.js';
import { CLI, ROOT } from '../../support/tmux.js';

const regenerate = process.env.REGENERATE === '1';
const FIXTURE = join(ROOT, 'fixtures/ur/two-humans');

describe('the Ur console', () => {
  it('golden transcript: board file and names asked, rolls, numbered stones, refusals', async () => {
    const answers = readFileSync(`${FIXTURE}.answers`, 'utf8').split('\n');
    answers.pop();
    const out: string[] = [];
    const code = await runClassicUr(listIO(answers, out), {
      dice: urModule.chance!.seeded(2, {}),
      botRandom: seededRandom(3),
      error: (message) => out.push(`error: ${message}`),
      readBoard: () => ({ ok: false, problem: 'no files here' }),
      kinds: [],
      recorderFor: () => NO_RECORDING,
    });
    expect(code).toBe(0);
    const transcript = out.join('');
    if (regenerate) writeFileSync(`${FIXTURE}.transcript`, transcript);
    expect(transcript).toBe(readFileSync(`${FIXTURE}.transcript`, 'utf8'));
    expect(transcript).toContain(
      'Eric you will play as white.\nWhat is your name? James you will play as black.\n',
    );
    expect(transcript).toMatch(/You rolled \d\n1 W0 currently off the board\n/);
    expect(transcript).toContain('Invalid input: "x" is not a stone: answer 1 to 7\n');
  });

  it('a computer match from the command line: no input, a winner, a recording that holds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-ur-'));
    const file = join(dir, 'ur.jsonl');
    const run = spawnSync(
      process.execPath,
      [CLI, 'ur', '--bots', 'all', '--classic', '--seed', '9', '--record', file],
      {
        input: '',
        encoding: 'utf8',
      },
    );
    expect(run.status).toBe(0);
    // Two computers by names of their own (both were "Computer (strong)"), so the winner is clear.
    expect(run.stdout).toMatch(/^CPU 1 you will play as white\.\nCPU 2 you will play as black\.\n/);
    expect(run.stdout).toMatch(/CPU 1 wins!\n$/);
    const verified = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(
      /ur\.jsonl: ur, 2 players \(CPU 1, CPU 2\), \d+ events, CPU 1 won\n$/,
    );
  });

  it('a broken board file: one line naming the file and the square, exit code 2', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-ur-'));
    const bad = join(dir, 'bad.ur');
    const board = JSON.parse(readFileSync(join(ROOT, 'fixtures/ur/loops.ur'), 'utf8'));
    writeFileSync(bad, JSON.stringify(board));
    const run = spawnSync(process.execPath, [CLI, 'ur', '--board', bad], {
      input: '',
      encoding: 'utf8',
    });
    expect(run.stderr).toBe(`madang: ${bad}: square [0, 0]: White's path loops back here\n`);
    expect(run.status).toBe(2);
  });
});
