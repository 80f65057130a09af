/**
 * Kono's save slot on disk: the one file of the full screen in the data directory, written
 * atomically under its lock and read back, in the seed's text layout (save.ts).
 */
import { readText, writeWhole } from '../../storage/files.js';
import type { KonoState, SavedTournament } from './rules.js';
import { formatSave, parseSave, savedOf } from './save.js';

/** The one save slot of the full screen, in the data directory (the classic console asks). */
export const SAVE_FILE = 'kono-save.txt';

/** Write a save (atomically, under the file's lock); the problem in words, or undefined. */
export function writeSave(file: string, state: KonoState): string | undefined {
  if (state.phase !== 'play' && state.phase !== 'dice')
    return 'A game is saved before a player’s turn: finish this step first.';
  try {
    writeWhole(file, formatSave(savedOf(state)));
    return undefined;
  } catch (error) {
    // Each of writeWhole's messages names the file already.
    return (error as Error).message;
  }
}

export function readSave(
  file: string,
): { ok: true; saved: SavedTournament } | { ok: false; problem: string } {
  const text = readText(file);
  if (!text.ok) return { ok: false, problem: text.problem };
  const parsed = parseSave(text.text);
  return parsed.ok
    ? { ok: true, saved: parsed.saved }
    : { ok: false, problem: `${file}:${parsed.line}: ${parsed.problem}` };
}
