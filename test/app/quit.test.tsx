/** One rule for leaving across screens: Esc goes back, q asks, only y confirms, Ctrl+C leaves. */
import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../source/app/App.js';
import { menuItems } from '../../source/app/app-model.js';
import { GAMES } from '../../source/games/index.js';
import { appOptions } from '../support/app.js';
import { frameWhen, press } from '../support/ink.js';
import { raceModule } from '../support/race/index.js';

const games = [...GAMES, raceModule];
const RACE = menuItems(games).findIndex((i) => i.label === 'Race') + 1;
let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('leaving a game', () => {
  it('opened on the menu: q asks, Enter and other keys keep playing, y goes back to the menu', async () => {
    const r = render(<App options={appOptions({ games })} />);
    cleanup = r.unmount;
    await press(r.stdin, String(RACE), '\r');
    await frameWhen(r.lastFrame, (f) => f.includes('to throw'));
    await press(r.stdin, 'q');
    expect(await frameWhen(r.lastFrame, (f) => f.includes('Quit this game?'))).toContain('y: quit');
    await press(r.stdin, '\r');
    expect(await frameWhen(r.lastFrame, (f) => !f.includes('Quit this game?'))).toContain('▶ Ann');
    await press(r.stdin, '\x1b');
    await frameWhen(r.lastFrame, (f) => f.includes('Quit this game?'));
    await press(r.stdin, 'y');
    const menu = await frameWhen(r.lastFrame, (f) => f.includes('Recordings'));
    expect(menu).toContain(`▸ ${RACE}. Race`);
  });

  it('Esc in a setup goes back to the menu, on that game’s row', async () => {
    const r = render(<App options={appOptions({ games })} />);
    cleanup = r.unmount;
    await press(r.stdin, '3');
    await frameWhen(r.lastFrame, (f) => f.includes('Royal Game of Ur · new game'));
    await press(r.stdin, '\x1b');
    expect(await frameWhen(r.lastFrame, (f) => f.includes('Recordings'))).toMatch(
      /▸ 3\. Royal Game of Ur/,
    );
  });
});
