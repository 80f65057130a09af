/**
 * madang's command line run in this process (main.ts, cli/index.tsx, cli/run.tsx, cli/common.ts):
 * help and version, every refusal's words, verify, a classic game through a pipe byte for byte,
 * a recording made and verified, `ur solve`, and the full screen on a terminal of the test's own.
 * The built program in tmux and pipes is tested in test:slow (test/e2e); these are the same
 * paths in process, so that `npm test` covers them.
 */
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { Exit, Keyboard, madang, Output, screenWhen } from '../support/command-line.js';
import { KEY } from '../support/ink.js';
import { ROOT } from '../support/tmux.js';
import { GAME_IDS } from '../../source/games/cores.js';

// Ink reads CI when it is first imported, and in CI mode draws no frame until the end; the
// program clears CI for a terminal (main.ts) before Ink loads, and so does this file.
vi.hoisted(() => {
  process.env.CI = 'false';
  delete process.env.CONTINUOUS_INTEGRATION;
});

const VERSION = (
  JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }
).version;
const CLASSIC = join(ROOT, 'fixtures', 'classic');
const RECORDINGS = join(ROOT, 'fixtures', 'recordings');
const scratch = () => mkdtempSync(join(tmpdir(), 'madang-cli-'));

describe('help, version and refusals', () => {
  it('--help lists every game, the flags and where the data is kept', async () => {
    const run = await madang(['--help']);
    expect(run.code).toBe(0);
    for (const game of GAME_IDS) expect(run.stdout).toMatch(new RegExp(`^${game} +\\S.*: `, 'm'));
    expect(run.stdout).toContain(
      'madang [game] [options]: traditional board games in the terminal',
    );
    expect(run.stdout).toMatch(/--data-dir +where accounts, saves and recordings are kept/);
    // MADANG_DATA_DIR is set for the tests (vitest.config.ts): --help says that is why.
    // (yargs wraps a long path onto a line of its own: the words are read as one line.)
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(
      `now ${process.env.MADANG_DATA_DIR} (from MADANG_DATA_DIR)`,
    );
    expect(run.stderr).toBe('');
  });

  it('--data-dir as given is the one --help names', async () => {
    const dir = scratch();
    const run = await madang(['--data-dir', dir, '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout.replace(/\s+/g, ' ')).toContain(`now ${dir} (given by --data-dir)`);
  });

  it('a game has its own help; the program its version (through main.ts, as the bundle)', async () => {
    const help = await madang(['ur', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--stones');
    const version = await madang(['--version'], { entry: 'main' });
    expect(version).toEqual({ code: 0, stdout: `${VERSION}\n`, stderr: '' });
  });

  it('an unknown flag: one line naming it and where to look, exit code 2', async () => {
    const run = await madang(['--frobnicate']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr: 'madang: --frobnicate is not an option of madang (see madang --help)\n',
    });
    const two = await madang(['yut', '--frobnicate', '-z']);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe(
      'madang: --frobnicate, -z are not options of Yut Nori (see madang yut --help)\n',
    );
  });

  it("madang serve's help lists only what a server reads, and a game's flags are refused there", async () => {
    const help = await madang(['serve', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('--redis');
    expect(help.stdout).toContain('--seed');
    for (const flag of [
      '--throws',
      '--record',
      '--replay',
      '--resume',
      '--bots',
      '--level',
      '--classic',
    ])
      expect(help.stdout).not.toContain(flag);
    const run = await madang(['serve', '--throws', 'throws.txt']);
    expect(run).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'madang: --throws is for a game at this keyboard, not for madang serve (see madang serve --help)\n',
    });
  });

  it("a game's flag without its game says whose it is", async () => {
    const run = await madang(['--stones', '3']);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      'madang: --stones is not an option of madang itself: it belongs to a game (madang ur --stones …)\n',
    );
  });

  it('replay and verify without files say what they need', async () => {
    const replay = await madang(['replay']);
    expect(replay.code).toBe(2);
    expect(replay.stderr).toBe(
      `madang: replay needs a recording to watch: madang replay FILE (recordings are kept in ${join(process.env.MADANG_DATA_DIR as string, 'recordings')})\n`,
    );
    const verify = await madang(['verify']);
    expect(verify.code).toBe(2);
    expect(verify.stderr).toBe(
      'madang: verify needs one or more recordings: madang verify FILE…\n',
    );
  });

  it('bad values: --seed, --record over a file, --throws for a game without throws, --bots', async () => {
    const seed = await madang(['yut', '--seed', '1.5']);
    expect(seed).toMatchObject({ code: 2, stderr: 'madang: --seed takes a whole number\n' });
    const taken = join(RECORDINGS, 'short.jsonl');
    const record = await madang(['yut', '--record', taken]);
    expect(record).toMatchObject({
      code: 2,
      stderr: `madang: cannot record there: ${taken} already exists, and a recording is never written over (choose another --record FILE, or --no-record)\n`,
    });
    const throws = await madang(['yote', '--throws', join(CLASSIC, 'two-players-win.throws')]);
    expect(throws).toMatchObject({
      code: 2,
      stderr: 'madang: Yoté has no throws or rolls: --throws does not apply\n',
    });
    const missing = await madang(['yut', '--throws', join(scratch(), 'gone.txt')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^madang: .*gone\.txt.*\n$/);
    const bots = await madang(['yut', '--bots', '9']);
    expect(bots.code).toBe(2);
    expect(bots.stderr).toBe('madang: --bots takes seat numbers 1 to 4, such as 2,4, or all\n');
  });
});

describe('verify', () => {
  it('one line per recording, exit 0 when all hold', async () => {
    const run = await madang([
      'verify',
      join(RECORDINGS, 'short.jsonl'),
      join(RECORDINGS, 'unfinished.jsonl'),
    ]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(
      `${join(RECORDINGS, 'short.jsonl')}: yut, 2 players (Noah, Liam), 47 events, Liam won`,
    );
    expect(lines[1]).toMatch(/unfinished\.jsonl: yut, .*unfinished, .+ to play$/);
    expect(run.stderr).toBe('');
  });

  it('a game of a hundred players: its line names the first few and counts the rest', async () => {
    const file = join(scratch(), 'hundred.jsonl');
    const played = await madang([
      'layers',
      '--players',
      '100',
      '--turns',
      '1',
      '--bots',
      'all',
      '--classic',
      '--seed',
      '1',
      '--record',
      file,
    ]);
    expect(played.code).toBe(0);
    const run = await madang(['verify', file]);
    expect(run.code).toBe(0);
    // It listed all hundred names on the one line (1,200 columns).
    expect(run.stdout).toMatch(
      /^.*hundred\.jsonl: layers, 100 players \(Player 0, Player 1, Player 2, Player 3, Player 4 and 95 more\), \d+ events, [^,]+\n$/,
    );
  });

  it('exit 1 for a recording the rules refuse, 2 for a file that is not one', async () => {
    const dir = scratch();
    const tampered = join(dir, 'tampered.jsonl');
    const lines = readFileSync(join(RECORDINGS, 'short.jsonl'), 'utf8').split('\n');
    // The second throw's move made from a point no piece stands on.
    lines[4] = '{"type":"yut/pieceMoved","from":7,"result":"geol"}';
    writeFileSync(tampered, lines.join('\n'));
    const refused = await madang(['verify', tampered, join(RECORDINGS, 'short.jsonl')]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(`madang: ${tampered}:5: Liam has no piece at 7.\n`);
    expect(refused.stdout).toContain('short.jsonl: yut, 2 players');
    const junk = join(dir, 'junk.jsonl');
    writeFileSync(junk, 'not a recording\n');
    const unreadable = await madang(['verify', junk, tampered]);
    expect(unreadable.code).toBe(2);
    expect(unreadable.stderr).toContain('junk.jsonl');
    expect(unreadable.stdout).toBe('');
  });
});

describe('a classic game through a pipe (run.tsx)', () => {
  const answers = readFileSync(join(CLASSIC, 'two-players-win.answers'), 'utf8');
  const throws = join(CLASSIC, 'two-players-win.throws');

  it('the golden transcript byte for byte: coloured (FORCE_COLOR is set) and with --no-color', async () => {
    const coloured = await madang(['yut', '--throws', throws, '--no-record'], { stdin: answers });
    expect(coloured.stderr).toBe('');
    expect(coloured.code).toBe(0);
    expect(coloured.stdout).toBe(
      readFileSync(join(CLASSIC, 'two-players-win.colour.transcript'), 'utf8'),
    );
    const plain = await madang(['yut', '--throws', throws, '--no-record', '--no-color'], {
      stdin: answers,
    });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(readFileSync(join(CLASSIC, 'two-players-win.transcript'), 'utf8'));
  });

  it('a seeded game recorded where asked, and the recording passes verify', async () => {
    const file = join(scratch(), 'classic-game.jsonl');
    const run = await madang(['--seed', '5', '--record', file, '--no-color'], {
      stdin: '1\n2\n1\n0\ngae\n',
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`recorded in ${file}`);
    const verified = await madang(['verify', file]);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(
      /yut, 2 players \(Player 0, Player 1\), \d+ events, unfinished/,
    );
  });

  it('computers play a whole Ur game with no input, into the data directory given', async () => {
    const dir = scratch();
    const run = await madang(
      ['ur', '--bots', 'all', '--level', 'greedy', '--seed', '9', '--data-dir', dir],
      { stdin: '' },
    );
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^CPU 1 you will play as white\.\nCPU 2 you will play as black\.\n/);
    expect(run.stdout).toMatch(/CPU \d wins!\n$/);
    const [recording] = readdirSync(join(dir, 'recordings'));
    expect(recording).toMatch(/\.jsonl$/);
    expect(run.stderr).toContain(join(dir, 'recordings', recording as string));
  });

  it('--bots with a level per seat: one level against another, recorded so; a bad level named (issue 47, 14)', async () => {
    const dir = scratch();
    const file = join(dir, 'mixed.jsonl');
    const run = await madang(
      ['ur', '--bots', '1:random,2:greedy', '--seed', '9', '--record', file, '--data-dir', dir],
      { stdin: '' },
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/CPU \d wins!\n$/);
    const header = JSON.parse(readFileSync(file, 'utf8').split('\n')[0] as string);
    expect(header.players).toEqual([
      { name: 'CPU 1', kind: 'bot', level: 'random' },
      { name: 'CPU 2', kind: 'bot', level: 'greedy' },
    ]);
    const bad = await madang(['yut', '--bots', '2:perfect,3:strong']);
    expect(bad).toMatchObject({
      code: 2,
      stderr:
        'madang: --bots 2:perfect: "perfect" is not a level here; a seat takes random, greedy, strong, expert\n',
    });
    // A perfect seat given so is checked for its table as --level perfect is.
    const perfect = await madang(['ur', '--bots', '2:perfect', '--data-dir', scratch()], {
      stdin: '',
    });
    expect(perfect).toMatchObject({
      code: 2,
      stderr:
        'madang: perfect needs a solved table for 7 stones: build it with madang ur solve --stones 7\n',
    });
    const help = await madang(['yut', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain('such as 2,4 or 2:greedy,4:strong');
  });

  it('a replay or a resume needs a terminal: said, exit 2', async () => {
    const run = await madang(['replay', join(RECORDINGS, 'short.jsonl')]);
    expect(run).toMatchObject({
      code: 2,
      stderr:
        'madang: the replay viewer needs a terminal, and standard input or output is not one\n',
    });
    const resume = await madang(['--resume', join(RECORDINGS, 'unfinished.jsonl')]);
    expect(resume.code).toBe(2);
    expect(resume.stderr).toContain('the resumed game needs a terminal');
  });
});

describe('madang ur solve', () => {
  it('solves two stones into the data directory: the table, and the chance of the first roller', async () => {
    const dir = scratch();
    const run = await madang(['ur', 'solve', '--stones', '2', '--data-dir', dir]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain('with perfect play, White (rolling first) wins 51.68% of games');
    expect(run.stderr).toMatch(/solved 2 stones \(12,869 positions with one side to roll\)/);
    const tables = readdirSync(join(dir, 'ur-tables'));
    expect(tables.length).toBeGreaterThan(0);
    // Again: the table is there already, and says so without solving.
    const again = await madang(['ur', 'solve', '--stones', '2', '--data-dir', dir]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain('51.68%');
    expect(readdirSync(join(dir, 'ur-tables'))).toEqual(tables);
  });

  it('refuses stones out of range', async () => {
    const run = await madang(['ur', 'solve', '--stones', '9', '--data-dir', scratch()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('madang: --stones takes a whole number from 2 to 7\n');
  });
});

describe("madang users add (Yut's accounts)", () => {
  it('two lines from a pipe: the account added, hashed; then the same ID refused', async () => {
    const dir = scratch();
    const run = await madang(['users', 'add', 'Mina', '--data-dir', dir], {
      stdin: 'sesame12\nsesame12\n',
    });
    const file = join(dir, 'user_info.txt');
    expect(run).toEqual({
      code: 0,
      stdout: '',
      stderr: `madang: Mina can log in now (${file})\n`,
    });
    const accounts = readFileSync(file, 'utf8');
    expect(accounts).toMatch(/^Mina /m);
    expect(accounts).not.toContain('sesame12');
    const again = await madang(['users', 'add', 'Mina', '--data-dir', dir], {
      stdin: 'other1\nother1\n',
    });
    expect(again).toMatchObject({
      code: 2,
      stderr: `madang: Mina already has an account in ${file}\n`,
    });
    expect(readFileSync(file, 'utf8')).toBe(accounts);
  });

  it('passwords that differ, or none, write nothing', async () => {
    const dir = scratch();
    const differ = await madang(['users', 'add', 'Ola', '--data-dir', dir], {
      stdin: 'abc123\nabc124\n',
    });
    expect(differ).toMatchObject({
      code: 2,
      stderr: 'madang: the two passwords differ; nothing was written\n',
    });
    const none = await madang(['users', 'add', 'Ola', '--data-dir', dir], { stdin: '' });
    expect(none).toMatchObject({
      code: 2,
      stderr: 'madang: no password given; nothing was written\n',
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it('at a terminal: asked twice without echo, Backspace mends, Ctrl+C stops', async () => {
    const dir = scratch();
    const keyboard = new Keyboard();
    const terminal = new Output(true);
    const run = madang(['users', 'add', 'Jo', '--data-dir', dir], {
      stdin: keyboard,
      stdout: terminal,
    });
    // Each answer typed once its prompt is there: the second prompt comes after the first Enter.
    await vi.waitFor(() => expect(keyboard.listenerCount('data')).toBe(1));
    keyboard.press('pass9x');
    keyboard.press('\x7f1\r');
    await vi.waitFor(() => expect(keyboard.listenerCount('data')).toBe(1));
    keyboard.press('pass91\r');
    const added = await run;
    expect(added.code).toBe(0);
    expect(added.stderr).toBe(
      `Password: \nPassword again: \nmadang: Jo can log in now (${join(dir, 'user_info.txt')})\n`,
    );
    expect(terminal.text).toBe('');

    const stopped = madang(['users', 'add', 'Kim', '--data-dir', dir], {
      stdin: keyboard,
      stdout: new Output(true),
    });
    await vi.waitFor(() => expect(keyboard.listenerCount('data')).toBe(1));
    keyboard.press('se\x03');
    expect(await stopped).toMatchObject({
      code: 130,
      stderr: 'Password: \nmadang: interrupted; nothing was written\n',
    });
    expect(readFileSync(join(dir, 'user_info.txt'), 'utf8')).not.toMatch(/^Kim /m);
    expect(readFileSync(join(dir, 'user_info.txt'), 'utf8')).toMatch(/^Jo /m);
  });
});

describe('the full screen on a terminal (run.tsx)', () => {
  it('madang replay FILE: the alternate screen, the game, q, and the terminal given back', async () => {
    const terminal = new Output(true, 80, 24);
    const keyboard = new Keyboard();
    const run = madang(['replay', join(RECORDINGS, 'short.jsonl')], {
      stdin: keyboard,
      stdout: terminal,
    });
    const frame = await screenWhen(terminal, (f) => f.includes('Noah') && f.includes('Liam'));
    expect(frame).not.toContain('Unknown');
    keyboard.press(KEY.End as string);
    await screenWhen(terminal, /Liam wins|wins/);
    keyboard.press('q');
    const ended = await run;
    expect(ended.code).toBe(0);
    expect(ended.stderr).toBe('');
    expect(terminal.chunks[0]).toBe('\x1b[?1049h\x1b[2J\x1b[H\x1b[?25l');
    expect(terminal.text.endsWith('\x1b[H\x1b[2J\x1b[?25h\x1b[?1049l')).toBe(true);
  });

  it('the menu first, with every game; a bad --bot-delay refused before the screen opens', async () => {
    const terminal = new Output(true, 80, 24);
    const keyboard = new Keyboard();
    const run = madang(['--no-record'], { stdin: keyboard, stdout: terminal, entry: 'main' });
    const menu = await screenWhen(terminal, 'Royal Game of Ur');
    expect(menu).toContain('Yut Nori');
    keyboard.press('q');
    expect((await run).code).toBe(0);
    const bad = await madang(['--bot-delay', '-5'], {
      stdin: new Keyboard(),
      stdout: new Output(true),
    });
    expect(bad).toMatchObject({
      code: 2,
      stderr: 'madang: --bot-delay takes milliseconds (0 or more)\n',
    });
  });

  it('a game played and quit is recorded where asked and said so; --resume goes on with it', async () => {
    const file = join(scratch(), 'game.jsonl');
    const terminal = new Output(true, 80, 24);
    const keyboard = new Keyboard();
    const run = madang(['yut', '--seed', '11504', '--record', file], {
      stdin: keyboard,
      stdout: terminal,
    });
    await screenWhen(terminal, 'Start the game');
    keyboard.press(KEY.Up as string);
    await screenWhen(terminal, /▸ *Start the game/);
    keyboard.press(KEY.Enter as string);
    await screenWhen(terminal, '▶ R Player 1 to throw');
    keyboard.press(' ');
    await screenWhen(terminal, 'Player 1 threw gae');
    keyboard.press(KEY.Enter as string);
    const moved = await screenWhen(terminal, '▶ B Player 2 to throw');
    // The log's line wraps in the 80-column panel.
    expect(moved).toContain('│ Player 1 moved a new piece');
    expect(moved).toContain('│   to 2 with gae.');
    keyboard.press('q');
    await screenWhen(terminal, 'Quit this game?');
    keyboard.press('y');
    expect(await run).toEqual({
      code: 0,
      stdout: terminal.text,
      stderr: `madang: the unfinished game was recorded in ${file} (go on with: madang --resume ${file})\n`,
    });

    const again = new Output(true, 80, 24);
    const resumed = madang(['--resume', file], { stdin: keyboard, stdout: again });
    const goesOn = await screenWhen(again, 'The game goes on where it');
    expect(goesOn).toContain('▶ B Player 2 to throw');
    keyboard.press('q');
    await screenWhen(again, 'Quit this game?');
    keyboard.press('y');
    const ended = await resumed;
    expect(ended.code).toBe(0);
    expect(ended.stderr).toContain(`the unfinished game was recorded in ${file}`);
    const verified = await madang(['verify', file]);
    expect(verified.code).toBe(0);
    expect(verified.stdout).toMatch(
      /yut, 2 players \(Player 1, Player 2\), \d+ events, unfinished/,
    );
  });

  it('a finished recording cannot be resumed: said, before the screen opens', async () => {
    const terminal = new Output(true, 80, 24);
    const run = await madang(['--resume', join(RECORDINGS, 'short.jsonl')], {
      stdin: new Keyboard(),
      stdout: terminal,
    });
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^madang: .*short\.jsonl.*\n$/);
    expect(terminal.text).toBe('');
  });
});

describe('main.ts', () => {
  it('a reader that goes away (EPIPE) ends the program quietly; other errors are not hidden', async () => {
    const out = new Output(false);
    await madang(['--version'], { entry: 'main', stdout: out });
    const [onError] = out.listeners('error') as ((error: NodeJS.ErrnoException) => void)[];
    expect(onError).toBeDefined();
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Exit(Number(code));
    });
    try {
      expect(() => onError?.(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toThrow(
        new Exit(0),
      );
      expect(exit).toHaveBeenCalledWith(0);
      expect(() => onError?.(Object.assign(new Error('disk full'), { code: 'ENOSPC' }))).toThrow(
        'disk full',
      );
      expect(exit).toHaveBeenCalledTimes(1);
    } finally {
      exit.mockRestore();
    }
  });

  it('a terminal at both ends is not a CI log: CI goes before Ink is loaded', async () => {
    const before = process.env.CI;
    process.env.CI = 'true';
    try {
      const run = await madang(['--version'], {
        entry: 'main',
        stdin: new Keyboard(),
        stdout: new Output(true),
      });
      expect(run.code).toBe(0);
      expect(process.env.CI).toBeUndefined();
      process.env.CI = 'true';
      // Through a pipe it is left as it is.
      await madang(['--version'], { entry: 'main' });
      expect(process.env.CI).toBe('true');
    } finally {
      process.env.CI = before;
    }
  });
});
