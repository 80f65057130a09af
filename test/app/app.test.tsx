import {
  copyFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../source/app/App.js';
import { menuItems } from '../../source/app/app-model.js';
import { GAMES } from '../../source/games/index.js';
import { listRecordings } from '../../source/storage/catalogue.js';
import { openRecording } from '../../source/storage/load.js';
import { appOptions } from '../support/app.js';
import { lookup } from '../support/games.js';
import { ROOT } from '../support/tmux.js';
import { frameWhen, plain, press, renderSized } from '../support/ink.js';

let cleanup: (() => void) | undefined;
/** The menu's rows as the registry makes them; number keys choose by position. */
const labels = menuItems(GAMES).map((i) => i.label);
const keyOf = (label: string) => String(labels.indexOf(label) + 1);
afterEach(() => cleanup?.());

describe('<App>', () => {
  it('opens on the main menu, goes to setup, starts a game and throws', async () => {
    const r = render(<App options={appOptions({ seed: 7 })} />);
    cleanup = r.unmount;
    const menu = plain(r.lastFrame());
    expect(labels.slice(0, 3)).toEqual(['Yut Nori', 'Yut Nori · advanced', 'Royal Game of Ur']);
    expect(labels.slice(-3)).toEqual(['Recordings', 'Help', 'Quit']);
    // The first nine are numbered (a key is one digit); the rest are chosen with the arrows.
    labels.forEach((label, i) =>
      expect(menu).toMatch(i < 9 ? `${i + 1}. ${label}` : new RegExp(`(q\\.|\\s{2}) ${label}`)),
    );
    await press(r.stdin, '\r');
    const has = (text: string) => (frame: string) => frame.includes(text);
    expect(await frameWhen(r.lastFrame, has('new game'))).toContain('Yut Nori · new game');
    // Down to the Start row (players, pieces, two names, start), then Enter.
    await press(r.stdin, '\x1b[A', '\r');
    expect(await frameWhen(r.lastFrame, has('to throw'))).toContain('▶ R Player 1 to throw');
    await press(r.stdin, ' ');
    const thrown = /Player 1 threw (back-do|do|gae|geol|yut|mo)/;
    expect(await frameWhen(r.lastFrame, (f) => thrown.test(f))).toMatch(thrown);
  });

  it('a game command whose flags settle the setup starts the game at once; otherwise the setup', async () => {
    const settled = render(
      <App
        options={appOptions({
          opening: { kind: 'entry', entry: 'yut' },
          settings: { players: 3, pieces: 2 },
          kinds: ['human', 'human', 'strong'],
        })}
      />,
    );
    cleanup = settled.unmount;
    const playing = await frameWhen(settled.lastFrame, (f) => f.includes('to throw'));
    expect(playing).toContain('▶ R Player 1 to throw');
    expect(playing).toMatch(/G CPU 3 +2 +0 strong/);
    settled.unmount();
    const partly = render(
      <App
        options={appOptions({ opening: { kind: 'entry', entry: 'yut' }, settings: { players: 3 } })}
      />,
    );
    cleanup = partly.unmount;
    const setup = await frameWhen(partly.lastFrame, (f) => f.includes('new game'));
    expect(setup).toContain('Yut Nori · new game');
    expect(setup).toMatch(/Players +◀ 3 ▶/);
  });

  it('the help screen returns to the menu on any key', async () => {
    const r = render(<App options={appOptions()} />);
    cleanup = r.unmount;
    await press(r.stdin, keyOf('Help'));
    // The help page's own title: a wait for 'help' alone could read the menu it was asked from.
    expect(await frameWhen(r.lastFrame, (f) => f.includes('madang · help'))).toContain(
      'In every game',
    );
    await press(r.stdin, 'x');
    // The menu's numbered row, which the help page does not have.
    expect(await frameWhen(r.lastFrame, (f) => f.includes('1. Yut Nori'))).not.toContain(
      'madang · help',
    );
  });
});

describe('<App> with recordings', () => {
  const folderOf = (names: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'madang-browser-'));
    names.forEach((name, i) => {
      copyFileSync(join(ROOT, 'fixtures/recordings', name), join(dir, name));
      utimesSync(join(dir, name), 1000 + i, 1000 + i);
    });
    return dir;
  };
  const browsing = (dir: string) =>
    appOptions({
      recordings: {
        list: () => listRecordings(dir, lookup),
        open: (file, mode) => openRecording(file, mode, lookup),
      },
    });

  it('the menu’s recordings entry lists them; Enter watches one, and leaving returns to the list', async () => {
    const r = render(<App options={browsing(folderOf(['short.jsonl', 'unfinished.jsonl']))} />);
    cleanup = r.unmount;
    await press(r.stdin, keyOf('Recordings'));
    const list = await frameWhen(r.lastFrame, (f) => f.includes('2 recordings'));
    // Newest first: the unfinished game, then the short one.
    expect(list).toMatch(/▸ 2026-01-01 \d\d:00 Yut Nori +Ethan, Olivia, Liam +38 steps unfinished/);
    expect(list).toMatch(/ {3}2026-01-01 \d\d:00 Yut Nori +Noah, Liam +\d+ steps Liam won/);
    await press(r.stdin, '\x1b[B', '\r');
    // The replay's own first line (the list shows Noah too, so a wait for Noah could read it).
    const replay = await frameWhen(r.lastFrame, (f) => f.includes('The start of the game.'));
    expect(replay).toContain('Noah');
    expect(replay).not.toContain('Recordings ·');
    await press(r.stdin, 'q');
    const back = await frameWhen(r.lastFrame, (f) => f.includes('Recordings ·'));
    // Back on the row it left.
    expect(back).toMatch(/▸ 2026-01-01 \d\d:00 Yut Nori +Noah, Liam/);
    await press(r.stdin, '\x1b');
    const menu = await frameWhen(r.lastFrame, (f) => f.includes('1. Yut Nori'));
    expect(menu).toContain(`▸ ${keyOf('Recordings')}. Recordings`);
    expect(menu).not.toContain('Recordings ·');
  });

  it('r resumes an unfinished game; a finished one says Enter watches it', async () => {
    const r = render(<App options={browsing(folderOf(['short.jsonl', 'unfinished.jsonl']))} />);
    cleanup = r.unmount;
    await press(r.stdin, keyOf('Recordings'));
    await frameWhen(r.lastFrame, (f) => f.includes('2 recordings'));
    await press(r.stdin, '\x1b[B', 'r');
    expect(await frameWhen(r.lastFrame, (f) => f.includes('over'))).toContain(
      'That game is over: Enter watches it.',
    );
    await press(r.stdin, '\x1b[A', 'r');
    const playing = await frameWhen(r.lastFrame, (f) => f.includes('goes on'));
    expect(playing).toContain('The game goes on where it was left');
  });

  /** The fixture less its last move, resumed from the browser: Liam has thrown geol, to move. */
  async function resumedAfterThrow(columns: number, rows: number) {
    const dir = mkdtempSync(join(tmpdir(), 'madang-browser-'));
    const lines = readFileSync(join(ROOT, 'fixtures/recordings/unfinished.jsonl'), 'utf8')
      .trimEnd()
      .split('\n');
    writeFileSync(join(dir, 'thrown.jsonl'), `${lines.slice(0, -1).join('\n')}\n`);
    const r = renderSized(<App options={browsing(dir)} />, columns, rows);
    cleanup = r.unmount;
    await press(r.stdin, keyOf('Recordings'));
    await frameWhen(r.lastFrame, (f) => f.includes('1 recording '));
    await press(r.stdin, 'r');
    const frame = plain(await frameWhen(r.lastFrame, (f) => f.includes('goes on')));
    return { r, frame };
  }

  /** The panel's rows, right of the board, from its top border (row 0). */
  const panelRows = (frame: string) => {
    const lines = frame.split('\n');
    const top = lines.findIndex((l) => l.includes('╮╭'));
    return lines.slice(top).map((l) => l.split('││').at(-1) ?? '');
  };

  it.each([
    [80, 24],
    [120, 40],
  ] as const)(
    'at %i×%i a Yut game resumed after a throw keeps its whose-turn line, the note beneath it',
    async (columns, rows) => {
      const { frame } = await resumedAfterThrow(columns, rows);
      const panel = panelRows(frame);
      expect(panel[1]).toMatch(/▶ G Liam to move/);
      const note = [panel[2], panel[3]].join(' ').replace(/[│\s]+/g, ' ');
      expect(note).toContain('Sticks thrown before the game was resumed');
      expect(frame).toContain('Results [geol]');
    },
  );

  it('at 80×24 u at once after the resume says its notice on rows of its own, not one over another', async () => {
    const { r } = await resumedAfterThrow(80, 24);
    await press(r.stdin, 'u');
    const frame = plain(await frameWhen(r.lastFrame, (f) => plain(f).includes('back yet.')));
    const panel = panelRows(frame);
    const at = panel.findIndex((row) => row.includes('Nothing of yours to take'));
    expect(at).toBeGreaterThan(0);
    expect(panel[at + 1]).toMatch(/^ {3}back yet\. +│$/);
    expect(frame).not.toContain('yet.yours');
  });

  it('an empty folder says so, and a file that went away is said in the list', async () => {
    const dir = folderOf(['short.jsonl']);
    const r = render(<App options={browsing(dir)} />);
    cleanup = r.unmount;
    await press(r.stdin, keyOf('Recordings'));
    await frameWhen(r.lastFrame, (f) => f.includes('1 recording '));
    rmSync(join(dir, 'short.jsonl'));
    await press(r.stdin, '\r');
    expect(await frameWhen(r.lastFrame, (f) => f.includes('no such file'))).toContain(
      'short.jsonl: ',
    );
    const empty = render(<App options={browsing(folderOf([]))} />);
    cleanup = () => (r.unmount(), empty.unmount());
    await press(empty.stdin, keyOf('Recordings'));
    expect(await frameWhen(empty.lastFrame, (f) => f.includes('No recordings'))).toContain(
      'No recordings yet. Every game is recorded here as it is played.',
    );
  });
});
