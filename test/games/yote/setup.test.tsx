/** The Yoté setup: empty name fields showing the name each will take, as in Yut's and Ur's. */
import { render } from 'ink-testing-library';
import { describe, expect, it } from 'vitest';
import type { Key } from '../../../source/ui/keys.js';
import { plain } from '../../support/ink.js';
import { pressKeys } from '../../support/setup.js';
import type { SeatKind } from '../../../source/engine/seats.js';
import { yoteModule } from '../../../source/games/yote/index.js';
import type { SetupForm } from '../../../source/ui/setup-form.js';
import type { SetupOutcome } from '../../../source/games/module.js';

const entry = yoteModule.entries[0]!;
const { View } = entry;
const newYoteSetup = (kinds: SeatKind[], quietTurns: number) =>
  entry.newForm({ settings: { quietTurns }, kinds, dataDir: '/none', warn: () => {} }) as SetupForm;
const press = (form: SetupForm, ...keys: Key[]) =>
  pressKeys<unknown, SetupOutcome>(entry.key, form, keys);

describe('the Yoté setup', () => {
  it('name fields start empty; an empty one takes its default, a person’s or the computer’s', () => {
    const form = newYoteSetup(['human', 'strong'], 50);
    expect(form.names).toEqual(['', '']);
    const { lastFrame, unmount } = render(<View form={form} width={80} height={24} />);
    const frame = plain(lastFrame());
    unmount();
    expect(frame).toMatch(/Player 1 +. Player 1/);
    expect(frame).toMatch(/Player 2 +. CPU 2/);
    // Start (the last row, up from the first) seats the defaults.
    const started = press(form, 'up', 'enter');
    expect(started).toMatchObject({
      type: 'start',
      start: {
        options: { quietTurns: 50 },
        seats: [
          { name: 'Player 1', kind: 'human' },
          { name: 'CPU 2', kind: 'computer', level: 'strong' },
        ],
      },
    });
  });

  it('an empty name’s default follows who plays; a typed name is kept', () => {
    const form = newYoteSetup(['human', 'human'], 50);
    // Row 1: player 1 played by; → makes it the computer (strong).
    const computer = press(form, 'down', 'right', 'up', 'up', 'enter');
    expect(computer).toMatchObject({
      type: 'start',
      start: { seats: [{ name: 'CPU 1', kind: 'computer' }, { name: 'Player 2' }] },
    });
    const typed = press(form, 'A', 'n', 'n', 'down', 'right', 'up', 'up', 'enter');
    expect(typed).toMatchObject({
      type: 'start',
      start: { seats: [{ name: 'Ann', kind: 'computer' }, { name: 'Player 2' }] },
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
      start: {
        seats: [
          { name: 'CPU 1', kind: 'computer', level: 'strong' },
          { name: 'CPU 2', kind: 'computer', level: 'strong' },
        ],
      },
    });
  });

  it('player 1 choosing Black sits in the second seat (White plays first)', () => {
    const form = newYoteSetup(['human', 'strong'], 50);
    // Rows: the players' two each, then the colour: up twice from the first reaches it.
    const black = press(form, 'up', 'up', 'up', 'right', 'down', 'down', 'enter');
    expect(black).toMatchObject({
      type: 'start',
      start: {
        options: { quietTurns: 50 },
        seats: [
          { name: 'CPU 2', level: 'strong' },
          { name: 'Player 1', kind: 'human' },
        ],
      },
    });
    const { lastFrame, unmount } = render(
      <View
        form={{ ...form, options: { ...form.options, firstColour: 1 } }}
        width={80}
        height={24}
      />,
    );
    const frame = plain(lastFrame());
    unmount();
    expect(frame).toMatch(/Player 1 is +Black/);
  });
});
