/**
 * Layers' console: the seed's own example, line for line (the number of players and the turns,
 * the round's order, the menu, a look at a player's status, the available opponents, the
 * intervals, the random number and its draw, the mini-turn, an escape), then a rest; refused
 * answers re-asked; and a whole game of computers from the command line, with no input, whose
 * recording verifies.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ClassicIO } from '../../../source/classic/lines.js';
import { scriptedSource } from '../../../source/engine/chance.js';
import { seededRandom } from '../../../source/engine/random.js';
import { NO_RECORDING } from '../../../source/engine/recording.js';
import { runClassicLayers } from '../../../source/games/layers/classic.js';
import type { LayersEvent } from '../../../source/games/layers/rules.js';
import { layersModule } from '../../../source/games/layers/index.js';
import { CLI, ROOT } from '../../support/tmux.js';

const regenerate = process.env.REGENERATE === '1';
const GOLDEN = join(ROOT, 'fixtures/layers/computers-10.txt');

/** A console that shows each answer as typed, as a terminal does: the transcript as read. */
function typedIO(answers: readonly string[], out: string[]): ClassicIO {
  let index = 0;
  return {
    read: async () => {
      const answer = answers[index++];
      if (answer === undefined) return null;
      out.push(`${answer}\n`);
      return answer;
    },
    write: (text) => void out.push(text),
    drained: () => Promise.resolve(),
  };
}

const draws = (events: LayersEvent[]) =>
  scriptedSource(
    { file: 'script', items: events.map((event, i) => ({ event, line: i + 1 })) },
    'draw',
  );
const order = (...players: number[]): LayersEvent[] =>
  players.map((player) => ({ type: 'layers/orderDrawn', player }));

async function transcript(answers: string[], chance: LayersEvent[]): Promise<string[]> {
  const out: string[] = [];
  const code = await runClassicLayers(typedIO(answers, out), {
    players: undefined,
    turns: undefined,
    kinds: Array(10).fill('human'),
    chanceFor: () => draws(chance),
    botRandom: seededRandom(1),
    recorderFor: () => NO_RECORDING,
    error: (message) => {
      throw new Error(`the run stopped: ${message}`);
    },
  });
  expect(code).toBe(0);
  return out.join('').split('\n');
}

