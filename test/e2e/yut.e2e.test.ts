import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, ROOT, Terminal } from '../support/tmux.js';

/** How long a whole game of computers may take to reach its end on a busy machine. */
const GAME_MS = 45_000;

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

/** The board's rows inside its box: row y of the board is pane line top + 1 + y. */
function boardRow(screen: string, y: number): string {
  const lines = screen.split('\n');
  const top = lines.findIndex((line) => line.startsWith('╭'));
  return lines[top + 1 + y] ?? '';
}

describe.runIf(hasTmux)('madang in a real terminal (tmux)', () => {
  it('starts with a fixed seed, throws, moves, shows the piece, quits, and the shell is back', async () => {
    terminal = new Terminal(`node ${CLI} yut --seed 11504`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter');
    expect(await terminal.waitFor('to throw')).toContain('▶ R Player 1 to throw');
    await terminal.keys('Space');
    const thrown = await terminal.waitFor(/Player 1 threw (\S+?)[.:]/);
    const result = /Player 1 threw (\S+?)[.:]/.exec(thrown)?.[1];
    // Seed 11504's first throw is gae (the same seed, the same throws).
    expect(result).toBe('gae');
    expect(boardRow(thrown, 12)).toContain('»R1«');
    await terminal.keys('Enter');
    const moved = await terminal.waitFor('moved a new piece to 2');
    expect(boardRow(moved, 12)).toMatch(/\(R1\) │/);
    expect(moved).toContain('▶ B Player 2 to throw');
    await terminal.keys('q');
    expect(await terminal.waitFor('Quit this game?')).toContain('y: quit');
    await terminal.keys('y');
    const after = await terminal.waitFor('EXITED');
    expect(after).toMatch(/^EXITED 0$/m);
    expect(after).not.toContain('start/finish');
    expect(after).not.toContain('╭');
  });

  it('plays the throws of a script, and Ctrl+C leaves cleanly', async () => {
    terminal = new Terminal(`node ${CLI} yut --throws fixtures/throws/e2e-gae-do.txt --players 2`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter', 'Space');
    expect(await terminal.waitFor('Player 1 threw gae')).toContain('Player 1 threw gae.');
    await terminal.keys('Enter', 'Space');
    const screen = await terminal.waitFor('Player 2 threw do');
    expect(boardRow(screen, 16)).toContain('»B1«');
    await terminal.keys('C-c');
    const after = await terminal.waitFor('EXITED');
    expect(after).toMatch(/^EXITED 0$/m);
    expect(after).not.toContain('╭');
  });

  it('lists the moves of the turn; a number chooses one and Enter plays it', async () => {
    terminal = new Terminal(`node ${CLI} yut --throws fixtures/throws/e2e-yut-gae.txt --players 2`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter', 'Space', 'Space');
    const listed = await terminal.waitFor('2 yut hand→4');
    expect(listed).toContain('▸1 gae hand→2');
    // A number chooses (as Ur's stone numbers do) and Enter plays it.
    await terminal.keys('2');
    expect(await terminal.waitFor('▸2 yut hand→4')).toContain('  → to 4');
    await terminal.keys('Enter');
    // Yut is played from hand; gae is left, from hand or from the piece on 4.
    const after = await terminal.waitFor('moved a new piece to 4 with yut');
    expect(after).toContain('Results [gae]');
    expect(after).toContain('▸1 gae hand→2');
    expect(after).toContain(' 2 gae 4→6');
  });

  it('a computer seat throws and moves by itself, and says why, also in the replay', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-why-')), 'why.jsonl');
    terminal = new Terminal(
      `node ${CLI} yut --seed 11504 --bots 2 --bot-delay 50 --record ${file}`,
    );
    await terminal.waitFor('computer (strong)');
    await terminal.keys('Up', 'Enter', 'Space', 'Enter');
    const screen = await terminal.waitFor(/\(strong: [^)]*/);
    expect(screen).toMatch(/CPU 2 moved .* with \w+\./);
    const reason = /\(strong: (enters|moves|catches|takes|stacks|brings)[^)]*/.exec(screen)?.[0];
    expect(reason).toBeDefined();
    expect(await terminal.waitFor('▶ R Player 1 to throw')).toContain('▶ R Player 1 to throw');
    await terminal.keys('q', 'y');
    await terminal.waitFor('EXITED');
    terminal.close();
    // The reason is recorded after the computer's move, and the replay shows it there.
    expect(readFileSync(file, 'utf8')).toMatch(
      /\n\{"type":"session\/explained","reason":"strong: /,
    );
    terminal = new Terminal(`node ${CLI} replay ${file}`);
    await terminal.waitFor('Turn 1 of');
    await terminal.keys('End');
    const replayed = await terminal.waitFor('(strong: ');
    expect(replayed).toMatch(/CPU 2 moved .* with \w+\./);
    // The seats as recorded: the computer's with its level.
    expect(replayed).toMatch(/B CPU 2 +\d +\d strong/);
    expect(replayed.replace(/\s+/g, ' ')).toContain(
      (reason ?? '?').slice(0, 30).replace(/\s+/g, ' '),
    );
  });

  it('flags that settle the setup start the game at once: --players and --pieces', async () => {
    terminal = new Terminal(`node ${CLI} yut --players 2 --pieces 1 --bots 2 --seed 11504`);
    const screen = await terminal.waitFor('to throw');
    expect(screen).toContain('▶ R Player 1 to throw');
    expect(screen).toMatch(/B CPU 2 +1 +0 strong/);
    expect(screen).not.toContain('Start the game');
  });

  it('at the end, w plays again with the seats swapped, and the next log opens with the score', async () => {
    terminal = new Terminal(
      `node ${CLI} yut --players 2 --pieces 1 --bots all --bot-delay 0 --seed 3 --no-record`,
    );
    // A whole game of computers: on a busy machine (load 20 on two cores) it took over 10 s.
    const first = await terminal.waitFor(/★ [RB] CPU \d wins! ★/, GAME_MS);
    const winner = /★ [RB] (CPU \d) wins! ★/.exec(first)?.[1];
    expect(first).toContain('w seats swapped · a analyse');
    await terminal.keys('w');
    // The second game (computers again) is played at once; its log begins with the score. Its
    // end, not the first game's: the seats are swapped, CPU 2 on red.
    await terminal.waitForNew(/^(?=[\s\S]*R CPU 2 )[\s\S]*★ [RB] CPU \d wins! ★/, first, GAME_MS);
    await terminal.keys('l', 'Home');
    const log = await terminal.waitFor('So far');
    const loser = winner === 'CPU 1' ? 'CPU 2' : 'CPU 1';
    expect(log.replace(/\s+/g, ' ')).toContain(
      winner === 'CPU 1'
        ? `So far, 1 game: ${winner} won 1, ${loser} won 0.`
        : `So far, 1 game: ${loser} won 0, ${winner} won 1.`,
    );
    // Seats swapped: CPU 2 now plays red, first.
    await terminal.keys('x');
    const board = await terminal.waitFor('hand home');
    expect(board).toMatch(/R CPU 2 /);
  }, 120_000);

  it('hot-seat: u takes back the move that ended a turn before the next throw; the recording verifies', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-undo-')), 'undo.jsonl');
    terminal = new Terminal(`node ${CLI} yut --players 2 --pieces 4 --seed 11504 --record ${file}`);
    await terminal.waitFor('Player 1 to throw');
    await terminal.keys('Space', 'Enter');
    expect(await terminal.waitFor('▶ B Player 2 to throw')).toContain('moved a new piece to 2');
    await terminal.keys('u');
    const back = await terminal.waitFor('took back');
    expect(back).toContain('Player 1 took back the move (gae from hand).');
    expect(back).toContain('▶ R Player 1 to move');
    await terminal.keys('Enter', 'q', 'y');
    await terminal.waitFor('EXITED');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    expect(lines.filter((l) => l === '{"type":"session/moveTakenBack"}')).toHaveLength(1);
    const verified = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
    expect(verified.status).toBe(0);
  });

  it('against the computer: u takes back the move with the computer’s reply; the recording verifies', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-undo-')), 'undo.jsonl');
    terminal = new Terminal(
      `node ${CLI} yut --players 2 --pieces 4 --bots 2 --seed 11504 --record ${file}`,
    );
    await terminal.waitFor('Player 1 to throw');
    await terminal.keys('Space', 'Enter');
    // The computer throws and moves by itself; then it is Player 1's turn again (the panel's
    // status line is above its log).
    const replyPlayed = /^(?=[\s\S]*▶ R Player 1 to throw)[\s\S]*CPU 2 (moved|threw)/;
    await terminal.waitFor(replyPlayed);
    await terminal.keys('u');
    const back = await terminal.waitFor('took back');
    // The panel's log wraps the line in two.
    expect(back).toContain('Player 1 took back the move (gae from hand) and');
    expect(back).toContain("CPU 2's reply.");
    expect(back).toContain('▶ R Player 1 to move');
    await terminal.keys('Enter');
    await terminal.waitForNew(replyPlayed, back);
    await terminal.keys('q', 'y');
    await terminal.waitFor('EXITED');
    const lines = readFileSync(file, 'utf8').trim().split('\n');
    // One take-back line for each event of the reply and one for the move.
    const taken = lines.filter((l) => l === '{"type":"session/moveTakenBack"}').length;
    expect(taken).toBeGreaterThanOrEqual(3);
    const verified = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
    expect(verified.stdout).toContain('Player 1, CPU 2');
    expect(verified.status).toBe(0);
  });

  it('asks for a larger window when the board does not fit', async () => {
    terminal = new Terminal(`node ${CLI}`, { columns: 60, rows: 20 });
    const screen = await terminal.waitFor('Make the window');
    expect(screen).toContain('Make the window at least 80×24');
    expect(screen).toContain('It is 60×20 now.');
    expect(screen).not.toContain('start/finish');
  });

  it('respects NO_COLOR', async () => {
    terminal = new Terminal(`node ${CLI} yut --seed 3`, undefined, { NO_COLOR: '1' });
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter', 'Space');
    await terminal.waitFor('Player 1 threw');
    const screen = terminal.screen(true);
    // The screen is there, with its bold, and has no colour.
    expect(screen.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/Player 1 threw \S+/);
    expect(screen).toMatch(/\x1b\[(?:\d+;)*1(?:;\d+)*m/);
    expect(screen).not.toMatch(/\x1b\[(3[1-7]|9[0-7])m/);
  });
});

describe('without a terminal', () => {
  it('speaks the classic protocol instead, and ends cleanly at the end of input', () => {
    const run = spawnSync(process.execPath, [CLI, '--no-record'], { input: '', encoding: 'utf8' });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(
      /^\*{60}\n.*Menu.*\n\*{60}\n1\. game start\n2\. end program\nSelect the function you want : $/,
    );
  });

  it('the replay viewer needs a terminal: a clear message and exit code 2', () => {
    const run = spawnSync(process.execPath, [CLI, 'replay', 'fixtures/recordings/short.jsonl'], {
      input: '',
      encoding: 'utf8',
    });
    expect(run.stderr).toBe(
      'madang: the replay viewer needs a terminal, and standard input or output is not one\n',
    );
    expect(run.status).toBe(2);
  });

  it('bad flags and files get a one-line message and exit code 2', () => {
    const cases: [string[], string][] = [
      [['yut', '--players', '5'], 'madang: --players takes 2, 3 or 4, not 5\n'],
      // A game's flags belong to its command alone.
      [
        ['--players', '3'],
        'madang: --players is not an option of madang itself: it belongs to a game (madang yut --players … or madang layers --players …)\n',
      ],
      [
        ['ur', '--pieces', '3'],
        'madang: --pieces is not an option of Royal Game of Ur (see madang ur --help)\n',
      ],
      [
        ['yut', '--board', 'x.ur'],
        'madang: --board is not an option of Yut Nori (see madang yut --help)\n',
      ],
      [['ur', '--bots', '3'], 'madang: --bots takes seat numbers 1 to 2, such as 2, or all\n'],
      [['yut', '--bots', '5'], 'madang: --bots takes seat numbers 1 to 4, such as 2,4, or all\n'],
      [['--throws', 'no-such-file.txt'], 'madang: no-such-file.txt: no such file\n'],
      // A recording that cannot be written is refused before the game starts.
      [
        ['yut', '--record', 'fixtures'],
        'madang: cannot record there: fixtures is a directory (choose another --record FILE, or --no-record)\n',
      ],
      [
        ['yut', '--record', 'README.md/game.jsonl'],
        `madang: cannot record there: ${ROOT}README.md is not a folder (choose another --record FILE, or --no-record)\n`,
      ],
      [['--bogus'], 'madang: --bogus is not an option of madang (see madang --help)\n'],
    ];
    for (const [args, message] of cases) {
      const run = spawnSync(process.execPath, [CLI, ...args], { input: '', encoding: 'utf8' });
      expect(run.stderr).toBe(message);
      expect(run.status).toBe(2);
    }
  });
});
