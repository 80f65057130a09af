import { describe, expect, it } from 'vitest';
import {
  type AdvancedModel,
  advancedKey,
  loginAnswered,
  newAdvanced,
  startAnswered,
} from '../../../../source/games/yut/ui/advanced-model.js';

function keys(model: AdvancedModel, ...pressed: string[]) {
  let current = model;
  let request: unknown;
  for (const key of pressed) {
    const outcome = advancedKey(current, key);
    current = outcome.model;
    request = outcome.request ?? request;
  }
  return { model: current, request };
}

const saved = {
  ids: ['Noah', 'Liam'],
  animals: ['dog', 'pig'] as const,
  positions: [
    [0, 100, 100, 100],
    [1, 5, 5, 5],
  ],
  turn: 1,
  line: 2,
};

describe('the advanced first screens', () => {
  it('login: the ID, then the password, exactly as typed', () => {
    // Typed keys, a paste (several characters at once) and editing at the cursor.
    const { request } = keys(
      newAdvanced(),
      '2',
      'N',
      'h',
      'left',
      'o',
      'a',
      'enter',
      '22d3',
      '4h',
      'space',
      'home',
      'delete',
      '2',
      'enter',
    );
    expect(request).toEqual({ type: 'advanced/loginTried', id: 'Noah', password: '22d34h ' });
  });

  it('the app’s answers: success joins the list, failure says only that they do not match', () => {
    let model = loginAnswered(newAdvanced(), 'Noah', true);
    expect(model).toMatchObject({ loggedIn: ['Noah'], message: 'Noah is logged in (1 player).' });
    // The seed's words stay in the classic console; an unknown ID and a wrong password alike.
    model = loginAnswered(model, 'Jack', false, 'Login Failed!');
    expect(model).toMatchObject({
      loggedIn: ['Noah'],
      message: 'That ID and password do not match an account.',
    });
    expect(loginAnswered(model, 'Ava', true).message).toBe('Ava is logged in (2 players).');
    model = loginAnswered(model, 'Noah', true);
    expect(model.message).toBe('Noah is already logged in.');
    for (const id of ['Liam', 'Ava', 'Ethan']) model = loginAnswered(model, id, true);
    expect(loginAnswered(model, 'Sophia', true).message).toBe(
      'Four players are logged in already: that is the most.',
    );
  });

  it('start: fewer than 2 refused with the seed’s words; a saved game asks new or resume', () => {
    expect(startAnswered(loginAnswered(newAdvanced(), 'Noah', true), undefined).message).toBe(
      'More than 1 player is needed to start the game',
    );
    const two = loginAnswered(loginAnswered(newAdvanced(), 'Liam', true), 'Noah', true);
    const asking = startAnswered(two, saved);
    expect(asking.step).toEqual({ name: 'resume', saved });
    // Resume: the saved seat order, not the login order.
    expect(keys(asking, '1').request).toEqual({
      type: 'advanced/gameChosen',
      ids: ['Noah', 'Liam'],
      animals: ['dog', 'pig'],
      resume: saved,
    });
    // New: each player picks an animal in login order; the saved line goes too.
    expect(keys(asking, '0', 'right', 'enter', '3', 'enter').request).toEqual({
      type: 'advanced/gameChosen',
      ids: ['Liam', 'Noah'],
      animals: ['dog', 'cow'],
      discard: saved,
    });
  });

  it('without a saved game, straight to the animals', () => {
    const two = loginAnswered(loginAnswered(newAdvanced(), 'Ava', true), 'Ethan', true);
    expect(startAnswered(two, undefined).step).toMatchObject({
      name: 'animals',
      ids: ['Ava', 'Ethan'],
    });
  });
});
