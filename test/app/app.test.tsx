import { render } from 'ink-testing-library';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../../source/app/App.js';
import { appOptions } from '../support/app.js';
import { frameWhen, plain, press } from '../support/ink.js';

let cleanup: (() => void) | undefined;
afterEach(() => cleanup?.());

describe('<App>', () => {
  it('opens on the main menu, goes to setup, starts a game and throws', async () => {
    const r = render(<App options={appOptions({ seed: 7 })} />);
    cleanup = r.unmount;
    const menu = plain(r.lastFrame());
    expect(menu).toContain('1. Yut Nori');
    expect(menu).toContain('2. Yut Nori · advanced');
    expect(menu).toContain('3. Royal Game of Ur');
    expect(menu).toContain('4. Replay a recording');
    expect(menu).toContain('5. Help');
    expect(menu).toContain('6. Quit');
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
    await press(r.stdin, '5');
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
    await press(r.stdin, '4');
    expect(await frameWhen(r.lastFrame, (f) => f.includes('No recordings'))).toContain(
      'No recordings yet in /nowhere.',
    );
  });
});
