import { describe, expect, it } from 'vitest';
import type { SeatKind } from '../../../../source/engine/seats.js';
import { yutModule, yutSetupSpec } from '../../../../source/games/yut/index.js';
import { newSetupForm, type SetupForm, setupRows } from '../../../../source/ui/setup-form.js';

const entry = yutModule.entries[0]!;
const setupKey = entry.key;
const newSetup = (
  players = 2,
  pieces = 4,
  names: readonly string[] = [],
  kinds: readonly SeatKind[] = [],
): SetupForm => newSetupForm(yutSetupSpec, undefined, { players, pieces }, kinds, names);
/** The seat whose name field is on row `focus`, if it is one. */
const nameRowSeat = (form: SetupForm, focus: number) => {
  const row = setupRows(yutSetupSpec, form)[focus];
  return row?.type === 'seat' && row.part === 'name' ? row.seat : undefined;
};

function keys(form: SetupForm, ...pressed: string[]) {
  let current = form;
  for (const key of pressed) {
    const outcome = setupKey(current, key);
    if (outcome.type !== 'form') return outcome;
    current = outcome.form as SetupForm;
  }
  return { type: 'form' as const, form: current };
}

describe('the Yut setup form', () => {
  it('changes players and pieces within their ranges', () => {
    const outcome = keys(
      newSetup(),
      'right',
      'right',
      'right',
      'down',
      'left',
      'left',
      'left',
      'left',
    );
    expect(outcome).toMatchObject({ form: { options: { players: 4, pieces: 1 } } });
    expect(keys(newSetup(), '3', 'down', '2')).toMatchObject({
      form: { options: { players: 3, pieces: 2 } },
    });
  });

  it('edits a name in its text field: cursor, paste, Home/End, Delete, printable, short', () => {
    const typed = keys(
      newSetup(),
      'down',
      'down', // seat 0's name: empty, its default shown as a placeholder
      'Kim',
      'space',
      'Le',
      'home',
      'delete',
      'J',
      'end',
      'e\x1b[31m',
    );
    expect(typed).toMatchObject({
      form: { names: ['Jim Lee[31m', '', '', ''] },
    });
    // A paste past the limit keeps what fits.
    const long = keys(newSetup(), 'down', 'down', 'Xy'.repeat(20));
    expect(long.type === 'form' && long.form.names[0]).toBe('XyXyXyXyXyXy');
    // ←/→ on a name row move its cursor; on a kind row they change who plays.
    const moved = keys(newSetup(2, 4, ['Ann', 'Bob']), 'down', 'down', 'left', 'left', 'X');
    expect(moved).toMatchObject({ form: { names: ['AXnn', 'Bob', '', ''], cursor: 2 } });
    expect([0, 1, 2, 3, 4, 5, 6].map((focus) => nameRowSeat(newSetup(), focus))).toEqual([
      undefined,
      undefined,
      0,
      undefined,
      1,
      undefined,
      undefined,
    ]);
    const started = keys(newSetup(), 'up', 'enter');
    expect(started).toEqual({
      type: 'start',
      start: {
        options: { players: 2, pieces: 4 },
        seats: [
          { name: 'Player 1', kind: 'human' },
          { name: 'Player 2', kind: 'human' },
        ],
      },
    });
  });

  it('a name left empty is its default; the same name twice is refused, and goes to it', () => {
    const spaces = keys(newSetup(), 'down', 'down', 'space', 'space', 'up', 'up', 'up', 'enter');
    expect(spaces).toMatchObject({
      type: 'start',
      start: { seats: [{ name: 'Player 1' }, { name: 'Player 2' }] },
    });
    const clash = keys(newSetup(2, 4, ['', 'Player 1']), 'up', 'enter');
    expect(clash).toMatchObject({ form: { focus: 4, problem: 'Two seats are called Player 1.' } });
    const same = keys(newSetup(2, 4, ['Ann', 'Ann']), 'up', 'enter');
    expect(same).toMatchObject({ form: { focus: 4, problem: 'Two seats are called Ann.' } });
  });

  it('Escape goes back', () => {
    expect(setupKey(newSetup(), 'escape')).toEqual({ type: 'back' });
  });
});

describe('computer seats in the setup form', () => {
  it('←/→ on a seat cycle human, expert, strong, greedy, random; Start seats them', () => {
    const kinds = (outcome: ReturnType<typeof keys>) =>
      outcome.type === 'form' ? outcome.form.kinds.slice(0, 2) : [];
    // Seat 2's kind row is the sixth: players, pieces, name 1, kind 1, name 2, kind 2.
    const down5 = ['down', 'down', 'down', 'down', 'down'];
    const right = (n: number) => Array<string>(n).fill('right');
    expect(kinds(keys(newSetup(), ...down5, 'right'))).toEqual(['human', 'expert']);
    expect(kinds(keys(newSetup(), ...down5, ...right(2)))).toEqual(['human', 'strong']);
    expect(kinds(keys(newSetup(), ...down5, ...right(4)))).toEqual(['human', 'random']);
    expect(kinds(keys(newSetup(), ...down5, 'left'))).toEqual(['human', 'random']);
    expect(kinds(keys(newSetup(), ...down5, ...right(5)))).toEqual(['human', 'human']);
    // ←/→ on a name row are the text field's.
    expect(kinds(keys(newSetup(), 'down', 'down', 'right'))).toEqual(['human', 'human']);
    const started = keys(newSetup(2, 4, undefined, ['human', 'greedy']), 'up', 'enter');
    expect(started).toMatchObject({
      type: 'start',
      start: {
        seats: [
          { name: 'Player 1', kind: 'human' },
          // A computer seat left unnamed is called the computer.
          { name: 'CPU 2', kind: 'computer', level: 'greedy' },
        ],
      },
    });
  });
});
