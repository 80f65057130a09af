/**
 * The perfect level and --stones: the bot plays the table's best move, hints give exact chances,
 * a recording's options carry the stones (seven when absent), and the command line says how to
 * build a missing table in one line.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { stripVTControlCharacters } from 'node:util';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../source/engine/random.js';
import { urBot } from '../../../source/games/ur/bot.js';
import { urModule } from '../../../source/games/ur/index.js';
import {
  perfectProblem,
  rateMoves,
  tableFor,
  urHintNotice,
} from '../../../source/games/ur/perfect.js';
import { readTablesFrom } from '../../../source/games/ur/solved-table.js';
import {
  chance,
  legalEvents,
  reduce,
  setup,
  type UrState,
} from '../../../source/games/ur/rules.js';
import { solveUr } from '../../../source/games/ur/solve-run.js';
import { CLI } from '../../support/tmux.js';

const dir = mkdtempSync(join(tmpdir(), 'madang-ur-perfect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Positions of a two-stone game, played at random to a move. */
function positions(count: number): UrState[] {
  const random = seededRandom(5);
  const out: UrState[] = [];
  let state = setup({ stones: 2 });
  while (out.length < count) {
    const outcomes = chance(state);
    if (outcomes) {
      let r = random.next();
      const pick = outcomes.find((o) => (r -= o.probability) < 0) ?? outcomes[0]!;
      state = reduce(state, pick.event);
    } else if (state.phase === 'move') {
      out.push(state);
      const legal = legalEvents(state);
      state = reduce(state, legal[random.below(legal.length)]!);
    } else state = setup({ stones: 2 });
  }
  return out;
}

describe('the perfect level', () => {
  it('without a table, says how to build it; with one, plays its best move', async () => {
    readTablesFrom(dir);
    const rules = setup({ stones: 2 }).rules;
    expect(perfectProblem(rules)).toBe(
      'perfect needs a solved table for 2 stones: build it with madang ur solve --stones 2',
    );
    expect((await solveUr({ rules, stones: 2, dataDir: dir, threads: 1 })).status).toBe('built');
    expect(perfectProblem(rules)).toBeUndefined();
    const table = tableFor(rules)!;
    const bot = urBot('perfect');
    const random = seededRandom(1);
    for (const state of positions(300)) {
      const rated = rateMoves(table, state);
      const choice = bot.choose(state, random);
      expect(choice.value).toBeCloseTo(rated[0]!.chance, 6);
      const hint = urHintNotice(state, choice.event, 'a reason');
      expect(hint).toMatch(/^Hint: a reason: \d+\.\d% → \d+\.\d%\.$/);
    }
  });
});

describe('the perfect level in the real program', () => {
  it('thinking on the worker thread, it plays the table of --data-dir: every move the best', async () => {
    const data = mkdtempSync(join(dir, 'program-'));
    const rules = setup({ stones: 2 }).rules;
    expect((await solveUr({ rules, stones: 2, dataDir: data, threads: 1 })).status).toBe('built');
    const file = join(data, 'game.jsonl');
    const env = { ...process.env };
    delete env.MADANG_UR_TABLES;
    const run = spawnSync(
      process.execPath,
      [
        CLI,
        'ur',
        '--stones',
        '2',
        '--bots',
        'all',
        '--level',
        'perfect',
        '--classic',
        '--seed',
        '3',
      ],
      { input: '', encoding: 'utf8', env: { ...env, MADANG_DATA_DIR: data }, cwd: data },
    );
    expect(run.status).toBe(0);
    const again = spawnSync(
      process.execPath,
      [
        ...[CLI, 'ur', '--stones', '2', '--bots', 'all', '--level', 'perfect', '--classic'],
        ...['--seed', '3', '--data-dir', data, '--record', file],
      ],
      { input: '', encoding: 'utf8', env },
    );
    expect(again.status).toBe(0);
    const lines = readFileSync(file, 'utf8').trim().split('\n').slice(1);
    readTablesFrom(data);
    const table = tableFor(rules)!;
    let state = setup({ stones: 2 });
    let moves = 0;
    for (const line of lines) {
      const event = JSON.parse(line) as { type: string; stone?: number };
      if (event.type.startsWith('session/')) continue;
      if (event.type === 'ur/stoneMoved') {
        const rated = rateMoves(table, state);
        const chosen = rated.find((m) => m.event.stone === event.stone);
        expect(chosen?.chance).toBeCloseTo(rated[0]!.chance, 6);
        moves++;
      }
      state = reduce(state, event);
    }
    expect(moves).toBeGreaterThan(5);
    expect(state.phase).toBe('over');
  }, 60_000);
});

