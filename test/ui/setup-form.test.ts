/** A setup derived from a game's declared options and seats (ui/setup-form.ts). */
import { describe, expect, it } from 'vitest';
import type { IntegerOption } from '../../source/engine/options.js';
import {
  newSetupForm,
  type SetupForm,
  setupFormKey,
  setupRows,
  setupSpecOf,
} from '../../source/ui/setup-form.js';

const rounds: IntegerOption = {
  kind: 'integer',
  min: 1,
  max: 5,
  default: 3,
  label: 'Rounds',
  words: (n) => `${n} rounds`,
  refusal: 'Rounds are',
};
const game = {
  seats: { max: 3 },
  options: { rounds, hidden: { ...rounds, label: undefined } },
  seatCount: (options: { rounds: number }) => (options.rounds > 3 ? 3 : 2),
};
const spec = setupSpecOf(game, {
  refuse: (_form, names, rowOf) =>
    names[0] === names[1]
      ? { problem: 'twice', focus: rowOf({ seat: 1, part: 'name' }) }
      : undefined,
});
const press = (form: SetupForm, ...keys: string[]) => {
  let outcome = setupFormKey(spec, form, keys[0]!);
  for (const key of keys.slice(1))
    if (outcome.type === 'form') outcome = setupFormKey(spec, outcome.form, key);
  return outcome;
};

describe('a setup derived from the declaration', () => {
  it('rows: the seats, then each labelled option, then Start; the options decide the seats', () => {
    const form = newSetupForm(spec, undefined, { rounds: 4, hidden: 2 }, ['strong']);
    expect(form.options).toEqual({ rounds: 4 });
    expect(form.kinds).toEqual(['strong', 'human', 'human']);
    expect(setupRows(spec, form).map((row) => (row.type === 'seat' ? row.part : row.type))).toEqual(
      ['name', 'kind', 'name', 'kind', 'name', 'kind', 'option', 'start'],
    );
    expect(setupRows(spec, { ...form, options: { rounds: 2 } })).toHaveLength(6);
    // The computer's levels are the base ones where the game names none.
    expect(spec.kinds).toEqual(['human', 'strong', 'greedy', 'random']);
  });

  it('←→ step an option, ↑↓ go round; Enter goes on and, on Start, starts; Esc goes back', () => {
    const form = newSetupForm(spec, undefined);
    // Held at the ends of its range.
    expect(press(form, 'up', 'up', 'left', 'left', 'left')).toMatchObject({
      form: { options: { rounds: 1 }, focus: 4 },
    });
    expect(press(form, 'up', 'up', '4')).toMatchObject({ form: { options: { rounds: 3 } } });
    expect(press(form, 'tab', 'tab', 'tab', 'enter', 'enter', 'enter')).toMatchObject({
      type: 'start',
      seats: [{ name: 'Player 1' }, { name: 'Player 2' }],
    });
    expect(press(form, 'escape')).toEqual({ type: 'back' });
  });

  it("the game's refusal stops Start and says why, where it says", () => {
    const form = newSetupForm(spec, undefined, {}, [], ['Jo', 'Jo']);
    expect(press(form, 'up', 'enter')).toMatchObject({ form: { problem: 'twice', focus: 2 } });
    // The next key clears the problem, a name typed too.
    expect(press(form, 'up', 'enter', 'x')).toMatchObject({
      form: { problem: null, names: ['Jo', 'xJo', ''] },
    });
    expect(press(form, 'up', 'enter', 'down')).toMatchObject({ form: { problem: null, focus: 3 } });
  });

  it('digits set an option only where the game says so (Yut’s counts)', () => {
    const typed = setupSpecOf(game, { ...spec, digits: true, optionsFirst: true });
    const form = newSetupForm(typed, undefined);
    const outcome = setupFormKey(typed, form, '5');
    expect(outcome).toMatchObject({ form: { options: { rounds: 5 } } });
    expect(setupFormKey(typed, form, '7')).toMatchObject({ form: { options: { rounds: 3 } } });
  });
});
