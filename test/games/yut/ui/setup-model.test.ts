import { describe, expect, it } from 'vitest';
import { newSetup, type SetupForm, setupKey } from '../../../../source/games/yut/ui/setup-model.js';

function keys(form: SetupForm, ...pressed: string[]) {
  let current = form;
  for (const key of pressed) {
    const outcome = setupKey(current, key);
    if (outcome.type !== 'form') return outcome;
    current = outcome.form;
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
    expect(outcome).toMatchObject({ form: { players: 4, pieces: 1 } });
    expect(keys(newSetup(), '3', 'down', '2')).toMatchObject({ form: { players: 3, pieces: 2 } });
  });

  it('edits names, keeps them printable and short, and starts with the chosen seats', () => {
    const typed = keys(
      newSetup(),
      'down',
      'down',
      ...Array(8).fill('backspace'),
      'Al',
      'ice\x1b[31m',
      'down',
      'backspace',
    );
    expect(typed).toMatchObject({
      form: { names: ['Alice[31m', 'Player ', 'Player 2', 'Player 3'] },
    });
    const long = keys(newSetup(), 'down', 'down', 'x'.repeat(40));
    expect(long.type === 'form' && long.form.names[0]).toBe(`Player 0${'x'.repeat(4)}`);
    const started = keys(newSetup(), 'down', 'down', 'down', 'down', 'enter');
    expect(started).toEqual({
      type: 'start',
      players: 2,
      pieces: 4,
      seats: [
        { name: 'Player 0', kind: 'human' },
        { name: 'Player 1', kind: 'human' },
      ],
    });
  });

  it('refuses an empty name or the same name twice, and goes to it', () => {
    const empty = keys(
      newSetup(),
      'down',
      'down',
      ...Array(8).fill('backspace'),
      'up',
      'up',
      'up',
      'enter',
    );
    expect(empty).toMatchObject({ form: { focus: 2, problem: 'Seat 0 needs a name.' } });
    const same = keys(newSetup(2, 4, ['Ann', 'Ann']), 'up', 'enter');
    expect(same).toMatchObject({ form: { focus: 3, problem: 'Two seats are called Ann.' } });
  });

  it('Escape goes back', () => {
    expect(setupKey(newSetup(), 'escape')).toEqual({ type: 'back' });
  });
});

describe('computer seats in the setup form', () => {
  it('←/→ on a seat cycle human, strong, greedy, random; Start seats them', () => {
    const kinds = (outcome: ReturnType<typeof keys>) =>
      outcome.type === 'form' ? outcome.form.kinds.slice(0, 2) : [];
    expect(kinds(keys(newSetup(), 'down', 'down', 'down', 'right'))).toEqual(['human', 'strong']);
    expect(kinds(keys(newSetup(), 'down', 'down', 'down', 'right', 'right', 'right'))).toEqual([
      'human',
      'random',
    ]);
    expect(kinds(keys(newSetup(), 'down', 'down', 'down', 'left'))).toEqual(['human', 'random']);
    expect(
      kinds(keys(newSetup(), 'down', 'down', 'down', 'right', 'right', 'right', 'right')),
    ).toEqual(['human', 'human']);
    const started = keys(newSetup(2, 4, undefined, ['human', 'greedy']), 'up', 'enter');
    expect(started).toMatchObject({
      type: 'start',
      seats: [
        { name: 'Player 0', kind: 'human' },
        { name: 'Player 1', kind: 'computer', level: 'greedy' },
      ],
    });
  });
});
