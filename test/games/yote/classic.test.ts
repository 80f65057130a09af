/**
 * Yoté's console: a golden transcript (names, the colour chosen, placements, a chained attack
 * with its removals from the board and the hand, refusals with reasons), a whole computer match
 * from the command line without input, and its recording passing verify.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { listIO } from '../../../source/classic/lines.js';
import { NO_RECORDING } from '../../../source/engine/recording.js';
import { gameConsole } from '../../../source/classic/game-console.js';
import { parseAction, yoteConsole } from '../../../source/games/yote/classic.js';
import { yoteCore } from '../../../source/games/yote/core.js';
import { CLI, ROOT } from '../../support/tmux.js';

const regenerate = process.env.REGENERATE === '1';
const FIXTURE = join(ROOT, 'fixtures/yote/chain');

describe('the Yoté console', () => {
  it('golden transcript: colours chosen, a chained attack, removal from the hand, refusals', async () => {
    const answers = readFileSync(`${FIXTURE}.answers`, 'utf8').split('\n');
    answers.pop();
    const out: string[] = [];
    const code = await gameConsole(
      yoteCore,
      listIO(answers, out),
      {
        settings: { quietTurns: 50 },
        kinds: [],
        colour: false,
        dataDir: tmpdir(),
        chanceFor: () => {
          throw new Error('Yoté has no chance');
        },
        botSeed: 1,
        recorderFor: () => NO_RECORDING,
        error: (message) => out.push(`error: ${message}`),
        warn: (message) => out.push(`warning: ${message}`),
        readFile: () => ({ ok: false, problem: 'no files here' }),
      },
      yoteConsole,
    );
    expect(code).toBe(0);
    const transcript = out.join('');
    if (regenerate) writeFileSync(`${FIXTURE}.transcript`, transcript);
    expect(transcript).toBe(readFileSync(`${FIXTURE}.transcript`, 'utf8'));
    // Ann chose Black, so Bob plays White and moves first.
    expect(transcript).toContain('Bob plays White and moves first.\nAnn plays Black.\n');
    expect(transcript).toContain(
      'Bob jumped from A1 to A3, taking the Black piece between.\nBob (White), take which Black piece? ',
    );
    expect(transcript).toContain(
      'Invalid input: Black still has pieces on the board: take one of those.\n',
    );
    expect(transcript).toContain(
      'Black has no pieces on the board: one is taken from the hand.\nBob took a Black piece from the hand.\n',
    );
    expect(transcript).toContain('Invalid input: "Z9" is not a cell');
    expect(transcript).toContain('Invalid input: "fly" is not an action: place, move or attack\n');
    expect(transcript).toContain('Invalid input: A5 is taken: place on an empty cell.\n');
    expect(transcript).toContain('Invalid input: There is no White piece on C3.\n');
  });

  it('reads actions with or without their verb', () => {
    expect(parseAction('c3')).toEqual({ type: 'yote/placed', cell: 'C3' });
    expect(parseAction('C3-C4')).toEqual({ type: 'yote/moved', from: 'C3', to: 'C4' });
    expect(parseAction('c3 c5')).toEqual({ type: 'yote/jumped', from: 'C3', to: 'C5' });
    expect(parseAction('jump a1 a3')).toEqual({ type: 'yote/jumped', from: 'A1', to: 'A3' });
    expect(parseAction('move c3')).toBe('move takes two cells, such as: move C3 C4');
    expect(parseAction('')).toBe('write place C3, move C3 C4 or attack C3 C5');
  });

  it('a computer match from the command line: no input, an ending, a recording that holds', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-yote-'));
    const file = join(dir, 'yote.jsonl');
    const run = spawnSync(
      process.execPath,
      [
        CLI,
        'yote',
        '--bots',
        'all',
        '--level',
        'greedy',
        '--classic',
        '--seed',
        '4',
        '--record',
        file,
      ],
      { input: '', encoding: 'utf8' },
    );
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/(wins: .*|A draw: .*)\n$/);
    expect(run.stdout).toContain('(greedy: ');
    const verified = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
    expect(verified.status).toBe(0);
    // Two computers by names of their own (both were "Computer (greedy)").
    expect(verified.stdout).toMatch(
      /yote\.jsonl: yote, 2 players \(CPU 1, CPU 2\), \d+ events, (CPU [12] won|a draw)\n$/,
    );
    // The same seed, the same match.
    const again = spawnSync(
      process.execPath,
      [
        CLI,
        'yote',
        '--bots',
        'all',
        '--level',
        'greedy',
        '--classic',
        '--seed',
        '4',
        '--no-record',
      ],
      { input: '', encoding: 'utf8' },
    );
    expect(again.stdout).toBe(run.stdout);
  });

  it('a bad --quiet-turns: one line, exit code 2', () => {
    const run = spawnSync(process.execPath, [CLI, 'yote', '--quiet-turns', '5', '--classic'], {
      input: '',
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('madang: --quiet-turns takes a whole number from 10 to 1000, not 5\n');
    expect(run.status).toBe(2);
  });
});
