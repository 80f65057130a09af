import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../source/app/App.js';
import { menuItems } from '../../source/app/app-model.js';
import { GAMES } from '../../source/games/index.js';
import { appOptions } from '../support/app.js';
import { frameWhen, plain, press } from '../support/ink.js';

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
    expect(labels.slice(-3)).toEqual(['Replay a recording', 'Help', 'Quit']);
    // The first nine are numbered (a key is one digit); the rest are chosen with the arrows.
    labels.forEach((label, i) =>
      expect(menu).toMatch(i < 9 ? `${i + 1}. ${label}` : new RegExp(`(q\\.|\\s{2}) ${label}`)),
    );
    await press(r.stdin, '\r');
    const has = (text: string) => (frame: string) => frame.includes(text);
    expect(await frameWhen(r.lastFrame, has('new game'))).toContain('Yut Nori · new game');
    // Down to the Start row (players, pieces, two names, start), then Enter.
    await press(r.stdin, '\x1b[A', '\r');
    expect(await frameWhen(r.lastFrame, has('to throw'))).toContain('▶ R Player 0 to throw');
    await press(r.stdin, ' ');
    const thrown = /Player 0 threw (back-do|do|gae|geol|yut|mo)/;
    expect(await frameWhen(r.lastFrame, (f) => thrown.test(f))).toMatch(thrown);
  });

  it('the help screen returns to the menu on any key', async () => {
    const r = render(<App options={appOptions()} />);
    cleanup = r.unmount;
    await press(r.stdin, keyOf('Help'));
    expect(await frameWhen(r.lastFrame, (f) => f.includes('help'))).toContain('madang · help');
    await press(r.stdin, 'x');
    expect(await frameWhen(r.lastFrame, (f) => f.includes('Yut Nori'))).toContain('1. Yut Nori');
  });
});

describe('<App> with recordings', () => {
  it('the menu’s replay entry says so when there are no recordings', async () => {
    const r = render(
      <App
        options={appOptions({ latestRecording: async () => 'No recordings yet in /nowhere.' })}
      />,
    );
    cleanup = r.unmount;
    await press(r.stdin, keyOf('Replay a recording'));
    expect(await frameWhen(r.lastFrame, (f) => f.includes('No recordings'))).toContain(
      'No recordings yet in /nowhere.',
    );
  });
});
