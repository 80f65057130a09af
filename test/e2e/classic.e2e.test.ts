import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, ROOT, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

const DIR = join(ROOT, 'fixtures', 'classic');

function pipe(name: string, env: Record<string, string | undefined> = {}, args: string[] = []) {
  const input = readFileSync(join(DIR, `${name}.answers`));
  const base = { ...process.env };
  delete base.FORCE_COLOR;
  return spawnSync(
    process.execPath,
    [CLI, 'yut', '--throws', join(DIR, `${name}.throws`), '--no-record', ...args],
    {
      input,
      encoding: 'utf8',
      env: { ...base, ...env },
    },
  );
}

describe('the classic protocol through pipes (the built program)', () => {
  it('standard input not a terminal: the classic protocol, byte for byte, no colour', () => {
    const run = pipe('three-players-catch');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(readFileSync(join(DIR, 'three-players-catch.transcript'), 'utf8'));
  });

  it('FORCE_COLOR gives the coloured transcript; NO_COLOR and --no-color win over it', () => {
    const coloured = readFileSync(join(DIR, 'four-players-stacking.colour.transcript'), 'utf8');
    const plain = readFileSync(join(DIR, 'four-players-stacking.transcript'), 'utf8');
    expect(coloured).not.toBe(plain);
    expect(pipe('four-players-stacking', { FORCE_COLOR: '1' }).stdout).toBe(coloured);
    expect(pipe('four-players-stacking', { FORCE_COLOR: '1', NO_COLOR: '1' }).stdout).toBe(plain);
    expect(pipe('four-players-stacking', { FORCE_COLOR: '1' }, ['--no-color']).stdout).toBe(plain);
  });

  it('a win, then the menu again, then end program', () => {
    const run = pipe('two-players-win');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /Player 0 win\n\*{60}\n.*Menu.*\n\*{60}\n1\. game start\n2\. end program\nSelect the function you want : $/,
    );
  });

  it('--classic and a throw script that runs out: a clear message and exit code 2', () => {
    const run = spawnSync(
      process.execPath,
      [CLI, 'yut', '--classic', '--throws', join(DIR, 'two-players-win.throws'), '--no-record'],
      {
        input: '1\n2\n1\n0\nmo\n5\nmo\n24\nmo\n19\ngeol\n1\n2\n1\n',
        encoding: 'utf8',
      },
    );
    expect(run.stderr).toMatch(
      /^madang: .*two-players-win\.throws: the throw script ran out \(after line 5, 4 throws\)\n$/,
    );
    expect(run.status).toBe(2);
  });

  it('a seeded game records to the file asked for, and the recording passes verify', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-classic-')), 'classic-game.jsonl');
    const run = spawnSync(process.execPath, [CLI, '--seed', '5', '--record', file], {
      input: '1\n2\n1\n0\ngae\n',
      encoding: 'utf8',
    });
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(`recorded in ${file}`);
    const verified = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(
      /yut, 2 players \(Player 0, Player 1\), \d+ events, unfinished/,
    );
  });
});

describe('the classic consoles record the computer’s reasons, for the replay', () => {
  it.each([
    ['yut', '--players', '2', '--pieces', '1'],
    ['ur'],
    ['yote'],
    ['kono', '--size', '5'],
    ['layers', '--players', '10', '--turns', '1'],
  ])(
    '%s',
    (game, ...flags) => {
      const file = join(mkdtempSync(join(tmpdir(), 'madang-why-')), `${game}.jsonl`);
      const run = spawnSync(
        process.execPath,
        [CLI, game, ...flags, '--bots', 'all', '--classic', '--seed', '3', '--record', file],
        // A whole game at the strong level: Yoté's takes 5 s of an idle machine, a minute of a busy one.
        { input: '', encoding: 'utf8', timeout: 110_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      const lines = readFileSync(file, 'utf8').trim().split('\n');
      const reasons = lines.filter((l) => l.startsWith('{"type":"session/explained"'));
      expect(reasons.length).toBeGreaterThan(0);
      expect(reasons[0]).toMatch(/"reason":"strong: \S/);
      // Each follows the move it explains, and the recording still verifies.
      const verified = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
      expect(verified.status, verified.stderr).toBe(0);
    },
    120_000,
  );
});

describe.runIf(hasTmux)('the classic protocol in a terminal', () => {
  it("Ctrl+D at a prompt: the recording's line starts on a line of its own, as a shell's", async () => {
    terminal = new Terminal(`node ${CLI} yut --classic --seed 3`);
    await terminal.waitFor('Select the function you want :');
    await terminal.keys('1', 'Enter', '2', 'Enter', '2', 'Enter');
    await terminal.waitFor('Yut : gae mo');
    await terminal.keys('0', 'Enter', 'gae', 'Enter');
    await terminal.waitFor('Piece : 0 2');
    await terminal.keys('C-d');
    await terminal.waitFor('EXITED 0');
    // The terminal does not echo Ctrl+D: the program ends the prompt's line itself.
    expect(terminal.joined()).toMatch(
      /\n>> position : *\nmadang: the unfinished game was recorded in \S+ \(go on with: madang --resume \S+\)\nEXITED 0\n/,
    );
  });
});