describe('--stones', () => {
  it('a recording without stones plays seven; other counts are refused with a reason', () => {
    const old = urModule.parseOptions({ extraRollOnRosette: true });
    expect(old.ok && urModule.rules.setup(old.options).stones[0]).toHaveLength(7);
    const three = urModule.parseOptions({ stones: 3 });
    expect(three.ok && urModule.rules.setup(three.options).stones[1]).toHaveLength(3);
    expect(urModule.parseOptions({ stones: 8 })).toEqual({
      ok: false,
      problem: 'The number of stones must be a whole number from 2 to 7.',
    });
  });

  it('on the command line: a computer match of three stones, and --level perfect with no table', () => {
    const empty = mkdtempSync(join(dir, 'empty-'));
    const match = spawnSync(
      process.execPath,
      [CLI, 'ur', '--stones', '3', '--bots', 'all', '--classic', '--seed', '4', '--no-record'],
      { input: '', encoding: 'utf8', env: { ...process.env, MADANG_DATA_DIR: empty } },
    );
    expect(match.status).toBe(0);
    expect(match.stdout).toContain('W2 currently off the board');
    expect(match.stdout).not.toContain('W3');
    const wrong = spawnSync(process.execPath, [CLI, 'ur', '--stones', '9', '--classic'], {
      input: '',
      encoding: 'utf8',
    });
    expect(wrong.status).toBe(2);
    expect(wrong.stderr).toBe('madang: --stones takes a whole number from 2 to 7, not 9\n');
    const perfect = spawnSync(
      process.execPath,
      [CLI, 'ur', '--bots', 'all', '--level', 'perfect', '--classic', '--data-dir', empty],
      { input: '', encoding: 'utf8' },
    );
    expect(perfect.status).toBe(2);
    expect(perfect.stderr).toBe(
      'madang: perfect needs a solved table for 7 stones: build it with madang ur solve --stones 7\n',
    );
  });
});

describe('the setup screen', () => {
  it('shows the stones and perfect as unavailable, with why', async () => {
    const { render } = await import('ink-testing-library');
    const { createElement } = await import('react');
    const { newUrForm, urSetupEntry } = await import('../../../source/games/ur/ui/UrSetup.js');
    const own = {
      board: undefined,
      perfectProblem: (stones: number) =>
        stones === 4 ? 'perfect needs a solved table for 4 stones' : undefined,
    };
    const form = newUrForm(own, ['human', 'perfect'], { stones: 4 });
    const { View } = urSetupEntry(() => own);
    const { lastFrame } = render(createElement(View, { form }));
    const frame = stripVTControlCharacters(lastFrame() ?? '');
    expect(frame).toContain('Stones');
    expect(frame).toContain('4 each');
    expect(frame).toMatch(/the computer \(perfect\) unavailable/);
    expect(frame).toContain('perfect needs a solved table for 4 stones');
  });
});

describe('madang ur solve', () => {
  it('Ctrl+C stops it at once keeping the work; the same command goes on and builds the table', async () => {
    const { spawn } = await import('node:child_process');
    const data = mkdtempSync(join(dir, 'solve-'));
    const args = [CLI, 'ur', 'solve', '--stones', '3', '--data-dir', data];
    const first = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    first.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      // Stopped once the largest group is under way.
      if (/group 6\/6/.test(stderr) && !first.killed) first.kill('SIGINT');
    });
    const code = await new Promise<number | null>((resolve) => first.on('close', resolve));
    expect(code).toBe(130);
    expect(stderr).toContain(
      'madang: stopped; the work so far is kept. Run the same command to go on (madang ur solve --stones 3).',
    );
    const second = spawnSync(process.execPath, args, { encoding: 'utf8' });
    expect(second.status).toBe(0);
    expect(second.stderr).not.toMatch(/group 1\/6/);
    expect(second.stderr).toMatch(/madang: solved 3 stones \(263,121 positions/);
    expect(second.stderr).toContain(
      'madang: with perfect play, White (rolling first) wins 51.50% of games',
    );
    const again = spawnSync(process.execPath, args, { encoding: 'utf8' });
    expect(again.stderr).toMatch(
      /madang: the table is built already: .*ur-historical-3-stones-v1\.table/,
    );
  }, 180_000);

  it('killed outright, it goes on from the groups it finished', async () => {
    const { spawn } = await import('node:child_process');
    const data = mkdtempSync(join(dir, 'killed-'));
    const args = [CLI, 'ur', 'solve', '--stones', '3', '--data-dir', data];
    const first = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    first.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      if (/group 6\/6/.test(stderr) && !first.killed) first.kill('SIGKILL');
    });
    await new Promise((resolve) => first.on('close', resolve));
    const second = spawnSync(process.execPath, args, { encoding: 'utf8' });
    expect(second.status).toBe(0);
    // Groups 1 to 5 were kept: the run starts in the sixth.
    expect(second.stderr).not.toMatch(/group [1-5]\/6/);
    expect(second.stderr).toContain('wins 51.50% of games');
  }, 180_000);
});

describe('what a table costs', () => {
  it('the setup says, beside perfect unavailable, what building its table takes', async () => {
    readTablesFrom(mkdtempSync(join(dir, 'none-')));
    const { render } = await import('ink-testing-library');
    const { createElement } = await import('react');
    const { newUrForm, urSetupEntry } = await import('../../../source/games/ur/ui/UrSetup.js');
    const problem = (stones: number) => perfectProblem(setup({ stones }).rules, undefined, true);
    // It said only that a table was needed: not that seven stones take most of an hour.
    expect(problem(7)).toBe(
      'perfect needs a solved table for 7 stones (about 49 min, 1.7 GiB of memory, 1.1 GB of disk to build): build it with madang ur solve --stones 7',
    );
    expect(problem(3)).toContain('(under a minute, 0.3 GiB of memory, 3 MB of disk to build)');
    // The command line's one line stays as it was.
    expect(perfectProblem(setup({ stones: 7 }).rules)).toBe(
      'perfect needs a solved table for 7 stones: build it with madang ur solve --stones 7',
    );
    const own = { board: undefined, perfectProblem: problem };
    const form = newUrForm(own, ['human', 'perfect'], { stones: 7 });
    const { View } = urSetupEntry(() => own);
    const frame = stripVTControlCharacters(render(createElement(View, { form })).lastFrame() ?? '');
    expect(frame.replace(/(\s*│\s*)+/g, ' ')).toContain('about 49 min, 1.7 GiB of memory, 1.1 GB');
  });
});
