import { describe, expect, it } from 'vitest';
import type { SeatKind } from '../../../source/engine/seats.js';
import { newUrForm, urSetupEntry, type UrOwn } from '../../../source/games/ur/ui/UrSetup.js';
import { pressKeys } from '../../support/setup.js';

type Problem = UrOwn['perfectProblem'];
const entry = (perfectProblem?: Problem) =>
  urSetupEntry(() => ({ board: undefined, perfectProblem }));
const newUrSetup = (kinds: SeatKind[] = [], stones = 7, perfectProblem?: Problem) =>
  newUrForm({ board: undefined, perfectProblem }, kinds, { stones });
const keys = (form: ReturnType<typeof newUrSetup>, ...pressed: string[]) =>
  pressKeys(entry(form.own.perfectProblem).key, form, pressed);

describe('the Ur setup form', () => {
  it('names start empty and take their defaults: Player N for a person, CPU N for the computer', () => {
    const form = newUrSetup(['human', 'strong']);
    expect(form.names).toEqual(['', '']);
    const started = keys(form, 'up', 'enter');
    expect(started).toMatchObject({ type: 'start', start: { options: { stones: 7 } } });
    expect(started.type === 'start' && started.start.seats).toEqual([
      { name: 'Player 1', kind: 'human' },
      { name: 'CPU 2', kind: 'computer', level: 'strong' },
    ]);
  });

  it('a typed name is kept; the same name twice is refused', () => {
    const typed = keys(newUrSetup(), 'E', 'r', 'i', 'c', 'up', 'enter');
    expect(typed).toMatchObject({
      type: 'start',
      start: { seats: [{ name: 'Eric' }, { name: 'Player 2' }] },
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

  it('the stones row plays 2 to 7 stones, seven by default, around in both directions', () => {
    // Rows: White, played by, Black, played by, Stones, Start: up twice reaches Stones.
    expect(keys(newUrSetup(), 'up', 'up', 'left', 'left', 'down', 'enter')).toMatchObject({
      type: 'start',
      start: { options: { stones: 5 } },
    });
    expect(keys(newUrSetup(), 'up', 'up', 'right', 'down', 'enter')).toMatchObject({
      type: 'start',
      start: { options: { stones: 2 } },
    });
    expect(keys(newUrSetup([], 3), 'up', 'enter')).toMatchObject({
      type: 'start',
      start: { options: { stones: 3 } },
    });
  });

  it('perfect is offered, and refused with why when no table is built for the stones', () => {
    const built = new Set([2]);
    const problem = (stones: number) =>
      built.has(stones) ? undefined : `perfect needs a solved table for ${stones} stones`;
    // Black played by: with no table for 7 stones → is the strongest level that can play, and
    // perfect comes last; with one for 2 stones perfect is first after a person.
    const strong = keys(newUrSetup([], 7, problem), 'down', 'down', 'down', 'right');
    expect(strong).toMatchObject({ type: 'form', form: { kinds: ['human', 'strong'] } });
    const last = keys(newUrSetup([], 7, problem), 'down', 'down', 'down', 'left');
    expect(last).toMatchObject({ type: 'form', form: { kinds: ['human', 'perfect'] } });
    const two = newUrSetup([], 2, problem);
    const perfect = keys(two, 'down', 'down', 'down', 'right');
    expect(perfect).toMatchObject({ type: 'form', form: { kinds: ['human', 'perfect'] } });
    const refused = keys(newUrSetup(['human', 'perfect'], 7, problem), 'up', 'enter');
    expect(refused).toMatchObject({
      type: 'form',
      form: { focus: 3, problem: 'perfect needs a solved table for 7 stones' },
    });
    const started = keys(newUrSetup(['human', 'perfect'], 2, problem), 'up', 'enter');
    expect(started).toMatchObject({
      type: 'start',
      start: { options: { stones: 2 }, seats: [{}, { level: 'perfect' }] },
    });
  });
});
