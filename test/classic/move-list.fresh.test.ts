/**
 * The default console (classic/move-list.ts) through the path --classic and pipes take
 * (cli/run.tsx), in process: the race (test/support/race), which writes no console, placed in
 * the registry on the fresh import and played from scripted lines.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { madang } from '../support/command-line.js';

const scratch = () => mkdtempSync(join(tmpdir(), 'madang-move-list-'));

/** The race placed in the registry of the fresh import, before the command line is built. */
const before = async () => {
  const { register } = await import('../../source/games/index.js');
  const { registeredRace } = await import('../support/race/registered.js');
  register(registeredRace);
};

describe('a game with no console of its own, on the shared move list', () => {
  it('lists the moves in its words, refuses a bad answer with its reason, plays to the end, recorded', async () => {
    const dir = scratch();
    const [dice, file] = [join(dir, 'dice.txt'), join(dir, 'race.jsonl')];
    writeFileSync(dice, '6\n6\n6\n');
    const run = await madang(['race', '--throws', dice, '--record', file, '--no-color'], {
      stdin: 'Ann\nBob\n7\nrun\n1\n2\n1\n',
      before,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(
      'Ann rolled 6.\nAnn to move:\n  1. Ann ran 6 to 6.\n  2. Ann ran 1 to 1.\n',
    );
    expect(run.stdout).toContain('Invalid input: "7" is not a move from 1 to 2, or q to quit\n');
    expect(run.stdout).toContain('Your move? Bob ran 1 to 1.\n');
    expect(run.stdout).toMatch(/Ann ran 6 to 12\.\nThe game is over: Ann won\.\n$/);
    expect(run.stderr).toContain(`recorded in ${file}`);
    expect(readFileSync(file, 'utf8').trim().split('\n').at(-1)).toBe(
      '{"type":"session/ended","outcome":{"status":"won","winner":0}}',
    );
    const verified = await madang(['verify', file], { before });
    expect(verified.stdout).toBe(`${file}: race, 2 players (Ann, Bob), 6 events, Ann won\n`);
  });

  it('a closed standard input mid-game ends it cleanly, the recording unfinished', async () => {
    const dir = scratch();
    const [dice, file] = [join(dir, 'dice.txt'), join(dir, 'race.jsonl')];
    writeFileSync(dice, '6\n6\n6\n');
    const run = await madang(['race', '--throws', dice, '--record', file], {
      stdin: 'Ann\nBob\n1\n',
      before,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(
      /Bob to move:\n {2}1\. Bob ran 6 to 6\.\n {2}2\. Bob ran 1 to 1\.\nYour move\? $/,
    );
    const verified = await madang(['verify', file], { before });
    expect(verified.stdout).toMatch(/race, 2 players \(Ann, Bob\), 3 events, unfinished/);
  });
});
