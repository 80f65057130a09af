/**
 * The advanced screens' requests answered with the files: a login against user_info.txt, a
 * start that looks for a saved game in game_info.txt, and a chosen game (removing the saved
 * line, and saving to the file later). The app only shows what comes back.
 */
import type { YutFiles } from '../files.js';
import { login } from '../accounts.js';
import type { Animal, YutOptions, YutState } from '../rules.js';
import { findSave } from '../saves.js';
import {
  type AdvancedModel,
  type AdvancedRequest,
  loginAnswered,
  startAnswered,
} from './advanced-model.js';
import type { Seat } from '../../../engine/seats.js';

export type AdvancedAnswer =
  | { readonly kind: 'model'; readonly model: AdvancedModel }
  | { readonly kind: 'left' }
  | { readonly kind: 'ended' }
  | {
      readonly kind: 'game';
      readonly options: YutOptions;
      readonly seats: readonly Seat[];
      readonly onSave: (state: YutState) => string | undefined;
      readonly log: readonly string[] | undefined;
      /** The saved game whose line this choice removed (resumed or replaced), by its IDs. */
      readonly usedSave: readonly string[] | undefined;
    };

export function answerAdvanced(
  next: AdvancedModel,
  request: AdvancedRequest,
  files: YutFiles | undefined,
  warn: (message: string) => void,
): AdvancedAnswer {
  const model = (m: AdvancedModel): AdvancedAnswer => ({ kind: 'model', model: m });
  switch (request.type) {
    case 'advanced/left':
      return { kind: 'left' };
    case 'advanced/ended':
      return { kind: 'ended' };
    case 'advanced/loginTried': {
      const accounts = files?.accounts();
      if (!accounts?.ok) {
        return model(
          loginAnswered(next, request.id, false, accounts?.problem ?? 'No data directory.'),
        );
      }
      for (const warning of accounts.accounts.warnings) warn(warning);
      return model(
        loginAnswered(next, request.id, login(accounts.accounts, request.id, request.password).ok),
      );
    }
    case 'advanced/startTried': {
      const saves = files?.saves();
      for (const warning of saves?.warnings ?? []) warn(warning);
      return model(startAnswered(next, saves ? findSave(saves, next.loggedIn) : undefined));
    }
    case 'advanced/gameChosen': {
      const old = request.resume ?? request.discard;
      try {
        // Either answer removes the saved line; saving again appends a new one.
        if (old) files?.removeSave(old.ids);
      } catch (error) {
        return model({ ...next, message: (error as Error).message });
      }
      const { ids, animals } = request;
      const start = request.resume
        ? { positions: request.resume.positions, turn: request.resume.turn }
        : undefined;
      return {
        kind: 'game',
        options: { players: ids.length, pieces: 4, animals, start },
        seats: ids.map((name) => ({ name, kind: 'human' as const })),
        onSave: saverFor(files, ids, animals),
        log: request.resume ? [`Resumed the saved game of ${ids.join(', ')}.`] : undefined,
        usedSave: old?.ids,
      };
    }
  }
}

/** Saving a game of these players to game_info.txt: the problem in words when it failed. */
export function saverFor(
  files: YutFiles | undefined,
  ids: readonly string[],
  animals: readonly Animal[],
): (state: YutState) => string | undefined {
  return (state) => {
    try {
      files?.appendSave({ ids, animals, positions: state.positions, turn: state.turn });
      return files ? undefined : 'No data directory.';
    } catch (error) {
      return `The game could not be saved: ${(error as Error).message}`;
    }
  };
}
