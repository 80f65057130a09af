/**
 * The advanced game's first screens as a pure model: the logged-in IDs and the menu (game
 * start, login, end program), the login form, the saved-game question, and the animals. File
 * reading and writing happen outside (App), which hands results back in as events.
 */
import type { Key } from '../../../ui/keys.js';
import { ANIMALS, type Animal } from '../rules.js';
import type { SavedGame } from '../saves.js';
import { editField, type Field } from '../../../ui/text-field.js';

export type AdvancedStep =
  | { readonly name: 'menu'; readonly index: number }
  | {
      readonly name: 'login';
      readonly field: 'id' | 'password';
      readonly id: string;
      readonly password: string;
      /** The cursor in the focused field. */
      readonly cursor: number;
    }
  | { readonly name: 'resume'; readonly saved: SavedGame }
  | {
      readonly name: 'animals';
      readonly ids: readonly string[];
      readonly chosen: readonly Animal[];
      readonly current: Animal;
      /** A saved game of these players that a new game replaces (its line goes either way). */
      readonly discard?: SavedGame | undefined;
    };

export interface AdvancedModel {
  readonly loggedIn: readonly string[];
  readonly step: AdvancedStep;
  /** The last message (a login's answer, Game saved successfully!, …). */
  readonly message: string | null;
  /** What is wrong with the files, when it matters (a skipped line in user_info.txt). */
  readonly warnings?: readonly string[] | undefined;
}

/** What the screen asks of the app: each is answered by an event back into the model. */
export type AdvancedRequest =
  | { readonly type: 'advanced/loginTried'; readonly id: string; readonly password: string }
  | { readonly type: 'advanced/startTried' }
  | {
      readonly type: 'advanced/gameChosen';
      readonly ids: readonly string[];
      readonly animals: readonly Animal[];
      readonly resume?: SavedGame | undefined;
      readonly discard?: SavedGame | undefined;
    }
  | { readonly type: 'advanced/left' }
  | { readonly type: 'advanced/ended' };

export const ADVANCED_MENU = ['game start', 'login', 'end program'] as const;

/** The longest ID or password a field takes. */
export const LOGIN_LENGTH = 64;

/** The login form's focused field, for drawing. */
export function loginField(step: AdvancedStep & { name: 'login' }): Field {
  return { value: step[step.field], cursor: step.cursor };
}

export function newAdvanced(message: string | null = null): AdvancedModel {
  return { loggedIn: [], step: { name: 'menu', index: 0 }, message };
}

const menu = (model: AdvancedModel, message: string | null, index = 0): AdvancedModel => ({
  ...model,
  step: { name: 'menu', index },
  message,
});

export type AdvancedOutcome = { model: AdvancedModel; request?: AdvancedRequest };

