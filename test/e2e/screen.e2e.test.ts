/**
 * The full screen as a person has it, in a real terminal (tmux with TERM=xterm-256color):
 * colour with or without a CI variable, a shrunk window that pauses the game and gives it back,
 * keys typed in a burst across a screen change.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CLI, hasTmux, Terminal } from '../support/tmux.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

/** SGR codes tmux reports for a foreground colour (16 or 256 colours). */
const COLOUR = /\x1b\[(?:3[1-7]|9[0-7]|38;5;\d+)(?:;\d+)*m/;

describe.runIf(hasTmux)('the full screen in a real terminal', () => {
  for (const ci of [undefined, 'true', '1']) {
    it(`has colour, bold and inverse in a colour terminal (CI=${ci ?? 'unset'})`, async () => {
      terminal = new Terminal(
        `node ${CLI} yut --seed 11504 --no-record`,
        undefined,
        ci ? { CI: ci } : {},
      );
      await terminal.waitFor('Start the game');
      await terminal.keys('Up', 'Enter', 'Space');
      await terminal.waitFor('threw');
      const screen = terminal.screen(true);
      expect(screen).toMatch(COLOUR);
      expect(screen).toMatch(/\x1b\[(?:\d+;)*1(?:;\d+)*m/); // bold
      expect(screen).toMatch(/\x1b\[(?:\d+;)*7(?:;\d+)*m/); // inverse: the chosen result
      // The chosen result is marked without colour too.
      expect(terminal.screen()).toMatch(/Results .*\[(do|gae|geol|yut|mo|back-do)(×\d)?\]/);
    });
  }

  it('NO_COLOR: no colour, but bold, inverse and the markers remain', async () => {
    terminal = new Terminal(`node ${CLI} yut --seed 11504 --no-record`, undefined, {
      NO_COLOR: '1',
      CI: 'true',
    });
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter', 'Space');
    await terminal.waitFor('threw');
    const screen = terminal.screen(true);
    expect(screen).not.toMatch(COLOUR);
    expect(screen).toMatch(/\x1b\[(?:\d+;)*7(?:;\d+)*m/);
    expect(terminal.screen()).toMatch(/Results .*\[\w+(-do)?(×\d)?\]/);
  });

  it('a window shrunk below 80×24 pauses the game; enlarged, the game goes on as it was', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-resize-')), 'r.jsonl');
    terminal = new Terminal(`node ${CLI} yut --seed 11504 --record ${file}`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter', 'Space');
    await terminal.waitFor('Player 1 threw gae');
    await terminal.keys('Enter');
    await terminal.waitFor('▶ B Player 2 to throw');
    terminal.resize(60, 20);
    expect(await terminal.waitFor('Make the window')).toContain('It is 60×20 now.');
    terminal.resize(100, 30);
    const back = await terminal.waitFor('to throw');
    expect(back).toContain('▶ B Player 2 to throw');
    expect(back).toContain('Player 1 moved a new piece to 2');
    await terminal.keys('Space');
    await terminal.waitFor('Player 2 threw');
    await terminal.keys('C-c');
    await terminal.waitFor('EXITED');
    const verified = spawnSync(process.execPath, [CLI, 'verify', file], { encoding: 'utf8' });
    expect(verified.status).toBe(0);
    expect(verified.stdout).toMatch(
      /: yut, 2 players \(Player 1, Player 2\), 3 events, unfinished, Player 2 to play\n$/,
    );
  });

  it('quitting after the window was enlarged leaves no piece of the last frame behind', async () => {
    terminal = new Terminal(`echo BEFORE; node ${CLI} yut --players 2 --pieces 4 --no-record`, {
      columns: 80,
      rows: 24,
    });
    await terminal.waitFor('to throw');
    terminal.resize(120, 40);
    await terminal.waitFor(/^.{100,}$/m);
    await terminal.keys('q');
    await terminal.waitFor('Quit this game?');
    await terminal.keys('y');
    await terminal.waitFor(/EXITED \d+/);
    // The shell's screen as it was, and the exit: no row of the board or the question above it.
    const screen = (await terminal.settled()).split('\n').filter((line) => line.trim() !== '');
    expect(screen).toEqual(['BEFORE', 'EXITED 0']);
  });

  it("a session (menu, a game, quit) never erases the terminal's history: no ESC[3J", async () => {
    const tap = join(mkdtempSync(join(tmpdir(), 'madang-history-')), 'screen.raw');
    // Sixty lines in a window of thirty: thirty-one of them are in tmux's history before madang.
    terminal = new Terminal(`seq -f 'history line %g' 1 60; sleep 0.3; node ${CLI}`, {
      columns: 100,
      rows: 30,
    });
    terminal.tap(tap);
    await terminal.waitFor('Yut Nori');
    await terminal.keys('1');
    await terminal.waitFor('Start the game');
    await terminal.keys('Down', 'Down', 'Down', 'Down', 'Down', 'Down', 'Enter');
    const board = await terminal.waitFor('Space throw');
    await terminal.keys('Space');
    await terminal.waitForNew('Space throw', board);
    await terminal.keys('q');
    await terminal.waitFor('Quit this game?');
    await terminal.keys('y');
    await terminal.waitFor('Recordings');
    await terminal.keys('q');
    await terminal.waitFor(/EXITED \d+/);
    const raw = readFileSync(tap, 'latin1');
    expect(raw).toContain('Quit this game?');
    expect(raw.split('\x1b[3J').length - 1, 'ESC[3J in what madang wrote').toBe(0);
    const history = terminal.history();
    for (let n = 1; n <= 60; n++) expect(history).toContain(`history line ${n}\n`);
  });

  it('a replay shrunk and enlarged stays where it was', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'madang-resize-replay-')), 'r.jsonl');
    spawnSync(process.execPath, [
      CLI,
      'yut',
      '--bots',
      'all',
      '--classic',
      '--seed',
      '5',
      '--record',
      file,
    ]);
    terminal = new Terminal(`node ${CLI} replay ${file}`);
    await terminal.waitFor('The start of the game');
    await terminal.keys('Right', 'Right', 'Right');
    expect(await terminal.waitFor('event 3/')).toContain('event 3/');
    terminal.resize(60, 20);
    await terminal.waitFor('Make the window');
    terminal.resize(100, 30);
    expect(await terminal.waitFor('event 3/')).toContain('event 3/');
  });

  it('keys typed in one burst across a screen change are all played (Enter, then Space)', async () => {
    terminal = new Terminal(`node ${CLI} yut --seed 11504 --no-record`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up');
    // Enter starts the game and Space throws, sent as one write.
    terminal.sendRaw('\r ');
    expect(await terminal.waitFor('Player 1 threw')).toContain('Player 1 threw gae');
  });

  it('l shows the whole log, opened at its newest line, scrolls, and any other key returns', async () => {
    terminal = new Terminal(`node ${CLI} yut --seed 11504 --bots 2 --bot-delay 0 --no-record`);
    await terminal.waitFor('Start the game');
    await terminal.keys('Up', 'Enter');
    // Three throws of Player 1, each moved, and the computer's turns between: more log than the
    // panel shows. Each wait is for the screen the key led to, never the one it was pressed on.
    let screen = await terminal.waitFor('▶ R Player 1 to throw');
    for (let thrown = 0; thrown < 3 || !screen.includes('to throw');) {
      if (screen.includes('▶ R Player 1 to throw')) {
        await terminal.keys('Space');
        thrown++;
      } else await terminal.keys('Enter');
      screen = await terminal.waitForNew(/▶ R Player 1 to (throw|move)/, screen);
    }
    await terminal.keys('l');
    const page = await terminal.waitFor('Yut Nori · log');
    const [, top, bottom, total] = /lines (\d+)–(\d+) of (\d+)/.exec(page) ?? [];
    expect(Number(total)).toBeGreaterThan(20);
    expect(bottom).toBe(total);
    expect(page).toContain("Player 1's turn.");
    expect(page).not.toContain('Player 1 to throw.');
    await terminal.keys('PageUp');
    // Ten lines up, or to the first line if fewer are above.
    const up = await terminal.waitFor(`lines ${Math.max(1, Number(top) - 10)}–`);
    expect(Number(top)).toBeGreaterThan(1);
    expect(up).toContain(`of ${total}`);
    await terminal.keys('Home');
    expect(await terminal.waitFor('lines 1–')).toContain('Player 1 to throw.');
    await terminal.keys('x');
    const back = await terminal.waitFor('▶ R Player 1 to throw');
    expect(back).not.toContain('· log');
  });
});
