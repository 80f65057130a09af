import { describe, expect, it } from 'vitest';
import {
  newUrSetup,
  urSetupKey,
  type UrSetupForm,
} from '../../../source/games/ur/ui/setup-model.js';
import { pressKeys } from '../../support/setup.js';

const keys = (form: UrSetupForm, ...pressed: string[]) => pressKeys(urSetupKey, form, pressed);

describe('the Ur setup form', () => {
  it('names start empty and take their defaults: Player N for a person, CPU N for the computer', () => {
    const form = newUrSetup(['human', 'strong']);
    expect(form.names).toEqual(['', '']);
    expect(keys(form, 'up', 'enter')).toEqual({
      type: 'start',
      seats: [
        { name: 'Player 1', kind: 'human' },
        { name: 'CPU 2', kind: 'computer', level: 'strong' },
      ],
    });
  });

  it('a typed name is kept; the same name twice is refused', () => {
    const typed = keys(newUrSetup(), 'E', 'r', 'i', 'c', 'up', 'enter');
    expect(typed).toMatchObject({
      type: 'start',
      seats: [{ name: 'Eric' }, { name: 'Player 2' }],
    });
    const twice = keys(
      newUrSetup(),
      ...'Player 2'.split('').map((c) => (c === ' ' ? 'space' : c)),
      'up',
      'enter',
    );
    expect(twice).toMatchObject({
      type: 'form',
      form: { problem: 'Both sides are called Player 2.' },
    });
  });
});