/** What a key does. Pure: the app carries out any request and reports back. */
export function advancedKey(model: AdvancedModel, key: Key): AdvancedOutcome {
  const { step } = model;
  switch (step.name) {
    case 'menu': {
      const n = ADVANCED_MENU.length;
      if (key === 'up')
        return { model: { ...model, step: { ...step, index: (step.index + n - 1) % n } } };
      if (key === 'down' || key === 'tab')
        return { model: { ...model, step: { ...step, index: (step.index + 1) % n } } };
      const chosen =
        key === 'enter' || key === 'space'
          ? step.index
          : /^[1-3]$/.test(key)
            ? Number(key) - 1
            : -1;
      // "end program" ends it; Esc (or q) goes back to madang's menu.
      if (chosen === 2) return { model, request: { type: 'advanced/ended' } };
      if (key === 'escape' || key === 'q') return { model, request: { type: 'advanced/left' } };
      if (chosen === 1)
        return {
          model: {
            ...model,
            step: { name: 'login', field: 'id', id: '', password: '', cursor: 0 },
            message: null,
          },
        };
      if (chosen === 0) return { model, request: { type: 'advanced/startTried' } };
      return { model };
    }
    case 'login': {
      if (key === 'escape') return { model: menu(model, null, 1) };
      const field = step.field;
      const other = field === 'id' ? 'password' : 'id';
      // Moving to the other field puts the cursor at the end of its text.
      const switched = {
        model: { ...model, step: { ...step, field: other, cursor: [...step[other]].length } },
      } as const;
      if (key === 'enter') {
        if (field === 'id') return switched;
        return {
          model,
          request: { type: 'advanced/loginTried', id: step.id, password: step.password },
        };
      }
      if (key === 'tab' || key === 'up' || key === 'down') return switched;
      // IDs and passwords are kept exactly as typed (no trimming): the file decides.
      const edited = editField(loginField(step), key, LOGIN_LENGTH);
      if (!edited) return { model };
      return {
        model: { ...model, step: { ...step, [field]: edited.value, cursor: edited.cursor } },
      };
    }
    case 'resume': {
      const answer =
        key === '1' || key === 'r' ? 'resume' : key === '0' || key === 'n' ? 'new' : undefined;
      if (key === 'escape') return { model: menu(model, null) };
      if (answer === 'resume') {
        const { saved } = step;
        return {
          model,
          request: {
            type: 'advanced/gameChosen',
            ids: saved.ids,
            animals: saved.animals,
            resume: saved,
          },
        };
      }
      if (answer === 'new') return { model: chooseAnimals(model, model.loggedIn, step.saved) };
      return { model };
    }
    case 'animals': {
      if (key === 'escape') return { model: menu(model, null) };
      const index = ANIMALS.indexOf(step.current);
      if (key === 'left' || key === 'right') {
        const next = ANIMALS[(index + (key === 'left' ? 3 : 1)) % 4] as Animal;
        return { model: { ...model, step: { ...step, current: next } } };
      }
      const coded = /^[0-3]$/.test(key) ? (ANIMALS[Number(key)] as Animal) : undefined;
      if (coded) return { model: { ...model, step: { ...step, current: coded } } };
      if (key !== 'enter') return { model };
      const chosen = [...step.chosen, step.current];
      if (chosen.length < step.ids.length)
        return { model: { ...model, step: { ...step, chosen, current: 'pig' } } };
      return {
        model,
        request: {
          type: 'advanced/gameChosen',
          ids: step.ids,
          animals: chosen,
          discard: step.discard,
        },
      };
    }
  }
}

function chooseAnimals(
  model: AdvancedModel,
  ids: readonly string[],
  discard?: SavedGame,
): AdvancedModel {
  return {
    ...model,
    step: { name: 'animals', ids, chosen: [], current: 'pig', discard },
    message: null,
  };
}

/** The app's answer to a login: succeeded or not (an ID already in, or a fifth, is refused). */
export function loginAnswered(
  model: AdvancedModel,
  id: string,
  ok: boolean,
  problem?: string,
): AdvancedModel {
  // The seed's "Login Failed!" stays in the classic console; here it is said in words. As
  // there, an unknown ID and a wrong password get the same answer.
  if (!ok)
    return menu(
      model,
      problem === undefined || problem === 'Login Failed!'
        ? 'That ID and password do not match an account.'
        : problem,
      1,
    );
  if (model.loggedIn.includes(id)) return menu(model, `${id} is already logged in.`, 1);
  if (model.loggedIn.length >= 4)
    return menu(model, 'Four players are logged in already: that is the most.', 0);
  const players = model.loggedIn.length + 1;
  return {
    ...menu(model, `${id} is logged in (${players} player${players === 1 ? '' : 's'}).`, 1),
    loggedIn: [...model.loggedIn, id],
  };
}

/** The app's answer to "game start": too few players, a saved game to ask about, or animals. */
export function startAnswered(model: AdvancedModel, saved: SavedGame | undefined): AdvancedModel {
  if (model.loggedIn.length < 2)
    return menu(model, 'More than 1 player is needed to start the game');
  if (saved) return { ...model, step: { name: 'resume', saved }, message: null };
  return chooseAnimals(model, model.loggedIn);
}
