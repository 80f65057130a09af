/**
 * How madang looks, as a person sees it: the built program in tmux (TERM=xterm-256color), and
 * captures with their colour codes (capture-pane -e) of the menu, the recordings browser, the
 * replay's move list, a Yut game, an Ur game, a Yoté game, a Kono game and the replay viewer at
 * 80×24, with colour and with NO_COLOR, compared with fixtures/screens so the look cannot silently
 * regress. `REGENERATE=1` rewrites the captures after a change made on purpose. (Every screen
 * whole at 80×24 and 120×40 is checked in process, by test/app/screens.test.tsx.)
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { fillRecordings } from '../support/recordings.js';
import { CLI, hasTmux, ROOT, Terminal } from '../support/tmux.js';

const regenerate = process.env.REGENERATE === '1';
const SCREENS = join(ROOT, 'fixtures', 'screens');
const SHORT = join(ROOT, 'fixtures', 'recordings', 'short.jsonl');

let terminal: Terminal | undefined;
afterEach(() => terminal?.close());

/** A data folder of recordings for the browser, at a fixed path (the captures show it). */
const BROWSER_DATA = '/tmp/madang-looks-data';
const BROWSER_ENV = { MADANG_DATA_DIR: BROWSER_DATA, TZ: 'UTC' };
function browserFolder(): void {
  rmSync(BROWSER_DATA, { recursive: true, force: true });
  fillRecordings(join(BROWSER_DATA, 'recordings'));
}

/** The captures: each screen at 80×24, coloured and with NO_COLOR. */
const LOOKS: readonly {
  name: string;
  command: string;
  keys: readonly string[];
  shows: string;
  env?: Record<string, string>;
}[] = [
  { name: 'menu', command: '--no-record', keys: [], shows: 'Recordings' },
  {
    // Scrolled a page down, the chosen row in the middle.
    name: 'recordings',
    command: '--no-record',
    keys: ['Up', 'Up', 'Up', 'Enter', 'PageDown'],
    shows: '10–27',
    env: BROWSER_ENV,
  },
  {
    name: 'yut-game',
    command: 'yut --seed 11504 --no-record',
    keys: ['Up', 'Enter', 'Space'],
    shows: 'Player 1 threw gae',
  },
  {
    name: 'ur-game',
    command: 'ur --seed 2055 --no-record',
    keys: ['Up', 'Enter', 'Space'],
    shows: 'Player 1 rolled 1',
  },
  {
    name: 'yote-game',
    command: 'yote --no-record',
    keys: ['Up', 'Enter', 'c', '3', 'Enter', 'd', '3', 'Enter', 'c', '3', 'Enter'],
    shows: 'C3: step to',
  },
  {
    // The chosen piece's steps by their keys, one previewed, and the compass.
    name: 'kono-game',
    command: 'kono --bots 2 --size 5 --seed 8 --no-record',
    keys: ['Up', 'Enter', 'Space', 'Enter', 'Up', 'Up', 'Enter', '3'],
    shows: '3 again or Enter',
  },
  {
    name: 'replay',
    command: `replay ${SHORT}`,
    keys: ['Right', 'Right', 'Right'],
    shows: 'event 3/',
  },
  {
    name: 'replay-moves',
    command: `replay ${SHORT}`,
    keys: ['Right', 'Right', 'Right', 'l'],
    shows: 'Moves · Noah v Liam',
  },
];

describe.runIf(hasTmux)('the look, as captured', () => {
  for (const look of LOOKS) {
    for (const colour of [true, false]) {
      const file = join(SCREENS, `${look.name}${colour ? '' : '.no-color'}.ansi`);
      it(`${look.name}${colour ? '' : ' (NO_COLOR)'} is as captured in fixtures/screens`, async () => {
        if (look.env) browserFolder();
        terminal = new Terminal(
          `node ${CLI} ${look.command}`,
          { columns: 80, rows: 24 },
          { ...look.env, ...(colour ? {} : { NO_COLOR: '1' }) },
        );
        await terminal.waitFor(/\S/);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await terminal.keys(...look.keys);
        await terminal.waitFor(look.shows);
        // The screen settles (Ink draws at most every 32 ms, and a frame comes in pieces).
        const capture = await terminal.settled(true);
        if (regenerate) {
          mkdirSync(SCREENS, { recursive: true });
          writeFileSync(file, capture);
        }
        expect(capture).toBe(readFileSync(file, 'utf8'));
        if (colour) expect(capture).toMatch(/\x1b\[(?:3[1-7]|9[0-7]|38;5;\d+)/);
        else expect(capture).not.toMatch(/\x1b\[(?:3[1-7]|9[0-7]|38;5;\d+)/);
      });
    }
  }
});
