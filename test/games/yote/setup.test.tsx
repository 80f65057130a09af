/** The Yoté setup: empty name fields showing the name each will take, as in Yut's and Ur's. */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { Key } from '../../../source/ui/keys.js';
import { plain } from '../../support/ink.js';
import { pressKeys } from '../../support/setup.js';
import { YoteSetup } from '../../../source/games/yote/ui/YoteSetup.js';
import {
  newYoteSetup,
  type YoteSetupForm,
  yoteSetupKey,
} from '../../../source/games/yote/ui/setup-model.js';

const press = (form: YoteSetupForm, ...keys: Key[]) => pressKeys(yoteSetupKey, form, keys);

describe('the Yoté setup', () => {
  it('name fields start empty; an empty one takes its default, a person’s or the computer’s', () => {
    const form = newYoteSetup(['human', 'strong'], 50);
    expect(form.names).toEqual(['', '']);
    const { lastFrame, unmount } = render(<YoteSetup form={form} />);
    const frame = plain(lastFrame());
    unmount();
    expect(frame).toMatch(/Player 1 +. Player 1/);
    expect(frame).toMatch(/Player 2 +. CPU 2/);
    // Start (the last row, up from the first) seats the defaults.
    const started = press(form, 'up', 'enter');
    expect(started).toMatchObject({
      type: 'start',
      seats: [
        { name: 'Player 1', kind: 'human' },
        { name: 'CPU 2', kind: 'computer', level: 'strong' },
      ],
    });
  });

  it('an empty name’s default follows who plays; a typed name is kept', () => {
    const form = newYoteSetup(['human', 'human'], 50);
    // Row 1: player 1 played by; → makes it the computer (strong).
    const computer = press(form, 'down', 'right', 'up', 'up', 'enter');
    expect(computer).toMatchObject({
      type: 'start',
      seats: [{ name: 'CPU 1', kind: 'computer' }, { name: 'Player 2' }],
    });
    const typed = press(form, 'A', 'n', 'n', 'down', 'right', 'up', 'up', 'enter');
    expect(typed).toMatchObject({
      type: 'start',
      seats: [{ name: 'Ann', kind: 'computer' }, { name: 'Player 2' }],
    });
    // The same name twice is refused.
    const same = press(form, 'P', 'l', 'a', 'y', 'e', 'r', 'space', '2', 'up', 'enter');
    expect(same).toMatchObject({ form: { problem: 'The players need different names.' } });
  });

  it('two computers start with names of their own (--bots all)', () => {
    // Both were "Computer (strong)", and Start answered "The players need different names."
    const form = newYoteSetup(['strong', 'strong'], 50);
    expect(press(form, 'up', 'enter')).toMatchObject({
      type: 'start',
      seats: [
        { name: 'CPU 1', kind: 'computer', level: 'strong' },
        { name: 'CPU 2', kind: 'computer', level: 'strong' },
      ],
    });
  });
});
