/** Kono's public face: the game value, and its save file read and written. */
import { konoGame, type KonoState, type SavedTournament } from './rules.js';
import { formatSave as formatSaved, type ParsedSave, parseSave, savedOf } from './save.js';

export const kono = {
  ...konoGame,
  /** A save file's text (the seed's text, LISP or Prolog form) read: the tournament, or the line and problem. */
  parseSave: (text: string): ParsedSave => parseSave(text),
  /** A tournament mid-round (or what a save holds) in the seed's text layout, exactly. */
  formatSave: (state: KonoState | SavedTournament): string =>
    formatSaved('next' in state ? state : savedOf(state)),
};