describe('the Layers console', () => {
  it('the seed’s example, line for line, then a rest', async () => {
    // The seed draws 187 and calls it a draw, but by its own intervals 100-100-100 a draw is 200
    // to 299 (187 is a loss): the same lines with 287.
    const lines = await transcript(
      ['10', '5', '3', '0', '1', '0', '2', '2'],
      [...order(2, 6, 7, 3, 8, 4, 5, 1, 0), { type: 'layers/numberDrawn', number: 287 }],
    );
    expect(lines.slice(0, 23)).toEqual([
      'Enter number of players: 10',
      'How many turns does a player stay in the top layer to win the game: 5',
      'Round 1 turn (move) sequence: 2, 6, 7, 3, 8, 4, 5, 1, 0, 9',
      "Player 2, what's your choice",
      '1. Fight!',
      '2. Rest',
      "3. Look players' status",
      '3',
      'Choose a player (less than 10)',
      '0',
      'Player 0 is in layer 0 and player 0 has 100 experience points',
      "Player 2, what's your choice",
      '1. Fight!',
      '2. Rest',
      "3. Look players' status",
      '1',
      'Choose an available player (0, 1, 3, 4, 5, 6, 7, 8, 9)',
      '0',
      'Win, lose and draw intervals are: 100-100-100',
      'Random number is 287, draw!',
      "Player 0, what's your choice",
      '1. Fight back!',
      '2. Escape',
    ]);
    expect(lines.slice(23)).toEqual([
      '2',
      'Player 0 escapes: nothing changes.',
      "Player 6, what's your choice",
      '1. Fight!',
      '2. Rest',
      "3. Look players' status",
      '2',
      'Your new experience point is 150',
      "Player 7, what's your choice",
      '1. Fight!',
      '2. Rest',
      "3. Look players' status",
      '',
    ]);
  });

  it('refused answers are re-asked with the reason', async () => {
    const lines = await transcript(
      ['9', '10', '0', '3', '1', 'x', '2', '5'],
      [...order(2, 6, 7, 3, 8, 4, 5, 1, 0), { type: 'layers/numberDrawn', number: 0 }],
    );
    expect(lines).toContain('Invalid input: "9" is not 10 to 1000');
    expect(lines).toContain('Invalid input: "0" is not 1 to 100');
    expect(lines).toContain('Invalid input: "x" is not one of 0, 1, 3, 4, 5, 6, 7, 8, 9');
    expect(lines).toContain('Invalid input: "2" is not one of 0, 1, 3, 4, 5, 6, 7, 8, 9');
  });

  it('golden transcript: a whole game of ten computers, seed 4, K = 2', async () => {
    const out: string[] = [];
    const code = await runClassicLayers(typedIO([], out), {
      players: 10,
      turns: 2,
      kinds: Array(10).fill('strong'),
      chanceFor: (options) => layersModule.chance?.seeded(4, options) as never,
      botRandom: seededRandom(4),
      recorderFor: () => NO_RECORDING,
      error: (message) => {
        throw new Error(`the run stopped: ${message}`);
      },
    });
    expect(code).toBe(0);
    const text = out.join('');
    if (regenerate) {
      mkdirSync(join(ROOT, 'fixtures/layers'), { recursive: true });
      writeFileSync(GOLDEN, text);
    }
    expect(text).toBe(readFileSync(GOLDEN, 'utf8'));
    expect(text).toMatch(/wins the game!\n$/);
  });

  it('a whole game of computers from the command line: no input, a winner, a recording that verifies', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-layers-'));
    const record = join(dir, 'game.jsonl');
    const run = spawnSync(
      'node',
      [
        CLI,
        'layers',
        '--players',
        '10',
        '--turns',
        '3',
        '--bots',
        'all',
        '--classic',
        '--seed',
        '4',
        '--record',
        record,
      ],
      { encoding: 'utf8', input: '' },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Enter number of players: 10\n/);
    expect(run.stdout).toMatch(
      /Player \d+ has been on top for 3 turns in a row and wins the game!\n$/,
    );
    expect(readFileSync(record, 'utf8')).toMatch(/"session\/ended"/);
    const verified = spawnSync('node', [CLI, 'verify', record], { encoding: 'utf8' });
    expect(verified.status, verified.stdout + verified.stderr).toBe(0);
  });

  it('without --bots the console seats people in every seat, as the seed’s does (issue 47, 11)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-layers-'));
    const record = join(dir, 'game.jsonl');
    const run = spawnSync(
      'node',
      [
        CLI,
        'layers',
        '--players',
        '10',
        '--turns',
        '1',
        '--classic',
        '--seed',
        '3',
        '--record',
        record,
      ],
      { encoding: 'utf8', input: '' },
    );
    expect(run.status, run.stderr).toBe(0);
    // The first player of the round is asked, and nobody answers for it.
    expect(run.stdout).toMatch(
      /^Round 1 turn \(move\) sequence: (\d+), .*\nPlayer \1, what's your choice\n1\. Fight!\n2\. Rest\n3\. Look players' status\n$/m,
    );
    expect(run.stdout).not.toContain('(computer:');
    // The recording names them people too.
    const header = JSON.parse(readFileSync(record, 'utf8').split('\n')[0] as string);
    expect(header.players).toEqual(
      Array.from({ length: 10 }, (_, p) => ({ name: `Player ${p}`, kind: 'human' })),
    );
  });

  it('seed 7: a player knocked off the top and back starts its count again (issue 28, 4)', () => {
    const run = spawnSync(
      'node',
      [
        CLI,
        'layers',
        '--players',
        '10',
        '--turns',
        '2',
        '--bots',
        'all',
        '--classic',
        '--seed',
        '7',
        '--no-record',
      ],
      { encoding: 'utf8', input: '' },
    );
    expect(run.status, run.stderr).toBe(0);
    // Each count said follows the one before it only when the same player was on top at the end
    // of every turn between (anyone else on top breaks the run).
    let holder = -1;
    let count = 0;
    const said: string[] = [];
    for (const line of run.stdout.split('\n')) {
      const on = /^Player (\d+) is on top of everyone \((\d+) of 2 turns\)\.$/.exec(line);
      const won = /^Player (\d+) has been on top for 2 turns in a row/.exec(line);
      const root = /^Player (\d+) is now a root\.$/.exec(line);
      if (root && Number(root[1]) !== holder) count = 0;
      if (on) {
        count = Number(on[1]) === holder ? count + 1 : 1;
        holder = Number(on[1]);
        expect(Number(on[2]), line).toBe(count);
        said.push(line);
      }
      if (won) expect([Number(won[1]), count + 1]).toEqual([holder, 2]);
    }
    // The game crosses the case: player 5 on top, knocked off by 6, back on top: 1 of 2 again.
    expect(said).toEqual([
      'Player 5 is on top of everyone (1 of 2 turns).',
      'Player 6 is on top of everyone (1 of 2 turns).',
      'Player 5 is on top of everyone (1 of 2 turns).',
    ]);
  });

  it('a person’s game ends the program at its end, though standard input is a pipe left open', async () => {
    // Player 0 a person (it fights its first choice, escapes after a draw), the rest computers.
    const bots = Array.from({ length: 9 }, (_, i) => i + 2).join(',');
    const child = spawn(
      'node',
      [
        CLI,
        'layers',
        '--players',
        '10',
        '--turns',
        '1',
        '--bots',
        bots,
        '--classic',
        '--seed',
        '3',
        '--no-record',
      ],
      { stdio: ['pipe', 'pipe', 'pipe'] },
    );
    let out = '';
    let ended: number | undefined;
    let answers = 0;
    // A computer's prompt comes with its answer: only the person's is left waiting at the end.
    const answer = (text: string) => {
      child.stdin.write(`${text}\n`);
      answers++;
    };
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (ended === undefined && out.includes('wins the game!')) ended = Date.now();
      const choices = /Choose an available player \((\d+)[^)]*\)\n$/.exec(out);
      if (
        out.endsWith("Player 0, what's your choice\n1. Fight!\n2. Rest\n3. Look players' status\n")
      )
        answer('1');
      else if (out.endsWith("Player 0, what's your choice\n1. Fight back!\n2. Escape\n"))
        answer('2');
      else if (choices) answer(choices[1] as string);
    });
    // Standard input is never ended: the program must end by itself when the game does.
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => resolve(-1), 20_000);
      child.on('exit', (status) => {
        clearTimeout(timer);
        resolve(status);
      });
    });
    child.kill('SIGKILL');
    expect(out).toMatch(/wins the game!\n$/);
    expect(answers).toBeGreaterThan(2);
    expect(code).toBe(0);
    expect(Date.now() - (ended ?? 0)).toBeLessThan(15_000);
  }, 30_000);
});
